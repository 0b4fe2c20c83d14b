package sjbot

import (
	"felt/card"
	"felt/shengji"
)

// declareByValue is Hard's declaration: while the cards are dealt (ok
// false declines for now) or in turn after the deal (passing when nothing
// is worth it). Like Greedy it never overrides its partner (with fixed
// partnerships) and reinforces its own standing declaration with every
// copy it holds. Otherwise it weighs the hand it holds under each trump it
// may declare (handWorth, scaled to a whole hand) and declares the best
// when it is worth enough to hold the bank with (less asked late in the
// deal, when fewer cards are to come), and, over another seat's
// declaration, only when it is worth clearly more than the hand under the
// trump standing.
func declareByValue(o *shengji.Observation) (shengji.Action, bool) {
	var buf [16]shengji.Action
	ds := o.AppendDeclarations(buf[:0])
	after := o.Phase == shengji.BidPhase
	none := shengji.Action{}
	if after {
		none = shengji.PassAction()
	}
	if len(ds) == 0 {
		return none, after
	}
	st, standing := o.Bids.Last()
	if standing && st.Seat == o.Seat || standing && o.Rules.Calls() == 0 && o.Seat.Parity(o.Players()).Has(st.Seat) {
		return declare(o) // reinforce ours, leave a partner's
	}
	held := max(o.Hand.Len(), 1)
	scale := float64(o.Rules.HandSize()) / float64(held)
	need := 19.0
	switch {
	case after || held >= o.Rules.HandSize()*4/5:
		need = 17.0
	case held < 6:
		return none, after
	}
	floor := 0.0
	if standing {
		floor = handWorth(o.Rules, o.Hand, o.Trump)*scale + 2
	}
	best, bestVal := -1, 0.0
	for i, d := range ds {
		r, suit, count, ok := shengji.Declaration(d.Cards, o.Level)
		if !ok {
			continue
		}
		val := handWorth(o.Rules, o.Hand, shengji.Trump{Suit: suit, Level: o.Level}) * scale
		if val < need || val < floor {
			continue
		}
		val += 0.01*float64(r) + 0.001*float64(count) // the most copies of a kind
		if best < 0 || val > bestVal {
			best, bestVal = i, val
		}
	}
	if best < 0 {
		return none, after
	}
	return ds[best], true
}

// handWorth is what hand is worth to the banker under trump t: each trump
// one and more the higher it ranks, a trump pair one more, and in the
// plain suits each top card, a suit held short (a void, a singleton) once
// the hand holds trumps to cut with.
func handWorth(rules shengji.Rules, hand card.Multi, t shengji.Trump) float64 {
	ord := rules.Order(t)
	if ord == nil {
		return 0
	}
	trumps := hand.Within(ord.Faces(shengji.Trumps))
	steps := float64(max(ord.Steps(shengji.Trumps), 1))
	w := 0.0
	for c := range trumps.All() {
		w += 1 + 1.2*float64(ord.Step(c))/steps
	}
	w += float64((trumps.Two).Len())
	nt := trumps.Len()
	for g := range shengji.Group(shengji.Trumps) {
		faces := ord.Faces(g)
		if faces == 0 {
			continue
		}
		held := hand.Within(faces)
		switch held.Len() {
		case 0:
			if nt >= 6 {
				w += 0.8
			}
			continue
		case 1:
			if nt >= 6 {
				w += 0.4
			}
		}
		top := ord.Steps(g) - 1
		for s := top; s >= 0 && s >= top-1; s-- {
			if f := held.Within(ord.AtStep(g, s)); !f.IsEmpty() {
				w += 0.6 * float64(f.Len()) / float64(top-s+1)
			}
		}
	}
	return w
}
