package ginbot

import (
	"felt/card"
	"felt/gin"
)

// bestExcept returns the least deadwood of hand after discarding one card
// other than except, and that card.
func bestExcept(hand card.Set, except card.Card) (card.Card, int) {
	c, d := gin.BestDiscard(hand)
	if c != except {
		return c, d
	}
	best, bestC := 1<<30, card.Card(0)
	for x := range hand.All {
		if x == except {
			continue
		}
		if v := gin.Deadwood(hand.Remove(x)); v < best || v == best && gin.Value(x) > gin.Value(bestC) {
			best, bestC = v, x
		}
	}
	return bestC, best
}

// utility turns a deadwood count into a cost: deadwood itself, less a
// bonus when it is low enough to knock, and more for gin.
type utility struct {
	Knock, Gin float64
}

var defaultUtility = utility{Knock: 8, Gin: 6}

func (u utility) of(dw, limit int) float64 {
	v := float64(dw)
	if dw <= limit {
		v -= u.Knock
		if dw == 0 {
			v -= u.Gin
		}
	}
	return v
}

// stockWeights returns, for each unseen card, the probability that it is
// in the stock rather than in the opponent's hand, and their sum.
func stockWeights(m *Model) (w [64]float64, sum float64) {
	for c := range m.Unseen.All {
		w[c] = 1 - m.P[c]
		sum += w[c]
	}
	return w, sum
}

// drawValue is the expected cost of a ten-card hand after the next stock
// draw (each unseen card weighted by the chance it is in the stock) and the
// best discard.
func (u utility) drawValue(hand card.Set, w *[64]float64, sum float64, unseen card.Set, limit int) float64 {
	if sum == 0 {
		return u.of(gin.Deadwood(hand), limit)
	}
	var v float64
	for c := range unseen.All {
		if w[c] == 0 {
			continue
		}
		_, d := gin.BestDiscard(hand.Add(c))
		v += w[c] * u.of(d, limit)
	}
	return v / sum
}

// ginOuts counts the unseen cards that would give a ten-card hand gin.
func ginOuts(hand card.Set, unseen card.Set) int {
	n := 0
	for c := range unseen.All {
		if _, d := gin.BestDiscard(hand.Add(c)); d == 0 {
			n++
		}
	}
	return n
}
