package gin

import (
	"fmt"

	"felt/card"
)

// Determinize builds a full hand consistent with an observation: the
// observing seat's view plus a guess at what it cannot see — the
// opponent's cards (which must include every card the opponent took from
// the pile and still holds) and the stock's order, top first. Search
// players use it to play out sampled worlds. The returned hand's Deck holds
// zero cards where the deal is unknown.
func Determinize(o *Observation, opponent card.Set, stock []card.Card) (Hand, error) {
	var h Hand
	if o.Phase == OverPhase {
		return h, fmt.Errorf("gin: determinize: %w", ErrHandOver)
	}
	unseen := o.Unseen() | o.OpponentTook
	if opponent.Len() != o.OpponentCards || !opponent.Contains(o.OpponentTook) || !unseen.Contains(opponent) {
		return h, fmt.Errorf("gin: determinize: opponent cards %s do not fit the observation", opponent)
	}
	if len(stock) != o.StockLen || card.SetOf(stock...) != unseen&^opponent {
		return h, fmt.Errorf("gin: determinize: stock of %d cards does not fit the observation", len(stock))
	}
	seat, opp := o.Seat, o.Seat.Other()
	h.rules = o.Rules
	h.hands[seat], h.hands[opp] = o.Hand, opponent
	h.stockPos = uint8(card.PackSize - len(stock))
	copy(h.deck[h.stockPos:], stock)
	h.pile = o.Pile
	h.dealer, h.turn, h.phase = o.Dealer, o.Turn, o.Phase
	h.upcard, h.limit, h.doubled, h.mustStock = o.Upcard, int8(o.KnockLimit), o.Doubled, o.MustStock
	if o.Turn == seat {
		h.justTaken, h.drawn = o.JustTaken, o.Drawn
	}
	h.took[seat], h.took[opp] = o.Took, o.OpponentTook
	h.passed[seat], h.passed[opp] = o.Passed, o.OpponentPassed
	h.discarded[seat], h.discarded[opp] = o.Discarded, o.OpponentDiscarded
	h.since[seat] = o.OpponentMoves
	return h, nil
}
