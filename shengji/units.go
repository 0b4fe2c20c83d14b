package shengji

import (
	"fmt"
	"math/bits"
	"strings"

	"felt/card"
)

// Kind is the kind of a unit: a single card, a pair or a tractor.
type Kind uint8

// The kinds of unit.
const (
	Single Kind = iota
	Pair
	Tractor
)

// String returns "single", "pair" or "tractor".
func (k Kind) String() string {
	switch k {
	case Single:
		return "single"
	case Pair:
		return "pair"
	case Tractor:
		return "tractor"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Unit is one unit of a play: a single card, a pair (two identical cards) or
// a tractor (pairs at two or more consecutive steps of one suit-group).
type Unit struct {
	Cards card.Multi // the unit's cards
	Group Group      // its suit-group
	Pairs int        // 0 for a single, 1 for a pair, the tractor's length
	Top   int        // the step of its highest card
}

// Kind returns the unit's kind.
func (u Unit) Kind() Kind {
	switch {
	case u.Pairs == 0:
		return Single
	case u.Pairs == 1:
		return Pair
	}
	return Tractor
}

// Len returns the number of cards in the unit.
func (u Unit) Len() int { return max(1, 2*u.Pairs) }

// Split divides m into units: within each suit-group, in the order spades,
// hearts, diamonds, clubs, trumps, its longest tractor again and again (the
// highest on a tie; of several off-suit level pairs the one of the suit first
// in ♠♥♦♣), then its pairs from the highest, then its singles from the
// highest. Cards that are not faces are ignored.
func (o *Order) Split(m card.Multi) []Unit {
	var out []Unit
	for g := range Group(NumGroups) {
		out = o.appendUnits(out, m, g)
	}
	return out
}

// appendUnits appends the units of m's cards of group g.
func (o *Order) appendUnits(out []Unit, m card.Multi, g Group) []Unit {
	m = m.Within(o.groups[g])
	for {
		_, mask := o.pairCounts(m, g)
		n, top := longestRun(mask)
		if n < 2 {
			break
		}
		var u card.Multi
		for s := top - n + 1; s <= top; s++ {
			f := lowest(m.Two & o.steps[g][s])
			u.One |= f
			u.Two |= f
		}
		m = m.Minus(u)
		out = append(out, Unit{Cards: u, Group: g, Pairs: n, Top: top})
	}
	for s := int(o.nsteps[g]) - 1; s >= 0; s-- {
		for p := m.Two & o.steps[g][s]; p != 0; p &^= lowest(p) {
			f := lowest(p)
			out = append(out, Unit{Cards: card.Multi{One: f, Two: f}, Group: g, Pairs: 1, Top: s})
		}
	}
	for s := int(o.nsteps[g]) - 1; s >= 0; s-- {
		for p := m.One &^ m.Two & o.steps[g][s]; p != 0; p &^= lowest(p) {
			out = append(out, Unit{Cards: card.Multi{One: lowest(p)}, Group: g, Top: s})
		}
	}
	return out
}

// lowest returns the lowest bit of s: of cards at one step, the one of the
// suit first in ♠♥♦♣.
func lowest(s card.Set) card.Set { return s & -s }

// Sorted returns m's cards from the lowest to the highest: by group
// (spades, hearts, diamonds, clubs, trumps), then step, then suit in ♠♥♦♣
// order.
func (o *Order) Sorted(m card.Multi) []card.Card {
	out := make([]card.Card, 0, m.Len())
	for g := range Group(NumGroups) {
		for s := range int(o.nsteps[g]) {
			at := m.Within(o.steps[g][s])
			for p := uint64(at.One); p != 0; p &= p - 1 {
				c := card.Card(bits.TrailingZeros64(p))
				out = append(out, c)
				if at.Two.Has(c) {
					out = append(out, c)
				}
			}
		}
	}
	return out
}

// Format writes m's cards from the lowest to the highest (see Sorted),
// separated by spaces: "QS QS KS KS".
func (o *Order) Format(m card.Multi) string { return card.Format(o.Sorted(m)) }

// Pretty writes m's cards like Format with suit symbols: "Q♠ Q♠ K♠ K♠".
func (o *Order) Pretty(m card.Multi) string {
	var b strings.Builder
	for i, c := range o.Sorted(m) {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.Pretty())
	}
	return b.String()
}

// shape is the structure of a lead: its tractors' lengths from the longest,
// and its pairs in all (a tractor counting as its pairs).
type shape struct {
	tractors [maxSteps]int8 // lengths, longest first; ntr of them
	ntr      int
	pairs    int // pairs in all
	n        int // cards
	top      Kind
	topLen   int // the longest tractor's length, 1 for a pair, 0 for a single
}

// shapeOf returns the shape of m's cards of group g, splitting them into
// units without allocating.
func (o *Order) shapeOf(m card.Multi, g Group) shape {
	var sh shape
	m = m.Within(o.groups[g])
	sh.n = m.Len()
	sh.pairs = (m.Two & card.AllFaces).Len()
	for {
		_, mask := o.pairCounts(m, g)
		n, top := longestRun(mask)
		if n < 2 {
			break
		}
		var u card.Multi
		for s := top - n + 1; s <= top; s++ {
			f := lowest(m.Two & o.steps[g][s])
			u.One |= f
			u.Two |= f
		}
		m = m.Minus(u)
		sh.tractors[sh.ntr] = int8(n)
		sh.ntr++
	}
	switch {
	case sh.ntr > 0:
		sh.top, sh.topLen = Tractor, int(sh.tractors[0])
	case sh.pairs > 0:
		sh.top, sh.topLen = Pair, 1
	}
	return sh
}

// isUnit reports whether the shape is one unit (not a throw).
func (sh *shape) isUnit() bool {
	switch sh.top {
	case Tractor:
		return sh.n == 2*sh.topLen
	case Pair:
		return sh.n == 2
	}
	return sh.n == 1
}
