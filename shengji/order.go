package shengji

import (
	"fmt"
	"math/bits"

	"felt/card"
)

// Group is a suit-group: one of the four plain suits or the trumps. Its
// values for the plain suits are those of card.Suit.
type Group uint8

// The suit-groups. In a hand with a trump suit, that suit's plain group is
// empty (its cards are trumps).
const (
	Spades Group = iota
	Hearts
	Diamonds
	Clubs
	Trumps
	// NumGroups is the number of suit-groups.
	NumGroups = 5
	// NoGroup marks a value that is not a card.
	NoGroup Group = 0xFF
)

// String returns "S", "H", "D", "C" or "trump", as in the check contract.
func (g Group) String() string {
	switch {
	case g < Trumps:
		return card.Suit(g).String()
	case g == Trumps:
		return "trump"
	}
	return fmt.Sprintf("Group(%d)", uint8(g))
}

// Name returns the group's name in a sentence: "spades" … "clubs",
// "trumps".
func (g Group) Name() string {
	switch {
	case g < Trumps:
		return card.Suit(g).Name()
	case g == Trumps:
		return "trumps"
	}
	return g.String()
}

// maxSteps bounds the steps of a group: the trumps with a trump suit have
// sixteen (twelve suit ranks, the off-suit level, the trump-suit level, two
// jokers), nineteen when the level rank stands apart (a step left empty
// below each level step and below the small joker: see Rules.Order).
const maxSteps = 19

// Order is what a Trump implies for every card: its suit-group and its step,
// the card's position in its group's order counted from 0 at the lowest.
// Cards of one group and step are equal in play (the off-suit level cards).
// Tuples at consecutive steps make tractors. Orders are built once per
// trump and table rule; use Rules.Order (Trump.Order for the default
// tractors).
type Order struct {
	trump  Trump
	apart  bool // the level rank's cards stand in no tractor
	group  [64]Group
	step   [64]int8
	groups [NumGroups]card.Set           // the faces of each group
	steps  [NumGroups][maxSteps]card.Set // the faces of each group and step
	nsteps [NumGroups]int8               // steps in each group
}

// orders holds the Order of every valid trump: 5 suits (NoSuit included)
// by 13 levels, and level NT without a trump suit, with the level rank's
// cards in the trump tractors (orders[0], the default) or apart
// (orders[1]; the same at NT, which has no level rank).
var orders = func() (o [2][card.NumSuits + 1][LevelNT + 1]Order) {
	for i, apart := range []bool{false, true} {
		for s := card.Spades; s <= card.NoSuit; s++ {
			for l := card.Ace; l <= card.King; l++ {
				o[i][s][l] = buildOrder(Trump{s, l}, apart)
			}
		}
		o[i][card.NoSuit][LevelNT] = buildOrder(Trump{card.NoSuit, LevelNT}, apart)
	}
	return o
}()

// Order returns t's order with the default tractors (the level rank's
// cards in the trump tractors), shared and read-only: the order of a
// table whose rules leave level_tractors at its default (see Rules.Order).
// It returns nil for a Trump that is not valid.
func (t Trump) Order() *Order {
	if !t.IsValid() {
		return nil
	}
	return &orders[0][t.Suit][t.Level]
}

// Order returns t's order under the rules' tractors, shared and
// read-only: Trump.Order, or with NoLevelTractors an order in which the
// level rank's cards make no tractor. They keep their places and rank as
// before; only the steps on either side of each level step, and between
// the trump-suit level and the small joker, are left empty, so that no
// run of tuples crosses them. It returns nil for a Trump that is not
// valid.
func (r Rules) Order(t Trump) *Order {
	if !t.IsValid() {
		return nil
	}
	if r.NoLevelTractors {
		return &orders[1][t.Suit][t.Level]
	}
	return &orders[0][t.Suit][t.Level]
}

// LevelTractors reports whether the level rank's cards make tractors in
// this order (the default), or stand apart.
func (o *Order) LevelTractors() bool { return !o.apart }

// power ranks 2 lowest (0) to ace highest (12), and LevelNT 13.
func power(r card.Rank) int {
	if r == LevelNT {
		return 13
	}
	return (int(r) + 11) % 13
}

// buildOrder builds t's order; apart leaves an empty step below each
// level step and below the small joker, so that the level rank's cards
// make no tractor.
func buildOrder(t Trump, apart bool) Order {
	var o Order
	o.trump, o.apart = t, apart
	gap := 0
	if apart {
		gap = 1
	}
	for i := range o.group {
		o.group[i], o.step[i] = NoGroup, -1
	}
	put := func(c card.Card, g Group, step int) {
		o.group[c], o.step[c] = g, int8(step)
		o.groups[g] |= card.Bit(c)
		o.steps[g][step] |= card.Bit(c)
		o.nsteps[g] = max(o.nsteps[g], int8(step+1))
	}
	lp := power(t.Level)
	// A rank's step in a suit without the level rank.
	suitStep := func(r card.Rank) int {
		p := power(r)
		if p > lp {
			p--
		}
		return p
	}
	for s := card.Spades; s < card.NumSuits; s++ {
		for r := card.Ace; r <= card.King; r++ {
			c := card.New(r, s)
			switch {
			case r == t.Level && t.IsNoTrump():
				put(c, Trumps, 0)
			case r == t.Level && s == t.Suit:
				put(c, Trumps, 13+2*gap)
			case r == t.Level:
				put(c, Trumps, 12+gap)
			case s == t.Suit:
				put(c, Trumps, suitStep(r))
			default:
				put(c, Group(s), suitStep(r))
			}
		}
	}
	top := 14 + 3*gap
	switch {
	case t.Level == LevelNT:
		top = 0 // no level rank: the jokers are the only trumps
	case t.IsNoTrump():
		top = 1 + gap
	}
	put(card.SmallJoker, Trumps, top)
	put(card.BigJoker, Trumps, top+1)
	return o
}

// Trump returns the trump the order is for.
func (o *Order) Trump() Trump { return o.trump }

// Group returns c's suit-group, NoGroup for a value that is not a card.
func (o *Order) Group(c card.Card) Group { return o.group[c&63] }

// Step returns c's position in its group's order from 0 at the lowest, -1
// for a value that is not a card. Off-suit level cards share a step.
func (o *Order) Step(c card.Card) int { return int(o.step[c&63]) }

// Steps returns the number of steps of group g.
func (o *Order) Steps(g Group) int { return int(o.nsteps[g]) }

// Faces returns the faces of group g.
func (o *Order) Faces(g Group) card.Set { return o.groups[g] }

// AtStep returns the faces of group g at step s.
func (o *Order) AtStep(g Group, s int) card.Set { return o.steps[g][s] }

// GroupOf returns the one suit-group all of m's cards belong to, with ok
// false if m is empty or spans several groups.
func (o *Order) GroupOf(m card.Multi) (g Group, ok bool) {
	for g := range Group(NumGroups) {
		if rest := m.One &^ o.groups[g]; rest&card.AllFaces == 0 {
			return g, m.One&card.AllFaces != 0
		}
	}
	return NoGroup, false
}

// pairCounts returns, for each step of group g, how many pairs of m stand
// there (more than one only at the off-suit level step), and the mask of
// steps with at least one.
func (o *Order) pairCounts(m card.Multi, g Group) (cnt [maxSteps]uint8, mask uint32) {
	p := uint64(m.Two & o.groups[g])
	for p != 0 {
		s := o.step[bits.TrailingZeros64(p)]
		cnt[s]++
		mask |= 1 << uint(s)
		p &= p - 1
	}
	return cnt, mask
}

// longestRun returns the length and top step of the longest run of
// consecutive steps in mask (the highest on a tie), or 0, -1 if mask is
// empty.
func longestRun(mask uint32) (length, top int) {
	top = -1
	for mask != 0 {
		lo := bits.TrailingZeros32(mask)
		n := bits.TrailingZeros32(^(mask >> uint(lo)))
		if n >= length {
			length, top = n, lo+n-1
		}
		mask &^= (1<<uint(n) - 1) << uint(lo)
	}
	return length, top
}

// topOfRun returns the highest top step of a run of at least n consecutive
// steps in mask, or -1 if there is none.
func topOfRun(mask uint32, n int) int {
	// Keep the steps that end a run of n: s with s, s-1, …, s-n+1 present.
	m := mask
	for i := 1; i < n; i++ {
		m &= mask << uint(i)
	}
	if m == 0 {
		return -1
	}
	return 31 - bits.LeadingZeros32(m)
}
