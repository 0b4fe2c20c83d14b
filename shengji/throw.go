package shengji

import (
	"math/bits"

	"felt/card"
)

// maxGroupFaces bounds the faces of a suit-group: the trumps' 12 cards of
// the trump suit, 4 level cards and 2 jokers.
const maxGroupFaces = 18

// Throw decides a throw: a lead of several units of one suit-group, each
// claimed unbeatable by the other hands (others; the leader's own hand is
// not among them), split into units as by Split. A unit is beaten by a
// strictly higher unit of the same format made of one other hand's cards of
// that group: a single by a single, a tuple by a tuple of the same width
// (out of any face held at least that many times), a tractor by a tractor
// of the same width and length, which may come out of a longer one. If none is beaten the throw stands and play is the
// whole throw. Otherwise the leader plays only the smallest beaten unit: the
// one whose highest card is lowest in the group's order, on a tie the one of
// fewer cards, then the one whose highest card's suit comes first in ♠♥♦♣.
// A lead of one unit always stands. It returns ErrBadLead for a throw that
// is empty or spans several groups.
func (o *Order) Throw(throw card.Multi, others []card.Multi) (play card.Multi, stands bool, err error) {
	g, ok := o.GroupOf(throw)
	if !ok {
		return card.Multi{}, false, ErrBadLead
	}
	var buf [maxGroupFaces]Unit // a unit a face at most
	units := o.appendUnits(buf[:0], throw, g)
	if len(units) == 1 {
		return throw, true, nil
	}
	var worst *Unit
	for i := range units {
		u := &units[i]
		if !o.beaten(u, others) {
			continue
		}
		if worst == nil || o.smaller(u, worst) {
			worst = u
		}
	}
	if worst == nil {
		return throw, true, nil
	}
	return worst.Cards, false, nil
}

// beaten reports whether one of the hands holds a strictly higher unit of
// u's format in u's group.
func (o *Order) beaten(u *Unit, hands []card.Multi) bool {
	for _, h := range hands {
		if u.Width <= 1 {
			if o.highest(h, u.Group) > u.Top {
				return true
			}
			continue
		}
		if topOfRun(o.widthMask(h, u.Group, u.Width), u.Steps) > u.Top {
			return true
		}
	}
	return false
}

// smaller orders beaten units: the lower highest card, then fewer cards,
// then the highest card's suit first in ♠♥♦♣.
func (o *Order) smaller(a, b *Unit) bool {
	if a.Top != b.Top {
		return a.Top < b.Top
	}
	if a.Len() != b.Len() {
		return a.Len() < b.Len()
	}
	return o.topSuit(a) < o.topSuit(b)
}

// topSuit returns the position in ♠♥♦♣ of the suit of u's highest card (a
// joker counts as after clubs).
func (o *Order) topSuit(u *Unit) int {
	c := card.Card(bits.TrailingZeros64(uint64(u.Cards.One & o.steps[u.Group][u.Top])))
	if c.IsJoker() {
		return card.NumSuits
	}
	return int(c.Suit())
}
