package ginbot

import (
	"math"
	"math/rand/v2"

	"felt/card"
	"felt/gin"
)

// Hard is Felt's strongest player. It keeps a particle filter over the
// opponent's possible hands (Belief: every pass, take, stock draw and
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
// Searching every draw and discard the same way is available
// (SearchDraws, KnockOnly false) but measured weaker: the playouts' noise
// and bias outweigh what they find. The knock's arrangement is left to the
// rules' automatic choice, which already shows the arrangement that leaves
// the defender the most deadwood.
type Hard struct {
	rng    *rand.Rand
	normal *Normal
	// Worlds is the number of sampled worlds a decision plays out.
	Worlds int
	// Discards is how many of the best-looking discards are searched.
	Discards int
	// MaxMoves ends a playout that runs this long as a draw.
	MaxMoves int
	// KnockOnly searches only whether to knock, not which card to discard.
	KnockOnly bool
	// KnockWorlds, if set, is the number of worlds for a decision where
	// knocking is possible (the decisions that matter most).
	KnockWorlds int
	// OwnKnockMax is the most deadwood the searching seat knocks with in
	// its playouts (with a stock of LateStock or fewer, anything within the
	// limit); the opponent's playouts knock as soon as they can.
	OwnKnockMax, LateStock int
	// LayAware counts the deadwood it keeps net of the cards likely to be
	// laid off on the opponent's melds.
	LayAware bool
	layP     [64]float64
	// ClosingKnock: knock when, in at least this share of the sampled
	// opponent hands, the knock wins the game at once (0 turns it off).
	ClosingKnock float64
	// AdaptiveNow weighs the deadwood kept now more heavily (up to NowHigh
	// from NowLow) the likelier the opponent is to knock next turn, when an
	// undercut needs low deadwood at once.
	AdaptiveNow     bool
	NowLow, NowHigh float64
	// AlwaysKnockAt: with this much deadwood or more (within the limit)
	// it knocks without searching.
	AlwaysKnockAt int
	// KnockAlternatives is how many other knocking discards are searched.
	KnockAlternatives int
	// Own picks the searching seat's playout policy: 0 fast, 1 mid, 2 the
	// normal player (slow).
	Own int
	// SearchDraws and SearchDiscards turn the search on for each kind of
	// decision; otherwise the normal player decides.
	SearchDraws, SearchDiscards bool
	// Tries and Reject shape the sampling of the opponent's hand: up to
	// Tries draws, each kept with probability Reject^contradictions.
	Tries  int
	Reject float64
	// Z is how many standard errors a candidate's mean advantage over the
	// normal player's choice must reach for the search to overrule it.
	Z float64

	belief *Belief
	// UseBelief samples the opponent's hand from the particle filter
	// instead of the card-by-card model.
	UseBelief bool
	// BeliefDanger uses the particle filter's card probabilities in the
	// model that ranks discards.
	BeliefDanger bool

	cands  []gin.Action
	values []float64 // sum of equity differences against cands[0]
	sq     []float64 // sum of their squares
	cur    []float64
	pool   []card.Card
	weight []float64
}

// NewHard returns a Hard player with the settings measured best against
// the simple player (see the package documentation and internal/tune).
func NewHard(rng *rand.Rand) *Hard {
	n := NewNormal(rng)
	n.KnockMax, n.Now, n.DangerWeight = 0, 0.2, 3
	b := NewBelief(rng, 400)
	b.Beta, b.Sharpness, b.Repair = 4, 99, 12
	return &Hard{rng: rng, normal: n, belief: b, UseBelief: true, LayAware: true,
		Worlds: 100, Discards: 4, MaxMoves: 120, OwnKnockMax: 0, LateStock: 4,
		SearchDiscards: true, KnockOnly: true, Z: 2.5, Tries: 8, Reject: 0.3,
		ClosingKnock: 0.9, AlwaysKnockAt: 99}
}

// Name returns "hard".
func (p *Hard) Name() string { return "hard" }

// Act chooses the hard player's action.
func (p *Hard) Act(obs *gin.Observation) gin.Action {
	if p.UseBelief {
		p.belief.Update(obs)
		if p.LayAware {
			p.belief.Layable(100, &p.layP)
			p.normal.LayP = &p.layP
		}
		if p.AdaptiveNow {
			k := p.belief.KnockSoon(obs, 64)
			p.normal.Now = p.NowLow + (p.NowHigh-p.NowLow)*k
		}
	}
	if obs.Phase == gin.DiscardPhase && p.ClosingKnock > 0 && p.UseBelief {
		kc, kdw := bestExcept(obs.Hand, obs.JustTaken)
		if kdw <= obs.KnockLimit && kdw > 0 && p.closes(obs, obs.Hand.Remove(kc)) {
			return gin.KnockAction(kc)
		}
	}
	if obs.Phase == gin.DiscardPhase && !p.SearchDiscards || obs.Phase != gin.DiscardPhase && !p.SearchDraws {
		return p.normal.Act(obs)
	}
	m := NewModel(obs)
	if p.UseBelief && p.BeliefDanger {
		for c := range m.Unseen.All {
			m.P[c] = p.belief.Prob(c)
		}
	}
	p.cands = p.cands[:0]
	switch obs.Phase {
	case gin.UpcardPhase, gin.DealerUpcardPhase, gin.DrawPhase:
		if obs.Phase == gin.DrawPhase && (obs.MustStock || obs.Pile.Len() == 0) {
			return gin.DrawStockAction()
		}
		// The normal player's choice first: it wins ties.
		leave := gin.PassAction()
		if obs.Phase == gin.DrawPhase {
			leave = gin.DrawStockAction()
		}
		if p.normal.shouldTake(obs, &m) {
			p.cands = append(p.cands, gin.TakeDiscardAction(), leave)
		} else {
			p.cands = append(p.cands, leave, gin.TakeDiscardAction())
		}
	case gin.DiscardPhase:
		hand := obs.Hand
		if obs.Rules.BigGinAllowed() && gin.Deadwood(hand) == 0 {
			return gin.BigGinAction()
		}
		kc, kdw := bestExcept(hand, obs.JustTaken)
		if kdw == 0 {
			return gin.KnockAction(kc) // gin: nothing beats it
		}
		// The normal player's choice first: the search must beat it clearly.
		knock := kdw <= obs.KnockLimit
		if knock && p.normal.knockNow(obs, hand.Remove(kc), kdw, &m) {
			if kdw >= p.AlwaysKnockAt {
				return gin.KnockAction(kc)
			}
			p.cands = append(p.cands, gin.KnockAction(kc))
			knock = false
		}
		nd := p.Discards
		if p.KnockOnly {
			nd = 1
		}
		p.cands = p.normal.rankDiscards(obs, &m, p.cands, nd)
		if knock {
			p.cands = append(p.cands, gin.KnockAction(kc))
		}
		if kdw <= obs.KnockLimit {
			// Other knocks: a different face-down discard shows other melds.
			extra := 0
			for c := range hand.All {
				if extra >= p.KnockAlternatives || c == kc || c == obs.JustTaken {
					continue
				}
				if gin.Deadwood(hand.Remove(c)) <= obs.KnockLimit {
					p.cands = append(p.cands, gin.KnockAction(c))
					extra++
				}
			}
		}
		if kdw <= obs.KnockLimit && p.KnockWorlds > 0 {
			worlds := p.Worlds
			p.Worlds = p.KnockWorlds
			defer func() { p.Worlds = worlds }()
		}
	default:
		return gin.Action{}
	}
	if len(p.cands) == 1 {
		return p.cands[0]
	}
	return p.search(obs, &m)
}

// search plays every candidate out in the same sampled worlds. It returns
// the candidate whose mean equity advantage over the first (the normal
// player's choice) is largest, if that advantage is clear (Z standard
// errors); otherwise the first.
func (p *Hard) search(obs *gin.Observation, m *Model) gin.Action {
	eq := EquityFor(obs.Rules.TargetScore)
	n := len(p.cands)
	p.values = append(p.values[:0], make([]float64, n)...)
	p.sq = append(p.sq[:0], make([]float64, n)...)
	p.cur = append(p.cur[:0], make([]float64, n)...)
	me := obs.Seat
	worlds := 0
	for w := 0; w < p.Worlds; w++ {
		opp, stock, ok := p.sample(obs, m)
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
			p.playout(&h, me, m)
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
		if mean > bestMean && mean > p.Z*se {
			best, bestMean = i, mean
		}
	}
	return p.cands[best]
}

// closes reports whether knocking with kept wins the game
// at once in at least ClosingKnock of the sampled opponent hands.
func (p *Hard) closes(obs *gin.Observation, kept card.Set) bool {
	need := obs.Rules.TargetScore - obs.Scores[obs.Seat]
	if need > 100 {
		return false // no knock scores that much
	}
	const samples = 64
	wins := 0
	for i := 0; i < samples; i++ {
		opp := p.belief.Sample()
		sd, err := gin.Settle(obs.Rules, kept, gin.Arrangement{}, opp, obs.KnockLimit, obs.Doubled)
		if err != nil {
			return false
		}
		if sd.KnockerWins && sd.Points >= need {
			wins++
		}
	}
	return float64(wins) >= p.ClosingKnock*samples
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

// sample draws the opponent's unknown cards (weighted by the model, and
// re-drawn a few times when they contradict what the opponent did) and
// shuffles the rest into the stock.
func (p *Hard) sample(obs *gin.Observation, m *Model) (card.Set, []card.Card, bool) {
	if p.UseBelief {
		opp := p.belief.Sample()
		stock := (m.Unseen &^ opp).Cards()
		if opp.Len() != obs.OpponentCards || len(stock) != obs.StockLen {
			return 0, nil, false
		}
		p.rng.Shuffle(len(stock), func(i, j int) { stock[i], stock[j] = stock[j], stock[i] })
		return opp, stock, true
	}
	pool := m.Unseen &^ m.Known
	k := m.Unknown
	if k < 0 || pool.Len() < k || pool.Len()-k != obs.StockLen {
		return 0, nil, false
	}
	var best card.Set
	bestBad := 1 << 30
	for try := 0; try < p.Tries; try++ {
		p.pool = pool.AppendCards(p.pool[:0])
		p.weight = p.weight[:0]
		total := 0.0
		for _, c := range p.pool {
			w := m.P[c]
			if w <= 0 {
				w = 1e-6
			}
			p.weight = append(p.weight, w)
			total += w
		}
		hand := m.Known
		for n := 0; n < k; n++ {
			r := p.rng.Float64() * total
			i := 0
			for ; i < len(p.pool)-1 && r >= p.weight[i]; i++ {
				r -= p.weight[i]
			}
			hand = hand.Add(p.pool[i])
			total -= p.weight[i]
			p.pool[i], p.weight[i] = p.pool[len(p.pool)-1], p.weight[len(p.weight)-1]
			p.pool, p.weight = p.pool[:len(p.pool)-1], p.weight[:len(p.weight)-1]
		}
		bad := contradictions(obs, hand)
		// Most players knock when they can: a hand the opponent could have
		// knocked with at its last discard is unlikely.
		if obs.OpponentDiscarded != 0 && gin.Deadwood(hand) <= obs.KnockLimit {
			bad += 2
		}
		if bad < bestBad {
			best, bestBad = hand, bad
		}
		acc := 1.0
		for i := 0; i < bad; i++ {
			acc *= p.Reject
		}
		if p.rng.Float64() < acc {
			best = hand
			break
		}
	}
	stock := (pool &^ best).Cards()
	p.rng.Shuffle(len(stock), func(i, j int) { stock[i], stock[j] = stock[j], stock[i] })
	return best, stock, true
}

// contradictions counts the opponent's visible choices that a hand makes
// unlikely: a card it passed on that would have melded with it, a card it
// discarded that sat in a meld of it.
func contradictions(obs *gin.Observation, hand card.Set) int {
	n := 0
	for c := range (obs.OpponentPassed &^ obs.OpponentTook).All {
		if WouldMeld(hand, c) {
			n++
		}
	}
	for c := range obs.OpponentDiscarded.All {
		if WouldMeld(hand, c) {
			n++
		}
	}
	return n
}

// playout finishes a hand with fast policies for both seats (the
// searching seat's own policy set by Own).
func (p *Hard) playout(h *gin.Hand, me gin.Seat, m *Model) {
	for n := 0; n < p.MaxMoves && !h.Over(); n++ {
		seat := h.Turn()
		var a gin.Action
		switch {
		case seat == me && p.Own == 1:
			a = midPolicy(h, seat, m)
		case seat == me && p.Own == 2:
			o := h.Observe(seat)
			o.Scores = [2]int{}
			a = p.normal.Act(&o)
		case seat == me:
			a = fastPolicy(h, seat)
			if a.Kind == gin.Knock && h.StockLen() > p.LateStock && gin.Deadwood(h.Cards(seat).Remove(a.Card)) > p.OwnKnockMax {
				a.Kind = gin.Discard
			}
		default:
			a = fastPolicy(h, seat)
		}
		if err := h.Apply(seat, a); err != nil {
			return
		}
	}
}

// midPolicy is a playout policy a little smarter than fastPolicy: it also
// takes a discard that cuts its deadwood by 5 or more, and among discards
// within one point of the least deadwood it throws the one the opponent is
// least likely to meld.
func midPolicy(h *gin.Hand, seat gin.Seat, m *Model) gin.Action {
	hand := h.Cards(seat)
	switch h.Phase() {
	case gin.UpcardPhase, gin.DealerUpcardPhase, gin.DrawPhase:
		canTake := h.Phase() != gin.DrawPhase || !h.MustDrawStock() && h.Pile().Len() > 0
		if canTake {
			top := h.Pile().Top()
			if WouldMeld(hand, top) {
				return gin.TakeDiscardAction()
			}
			if _, after := bestExcept(hand.Add(top), top); after <= gin.Deadwood(hand)-5 {
				return gin.TakeDiscardAction()
			}
		}
		if h.Phase() == gin.DrawPhase {
			return gin.DrawStockAction()
		}
		return gin.PassAction()
	case gin.DiscardPhase:
		c, dw := bestExcept(hand, h.JustTaken())
		if dw <= h.KnockLimit() {
			return gin.KnockAction(c)
		}
		bestDanger := m.Danger(c)
		for x := range hand.All {
			if x == h.JustTaken() || x == c {
				continue
			}
			if d := gin.Deadwood(hand.Remove(x)); d <= dw+1 {
				if dg := m.Danger(x); dg < bestDanger-0.05 {
					c, bestDanger = x, dg
				}
			}
		}
		return gin.DiscardAction(c)
	}
	return gin.Action{}
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
