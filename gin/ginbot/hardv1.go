package ginbot

import (
	"math"
	"math/rand/v2"

	"felt/card"
	"felt/gin"
)

// HardV1 is the hard player as it stood before it learned to read its
// opponent (November 2026), frozen as a fixed opponent for measuring
// later versions: the population's "hard-v1". Its play is pinned by
// TestHardV1_PlaysAsPinned; it shares the belief, the normal player's
// evaluation and the playout policy with Hard, so a change to those that
// would change its play fails that test.
//
// It keeps a particle filter over the opponent's possible hands (Belief: every pass, take, stock draw and
// discard reweights the particles by how likely a sensible player was to
// make it), and from it:
//
//   - plays low: it keeps its deadwood small, counting cards it could lay
//     off on the opponent's likely melds as cheap, and knocks only with gin
//     (or late in a hand), so that an opponent who knocks early is
//     undercut; against the simple player this is worth more than any
//     race to knock;
//   - closes: when a knock wins the game at once in most sampled worlds
//     (ClosingKnock), it knocks;
//   - searches the knock: when it could knock, it samples the hidden cards
//     from the belief, plays knocking and the best discard out in the same
//     worlds with fast policies for both sides, values each outcome by the
//     chance of winning the game from the resulting scores (a match-equity
//     table), and overrules its plan only on a clear advantage (Z standard
//     errors);
//   - draws and discards by the normal player's evaluation (expected
//     deadwood after the next draw, danger of feeding the opponent), with
//     the lay-off discount above.
//
// Searching every draw and discard the same way measured weaker (the
// playouts' noise and bias outweigh what they find), so only the knock is
// searched. The knock's arrangement is left to the rules' automatic
// choice, which already shows the arrangement that leaves the defender the
// most deadwood.
type HardV1 struct {
	rng    *rand.Rand
	normal *Normal
	belief *Belief
	layP   [64]float64

	// Worlds is the number of sampled worlds the knock search plays out:
	// fewer is faster and weaker.
	Worlds int

	cands  []gin.Action
	values []float64 // sum of equity differences against cands[0]
	sq     []float64 // sum of their squares
	cur    []float64
}

// NewHardV1 returns a HardV1 player with the settings it was frozen with.
func NewHardV1(rng *rand.Rand) *HardV1 {
	n := NewNormal(rng)
	n.KnockMax, n.Now, n.DangerWeight = 0, 0.2, 3
	b := NewBelief(rng, 400)
	b.Beta, b.Sharpness, b.Repair = 4, 99, 12
	return &HardV1{rng: rng, normal: n, belief: b, Worlds: 100}
}

// Name returns "hard-v1".
func (p *HardV1) Name() string { return "hard-v1" }

// Act chooses hard-v1's action.
func (p *HardV1) Act(obs *gin.Observation) gin.Action {
	p.belief.Update(obs)
	// Deadwood it could lay off on the opponent's likely melds is cheap.
	p.belief.Layable(v1LayWorlds, &p.layP)
	p.normal.LayP = &p.layP
	if obs.Phase != gin.DiscardPhase {
		return p.normal.Act(obs)
	}
	hand := obs.Hand
	kc, kdw := bestExcept(hand, obs.JustTaken)
	if kdw <= obs.KnockLimit && kdw > 0 && p.closes(obs, hand.Remove(kc)) {
		return gin.KnockAction(kc)
	}
	m := NewModel(obs)
	if obs.Rules.BigGinAllowed() && gin.Deadwood(hand) == 0 {
		return gin.BigGinAction()
	}
	if kdw == 0 {
		return gin.KnockAction(kc) // gin: nothing beats it
	}
	// The normal player's choice first: the search must beat it clearly.
	p.cands = p.cands[:0]
	canKnock := kdw <= obs.KnockLimit
	planKnock := canKnock && p.normal.knockNow(obs, hand.Remove(kc), kdw, &m)
	if planKnock {
		p.cands = append(p.cands, gin.KnockAction(kc))
	}
	p.cands = p.normal.rankDiscards(obs, &m, p.cands, 1)
	if canKnock && !planKnock {
		p.cands = append(p.cands, gin.KnockAction(kc))
	}
	if len(p.cands) == 1 {
		return p.cands[0]
	}
	return p.search(obs)
}

// search plays every candidate out in the same sampled worlds. It returns
// the candidate whose mean equity advantage over the first (the normal
// player's choice) is largest, if that advantage is clear (Z standard
// errors); otherwise the first.
func (p *HardV1) search(obs *gin.Observation) gin.Action {
	eq := EquityFor(obs.Rules.TargetScore)
	n := len(p.cands)
	p.values = append(p.values[:0], make([]float64, n)...)
	p.sq = append(p.sq[:0], make([]float64, n)...)
	p.cur = append(p.cur[:0], make([]float64, n)...)
	me := obs.Seat
	worlds := 0
	for w := 0; w < p.Worlds; w++ {
		opp, stock, ok := p.sample(obs)
		if !ok {
			break
		}
		world, err := gin.Determinize(obs, opp, stock)
		if err != nil {
			break
		}
		for i, a := range p.cands {
			h := world
			if err := h.Apply(me, a); err != nil {
				p.cur[i] = -1
				continue
			}
			p.playout(&h, me)
			p.cur[i] = handEquity(&h, me, obs.Scores, eq)
		}
		for i := 1; i < n; i++ {
			d := p.cur[i] - p.cur[0]
			p.values[i] += d
			p.sq[i] += d * d
		}
		worlds++
	}
	best, bestMean := 0, 0.0
	if worlds < 2 {
		return p.cands[0]
	}
	fw := float64(worlds)
	for i := 1; i < n; i++ {
		mean := p.values[i] / fw
		varc := p.sq[i]/fw - mean*mean
		se := math.Sqrt(math.Max(varc, 0) / (fw - 1))
		if mean > bestMean && mean > v1SearchZ*se {
			best, bestMean = i, mean
		}
	}
	return p.cands[best]
}

// closes reports whether knocking with kept wins the game at once in at
// least v1ClosingShare of the sampled opponent hands.
func (p *HardV1) closes(obs *gin.Observation, kept card.Set) bool {
	need := obs.Rules.TargetScore - obs.Scores[obs.Seat]
	if need > 100 {
		return false // no knock scores that much
	}
	wins := 0
	for range v1ClosingSamples {
		opp := p.belief.Sample()
		sd, err := gin.Settle(obs.Rules, kept, gin.Arrangement{}, opp, obs.KnockLimit, obs.Doubled)
		if err != nil {
			return false
		}
		if sd.KnockerWins && sd.Points >= need {
			wins++
		}
	}
	return float64(wins) >= v1ClosingShare*v1ClosingSamples
}

// sample draws a world: the opponent's hand from the belief, and the
// other unseen cards shuffled into the stock.
func (p *HardV1) sample(obs *gin.Observation) (card.Set, []card.Card, bool) {
	opp := p.belief.Sample()
	stock := (obs.Unseen() &^ opp).Cards()
	if opp.Len() != obs.OpponentCards || len(stock) != obs.StockLen {
		return 0, nil, false
	}
	p.rng.Shuffle(len(stock), func(i, j int) { stock[i], stock[j] = stock[j], stock[i] })
	return opp, stock, true
}

// playout finishes a hand with fast policies for both seats: the
// opponent knocks as soon as it can, the searching seat only with gin
// until the stock is down to v1LateStock cards.
func (p *HardV1) playout(h *gin.Hand, me gin.Seat) {
	for n := 0; n < v1MaxMoves && !h.Over(); n++ {
		seat := h.Turn()
		a := fastPolicy(h, seat)
		if seat == me && a.Kind == gin.Knock && h.StockLen() > v1LateStock && gin.Deadwood(h.Cards(seat).Remove(a.Card)) > 0 {
			a.Kind = gin.Discard
		}
		if err := h.Apply(seat, a); err != nil {
			return
		}
	}
}

// HardV1's settings, as they were when it was frozen.
const (
	v1ClosingShare   = 0.9
	v1ClosingSamples = 64
	v1LayWorlds      = 100
	v1SearchZ        = 2.5
	v1MaxMoves       = 120
	v1LateStock      = 4
)
