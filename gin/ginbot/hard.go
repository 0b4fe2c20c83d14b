package ginbot

import (
	"math"
	"math/rand/v2"

	"felt/card"
	"felt/gin"
)

// Hard is Felt's strongest player. It reads how its opponent knocks
// (OppModel: over the game, the points of each hand tell whether the
// opponent knocked, and with how much, or held a hand it could have
// knocked with), keeps a particle filter over the opponent's possible
// hands (Belief: every pass, take, stock draw and discard reweights the
// particles by how likely a sensible player was to make it, and a hand the
// opponent could have knocked with but did not by how likely its style was
// to knock with it), and from them:
//
//   - plays low: it keeps its deadwood small, counting cards it could lay
//     off on the opponent's likely melds as cheap, and knocks only with gin
//     (or late in a hand), so that an opponent who knocks early is
//     undercut; against the simple player this is worth more than any
//     race to knock;
//   - closes: when a knock wins the game at once in most sampled worlds
//     (ClosingKnock), it knocks;
//   - searches the knock: when it could knock, it samples the hidden cards
//     from the belief and the opponent's knocking style from the model,
//     plays knocking and the best discard out in the same worlds with fast
//     policies for both sides (the opponent knocking as its style does), values each outcome by the
//     chance of winning the game from the resulting scores (a match-equity
//     table), and overrules its plan only on a clear advantage (Z standard
//     errors);
//   - draws and discards by the normal player's evaluation (the deadwood
//     left, danger of feeding the opponent, and, in place of the expected
//     deadwood after the next draw, rollouts: the hand a discard or a take
//     leaves is played through the same sampled stock draws, discarding to
//     the least deadwood, and valued by its deadwood after each draw,
//     later draws weighing less by the chance the opponent, as the model
//     reads it, knocks first), with the lay-off discount above;
//   - searches close discards: when the evaluation scores one of its next
//     best discards (discardCands) within discardGap of its choice, those
//     are played out in the same sampled worlds as the choice, in at
//     least discardMinWorlds worlds and, while some candidate is neither
//     clearly better nor clearly worse, up to discardMaxWorlds; a
//     candidate replaces the choice only on a clear advantage, as in the
//     knock search.
//
// Searching every draw and discard the same way measured weaker (the
// playouts' noise and bias outweigh what they find), so only the knock and
// close discards are searched. The knock's arrangement is left to the
// rules' automatic choice, which already shows the arrangement that leaves
// the defender the most deadwood.
type Hard struct {
	rng    *rand.Rand
	normal *Normal
	belief *Belief
	opp    *OppModel
	layP   [64]float64

	// Worlds is the number of sampled worlds the knock search plays out:
	// fewer is faster and weaker.
	Worlds int

	// Settings varied only by experiments (experiments_test.go); NewHard
	// sets the measured best.
	z      float64  // searchZ
	ownAt  int      // in playouts it knocks with this much deadwood or less, besides late
	kMax   int      // the knock search plays up to this many worlds while undecided
	dK     int      // the discard search weighs the evaluation's dK best discards (< 2: none)
	dGap   float64  // those scored within dGap of its choice
	dMin   int      // in at least dMin worlds
	dMax   int      // and at most dMax, while undecided
	tGap   float64  // a take whose gain is within tGap of nothing is searched too
	roll   rollouts // the evaluation's draws ahead for discards, and takes if roll.take (roll.n 0: one draw, exactly)
	danger [64]float64
	cands  []gin.Action
	values []float64 // sum of equity differences against cands[0]
	sq     []float64 // sum of their squares
	cur    []float64
}

// The hard player's settings, measured best against the simple player
// (gin/ginbot/experiments_test.go, internal/tune).
const (
	// closingShare: knock when, in at least this share of the sampled
	// opponent hands, the knock wins the game at once.
	closingShare = 0.9
	// closingSamples is how many opponent hands that is judged on.
	closingSamples = 64
	// layWorlds is how many sampled opponent hands the lay-off chances
	// come from.
	layWorlds = 100
	// searchZ is how many standard errors the knock search's mean
	// advantage over the normal player's choice must reach to overrule it.
	searchZ = 2.5
	// particles is the size of the belief's particle filter. With 400 it
	// was overconfident where it matters (at hard's knocks against hard-v1
	// it put the undercut chance at 1%; 17% were undercut); 1,600 measured
	// 1 to 2 points better than 400 against hard-v1, gin-hunter and
	// simple, and 3,200 another 2 against hard-v1 (1,000 games each on
	// the same deals).
	particles = 3200
	// maxMoves ends a playout that runs this long as a draw.
	maxMoves = 120
	// lateStock: in its playouts the searching seat knocks only with gin,
	// unless the stock is down to this many cards (then with anything
	// within the limit); the opponent knocks as its sampled style does.
	lateStock = 4
	// discardCands is how many of the evaluation's best discards the
	// discard search weighs, discardGap how close (in the evaluation's
	// points) to its choice one must score to be weighed, and
	// discardMinWorlds and discardMaxWorlds the fewest and most sampled
	// worlds they are played out in: past the fewest, the search stops
	// once every candidate is clearly better or worse than the choice.
	// With the rollouts, weighing the next three within 3 points in 50 to
	// 300 worlds measured 63.1% against hard-v1, the next two within 1.5
	// in 25 to 100 worlds 60.5%, and the next five within 5 in 50 to 400
	// worlds 62.8% (2,000 games each on the tuning deals).
	discardCands, discardGap, discardMinWorlds, discardMaxWorlds = 4, 3, 50, 300
	// rollN is how many sampled draw sequences the rollouts play,
	// rollDepth how many draws each, and rollDecay the weight of each draw
	// against the one before, before the chance that the opponent knocks
	// first. Against hard-v1 on the tuning deals (2,000 games each) the
	// one-draw evaluation won 58.6%; rollouts of 3 to 8 draws, with and
	// without the take, 59.1 to 61.5%, those valuing the take too 60.3 to
	// 61.5%. Knob changes to the one-draw evaluation (gin and knock
	// bonuses, the weight of the deadwood now, danger) measured 58.1 to
	// 59.0%.
	rollN, rollDepth, rollDecay = 200, 5, 0.9
	// searchBatch: a search checks every searchBatch worlds (past its
	// least) whether it has decided.
	searchBatch = 25
)

// NewHard returns a Hard player with the settings measured best against
// hard-v1 and the simple player (gin/ginbot/experiments_test.go,
// internal/tune).
func NewHard(rng *rand.Rand) *Hard {
	n := NewNormal(rng)
	n.KnockMax, n.Now, n.DangerWeight = 0, 0.2, 3
	b := NewBelief(rng, particles)
	b.Beta, b.Sharpness, b.Repair, b.fast = 4, 99, 12, true
	h := &Hard{rng: rng, normal: n, belief: b, opp: NewOppModel(), Worlds: 100, z: searchZ,
		dK: discardCands, dGap: discardGap, dMin: discardMinWorlds, dMax: discardMaxWorlds,
		roll: rollouts{n: rollN, depth: rollDepth, decay: rollDecay, take: true, adapt: true}}
	b.KnockChance = h.opp.KnockChance
	return h
}

// Name returns "hard".
func (p *Hard) Name() string { return "hard" }

// Act chooses the hard player's action.
func (p *Hard) Act(obs *gin.Observation) gin.Action {
	p.opp.Observe(obs)
	a := p.act(obs)
	p.opp.Acted(obs, a)
	return a
}

func (p *Hard) act(obs *gin.Observation) gin.Action {
	p.belief.Update(obs)
	// Deadwood it could lay off on the opponent's likely melds is cheap.
	p.belief.Layable(layWorlds, &p.layP)
	p.normal.LayP = &p.layP
	if obs.Phase != gin.DiscardPhase {
		p.useRollouts(obs, p.roll.take && obs.Pile.Len() > 0)
		a := p.normal.Act(obs)
		if p.tGap > 0 && (a.Kind == gin.TakeDiscard || a.Kind == gin.Pass || a.Kind == gin.DrawStock && !obs.MustStock && obs.Pile.Len() > 0) {
			// A close call between the face-up card and the stock is
			// searched.
			m := p.normal.newModel(obs)
			if math.Abs(p.normal.takeGain(obs, &m)) < p.tGap {
				other := gin.TakeDiscardAction()
				switch {
				case a.Kind == gin.TakeDiscard && obs.Phase == gin.DrawPhase:
					other = gin.DrawStockAction()
				case a.Kind == gin.TakeDiscard:
					other = gin.PassAction()
				}
				p.cands = append(p.cands[:0], a, other)
				return p.search(obs, p.dMin, p.dMax)
			}
		}
		return a
	}
	hand := obs.Hand
	kc, kdw := bestExcept(hand, obs.JustTaken)
	if kdw <= obs.KnockLimit && kdw > 0 && p.closes(obs, hand.Remove(kc)) {
		return gin.KnockAction(kc)
	}
	m := p.normal.newModel(obs)
	p.useRollouts(obs, true)
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
	var all [12]scoredDiscard
	xs := p.normal.scoreDiscards(obs, &m, &all)
	p.cands = append(p.cands, gin.DiscardAction(xs[0].c))
	if canKnock && !planKnock {
		p.cands = append(p.cands, gin.KnockAction(kc))
	}
	minW, maxW := p.Worlds, max(p.Worlds, p.kMax)
	if p.dK > 1 {
		// Close discards: those the evaluation scores within dGap of its
		// choice are searched too.
		n := len(p.cands)
		for _, x := range xs[1:min(len(xs), p.dK)] {
			if x.s-xs[0].s < p.dGap {
				p.cands = append(p.cands, gin.DiscardAction(x.c))
			}
		}
		if len(p.cands) > n && !canKnock {
			minW, maxW = p.dMin, p.dMax
		}
	}
	if len(p.cands) == 1 {
		return p.cands[0]
	}
	return p.search(obs, minW, maxW)
}

// useRollouts has the normal player's evaluation value hands by rollouts
// sampled afresh for this decision, if want and they are on (roll.n > 0),
// and by the one-draw expectation otherwise.
func (p *Hard) useRollouts(obs *gin.Observation, want bool) {
	p.normal.roll = nil
	if want && p.roll.n > 0 && p.roll.sample(p.rng, p.belief, obs, p.normal.Utility) {
		p.normal.roll = &p.roll
	}
}

// search plays every candidate out in the same sampled worlds, at least
// minW of them and, while some candidate's advantage over the first is
// within Z standard errors of nothing, up to maxW. It returns the
// candidate whose mean equity advantage over the first (the normal
// player's choice) is largest, if that advantage is clear (Z standard
// errors); otherwise the first.
func (p *Hard) search(obs *gin.Observation, minW, maxW int) gin.Action {
	eq := EquityFor(obs.Rules.TargetScore)
	n := len(p.cands)
	p.values = append(p.values[:0], make([]float64, n)...)
	p.sq = append(p.sq[:0], make([]float64, n)...)
	p.cur = append(p.cur[:0], make([]float64, n)...)
	me := obs.Seat
	worlds := 0
	for w := 0; w < maxW; w++ {
		if worlds >= minW && worlds%searchBatch == 0 && p.decided(worlds) {
			break
		}
		opp, stock, ok := p.sample(obs)
		if !ok {
			break
		}
		style := p.opp.sampleStyle(p.rng)
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
			p.playout(&h, me, style)
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
	for i := 1; i < n; i++ {
		mean, se := p.advantage(i, worlds)
		if mean > bestMean && mean > p.z*se {
			best, bestMean = i, mean
		}
	}
	return p.cands[best]
}

// advantage returns candidate i's mean equity advantage over the first
// after worlds sampled worlds, and its standard error.
func (p *Hard) advantage(i, worlds int) (mean, se float64) {
	fw := float64(worlds)
	mean = p.values[i] / fw
	varc := p.sq[i]/fw - mean*mean
	return mean, math.Sqrt(math.Max(varc, 0) / (fw - 1))
}

// decided reports whether every candidate's advantage over the first is
// clear one way or the other (Z standard errors).
func (p *Hard) decided(worlds int) bool {
	if worlds < 2 {
		return false
	}
	for i := 1; i < len(p.cands); i++ {
		if mean, se := p.advantage(i, worlds); math.Abs(mean) <= p.z*se {
			return false
		}
	}
	return true
}

// partModel is the model of the opponent's hand refined by the belief's
// particles (Belief.FromParticles).
func (p *Hard) partModel(o *gin.Observation) Model {
	m := NewModel(o)
	p.belief.FromParticles(&m, o.Hand, &p.danger)
	return m
}

// closes reports whether knocking with kept wins the game at once in at
// least closingShare of the sampled opponent hands.
func (p *Hard) closes(obs *gin.Observation, kept card.Set) bool {
	need := obs.Rules.TargetScore - obs.Scores[obs.Seat]
	if need > 100 {
		return false // no knock scores that much
	}
	wins := 0
	for range closingSamples {
		opp := p.belief.Sample()
		sd, err := gin.Settle(obs.Rules, kept, gin.Arrangement{}, opp, obs.KnockLimit, obs.Doubled)
		if err != nil {
			return false
		}
		if sd.KnockerWins && sd.Points >= need {
			wins++
		}
	}
	return float64(wins) >= closingShare*closingSamples
}

// handEquity values a finished (or abandoned) playout: the chance of
// winning the game from the scores it leads to.
func handEquity(h *gin.Hand, me gin.Seat, scores [2]int, eq *Equity) float64 {
	mine, theirs := scores[me], scores[me.Other()]
	if !h.Over() {
		return eq.At(mine, theirs)
	}
	r := h.Result()
	switch {
	case r.Kind == gin.DrawResult:
	case r.Winner == me:
		mine += r.Points
	default:
		theirs += r.Points
	}
	return eq.At(mine, theirs)
}

// sample draws a world: the opponent's hand from the belief, and the
// other unseen cards shuffled into the stock.
func (p *Hard) sample(obs *gin.Observation) (card.Set, []card.Card, bool) {
	opp := p.belief.Sample()
	stock := (obs.Unseen() &^ opp).Cards()
	if opp.Len() != obs.OpponentCards || len(stock) != obs.StockLen {
		return 0, nil, false
	}
	p.rng.Shuffle(len(stock), func(i, j int) { stock[i], stock[j] = stock[j], stock[i] })
	return opp, stock, true
}

// playout finishes a hand with fast policies for both seats: the
// opponent knocks as its sampled style does, the searching seat only with
// gin until the stock is down to lateStock cards.
func (p *Hard) playout(h *gin.Hand, me gin.Seat, style knockStyle) {
	turn := p.opp.Turns()
	for n := 0; n < maxMoves && !h.Over(); n++ {
		seat := h.Turn()
		a := fastPolicy(h, seat)
		if a.Kind == gin.Knock {
			dw := gin.Deadwood(h.Cards(seat).Remove(a.Card))
			if seat == me && h.StockLen() > lateStock && dw > p.ownAt {
				a.Kind = gin.Discard
			}
			if seat != me && dw > 0 && !style.knocks(dw, turn+1, h.StockLen(), h.KnockLimit()) {
				a.Kind = gin.Discard
			}
		}
		if seat != me && h.Phase() == gin.DiscardPhase {
			turn++
		}
		if err := h.Apply(seat, a); err != nil {
			return
		}
	}
}

// fastPolicy is the playout policy: take a discard that melds, discard to
// the least deadwood (the highest card on ties), knock as soon as allowed.
func fastPolicy(h *gin.Hand, seat gin.Seat) gin.Action {
	hand := h.Cards(seat)
	switch h.Phase() {
	case gin.UpcardPhase, gin.DealerUpcardPhase:
		if WouldMeld(hand, h.Pile().Top()) {
			return gin.TakeDiscardAction()
		}
		return gin.PassAction()
	case gin.DrawPhase:
		if !h.MustDrawStock() && h.Pile().Len() > 0 && WouldMeld(hand, h.Pile().Top()) {
			return gin.TakeDiscardAction()
		}
		return gin.DrawStockAction()
	case gin.DiscardPhase:
		c, dw := bestExcept(hand, h.JustTaken())
		if dw <= h.KnockLimit() {
			return gin.KnockAction(c)
		}
		return gin.DiscardAction(c)
	}
	return gin.Action{}
}
