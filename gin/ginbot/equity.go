package ginbot

import "sync"

// equityHistogram is the distribution of the points a scored hand is
// worth, as (points, count), measured by self-play: normal against normal,
// EAAI rules, 3,000 games (30,484 scored hands; internal/tune's
// TestHandPointsHistogram prints it).
//
// The match-equity table is computed from it by dynamic programming: the
// chance of winning the game from scores (mine, theirs) when each scored
// hand goes to either player with equal chance and is worth points drawn
// from the histogram (drawn hands change nothing and drop out).
var equityHistogram = [][2]int{
	{1, 762}, {2, 980}, {3, 1264}, {4, 1380}, {5, 1378}, {6, 1474}, {7, 1462}, {8, 1352}, {9, 1238}, {10, 1198},
	{11, 1286}, {12, 1160}, {13, 1040}, {14, 974}, {15, 904}, {16, 816}, {17, 758}, {18, 732}, {19, 606}, {20, 628},
	{21, 522}, {22, 488}, {23, 456}, {24, 398}, {25, 872}, {26, 728}, {27, 596}, {28, 454}, {29, 376}, {30, 336},
	{31, 314}, {32, 288}, {33, 234}, {34, 212}, {35, 144}, {36, 226}, {37, 202}, {38, 214}, {39, 142}, {40, 180},
	{41, 134}, {42, 106}, {43, 130}, {44, 110}, {45, 102}, {46, 104}, {47, 84}, {48, 84}, {49, 84}, {50, 90},
	{51, 94}, {52, 84}, {53, 46}, {54, 40}, {55, 60}, {56, 44}, {57, 38}, {58, 24}, {59, 28}, {60, 28},
	{61, 26}, {62, 20}, {63, 18}, {64, 20}, {65, 6}, {66, 6}, {67, 10}, {68, 12}, {69, 12}, {70, 10},
	{71, 8}, {72, 8}, {73, 6}, {74, 2}, {75, 4}, {76, 2}, {77, 6}, {78, 2}, {80, 2}, {82, 4},
	{83, 2}, {85, 2}, {88, 2}, {91, 2}, {92, 2}, {102, 2},
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
