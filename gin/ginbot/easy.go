package ginbot

import (
	"math/rand/v2"

	"felt/card"
	"felt/gin"
)

// Easy plays like a beginner: it sees the melds a discard would make only
// some of the time, throws away a loose card now and then instead of the
// best discard, and knocks only with little deadwood.
type Easy struct {
	rng *rand.Rand
	// MissMeld is the chance it overlooks a discard that would meld.
	MissMeld float64
	// Loose is the chance it discards a random unmelded card.
	Loose float64
	// KnockAt is the most deadwood it knocks with.
	KnockAt int
}

// NewEasy returns an Easy player.
func NewEasy(rng *rand.Rand) *Easy { return &Easy{rng: rng, MissMeld: 0.2, Loose: 0.15, KnockAt: 8} }

// Name returns "easy".
func (p *Easy) Name() string { return "easy" }

// Act chooses the easy player's action.
func (p *Easy) Act(obs *gin.Observation) gin.Action {
	switch obs.Phase {
	case gin.UpcardPhase, gin.DealerUpcardPhase, gin.DrawPhase:
		canTake := !(obs.Phase == gin.DrawPhase && (obs.MustStock || obs.Pile.Len() == 0))
		if canTake && WouldMeld(obs.Hand, obs.Pile.Top()) && p.rng.Float64() >= p.MissMeld {
			return gin.TakeDiscardAction()
		}
		if obs.Phase == gin.DrawPhase {
			return gin.DrawStockAction()
		}
		return gin.PassAction()
	case gin.DiscardPhase:
		hand := obs.Hand
		if obs.Rules.BigGinAllowed() && gin.Deadwood(hand) == 0 {
			return gin.BigGinAction()
		}
		c, dw := bestExcept(hand, obs.JustTaken)
		if dw <= min(p.KnockAt, obs.KnockLimit) {
			return gin.KnockAction(c)
		}
		if p.rng.Float64() < p.Loose {
			a, _ := gin.Melds(hand)
			var loose []card.Card
			for x := range (hand &^ a.Melded()).All {
				if x != obs.JustTaken {
					loose = append(loose, x)
				}
			}
			if len(loose) > 0 {
				c = loose[p.rng.IntN(len(loose))]
			}
		}
		return gin.DiscardAction(c)
	}
	return gin.Action{}
}
