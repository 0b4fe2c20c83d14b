package shengji

import (
	"errors"
	"fmt"

	"felt/card"
)

// ErrBadTrick is returned for plays that cannot make a trick: none, or
// plays of a different number of cards than the lead.
var ErrBadTrick = errors.New("shengji: not a trick")

// Winner returns the index in plays of the play that wins the trick;
// plays[0] is the lead, and there may be any number of plays (one a
// player). A play competes if it has the lead's structure (its cards hold,
// disjointly, a tractor of the same width and length for each of the lead's
// tractors and a tuple of the same width for each of its tuples, where a
// tuple or a tractor may come out of a wider count or a longer run, and any
// card of its group for each single) and is all of the led suit-group, or
// all trumps against a plain lead. Plays are compared by the lead's largest
// unit (the first Split takes: its most cards; with two packs its longest
// tractor, else its highest pair, else its highest card), by the highest
// top step at which the play holds a unit of that format (for a single, its
// highest card): trumps beat a plain suit, and a later play wins only with
// a strictly higher unit, so of equal plays the first played wins. The
// plays are taken to be legal follows.
func (o *Order) Winner(plays []card.Multi) (int, error) {
	if len(plays) == 0 {
		return 0, fmt.Errorf("%w: no plays", ErrBadTrick)
	}
	g, ok := o.GroupOf(plays[0])
	if !ok {
		return 0, ErrBadLead
	}
	n := plays[0].Len()
	for i, p := range plays[1:] {
		if p.Len() != n {
			return 0, fmt.Errorf("%w: the lead is %s but the %s play is %s", ErrBadTrick, cards(n), ordinal(i+2), cards(p.Len()))
		}
	}
	sh := o.shapeOf(plays[0], g)
	best, bestG := 0, g
	bestV, _ := o.value(plays[0], g, &sh)
	for i := 1; i < len(plays); i++ {
		pg, ok := o.GroupOf(plays[i])
		if !ok || pg != g && pg != Trumps {
			continue // a discard
		}
		v, ok := o.value(plays[i], pg, &sh)
		if !ok {
			continue // lacks the lead's structure: a discard too
		}
		if pg == bestG && v > bestV || pg == Trumps && bestG != Trumps {
			best, bestG, bestV = i, pg, v
		}
	}
	return best, nil
}

// value returns the step of play's unit of the format of the lead's
// largest (of group g, which play is all of), and whether play has the
// lead's structure at all: disjointly, a tractor of the same width and
// length for each of the lead's tractors and a tuple of the same width for
// each of its tuples (any card serving for a single).
func (o *Order) value(play card.Multi, g Group, sh *shape) (int, bool) {
	if !sh.wide && play.Three == 0 {
		cnt, _ := o.pairCounts(play, g)
		if (play.Two&card.AllFaces).Len() < sh.pairs || !embed(&cnt, sh.lens[:sh.ntr]) {
			return 0, false
		}
	} else if sh.pairs > 0 {
		pf := o.facesOf(play, g)
		if !pf.fit(sh.tractors[:sh.ntr], &sh.alone) {
			return 0, false
		}
	}
	if w := int(sh.big.w); w >= 2 {
		return topOfRun(o.widthMask(play, g, w), int(sh.big.l)), true
	}
	return o.highest(play, g), true
}

// highest returns the highest step of m's cards of group g, -1 if none.
func (o *Order) highest(m card.Multi, g Group) int {
	for s := int(o.nsteps[g]) - 1; s >= 0; s-- {
		if m.One&o.steps[g][s] != 0 {
			return s
		}
	}
	return -1
}

// Points returns the points of the cards of m: 5 for each five, 10 for
// each ten and king.
func Points(m card.Multi) int {
	return 5*count(m, fives) + 10*count(m, tensKings)
}

// CardPoints returns c's points: 5 for a five, 10 for a ten or a king,
// else 0.
func CardPoints(c card.Card) int {
	switch b := card.Set(0).Add(c); {
	case b&fives != 0:
		return 5
	case b&tensKings != 0:
		return 10
	}
	return 0
}

var (
	fives     = suits(card.Five)
	tensKings = suits(card.Ten) | suits(card.King)
)

// suits returns the four cards of rank r.
func suits(r card.Rank) card.Set {
	var s card.Set
	for su := range card.Suit(card.NumSuits) {
		s = s.Add(card.New(r, su))
	}
	return s
}

// count returns how many cards of m, copies counted, are in s.
func count(m card.Multi, s card.Set) int {
	n := (m.One & s).Len() + (m.Two & s).Len()
	if m.Three != 0 {
		n += (m.Three & s).Len() + (m.Four & s).Len() + (m.Five & s).Len()
	}
	return n
}

// KittyMultiplier returns what the kitty's points are multiplied by when
// the attackers win the last trick with play: 2 × the card count of play's
// largest unit (split as by Split, group by group): 2 for a single, 4 for a
// pair, 6 for a triple, 8 for a tractor of two pairs, 12 for a tractor of
// two triples, and so on. It is 0 for an empty play.
func (o *Order) KittyMultiplier(play card.Multi) int {
	largest := 0
	for g := range Group(NumGroups) {
		part := play.Within(o.groups[g])
		if part.IsEmpty() {
			continue
		}
		sh := o.shapeOf(part, g)
		largest = max(largest, sh.big.size())
	}
	return 2 * largest
}

// ordinal writes n as "1st", "2nd", "3rd", "4th" … (for the small counts
// of plays in a trick).
func ordinal(n int) string {
	switch {
	case n%100 >= 11 && n%100 <= 13:
		return fmt.Sprintf("%dth", n)
	case n%10 == 1:
		return fmt.Sprintf("%dst", n)
	case n%10 == 2:
		return fmt.Sprintf("%dnd", n)
	case n%10 == 3:
		return fmt.Sprintf("%drd", n)
	}
	return fmt.Sprintf("%dth", n)
}
