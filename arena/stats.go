package arena

import (
	"math"
	"slices"
	"time"

	"felt/internal/stats"
)

// Interval is an estimate with its 95% confidence interval.
type Interval = stats.Interval

// Wilson returns the Wilson score 95% interval for a proportion: score
// successes in n trials, a score counting half successes for a mirrored
// pair split one game each. It is stats.Wilson; see there for how it
// behaves at the edges and with half successes.
func Wilson(score float64, n int) Interval { return stats.Wilson(score, n) }

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
