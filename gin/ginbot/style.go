package ginbot

import (
	"math/rand/v2"

	"felt/card"
	"felt/gin"
)

// Style is a player of one fixed knocking style. The styles make a
// population of opponents that the hard player is measured against; none
// is tuned to any outside player. Apart from when it knocks and which
// face-up cards it takes, a Style plays as the simple player does: it takes
// a face-up card that would meld, and discards, uniformly at random, one of
// the cards that leave the least deadwood (never the card just taken from
// the pile, never the same pair of card drawn and card discarded twice in a
// hand). Big gin it always lays down.
//
// It knocks when its deadwood is within the hand's knock limit and one of
// these holds:
//
//   - it is one of its first EarlyTurns turns of the hand;
//   - its deadwood is at most KnockAt (KnockAt < 0: never on this ground);
//   - the stock is down to LateStock cards or fewer.
//
// The population's styles are GinHunter, LowKnocker and Undercutter.
type Style struct {
	name string
	rng  *rand.Rand

	// EarlyTurns is how many of its first turns of a hand it knocks with
	// anything within the limit.
	EarlyTurns int
	// KnockAt is the most deadwood it knocks with after those turns (0:
	// gin only; below 0: only late).
	KnockAt int
	// LateStock: with this many cards or fewer left in the stock it knocks
	// with anything within the limit (0: never).
	LateStock int
	// TakeLow: it also takes a face-up card of value at most TakeLow that
	// lowers its least deadwood (0: only cards that meld).
	TakeLow int

	hand  int // the hand number turn and pairs belong to
	turn  int // its discard decisions this hand, the current one included
	pairs map[[2]card.Card]bool
	cands []card.Card
}

// NewGinHunter returns the "gin-hunter" style: it knocks with anything
// within the limit only in its first three turns of a hand, and after that
// only with gin.
func NewGinHunter(rng *rand.Rand) *Style {
	return &Style{name: "gin-hunter", rng: rng, EarlyTurns: 3, KnockAt: 0}
}

// NewLowKnocker returns the "low-knocker" style: it knocks only with 3
// deadwood or less.
func NewLowKnocker(rng *rand.Rand) *Style {
	return &Style{name: "low-knocker", rng: rng, KnockAt: 3}
}

// NewUndercutter returns the "undercutter" style: it also picks up low
// face-up cards (ace to three) that lower its deadwood, so that it holds
// little when the other player knocks, and waits: it knocks only with gin,
// or with anything within the limit once the stock is down to 6 cards.
func NewUndercutter(rng *rand.Rand) *Style {
	return &Style{name: "undercutter", rng: rng, KnockAt: 0, LateStock: 6, TakeLow: 3}
}

// Name returns the style's name, e.g. "gin-hunter".
func (p *Style) Name() string { return p.name }

// Act chooses the style's action.
func (p *Style) Act(obs *gin.Observation) gin.Action {
	if obs.HandNumber != p.hand || p.pairs == nil {
		p.hand, p.turn = obs.HandNumber, 0
		if p.pairs == nil {
			p.pairs = map[[2]card.Card]bool{}
		}
		clear(p.pairs)
	}
	switch obs.Phase {
	case gin.UpcardPhase, gin.DealerUpcardPhase:
		if p.takes(obs.Hand, obs.Pile.Top()) {
			return gin.TakeDiscardAction()
		}
		return gin.PassAction()
	case gin.DrawPhase:
		if !obs.MustStock && obs.Pile.Len() > 0 && p.takes(obs.Hand, obs.Pile.Top()) {
			return gin.TakeDiscardAction()
		}
		return gin.DrawStockAction()
	case gin.DiscardPhase:
		p.turn++
		if obs.Rules.BigGinAllowed() && gin.Deadwood(obs.Hand) == 0 {
			return gin.BigGinAction()
		}
		var c card.Card
		c, p.cands = leastDeadwoodDiscard(obs, p.pairs, p.cands, p.rng)
		if p.knocks(gin.Deadwood(obs.Hand.Remove(c)), obs) {
			return gin.KnockAction(c)
		}
		return gin.DiscardAction(c)
	}
	return gin.Action{}
}

// takes reports whether the style takes the face-up card c.
func (p *Style) takes(hand card.Set, c card.Card) bool {
	if WouldMeld(hand, c) {
		return true
	}
	if gin.Value(c) > p.TakeLow {
		return false
	}
	_, after := bestExcept(hand.Add(c), c)
	return after < gin.Deadwood(hand)
}

// knocks reports whether the style knocks with dw deadwood left.
func (p *Style) knocks(dw int, obs *gin.Observation) bool {
	if dw > obs.KnockLimit {
		return false
	}
	return p.turn <= p.EarlyTurns || dw <= p.KnockAt || p.LateStock > 0 && obs.StockLen <= p.LateStock
}
