package shengji

import (
	"errors"
	"fmt"

	"felt/card"
)

// MaxCalls is the most friends a banker calls: one fewer than half of the
// largest table.
const MaxCalls = MaxPlayers/2 - 1

// Call is a friend call of Finding Friends (找朋友): the seat that plays the
// Ordinal-th copy of Card in the hand's tricks ("the second A♠ played")
// joins the banker's side when that trick ends.
type Call struct {
	Card    card.Card
	Ordinal int
}

// String writes the call as "2nd AS".
func (c Call) String() string { return ordinal(c.Ordinal) + " " + c.Card.String() }

// ErrBadCall is wrapped by every refused friend call.
var ErrBadCall = errors.New("shengji: not a friend call")

// CheckCalls says whether calls may be the banker's friend calls at level
// rank level with packs packs and want calls in all: each a card of the 52
// that is not of the level rank, with an ordinal from 1 to packs.
func CheckCalls(calls []Call, want int, level card.Rank, packs int) error {
	if len(calls) != want {
		return fmt.Errorf("%w: %d calls, want %d (one fewer than half the players)", ErrBadCall, len(calls), want)
	}
	for i, c := range calls {
		switch {
		case c.Card.IsJoker():
			return fmt.Errorf("%w: call %d names a joker: jokers cannot be called", ErrBadCall, i+1)
		case !c.Card.IsValid():
			return fmt.Errorf("%w: call %d names no card", ErrBadCall, i+1)
		case c.Card.Rank() == level:
			return fmt.Errorf("%w: call %d names %s, of the level rank %s: level cards cannot be called", ErrBadCall, i+1, c.Card, LevelString(level))
		case c.Ordinal < 1 || c.Ordinal > packs:
			return fmt.Errorf("%w: call %d is for copy %d of %s, want 1 to %d (one a pack)", ErrBadCall, i+1, c.Ordinal, c.Card, packs)
		}
	}
	return nil
}

// SeatPlay is one play of a trick: who played which cards.
type SeatPlay struct {
	Seat  Seat
	Cards card.Multi
}

// Friendship follows the friend calls of one hand: how many copies of each
// called card have been played, which calls are met, and the banker's side
// (the banker and the friends who have joined). It is a comparable value.
type Friendship struct {
	Banker Seat
	Calls  [MaxCalls]Call
	NCalls int
	Played [MaxCalls]int  // copies of each call's card played in ended tricks
	Met    [MaxCalls]Seat // who met each call (NoSeat while open)
	Side   Seats          // the banker's side: the banker and the friends joined
}

// NewFriendship starts following calls for banker.
func NewFriendship(banker Seat, calls []Call) Friendship {
	f := Friendship{Banker: banker, NCalls: min(len(calls), MaxCalls), Side: SeatsOf(banker)}
	copy(f.Calls[:], calls)
	for i := range f.Met {
		f.Met[i] = NoSeat
	}
	return f
}

// EndTrick records an ended trick's plays, in the order they were made: a
// call whose ordinal-th copy is among them is met by the seat that played
// that copy, which joins the banker's side unless it is the banker or on it
// already. It returns the seats that joined.
func (f *Friendship) EndTrick(plays []SeatPlay) Seats {
	var joined Seats
	for _, p := range plays {
		for i := range f.NCalls {
			if f.Met[i] != NoSeat {
				continue
			}
			c := f.Calls[i]
			f.Played[i] += p.Cards.Count(c.Card)
			if f.Played[i] >= c.Ordinal {
				f.Met[i] = p.Seat
				if !f.Side.Has(p.Seat) {
					f.Side |= SeatsOf(p.Seat)
					joined |= SeatsOf(p.Seat)
				}
			}
		}
	}
	return joined
}

// Pending returns the number of calls not yet met.
func (f *Friendship) Pending() int {
	n := 0
	for i := range f.NCalls {
		if f.Met[i] == NoSeat {
			n++
		}
	}
	return n
}

// Friends returns the friends who have joined (the banker's side without
// the banker).
func (f *Friendship) Friends() Seats { return f.Side &^ SeatsOf(f.Banker) }
