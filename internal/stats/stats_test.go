package stats

import (
	"math"
	"testing"
)

// TestWilson_KnownValues checks the Wilson score interval against
// published values (z = 1.96).
func TestWilson_KnownValues(t *testing.T) {
	for _, c := range []struct {
		score     float64
		n         int
		low, high float64
	}{
		{0, 10, 0, 0.2775},
		{5, 10, 0.2366, 0.7634},
		{10, 10, 0.7225, 1},
		{81, 263, 0.2553, 0.3662},
	} {
		iv := Wilson(c.score, c.n)
		if math.Abs(iv.Low-c.low) > 5e-5 || math.Abs(iv.High-c.high) > 5e-5 || iv.N != c.n || iv.Mean != c.score/float64(c.n) {
			t.Errorf("Wilson(%g, %d) = %+v, want [%.4f, %.4f]", c.score, c.n, iv, c.low, c.high)
		}
	}
	if iv := Wilson(0, 0); iv.Low != 0 || iv.High != 1 {
		t.Errorf("no trials: %+v, want [0, 1]", iv)
	}
}

// TestWilson_HonestAtTheEdges: everything won (or lost) leaves an interval
// reaching well inside, shrinking as the trials grow.
func TestWilson_HonestAtTheEdges(t *testing.T) {
	prev := 0.0
	for _, n := range []int{1, 5, 20, 100, 1000} {
		won, lost := Wilson(float64(n), n), Wilson(0, n)
		if won.High != 1 || won.Low >= 1 || lost.Low != 0 || lost.High <= 0 {
			t.Fatalf("%d trials: all won %+v, all lost %+v", n, won, lost)
		}
		if math.Abs(won.Low+lost.High-1) > 1e-12 {
			t.Errorf("%d trials: all won and all lost are not mirror images: %+v %+v", n, won, lost)
		}
		if won.Low <= prev {
			t.Errorf("%d trials: lower bound %.4f does not grow (was %.4f)", n, won.Low, prev)
		}
		prev = won.Low
	}
}

// TestIntervalString: three decimals and the sample count.
func TestIntervalString(t *testing.T) {
	if got, want := Wilson(5, 10).String(), "0.500 [0.237, 0.763] n=10"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}
