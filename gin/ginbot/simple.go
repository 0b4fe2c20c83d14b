package ginbot

import (
	"math/rand/v2"

	"felt/card"
	"felt/gin"
)

// Simple is the standard research baseline, the EAAI Gin Rummy challenge's
// simple player:
//
//   - it takes the face-up card (the first upcard included) if and only if
//     that card would be part of some meld of its hand plus that card;
//     otherwise it draws from the stock (or passes the upcard);
//   - it discards, uniformly at random, one of the cards whose removal leaves
//     the least deadwood, never the card just taken from the discard pile and
//     never repeating within a hand the same pair (card drawn, card
//     discarded);
//   - it knocks as soon as its deadwood is within the limit, with an optimal
//     arrangement (the engine's automatic choice); as defender the engine
//     melds and lays off optimally.
type Simple struct {
	rng   *rand.Rand
	hand  int // the hand number the pairs belong to
	pairs map[[2]card.Card]bool
	cands []card.Card
}

// NewSimple returns a Simple player.
func NewSimple(rng *rand.Rand) *Simple {
	return &Simple{rng: rng, pairs: map[[2]card.Card]bool{}}
}

// Name returns "simple".
func (p *Simple) Name() string { return "simple" }

// WouldMeld reports whether c would be part of some meld of hand plus c:
// two more of its rank, or two neighbours in a run.
func WouldMeld(hand card.Set, c card.Card) bool {
	n := 0
	for s := card.Suit(0); s < card.NumSuits; s++ {
		if hand.Has(card.New(c.Rank(), s)) {
			n++
		}
	}
	if n >= 2 {
		return true
	}
	has := func(d int) bool {
		r := int(c.Rank()) + d
		return r >= 1 && r <= 13 && hand.Has(card.New(card.Rank(r), c.Suit()))
	}
	return has(-2) && has(-1) || has(-1) && has(1) || has(1) && has(2)
}

// Act chooses the simple player's action.
func (p *Simple) Act(obs *gin.Observation) gin.Action {
	if obs.HandNumber != p.hand {
		// A new hand (every deal, a redeal included, has a new number).
		p.hand = obs.HandNumber
		clear(p.pairs)
	}
	switch obs.Phase {
	case gin.UpcardPhase, gin.DealerUpcardPhase:
		if WouldMeld(obs.Hand, obs.Pile.Top()) {
			return gin.TakeDiscardAction()
		}
		return gin.PassAction()
	case gin.DrawPhase:
		if !obs.MustStock && obs.Pile.Len() > 0 && WouldMeld(obs.Hand, obs.Pile.Top()) {
			return gin.TakeDiscardAction()
		}
		return gin.DrawStockAction()
	case gin.DiscardPhase:
		if obs.Rules.BigGinAllowed() && gin.Deadwood(obs.Hand) == 0 {
			return gin.BigGinAction()
		}
		var c card.Card
		c, p.cands = leastDeadwoodDiscard(obs, p.pairs, p.cands, p.rng)
		if gin.Deadwood(obs.Hand.Remove(c)) <= obs.KnockLimit {
			return gin.KnockAction(c)
		}
		return gin.DiscardAction(c)
	}
	return gin.Action{}
}

// leastDeadwoodDiscard is simple's discard, shared by the opponent styles
// that play like it: a uniformly random card among those leaving the least
// deadwood, never the card just taken nor a card whose (drawn, discarded)
// pair this hand already used (pairs records the choice), so that players
// cannot trade the same cards forever. cands is scratch space, returned
// for reuse.
func leastDeadwoodDiscard(obs *gin.Observation, pairs map[[2]card.Card]bool, cands []card.Card, rng *rand.Rand) (card.Card, []card.Card) {
	best := 1 << 30
	cands = cands[:0]
	for c := range obs.Hand.All {
		if c == obs.JustTaken || pairs[[2]card.Card{obs.Drawn, c}] {
			continue
		}
		d := gin.Deadwood(obs.Hand.Remove(c))
		if d < best {
			best = d
			cands = cands[:0]
		}
		if d == best {
			cands = append(cands, c)
		}
	}
	if len(cands) == 0 { // every pair used: any legal discard
		for c := range obs.Hand.All {
			if c != obs.JustTaken {
				cands = append(cands, c)
			}
		}
	}
	c := cands[rng.IntN(len(cands))]
	pairs[[2]card.Card{obs.Drawn, c}] = true
	return c, cands
}
