package gin

import (
	"felt/card"
)

// Observation is what one seat may know: its own cards, the discard pile,
// the public record of what the opponent took, passed and discarded, counts
// and scores. It holds no card of the stock and no card of the opponent's
// hand that the opponent has not shown. Computer players, user interfaces
// and the server receive only this.
type Observation struct {
	Seat       Seat
	Rules      Rules
	Phase      Phase
	Turn       Seat // the seat to move
	Dealer     Seat
	HandNumber int
	KnockLimit int  // this hand's knock limit
	Doubled    bool // Oklahoma spade upcard doubles this hand

	Hand      card.Set  // the seat's own cards
	JustTaken card.Card // the card the seat took from the pile this turn, if any
	Drawn     card.Card // the card the seat drew this turn, if any
	MustStock bool      // the next draw must come from the stock

	Upcard        card.Card // the card turned up after the deal
	Pile          Pile      // the discard pile, bottom to top
	StockLen      int
	OpponentCards int // how many cards the opponent holds

	OpponentTook      card.Set // taken from the pile by the opponent and still held
	OpponentPassed    card.Set // seen on the pile by the opponent and not taken
	OpponentDiscarded card.Set // discarded face up by the opponent
	Discarded         card.Set // discarded face up by this seat
	Took              card.Set // taken from the pile by this seat and still held
	Passed            card.Set // seen on the pile by this seat and not taken
	// OpponentMoves are the opponent's moves since this seat's last
	// action in the hand (all of its moves so far if it has not acted).
	OpponentMoves Moves

	Scores [2]int
	Boxes  [2]int

	// Result is set once the hand is over; both hands are then public.
	Result *Result
}

// Observe returns what seat may know of this hand (scores left zero; use
// Game.Observe for them).
func (h *Hand) Observe(seat Seat) Observation {
	seat &= 1
	opp := seat.Other()
	o := Observation{
		Seat: seat, Rules: h.rules, Phase: h.phase, Turn: h.turn, Dealer: h.dealer,
		KnockLimit: int(h.limit), Doubled: h.doubled,
		Hand: h.hands[seat], Upcard: h.upcard, Pile: h.pile, StockLen: h.StockLen(),
		OpponentCards:     h.hands[opp].Len(),
		OpponentTook:      h.took[opp],
		OpponentPassed:    h.passed[opp],
		OpponentDiscarded: h.discarded[opp],
		Discarded:         h.discarded[seat],
		Took:              h.took[seat],
		Passed:            h.passed[seat],
		OpponentMoves:     h.since[seat],
		MustStock:         h.mustStock,
	}
	if h.turn == seat {
		o.JustTaken, o.Drawn = h.justTaken, h.drawn
	}
	if h.phase == OverPhase {
		// The observation shares no storage with the hand: a player
		// that keeps or changes it changes nothing else.
		r := h.Result()
		o.Result = &r
	}
	return o
}

// Unseen returns the cards this seat cannot see: the stock and the
// opponent's hand except what it took from the pile.
func (o *Observation) Unseen() card.Set {
	seen := o.Hand | o.OpponentTook
	for i := 0; i < o.Pile.Len(); i++ {
		seen = seen.Add(o.Pile.At(i))
	}
	return card.FullSet &^ seen
}

// LegalActions appends to dst every action the observing seat may take now
// (none when it is not its turn) and returns it, as Hand.LegalActions does.
func (o *Observation) LegalActions(dst []Action) []Action {
	if o.Turn != o.Seat {
		return dst
	}
	switch o.Phase {
	case UpcardPhase, DealerUpcardPhase:
		return append(dst, TakeDiscardAction(), PassAction())
	case DrawPhase:
		if o.StockLen > 0 {
			dst = append(dst, DrawStockAction())
		}
		if !o.MustStock && o.Pile.Len() > 0 {
			dst = append(dst, TakeDiscardAction())
		}
		return dst
	case DiscardPhase:
		for c := range o.Hand.All {
			if c != o.JustTaken {
				dst = append(dst, DiscardAction(c))
			}
		}
		for c := range o.Hand.All {
			if c != o.JustTaken && Deadwood(o.Hand.Remove(c)) <= o.KnockLimit {
				dst = append(dst, KnockAction(c))
			}
		}
		if o.Rules.BigGinAllowed() && Deadwood(o.Hand) == 0 {
			dst = append(dst, BigGinAction())
		}
	}
	return dst
}
