package sjbot

import (
	"math/bits"

	"felt/card"
	"felt/shengji"
)

// A model of play for weighing sampled deals (Hard.PlayLikelihood): a
// seat following a single lead in its suit-group while the other side
// wins the trick, and not taking it, throws away the cheapest single card
// of the group it holds, as Greedy does: the fewest points, then the
// lowest step, keeping its pairs. A deal that gave such a seat a cheaper
// single card of that group at that time makes its play unlikely; each
// such play multiplies the deal's weight by PlayLikelihood. With Finding
// Friends the sides are not known all hand long, and no play is weighed.
// A model of declaring too (Hard.BidLikelihood, see heldBack): a seat
// that could have reinforced its own declaration, or overturned another
// seat's, with the cards a deal gives it, and did not, makes that deal
// less likely.

// cheapFollow is one throw-away play seen: seat x followed with card c
// in group g, and later are the cards x played from that trick on (c
// among them), which it held then besides what it holds now.
type cheapFollow struct {
	x     shengji.Seat
	c     card.Card
	g     shengji.Group
	later card.Multi
}

// cost orders the cards a seat throws away: points first, then step.
func cost(ord *shengji.Order, c card.Card) int {
	return shengji.CardPoints(c)*64 + ord.Step(c)
}

// throwAways appends to dst the throw-away plays of the other seats seen
// in v's tricks (see cheapFollow): none with Finding Friends.
func throwAways(dst []cheapFollow, v *view) []cheapFollow {
	o := v.o
	if o.Rules.Calls() > 0 || v.n%2 != 0 {
		return dst
	}
	var plays [shengji.MaxSeats]card.Multi
	for i := range o.Tricks.Len() {
		t := o.Tricks.At(i)
		lead := t.Plays[t.Leader]
		if lead.Len() != 1 || !t.Attempt.IsEmpty() {
			continue
		}
		lg, ok := v.ord.GroupOf(lead)
		if !ok {
			continue
		}
		plays[0] = lead
		for k := 1; k < v.n; k++ {
			x := t.Leader.Plus(k, v.n)
			p := t.Plays[x]
			if p.IsEmpty() {
				break
			}
			w, err := v.ord.Winner(plays[:k])
			plays[k] = p
			if err != nil {
				break
			}
			winner := t.Leader.Plus(w, v.n)
			if x == v.me || (int(winner)-int(x))%2 == 0 {
				continue // the seat itself, or its side winning (it may feed points)
			}
			c := firstCard(p)
			if v.ord.Group(c) != lg {
				continue // a discard or a ruff
			}
			if w2, err := v.ord.Winner(plays[:k+1]); err != nil || w2 == k {
				continue // it took the trick
			}
			f := cheapFollow{x: x, c: c, g: lg}
			for j := i; j < o.Tricks.Len(); j++ {
				f.later, _ = f.later.Sum(o.Tricks.At(j).Plays[x])
			}
			dst = append(dst, f)
		}
	}
	return dst
}

// firstCard returns one card of m (its only one for a single).
func firstCard(m card.Multi) card.Card {
	return card.Card(bits.TrailingZeros64(uint64(m.One & card.AllFaces)))
}

// heldBack is a declaration not made: when the deal ended, seat x had
// shown none over the declaration standing (none when nobody declared),
// and later are the cards it has played since. A deal that gives x, in
// what it holds and has played, cards that could have been shown over it
// makes that unlikely: a reinforcement of its own declaration (own) very
// much so, as both Greedy and Hard reinforce with every copy they hold; an
// overturn of another seat's less so, as both hold back weak hands.
type heldBack struct {
	x     shengji.Seat
	own   bool
	later card.Multi
}

// heldBacks appends to dst the declarations not made by the other seats
// of v (see heldBack): every seat but the seat's own, a partner of the
// standing declarer's (with fixed partnerships; nobody overturns a
// partner) and the banker (whose hand holds the kitty's cards, not known
// as dealt). None at level NT, where nobody declares.
func heldBacks(dst []heldBack, v *view) []heldBack {
	o := v.o
	if o.Level == shengji.LevelNT {
		return dst
	}
	st, has := o.Bids.Last()
	for x := range shengji.Seat(v.n) {
		if x == v.me || x == o.Banker {
			continue
		}
		own := has && st.Seat == x
		if has && !own && o.Rules.Calls() == 0 && x.Parity(v.n).Has(st.Seat) {
			continue
		}
		dst = append(dst, heldBack{x: x, own: own, later: playedBy(o, x)})
	}
	return dst
}

// bidLikelihood returns the weight of the deal in hands by the
// declarations not made (bs): eps for each reinforcement it would have
// let a seat make, overturn for each overturn.
func bidLikelihood(o *shengji.Observation, bs []heldBack, hands *[shengji.MaxSeats]card.Multi, eps, overturn float64) float64 {
	w := 1.0
	for i := range bs {
		b := &bs[i]
		held, _ := hands[b.x].Sum(b.later)
		if o.Bids.CanShow(held, o.Level, b.x, o.Rules) {
			if b.own {
				w *= eps
			} else {
				w *= overturn
			}
		}
	}
	return w
}

// likelihood returns the weight of the deal in hands: eps for each
// throw-away play it makes unlikely (the seat then held a cheaper single
// card of the group).
func likelihood(ord *shengji.Order, fs []cheapFollow, hands *[shengji.MaxSeats]card.Multi, eps float64) float64 {
	w := 1.0
	for i := range fs {
		f := &fs[i]
		held, _ := hands[f.x].Sum(f.later)
		mine := cost(ord, f.c)
		for p := held.Singles() & ord.Faces(f.g) & card.AllFaces; p != 0; p &= p - 1 {
			d := card.Card(bits.TrailingZeros64(uint64(p)))
			if d != f.c && cost(ord, d) < mine {
				w *= eps
				break
			}
		}
	}
	return w
}
