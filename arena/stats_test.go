package arena

import (
	"math"
	"reflect"
	"testing"
	"time"

	"felt/games"
	"felt/internal/stats"
	"felt/table"
)

// TestWilson_IsStats: the arena's interval is the one internal/stats
// computes (whose tests hold the known values and the edges).
func TestWilson_IsStats(t *testing.T) {
	for _, c := range []struct {
		score float64
		n     int
	}{{0, 10}, {7.5, 10}, {10, 10}, {81, 263}, {0, 0}} {
		if got, want := Wilson(c.score, c.n), stats.Wilson(c.score, c.n); got != want {
			t.Errorf("Wilson(%g, %d) = %+v, want %+v", c.score, c.n, got, want)
		}
	}
}

// TestPercentile_NearestRank: the p-th percentile of decision times is the
// nearest-rank one (the ceiling of p% of the count, from the fastest),
// whatever order the times came in; none is 0.
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

// TestEloFit_MatchesWinRates: the ratings' gap is the one the win rate
// implies (400·log10 of the odds), their mean is 1500, consistent
// strengths are ordered, and an unbeaten player is rated finitely.
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

// TestSummarize_PairsAndCounts: games and pairs won, the win rate, its
// interval over pairs (a split pair half a win), scores a game over the
// games played to the end (a forfeit has none), hands won by the side
// whose seats won them (whichever seats it played), draws neither's, moves
// a hand, and the forfeits with their reasons.
func TestSummarize_PairsAndCounts(t *testing.T) {
	a0, a1 := table.SeatsOf(0), table.SeatsOf(1)
	recs := []GameRecord{
		{Index: 0, ASeats: a0, AWon: true, AScore: 120, BScore: 40, Hands: []games.Hand{
			{Winners: table.SeatsOf(0), Moves: 10}, {Winners: table.SeatsOf(1), Moves: 20}, {Moves: 30}}},
		{Index: 1, ASeats: a1, AWon: true, AScore: 110, BScore: 60, Hands: []games.Hand{{Winners: table.SeatsOf(1), Moves: 40}}},
		{Index: 2, ASeats: a0, AWon: false, AScore: 70, BScore: 105},
		{Index: 3, ASeats: a1, AWon: true, Forfeit: true, Reason: "x"},
	}
	s := Summarize(lookup(t, "gin"), "a", "b", recs)
	if s.Games != 4 || s.AWins != 3 || s.BWins != 1 || s.Pairs != 2 || s.AWinRate != 0.75 {
		t.Fatalf("%+v", s)
	}
	// Pair scores 1 and 0.5: 1.5 of 2, Wilson [0.1979, 0.9733].
	if math.Abs(s.CI95Low-0.19786) > 1e-5 || math.Abs(s.CI95High-0.97332) > 1e-5 {
		t.Fatalf("interval [%f, %f]", s.CI95Low, s.CI95High)
	}
	if s.AScoreGame != 100 || s.BScoreGame != 205.0/3 || s.ScoredGames != 3 || s.Forfeits != 1 || s.AForfeits != 0 ||
		!reflect.DeepEqual(s.Reasons, []string{"game 3: x"}) {
		t.Fatalf("%+v", s)
	}
	if s.Hands != 4 || s.AHandsWon != 2 || s.BHandsWon != 1 || s.HandsPerGame != 1 || s.HandMoves != 25 {
		t.Fatalf("hands: %+v", s)
	}
}

// TestSummarize_AllPairsWon: a match where A wins every game has an
// interval from well below 100% to 100%, not [100%, 100%].
func TestSummarize_AllPairsWon(t *testing.T) {
	recs := make([]GameRecord, 20)
	for i := range recs {
		recs[i] = GameRecord{Index: i, AWon: true}
	}
	g := lookup(t, "gin")
	s := Summarize(g, "a", "b", recs)
	if s.AWinRate != 1 || s.CI95High != 1 || s.CI95Low > 0.8 {
		t.Fatalf("all 10 pairs won: %.1f%% [%.2f%%, %.2f%%], want an upper bound of 100%% and a lower bound well below", 100*s.AWinRate, 100*s.CI95Low, 100*s.CI95High)
	}
	if math.Abs(s.CI95Low-10/(10+1.96*1.96)) > 1e-9 {
		t.Errorf("lower bound %.5f, want Wilson's 10/(10+1.96²) = %.5f", s.CI95Low, 10/(10+1.96*1.96))
	}
	// Half the pairs split, half won: 15 of 20 games, 7.5 of 10 pairs.
	for i := 0; i < 10; i += 2 {
		recs[i].AWon = false
	}
	s = Summarize(g, "a", "b", recs)
	if iv := Wilson(7.5, 10); s.CI95Low != iv.Low || s.CI95High != iv.High {
		t.Errorf("7.5 of 10 pairs: [%f, %f], want %+v", s.CI95Low, s.CI95High, iv)
	}
}

// TestRoundRobin_Table: the cross table gives each player's win rate
// against each other from the matches' wins, whichever side it played, and
// the ratings order the players by strength.
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

// TestShengjiRoundRobin: the cross table and the ratings come from a
// Shengji round robin's wins, the games counted both ways, the stronger
// player rated higher.
func TestShengjiRoundRobin(t *testing.T) {
	players := []string{"random", "greedy", "hard"}
	rr := NewRoundRobin(players, []Summary{
		{Game: "shengji", A: "random", B: "greedy", Games: 10, AWins: 1, BWins: 9},
		{Game: "shengji", A: "random", B: "hard", Games: 10, AWins: 0, BWins: 10},
		{Game: "shengji", A: "greedy", B: "hard", Games: 10, AWins: 3, BWins: 7},
	})
	if rr.Games[0][1] != 10 || rr.Games[2][1] != 10 || rr.WinRate[1][0] != 0.9 || rr.WinRate[2][1] != 0.7 || rr.WinRate[0][2] != 0 {
		t.Errorf("cross table %+v", rr)
	}
	if !(rr.Elo[0] < rr.Elo[1] && rr.Elo[1] < rr.Elo[2]) {
		t.Errorf("Elo %v, want random < greedy < hard", rr.Elo)
	}
}
