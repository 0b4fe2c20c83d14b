package shengji

import (
	"felt/card"
)

// A decision for a seat that does not know the rules (an outside program,
// a web page) lists its legal moves, but a seat's follows can be millions
// (a lead of twelve spades against a hand void in spades: C(25, 12) =
// 5,200,300 ways to discard). SamplePlays lists at most a bound of them,
// spread over the whole list, without listing the others; CheckPlay and
// Check answer whether any other move is legal, and why not, from the
// seat's observation alone.

// SamplePlays appends to dst at most max of the plays AppendPlays lists and
// returns them with how many it left out. When there are more than max it
// takes the plays numbered ⌊i·n/max⌋ for i from 0 (n the count), so the
// first play is always listed and the sample is spread over the list;
// following, each is built with NthFollow, so the cost grows with max, not
// with n.
func (o *Observation) SamplePlays(dst []card.Multi, max int) ([]card.Multi, int) {
	lead, count, ok := o.lead()
	if !ok || o.Turn != o.Seat || max <= 0 {
		return dst, o.CountPlays()
	}
	ord := o.order()
	if count == 0 {
		n := ord.CountLeads(o.Hand)
		if n <= max {
			return ord.AppendLeads(dst, o.Hand), 0
		}
		i, next := 0, 0
		ord.eachLead(o.Hand, func(m card.Multi) bool {
			if i == spread(next, n, max) {
				dst = append(dst, m)
				if next++; next == max {
					return false
				}
			}
			i++
			return true
		})
		return dst, n - max
	}
	var f followSpace
	ord.space(&f, lead, o.Hand)
	c := f.count()
	if c <= uint64(max) {
		f.each(func(m card.Multi) bool {
			dst = append(dst, m)
			return true
		})
		return dst, 0
	}
	for i := range max {
		if m, ok := f.nth(uint64(i) * c / uint64(max)); ok {
			dst = append(dst, m)
		}
	}
	return dst, int(c) - max
}

// spread is the i-th of max indices spread over n (n > max).
func spread(i, n, max int) int { return int(uint64(i) * uint64(n) / uint64(max)) }

// CheckPlay says whether the seat may play cards now, from its observation
// alone: nil, or the error Hand.Check gives for that play (an *ActionError
// naming the broken rule, wrapping the *FollowError of a follow that breaks
// a rule of following).
func (o *Observation) CheckPlay(cards card.Multi) error {
	return o.Check(PlayAction(cards))
}

// Check says whether the seat may take action a now, from its observation
// alone: for a play or a burial exactly as Hand.Check does (the same
// checks, the same errors); for a declaration or a pass, whether it is one
// that AppendDeclarations lists (or a pass while the seat declares after
// the deal), which the decision always lists in full.
func (o *Observation) Check(a Action) error {
	seat := o.Seat
	if err := a.Validate(); err != nil {
		return &ActionError{Seat: seat, Action: a, Err: ErrMalformedAction, Reason: trimPrefix(err.Error())}
	}
	if o.Phase == OverPhase {
		return refuse(seat, a, ErrHandOver, "seat %s cannot %s: the hand is over", seat, a.Kind)
	}
	switch a.Kind {
	case Play:
		return checkPlay(seat, a, o.Phase, o.Turn, o.order(), o.Hand, &o.Tricks)
	case Bury:
		return checkBury(seat, a, o.Phase, o.Banker, o.order(), o.Hand, o.Rules.KittySize())
	case FriendCall:
		return checkCall(seat, a, o.Phase, o.Banker, o.Level, o.Rules)
	case Pass:
		if o.Phase != BidPhase || o.Turn != seat {
			return refuse(seat, a, ErrWrongPhase, "seat %s cannot pass now: passing is for its turn to declare after the deal", seat)
		}
		return nil
	case Declare:
		var buf [16]Action
		for _, d := range o.AppendDeclarations(buf[:0]) {
			if d.Cards == a.Cards {
				return nil
			}
		}
		if !o.declaring() {
			return refuse(seat, a, ErrWrongPhase, "seat %s cannot declare now", seat)
		}
		return refuse(seat, a, ErrBidTooLow, "seat %s cannot declare %s now: it is not a declaration it holds that outranks the standing one", seat, o.order().Pretty(a.Cards))
	}
	return refuse(seat, a, ErrMalformedAction, "seat %s: unknown action %s", seat, a.Kind)
}
