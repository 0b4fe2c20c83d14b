package shengji

import "felt/card"

// checkCall says whether seat may call friends with a in phase, banker
// being the banker at level rank level under rules r (for a hand and an
// observation alike): CheckCalls, and no call made twice.
func checkCall(seat Seat, a Action, phase Phase, banker Seat, level card.Rank, r Rules) error {
	if phase != CallPhase {
		return refuse(seat, a, ErrWrongPhase, "seat %s cannot call friends: the phase is %s", seat, phase)
	}
	if seat != banker {
		return refuse(seat, a, ErrNotYourTurn, "seat %s cannot call friends: the banker, seat %s, calls them", seat, banker)
	}
	calls := a.Calls[:max(0, min(a.NCalls, MaxCalls))] // not CallList: no copy made
	if err := CheckCalls(calls, r.Calls(), level, r.Packs()); err != nil {
		return refuse(seat, a, err, "seat %s cannot %s: %s", seat, a, trimPrefix(err.Error())) // a reads "call 1st AS, …"
	}
	for i, c := range calls {
		for j, d := range calls[:i] {
			if c == d {
				return refuse(seat, a, ErrBadCall, "seat %s cannot %s: call %d repeats call %d (the %s): each call names another copy", seat, a, i+1, j+1, c)
			}
		}
	}
	return nil
}

// DefaultCalls returns a simple choice of friend calls for the banker of
// an observation in the call phase (none otherwise): the first copy of the
// ace of each plain suit the banker holds no ace of, suits in ♠♥♦♣ order,
// then of the suits it holds fewest aces of, a later copy; at level A, the
// kings instead. Never a level card or a joker.
func DefaultCalls(o *Observation) []Call {
	n := o.Rules.Calls()
	if o.Phase != CallPhase || o.Seat != o.Banker || n == 0 {
		return nil
	}
	top := card.Ace
	if o.Level == card.Ace {
		top = card.King
	}
	packs := o.Rules.Packs()
	var calls []Call
	// Round after round: each suit's next copy not held by the banker,
	// the suits it holds fewest of first.
	var asked [card.NumSuits]int
	for len(calls) < n {
		best, bestN := -1, packs+1
		for i, su := range []card.Suit{card.Spades, card.Hearts, card.Diamonds, card.Clubs} {
			c := card.New(top, su)
			held := o.Hand.Count(c)
			ord := held + asked[i] + 1
			if ord <= packs && held+asked[i] < bestN {
				best, bestN = i, held+asked[i]
			}
		}
		if best < 0 {
			break
		}
		su := []card.Suit{card.Spades, card.Hearts, card.Diamonds, card.Clubs}[best]
		c := card.New(top, su)
		asked[best]++
		calls = append(calls, Call{Card: c, Ordinal: o.Hand.Count(c) + asked[best]})
	}
	return calls
}
