package ginbot

import (
	"math/rand/v2"
	"slices"

	"felt/card"
	"felt/gin"
)

// Normal is a sound heuristic player. It keeps a model of the opponent's
// hand (cards taken from and passed on the discard pile, cards discarded),
// takes a discard only when that lowers its expected deadwood enough,
// discards what leaves the best expected hand after the next draw while
// avoiding cards the opponent could meld, and weighs knocking now against
// playing on for gin.
type Normal struct {
	rng *rand.Rand
	// DangerWeight is the cost, in deadwood points, of feeding the
	// opponent a card it melds for sure.
	DangerWeight float64
	// TakeMargin is how much better (in expected deadwood) the discard must
	// be than a stock draw to take it.
	TakeMargin float64
	// Now is the weight of the deadwood left now against the expected cost
	// after the next draw (1 − Now).
	Now float64
	// Utility values deadwood counts (knock and gin bonuses).
	Utility utility
	// LayP, if set, holds for each card the chance it could be laid off on
	// the opponent's melds; the deadwood kept now is then counted net of
	// it (a card that will be laid off costs little if the opponent
	// knocks).
	LayP *[64]float64
	// KnockMax is the most deadwood it knocks with (at most the limit).
	KnockMax int
	// LateStock: with this many cards or fewer left in the stock it knocks
	// with anything within the limit.
	LateStock int
	// GinChase plays on for gin with deadwood at most this, many outs and
	// a long stock; 0 never does.
	GinChase int

	// model, if set, builds the model of the opponent's hand in place of
	// NewModel.
	model func(o *gin.Observation) Model
	// roll, if set, holds draws sampled for this decision: the hand left
	// by a discard or a take is valued over them instead of the next draw.
	roll *rollouts
}

// NewNormal returns a Normal player.
func NewNormal(rng *rand.Rand) *Normal {
	return &Normal{rng: rng, DangerWeight: 2, TakeMargin: 1, Now: 0.5, Utility: defaultUtility, GinChase: 2, KnockMax: 10}
}

// Name returns "normal".
func (p *Normal) Name() string { return "normal" }

// Act chooses the normal player's action.
func (p *Normal) Act(obs *gin.Observation) gin.Action {
	m := p.newModel(obs)
	switch obs.Phase {
	case gin.UpcardPhase, gin.DealerUpcardPhase, gin.DrawPhase:
		if obs.Phase == gin.DrawPhase && (obs.MustStock || obs.Pile.Len() == 0) {
			return gin.DrawStockAction()
		}
		if p.shouldTake(obs, &m) {
			return gin.TakeDiscardAction()
		}
		if obs.Phase == gin.DrawPhase {
			return gin.DrawStockAction()
		}
		return gin.PassAction()
	case gin.DiscardPhase:
		return p.discard(obs, &m)
	}
	return gin.Action{}
}

func (p *Normal) newModel(obs *gin.Observation) Model {
	if p.model != nil {
		return p.model(obs)
	}
	return NewModel(obs)
}

func (p *Normal) shouldTake(obs *gin.Observation, m *Model) bool {
	return p.takeGain(obs, m) > 0
}

// takeGain is how much better taking the face-up card looks than drawing
// from the stock, beyond TakeMargin: the normal player takes it when this
// is above 0.
func (p *Normal) takeGain(obs *gin.Observation, m *Model) float64 {
	top := obs.Pile.Top()
	if p.roll != nil {
		return p.roll.value(obs.Hand) - (p.roll.takeValue(obs.Hand, top) + p.TakeMargin)
	}
	_, after := bestExcept(obs.Hand.Add(top), top)
	w, sum := stockWeights(m)
	stock := p.Utility.drawValue(obs.Hand, &w, sum, m.Unseen, obs.KnockLimit)
	return stock - (p.Utility.of(after, obs.KnockLimit) + p.TakeMargin)
}

// discardScore is the normal player's cost of discarding c: half the
// deadwood left, half the expected cost after the next draw, plus the
// danger of feeding the opponent.
func (p *Normal) discardScore(obs *gin.Observation, m *Model, c card.Card, w *[64]float64, sum float64) float64 {
	rest := obs.Hand.Remove(c)
	dw := float64(gin.Deadwood(rest))
	if p.LayP != nil {
		a, _ := gin.Melds(rest)
		dw = 0
		for x := range (rest &^ a.Melded()).All {
			dw += float64(gin.Value(x)) * (1 - p.LayP[x])
		}
	}
	var next float64
	if p.roll != nil {
		next = p.roll.value(rest)
	} else {
		next = p.Utility.drawValue(rest, w, sum, m.Unseen, obs.KnockLimit)
	}
	return p.Now*dw + (1-p.Now)*next + p.DangerWeight*m.Danger(c)
}

// scoredDiscard is a possible discard and its discardScore (lower is
// better).
type scoredDiscard struct {
	c card.Card
	s float64
}

// rankDiscards appends to dst the n best discards by discardScore.
func (p *Normal) rankDiscards(obs *gin.Observation, m *Model, dst []gin.Action, n int) []gin.Action {
	var all [12]scoredDiscard
	xs := p.scoreDiscards(obs, m, &all)
	for i := 0; i < n && i < len(xs); i++ {
		dst = append(dst, gin.DiscardAction(xs[i].c))
	}
	return dst
}

// scoreDiscards scores every legal discard into all and returns them best
// first (ties: the higher card first).
func (p *Normal) scoreDiscards(obs *gin.Observation, m *Model, all *[12]scoredDiscard) []scoredDiscard {
	w, sum := stockWeights(m)
	k := 0
	for c := range obs.Hand.All {
		if c != obs.JustTaken && k < len(all) {
			all[k] = scoredDiscard{c, p.discardScore(obs, m, c, &w, sum)}
			k++
		}
	}
	xs := all[:k]
	slices.SortStableFunc(xs, func(a, b scoredDiscard) int {
		switch {
		case a.s < b.s-1e-9:
			return -1
		case a.s > b.s+1e-9:
			return 1
		}
		return gin.Value(b.c) - gin.Value(a.c)
	})
	return xs
}

func (p *Normal) discard(obs *gin.Observation, m *Model) gin.Action {
	hand := obs.Hand
	if obs.Rules.BigGinAllowed() && gin.Deadwood(hand) == 0 {
		return gin.BigGinAction()
	}
	// Knock with the least deadwood we can reach this turn.
	kc, kdw := bestExcept(hand, obs.JustTaken)
	if kdw <= obs.KnockLimit && p.knockNow(obs, hand.Remove(kc), kdw, m) {
		return gin.KnockAction(kc)
	}
	var one [1]gin.Action
	return p.rankDiscards(obs, m, one[:0], 1)[0]
}

// knockNow weighs knocking now against playing on for gin: it plays on
// only with very little deadwood, many outs to gin and a long stock.
func (p *Normal) knockNow(obs *gin.Observation, kept card.Set, dw int, m *Model) bool {
	if dw == 0 {
		return true
	}
	if dw > p.KnockMax && obs.StockLen > p.LateStock {
		return false
	}
	if dw <= p.GinChase && obs.StockLen > 18 && ginOuts(kept, m.Unseen&^m.Known) >= 4 {
		return false
	}
	return true
}
