package ginbot

import (
	"math"
	"math/rand/v2"
	"slices"

	"felt/card"
	"felt/gin"
)

// Belief tracks the opponent's possible hands through a hand with a
// particle filter. Each particle is one hand the opponent might hold; the
// opponent's visible moves reweight them by how likely a sensible player
// would have made them with that hand:
//
//   - it takes a card from the pile (the upcard included) mostly when the
//     card melds with its hand, and passes it mostly when it does not;
//   - it discards mostly a card that leaves the least deadwood;
//   - it knocks mostly as soon as it can, so a hand it could have knocked
//     with, but did not, is unlikely.
//
// Stock draws are played forward by drawing a random card the observer
// cannot see. Particles are resampled when their weights grow uneven.
type Belief struct {
	// Sharpness says how strongly the opponent is assumed to follow the
	// rules of thumb above: the chance of going against one is
	// 1/(1+Sharpness).
	Sharpness float64
	// Beta is how sharply discards that keep more deadwood lose weight.
	Beta float64
	// Repair is how many times a particle that would have discarded
	// something else redraws that card (0: never).
	Repair int
	// KnockChance, if set, gives the chance that the opponent knocks with
	// dw deadwood on its turn-th turn of the hand; a particle that could
	// have knocked but did not then loses weight by that chance (unset:
	// the opponent is assumed to knock whenever it can).
	KnockChance func(dw, turn, stock, limit int) float64

	// fast makes Sample find a particle by bisecting the running sums of
	// the weights (built once after each Update) instead of walking them.
	fast bool
	cum  []float64 // the running sums, when built

	rng   *rand.Rand
	hand  int
	seen  bool
	turns int // the opponent's discards this hand
	parts []card.Set
	drawn []card.Card // each particle's card drawn from the stock this turn
	w     []float64
	pool  []card.Card
	next  []card.Set
}

// NewBelief returns a belief with n particles.
func NewBelief(rng *rand.Rand, n int) *Belief {
	return &Belief{rng: rng, Sharpness: 19, Beta: 1.5, parts: make([]card.Set, n), drawn: make([]card.Card, n), w: make([]float64, n)}
}

// Update brings the belief up to the observation: a new hand resets it,
// then the opponent's moves since the seat's last action are applied in
// order and every particle is made consistent with what the seat sees.
func (b *Belief) Update(o *gin.Observation) {
	if !b.seen || o.HandNumber != b.hand {
		b.reset(o)
	}
	ms := o.OpponentMoves
	// A card discarded in these moves was unseen when the stock was drawn
	// (it may be the card drawn).
	var later card.Set
	for i := 0; i < ms.Len(); i++ {
		if m := ms.At(i); m.Kind == gin.Discard {
			later = later.Add(m.Card)
		}
	}
	for i := 0; i < ms.Len(); i++ {
		b.apply(o, ms.At(i), later)
	}
	b.repair(o)
	b.resampleIfUneven()
	b.cum = b.cum[:0]
}

func (b *Belief) reset(o *gin.Observation) {
	b.seen, b.hand, b.turns = true, o.HandNumber, 0
	// At a seat's first decision of a hand it has not acted: its hand is as
	// dealt. The opponent's ten came from the cards it cannot see and the
	// upcard is not among them (unless the opponent took it, a move still
	// to be applied).
	pool := card.FullSet &^ o.Hand &^ card.Bit(o.Upcard)
	b.pool = pool.AppendCards(b.pool[:0])
	for i := range b.parts {
		b.parts[i] = b.draw(0, 10)
		b.w[i] = 1
	}
}

// draw adds k random cards from b.pool (not already in s) to s.
func (b *Belief) draw(s card.Set, k int) card.Set {
	for k > 0 && len(b.pool) > s.Len() {
		c := b.pool[b.rng.IntN(len(b.pool))]
		if !s.Has(c) {
			s = s.Add(c)
			k--
		}
	}
	return s
}

func (b *Belief) rule(ok bool) float64 {
	if ok {
		return 1
	}
	return 1 / (1 + b.Sharpness)
}

func (b *Belief) apply(o *gin.Observation, m gin.Move, later card.Set) {
	unseen := o.Unseen() | later
	switch m.Kind {
	case gin.Pass:
		for i, h := range b.parts {
			b.w[i] *= b.rule(!WouldMeld(h, m.Card))
		}
	case gin.TakeDiscard:
		for i, h := range b.parts {
			b.w[i] *= b.rule(WouldMeld(h, m.Card))
			b.parts[i] = h.Add(m.Card)
			b.drawn[i] = 0
		}
	case gin.DrawStock:
		// The pile's top was passed on (unless the draw was forced).
		top := m.Declined
		b.pool = unseen.AppendCards(b.pool[:0])
		for i, h := range b.parts {
			if top != 0 && !h.Has(top) {
				b.w[i] *= b.rule(!WouldMeld(h, top))
			}
			nh := b.draw(h, 1)
			b.drawn[i] = randomCard(b.rng, nh&^h)
			b.parts[i] = nh
		}
	case gin.Discard:
		b.turns++
		var chance [11]float64 // by deadwood, when KnockChance is set
		if b.KnockChance != nil {
			for dw := 0; dw <= min(o.KnockLimit, 10); dw++ {
				chance[dw] = b.KnockChance(dw, b.turns, o.StockLen, o.KnockLimit)
			}
		}
		for i, h := range b.parts {
			if !h.Has(m.Card) {
				// The card must have been in the hand. If the opponent drew
				// from the stock, the hypothesis is that it drew this very
				// card (a chance of one in the cards unseen); otherwise the
				// particle was wrong and is patched.
				b.w[i] *= 1 / float64(max(1, unseen.Len()))
				if d := b.drawn[i]; d != 0 && h.Has(d) {
					h = h.Remove(d).Add(m.Card)
				} else {
					b.w[i] *= 1 / (1 + b.Sharpness)
					h = swapIn(b.rng, h, m.Card, o.OpponentTook)
				}
			}
			b.drawn[i] = 0
			// Guided repair: a card the particle would rather have thrown
			// than this one was, most likely, never in the opponent's hand;
			// redraw it (a few times at most).
			if b.Repair > 0 {
				b.pool = unseen.AppendCards(b.pool[:0])
			}
			for try := 0; try < b.Repair; try++ {
				d, best := gin.BestDiscard(h)
				if d == m.Card || gin.Deadwood(h.Remove(m.Card)) <= best || o.OpponentTook.Has(d) {
					break
				}
				nh := b.draw(h.Remove(d), 1)
				if nh.Len() != h.Len() || nh.Has(d) {
					break
				}
				h = nh
			}
			_, best := gin.BestDiscard(h)
			rest := h.Remove(m.Card)
			dw := gin.Deadwood(rest)
			b.w[i] *= math.Exp(-b.Beta * float64(dw-best))
			if dw <= o.KnockLimit { // it could have knocked
				if b.KnockChance != nil {
					c := chance[min(dw, 10)]
					b.w[i] *= c*b.rule(false) + 1 - c
				} else {
					b.w[i] *= b.rule(false)
				}
			}
			b.parts[i] = rest
		}
	}
	b.normalize()
}

// swapIn returns h with c replacing a random card not in keep.
func swapIn(rng *rand.Rand, h card.Set, c card.Card, keep card.Set) card.Set {
	cands := h &^ keep
	n := cands.Len()
	if n == 0 {
		return h.Add(c)
	}
	k := rng.IntN(n)
	for x := range cands.All {
		if k == 0 {
			return h.Remove(x).Add(c)
		}
		k--
	}
	return h.Add(c)
}

// repair makes every particle fit the observation: it holds the cards the
// opponent is known to hold, no card the seat can see, and the right count.
func (b *Belief) repair(o *gin.Observation) {
	allowed := o.Unseen() | o.OpponentTook
	b.pool = (o.Unseen() &^ o.OpponentTook).AppendCards(b.pool[:0])
	for i, h := range b.parts {
		h = (h & allowed) | o.OpponentTook
		for h.Len() > o.OpponentCards {
			h = h.Remove(randomCard(b.rng, h&^o.OpponentTook))
		}
		if h.Len() < o.OpponentCards {
			h = b.draw(h, o.OpponentCards-h.Len())
		}
		b.parts[i] = h
	}
}

func randomCard(rng *rand.Rand, s card.Set) card.Card {
	n := s.Len()
	if n == 0 {
		return 0
	}
	k := rng.IntN(n)
	for x := range s.All {
		if k == 0 {
			return x
		}
		k--
	}
	return 0
}

func (b *Belief) normalize() {
	var sum float64
	for _, w := range b.w {
		sum += w
	}
	if sum <= 0 || math.IsNaN(sum) {
		for i := range b.w {
			b.w[i] = 1
		}
		return
	}
	for i := range b.w {
		b.w[i] /= sum
	}
}

// resampleIfUneven resamples (systematically) when the effective number
// of particles falls below half.
func (b *Belief) resampleIfUneven() {
	b.normalize()
	var ss float64
	for _, w := range b.w {
		ss += w * w
	}
	n := len(b.parts)
	if 1/ss >= float64(n)/2 {
		return
	}
	b.next = b.next[:0]
	u := b.rng.Float64() / float64(n)
	acc, j := b.w[0], 0
	for i := 0; i < n; i++ {
		x := u + float64(i)/float64(n)
		for x > acc && j < n-1 {
			j++
			acc += b.w[j]
		}
		b.next = append(b.next, b.parts[j])
	}
	copy(b.parts, b.next)
	for i := range b.w {
		b.w[i] = 1 / float64(n)
	}
}

// Sample returns one of the opponent's possible hands, drawn by weight.
func (b *Belief) Sample() card.Set {
	x := b.rng.Float64()
	if b.fast {
		if len(b.cum) != len(b.w) {
			b.cum = b.cum[:0]
			var acc float64
			for _, w := range b.w {
				acc += w
				b.cum = append(b.cum, acc)
			}
		}
		i, _ := slices.BinarySearch(b.cum, x)
		return b.parts[min(i, len(b.parts)-1)]
	}
	for i, w := range b.w {
		x -= w
		if x <= 0 {
			return b.parts[i]
		}
	}
	return b.parts[len(b.parts)-1]
}

// Prob returns the belief's probability that the opponent holds c.
func (b *Belief) Prob(c card.Card) float64 {
	var p float64
	for i, h := range b.parts {
		if h.Has(c) {
			p += b.w[i]
		}
	}
	return p
}

// Layable estimates, for every card, the chance that it could be laid off
// on the opponent's melds if the opponent knocked: over sampled particles,
// the fourth card of a three-card set or a card extending a run at either
// end.
func (b *Belief) Layable(samples int, out *[64]float64) {
	*out = [64]float64{}
	for i := 0; i < samples; i++ {
		h := b.Sample()
		a, err := gin.Melds(h)
		if err != nil {
			continue
		}
		var lay card.Set
		for j := 0; j < a.Len(); j++ {
			m := a.Meld(j).Set()
			cs := m.Cards()
			switch a.Meld(j).Kind() {
			case gin.SetMeld:
				if len(cs) == 3 {
					for s := card.Suit(0); s < card.NumSuits; s++ {
						lay = lay.Add(card.New(cs[0].Rank(), s))
					}
				}
			case gin.RunMeld:
				lo, hi := cs[0], cs[len(cs)-1]
				if lo.Rank() > card.Ace {
					lay = lay.Add(card.New(lo.Rank()-1, lo.Suit()))
				}
				if hi.Rank() < card.King {
					lay = lay.Add(card.New(hi.Rank()+1, hi.Suit()))
				}
			}
		}
		lay &^= h
		for c := range lay.All {
			out[c]++
		}
	}
	for c := range out {
		out[c] /= float64(samples)
	}
}

// FromParticles refines m (built from the same observation) with the
// particles: each unseen card's chance of being in the opponent's hand is
// its weight among them, and the danger of a card (that it melds with the
// opponent's hand, WouldMeld) is counted over whole hands, which sees that
// two cards are held together, where the model's per-card chances cannot.
// Dangers are worked out for the cards of hand, the seat's possible
// discards, and kept in danger.
func (b *Belief) FromParticles(m *Model, hand card.Set, danger *[64]float64) {
	var p [64]float64
	for i, h := range b.parts {
		w := b.w[i]
		for c := range h.All {
			p[c] += w
		}
	}
	for c := range m.Unseen.All {
		m.P[c] = min(p[c], 1)
	}
	for c := range m.Known.All {
		m.P[c] = 1
	}
	*danger = [64]float64{}
	for c := range hand.All {
		var d float64
		for i, h := range b.parts {
			if WouldMeld(h, c) {
				d += b.w[i]
			}
		}
		danger[c] = d
	}
	m.danger = danger
}
