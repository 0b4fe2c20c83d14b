package arena

import (
	"math"
	"testing"
	"time"
)

func TestMeanInterval_KnownValues(t *testing.T) {
	// 100 samples: 60 ones and 40 zeros. Mean 0.6, sd = sqrt(0.24*100/99).
	xs := make([]float64, 100)
	for i := range 60 {
		xs[i] = 1
	}
	iv := MeanInterval(xs, 0, 1)
	se := math.Sqrt(0.24*100/99) / 10
	if math.Abs(iv.Mean-0.6) > 1e-12 || math.Abs(iv.Low-(0.6-1.96*se)) > 1e-12 || math.Abs(iv.High-(0.6+1.96*se)) > 1e-12 {
		t.Fatalf("got %+v", iv)
	}
	// Clamped to [0, 1].
	all := []float64{1, 1, 1, 0.5}
	if iv := MeanInterval(all, 0, 1); iv.High > 1 {
		t.Fatalf("not clamped: %+v", iv)
	}
	if iv := MeanInterval(nil, 0, 1); iv.N != 0 {
		t.Fatalf("empty: %+v", iv)
	}
}

func TestPercentile_NearestRank(t *testing.T) {
	var ds []time.Duration
	for i := 1; i <= 100; i++ {
		ds = append(ds, time.Duration(101-i)*time.Millisecond)
	}
	if p := Percentile(ds, 50); p != 50*time.Millisecond {
		t.Fatalf("median %v", p)
	}
	if p := Percentile(ds, 99); p != 99*time.Millisecond {
		t.Fatalf("p99 %v", p)
	}
	if p := Percentile(ds, 100); p != 100*time.Millisecond {
		t.Fatalf("max %v", p)
	}
	if Percentile(nil, 50) != 0 {
		t.Fatal("empty")
	}
}

func TestEloFit_MatchesWinRates(t *testing.T) {
	// A beats B 3 to 1 over 4,000 games: the Elo gap is 400·log10(3) ≈ 191.
	wins := [][]float64{{0, 3000}, {1000, 0}}
	elo := EloFit(wins)
	gap := elo[0] - elo[1]
	if math.Abs(gap-400*math.Log10(3)) > 1 {
		t.Fatalf("gap %.1f", gap)
	}
	if math.Abs((elo[0]+elo[1])/2-1500) > 1e-6 {
		t.Fatalf("mean %.3f", (elo[0]+elo[1])/2)
	}
	if e := ExpectedScore(elo[0], elo[1]); math.Abs(e-0.75) > 0.01 {
		t.Fatalf("expected score %.3f", e)
	}
	// Three players, consistent strengths 4:2:1.
	w3 := [][]float64{{0, 2000, 4000}, {1000, 0, 2000}, {1000, 1000, 0}}
	e3 := EloFit(w3)
	if !(e3[0] > e3[1] && e3[1] > e3[2]) {
		t.Fatalf("order %v", e3)
	}
	// An unbeaten player still gets a finite rating.
	e4 := EloFit([][]float64{{0, 10}, {0, 0}})
	if math.IsInf(e4[0], 0) || math.IsNaN(e4[0]) || e4[0] <= e4[1] {
		t.Fatalf("unbeaten %v", e4)
	}
}

func TestSummarize_PairsAndCounts(t *testing.T) {
	recs := []GameRecord{
		{Index: 0, AWon: true, AScore: 120, BScore: 40},
		{Index: 1, AWon: true, AScore: 110, BScore: 60},
		{Index: 2, AWon: false, AScore: 70, BScore: 105},
		{Index: 3, AWon: true, AScore: 100, BScore: 90, Forfeit: true, Reason: "x"},
	}
	s := Summarize("a", "b", recs)
	if s.Games != 4 || s.AWins != 3 || s.BWins != 1 || s.Pairs != 2 || s.AWinRate != 0.75 {
		t.Fatalf("%+v", s)
	}
	// pair scores 1 and 0.5: mean 0.75, sd 0.3536, se 0.25 → [0.26, 1].
	if math.Abs(s.CI95Low-(0.75-1.96*0.25)) > 1e-9 || s.CI95High != 1 {
		t.Fatalf("interval [%f, %f]", s.CI95Low, s.CI95High)
	}
	if s.APointsGame != 100 || s.Forfeits != 1 || len(s.Reasons) != 1 {
		t.Fatalf("%+v", s)
	}
}

func TestRoundRobin_Table(t *testing.T) {
	sums := []Summary{
		{A: "x", B: "y", Games: 100, AWins: 70, BWins: 30},
		{A: "x", B: "z", Games: 100, AWins: 90, BWins: 10},
		{A: "y", B: "z", Games: 100, AWins: 80, BWins: 20},
	}
	rr := NewRoundRobin([]string{"x", "y", "z"}, sums)
	if rr.WinRate[0][1] != 0.7 || rr.WinRate[1][0] != 0.3 || rr.WinRate[2][0] != 0.1 {
		t.Fatalf("%v", rr.WinRate)
	}
	if !(rr.Elo[0] > rr.Elo[1] && rr.Elo[1] > rr.Elo[2]) {
		t.Fatalf("elo %v", rr.Elo)
	}
}
