package stats

import (
	"fmt"
	"math"
)

// Interval is an estimate with its 95% confidence interval.
type Interval struct {
	Mean, Low, High float64
	N               int // samples
}

// String writes the interval as "0.973 [0.962, 0.981] n=1000".
func (iv Interval) String() string {
	return fmt.Sprintf("%.3f [%.3f, %.3f] n=%d", iv.Mean, iv.Low, iv.High, iv.N)
}

// Wilson returns the Wilson score 95% interval for a proportion: score
// successes in n trials. A score may count half successes (a mirrored pair
// split one game each). The interval stays honest at the edges: n
// successes in n trials give [n/(n+1.96²), 1], not a point. It treats each
// trial as a success or failure; a trial scored in [0, 1] with mean p
// varies at most as much as that (p(1−p)), so with half successes the
// interval is, if anything, too wide. No trials give [0, 1].
func Wilson(score float64, n int) Interval {
	if n <= 0 {
		return Interval{Low: 0, High: 1}
	}
	const z = 1.96
	fn := float64(n)
	p := math.Min(1, math.Max(0, score/fn))
	d := 1 + z*z/fn
	c := p + z*z/(2*fn)
	h := z * math.Sqrt(p*(1-p)/fn+z*z/(4*fn*fn))
	iv := Interval{Mean: p, Low: math.Max(0, (c-h)/d), High: math.Min(1, (c+h)/d), N: n}
	// At the edges one bound is exact; keep rounding from moving it.
	if p == 0 {
		iv.Low = 0
	}
	if p == 1 {
		iv.High = 1
	}
	return iv
}
