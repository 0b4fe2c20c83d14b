package arena

import (
	"math"
	"slices"
	"time"
)

// Interval is an estimate with its 95% confidence interval.
type Interval struct {
	Mean, Low, High float64
	N               int // samples
}

// MeanInterval returns the mean of xs with a 95% normal-approximation
// interval (mean ± 1.96 standard errors), clamped to [lo, hi].
func MeanInterval(xs []float64, lo, hi float64) Interval {
	n := len(xs)
	if n == 0 {
		return Interval{}
	}
	var sum float64
	for _, x := range xs {
		sum += x
	}
	mean := sum / float64(n)
	if n == 1 {
		return Interval{mean, lo, hi, 1}
	}
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	se := math.Sqrt(ss/float64(n-1)) / math.Sqrt(float64(n))
	return Interval{mean, math.Max(lo, mean-1.96*se), math.Min(hi, mean+1.96*se), n}
}

// Percentile returns the p-th percentile (0–100) of ds by the nearest-rank
// method; 0 for no data.
func Percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	k := int(math.Ceil(p/100*float64(len(s)))) - 1
	return s[max(0, min(k, len(s)-1))]
}

// EloFit returns Elo ratings (mean 1500) that best explain a table of
// results by the Bradley–Terry model: wins[i][j] is how many games i won
// against j (draws may be counted as half wins). It uses the minorization–
// maximization iteration, with a small prior (one half win each way against
// every opponent played) so that unbeaten players get finite ratings.
func EloFit(wins [][]float64) []float64 {
	n := len(wins)
	games := func(i, j int) float64 { return wins[i][j] + wins[j][i] }
	w := make([][]float64, n)
	for i := range w {
		w[i] = make([]float64, n)
		for j := range w[i] {
			if i != j && games(i, j) > 0 {
				w[i][j] = wins[i][j] + 0.5
			}
		}
	}
	p := make([]float64, n)
	for i := range p {
		p[i] = 1
	}
	for iter := 0; iter < 10000; iter++ {
		maxDelta := 0.0
		next := make([]float64, n)
		for i := 0; i < n; i++ {
			var won, denom float64
			for j := 0; j < n; j++ {
				if i == j {
					continue
				}
				g := w[i][j] + w[j][i]
				if g == 0 {
					continue
				}
				won += w[i][j]
				denom += g / (p[i] + p[j])
			}
			if denom == 0 {
				next[i] = p[i]
				continue
			}
			next[i] = won / denom
		}
		// normalise: geometric mean 1
		var logSum float64
		for _, x := range next {
			logSum += math.Log(x)
		}
		g := math.Exp(logSum / float64(n))
		for i := range next {
			next[i] /= g
			maxDelta = math.Max(maxDelta, math.Abs(next[i]-p[i]))
		}
		p = next
		if maxDelta < 1e-10 {
			break
		}
	}
	out := make([]float64, n)
	for i, x := range p {
		out[i] = 1500 + 400*math.Log10(x)
	}
	return out
}

// ExpectedScore is the Elo expectation of a player rated a against one
// rated b.
func ExpectedScore(a, b float64) float64 { return 1 / (1 + math.Pow(10, (b-a)/400)) }
