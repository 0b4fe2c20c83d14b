package ginbot

import (
	"math/rand/v2"

	"felt/card"
	"felt/gin"
)

// rollouts looks further ahead than one draw when the normal player's
// evaluation values a hand: from each candidate ten-card hand it plays the
// same sampled stock draws (common random numbers, so candidates are
// compared on equal luck), discarding to the least deadwood after each,
// and averages the utility of the deadwood over the draws, later draws
// weighing less (the hand may end first). A gin ends the rollout and keeps
// its utility for the draws left. The draws are sampled from the unseen
// cards outside a hand drawn from the belief, so cards the opponent
// probably holds are drawn less.
type rollouts struct {
	n     int     // sampled draw sequences
	depth int     // draws in each, at most
	short bool    // fewer when the stock has fewer left for the seat
	k     int     // draws in each this decision
	decay float64 // weight of each draw against the one before
	take  bool    // the take-or-draw choice is valued so too
	adapt bool    // each draw weighs less by the chance the opponent knocks first

	seqs  []card.Card // n sequences of k cards
	ws    []float64   // weight of draw t, normalised to sum 1
	limit int
	u     utility
}

// sample draws the sequences for one decision.
func (r *rollouts) sample(rng *rand.Rand, b *Belief, o *gin.Observation, u utility) bool {
	r.seqs = r.seqs[:0]
	r.limit, r.u = o.KnockLimit, u
	unseen := o.Unseen()
	r.k = r.depth
	if r.short {
		// The hand is drawn once the stock is down to two cards; the seat
		// draws every other card until then, first if it is to draw.
		left := (o.StockLen - 2) / 2
		if o.Phase != gin.DiscardPhase {
			left = (o.StockLen - 1) / 2
		}
		r.k = max(1, min(r.depth, left))
	}
	var buf [52]card.Card
	var end float64 // the sampled hands' chances that the opponent knocks on its next turn
	for range r.n {
		opp := b.Sample()
		if r.adapt && b.KnockChance != nil {
			if dw := gin.Deadwood(opp); dw <= o.KnockLimit {
				end += b.KnockChance(dw, b.turns+1, o.StockLen, o.KnockLimit)
			}
		}
		stock := buf[:0]
		for c := range (unseen &^ opp).All {
			stock = append(stock, c)
		}
		if len(stock) < r.k {
			return false
		}
		for i := range r.k {
			j := i + rng.IntN(len(stock)-i)
			stock[i], stock[j] = stock[j], stock[i]
		}
		r.seqs = append(r.seqs, stock[:r.k]...)
	}
	r.ws = r.ws[:0]
	decay := r.decay
	if r.adapt {
		decay *= 1 - end/float64(r.n)
	}
	w, sum := 1.0, 0.0
	for range r.k {
		r.ws = append(r.ws, w)
		sum += w
		w *= decay
	}
	for i := range r.ws {
		r.ws[i] /= sum
	}
	return true
}

// value is the mean discounted utility of hand (ten cards) over the
// sampled draws.
func (r *rollouts) value(hand card.Set) float64 {
	var total float64
	for s := 0; s+r.k <= len(r.seqs); s += r.k {
		total += r.run(hand, r.seqs[s:s+r.k], r.ws)
	}
	return total / float64(len(r.seqs)/r.k)
}

// takeValue is the mean discounted utility of taking top into hand (ten
// cards) and discarding to the least deadwood (not top) now, then drawing
// the sampled cards: the take counts as the first draw.
func (r *rollouts) takeValue(hand card.Set, top card.Card) float64 {
	d, dw := bestExcept(hand.Add(top), top)
	if dw == 0 {
		return r.u.of(0, r.limit)
	}
	after := hand.Add(top).Remove(d)
	first := r.ws[0] * r.u.of(dw, r.limit)
	var total float64
	for s := 0; s+r.k <= len(r.seqs); s += r.k {
		total += first + r.run(after, r.seqs[s:s+r.k-1], r.ws[1:])
	}
	return total / float64(len(r.seqs)/r.k)
}

// run plays the draws seq into hand, discarding to the least deadwood after
// each, and returns the utilities weighed by ws. A drawn card the hand
// already holds (the taken card, drawn again in a stale sequence) counts
// as no draw.
func (r *rollouts) run(h card.Set, seq []card.Card, ws []float64) float64 {
	var v float64
	for t, c := range seq {
		if h.Has(c) {
			v += ws[t] * r.u.of(gin.Deadwood(h), r.limit)
			continue
		}
		d, dw := gin.BestDiscard(h.Add(c))
		if dw == 0 {
			g := r.u.of(0, r.limit)
			for _, w := range ws[t:] {
				v += w * g
			}
			return v
		}
		h = h.Add(c).Remove(d)
		v += ws[t] * r.u.of(dw, r.limit)
	}
	return v
}
