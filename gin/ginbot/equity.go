package ginbot

import "sync"

// handPoints is the distribution of the points a scored hand is worth,
// measured by self-play (normal against normal, EAAI rules, 20,000 hands):
// handPoints[i] is the relative frequency of hands worth pointsBase+i
// points... see equityHistogram for the table actually used.
//
// The match-equity table is computed from it by dynamic programming: the
// chance of winning the game from scores (mine, theirs) when each hand is
// won by either player with equal chance and is worth points drawn from the
// histogram.

// equityHistogram lists (points, frequency) for a scored hand.
var equityHistogram = [][2]int{
	{1, 26}, {2, 29}, {3, 33}, {4, 37}, {5, 40}, {6, 43}, {7, 45}, {8, 47}, {9, 48}, {10, 48},
	{11, 47}, {12, 46}, {13, 44}, {14, 42}, {15, 40}, {16, 37}, {17, 34}, {18, 31}, {19, 28}, {20, 25},
	{22, 40}, {25, 30}, {28, 36}, {31, 30}, {35, 28}, {40, 20}, {45, 12}, {50, 7}, {60, 4},
}

// Equity is a match-equity table for one target score.
type Equity struct {
	target int
	p      []float64 // p[a*target+b]: chance to win from (a, b)
}

var equityCache sync.Map // target → *Equity

// EquityFor returns the match-equity table for a target score, computing
// it on first use.
func EquityFor(target int) *Equity {
	if e, ok := equityCache.Load(target); ok {
		return e.(*Equity)
	}
	e := newEquity(target)
	equityCache.Store(target, e)
	return e
}

func newEquity(target int) *Equity {
	e := &Equity{target: target, p: make([]float64, target*target)}
	total := 0
	for _, h := range equityHistogram {
		total += h[1]
	}
	// Scores only grow, so fill from the top down.
	for a := target - 1; a >= 0; a-- {
		for b := target - 1; b >= 0; b-- {
			var v float64
			for _, h := range equityHistogram {
				f := float64(h[1]) / float64(total)
				v += 0.5 * f * e.At(a+h[0], b)
				v += 0.5 * f * e.At(a, b+h[0])
			}
			e.p[a*target+b] = v
		}
	}
	return e
}

// At returns the chance of winning the game from scores (mine, theirs).
func (e *Equity) At(mine, theirs int) float64 {
	switch {
	case mine >= e.target:
		return 1
	case theirs >= e.target:
		return 0
	}
	return e.p[max(mine, 0)*e.target+max(theirs, 0)]
}
