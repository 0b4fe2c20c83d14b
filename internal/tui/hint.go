package tui

import (
	"felt/card"
	"felt/gin"
	"felt/gin/ginbot"
)

// Hint is what the hint key shows for one decision: every optimal
// arrangement of the person's hand, and what the hard computer player would
// do in the person's place and why. It is computed from the person's
// observation only.
type Hint struct {
	// Deadwood is the hand's least deadwood.
	Deadwood int
	// Arrangements are every arrangement that reaches it, the canonical
	// one first.
	Arrangements []gin.Arrangement
	// Action is the hard player's choice.
	Action gin.Action
	// Top is the discard pile's top card when the choice is a draw.
	Top card.Card

	// For a draw or an upcard decision: Now is the deadwood of the hand as
	// it is; WithTop the least deadwood after taking Top and discarding
	// TopDiscard.
	Now, WithTop int
	// TopDiscard is the discard that goes with taking Top.
	TopDiscard card.Card

	// For a discard or a knock: After is the deadwood left by Action's
	// card, Danger the chance that the opponent could meld that card.
	After  int
	Danger float64
	// Lowest is the discard leaving the least deadwood, LowestAfter.
	Lowest      card.Card
	LowestAfter int
	// Safest is the loose card (in no meld) the opponent is least likely
	// to meld, SafestDanger that chance, SafestAfter the deadwood its
	// discard leaves.
	Safest       card.Card
	SafestDanger float64
	SafestAfter  int
}

// ComputeHint works out the hint for obs, whose seat must be to move. The
// hard player draws its randomness from seed.
func ComputeHint(obs gin.Observation, seed uint64) Hint {
	var h Hint
	h.Deadwood = gin.Deadwood(obs.Hand)
	h.Arrangements, _ = gin.AllMelds(obs.Hand)
	if obs.Turn != obs.Seat || obs.Phase == gin.OverPhase {
		return h
	}
	o := obs
	h.Action = ginbot.NewHard(gin.NewRand(seed)).Act(&o)
	model := ginbot.NewModel(&o)
	switch obs.Phase {
	case gin.UpcardPhase, gin.DealerUpcardPhase, gin.DrawPhase:
		h.Top = obs.Pile.Top()
		h.Now = h.Deadwood
		if h.Top.IsValid() {
			h.TopDiscard, h.WithTop = bestDiscardExcept(obs.Hand.Add(h.Top), h.Top)
		}
	case gin.DiscardPhase:
		c := h.Action.Card
		if h.Action.Kind == gin.Discard || h.Action.Kind == gin.Knock {
			h.After = gin.Deadwood(obs.Hand.Remove(c))
			h.Danger = model.Danger(c)
		}
		h.Lowest, h.LowestAfter = bestDiscardExcept(obs.Hand, obs.JustTaken)
		h.Safest, h.SafestDanger = 0, 2
		a, _ := gin.Melds(obs.Hand)
		loose, _ := a.Deadwood(obs.Hand)
		for x := range loose.All {
			if x == obs.JustTaken {
				continue
			}
			if d := model.Danger(x); d < h.SafestDanger-1e-9 || (d < h.SafestDanger+1e-9 && gin.Value(x) > gin.Value(h.Safest)) {
				h.Safest, h.SafestDanger = x, d
			}
		}
		if h.Safest.IsValid() {
			h.SafestAfter = gin.Deadwood(obs.Hand.Remove(h.Safest))
		}
	}
	return h
}

// bestDiscardExcept returns the discard of hand, other than not, that
// leaves the least deadwood (the highest card on ties), and that deadwood.
func bestDiscardExcept(hand card.Set, not card.Card) (card.Card, int) {
	best, bestDW := card.Card(0), 1<<30
	for c := range hand.All {
		if c == not {
			continue
		}
		d := gin.Deadwood(hand.Remove(c))
		if d < bestDW || (d == bestDW && gin.Value(c) >= gin.Value(best)) {
			best, bestDW = c, d
		}
	}
	return best, bestDW
}
