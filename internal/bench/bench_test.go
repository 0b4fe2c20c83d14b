package bench

import (
	"math/rand/v2"
	"strings"
	"testing"

	"felt/card"
)

func TestOptionsCheck(t *testing.T) {
	if err := DefaultOptions().Check(); err != nil {
		t.Fatalf("default options: %v", err)
	}
	for _, o := range []Options{
		{Hands: 1, SelfPlayGames: 0, HardGames: 1, ShengjiGames: 1},
		{Hands: 1, SelfPlayGames: -1, HardGames: 1, ShengjiGames: 1},
		{Hands: 1, SelfPlayGames: 1 << 40, HardGames: 1, ShengjiGames: 1},
		{Hands: 1, SelfPlayGames: 1, HardGames: 0, ShengjiGames: 1},
		{Hands: 1, SelfPlayGames: 1, HardGames: -3, ShengjiGames: 1},
		{Hands: 0, SelfPlayGames: 1, HardGames: 1, ShengjiGames: 1},
		{Hands: MaxHands + 1, SelfPlayGames: 1, HardGames: 1, ShengjiGames: 1},
		{Hands: 1, SelfPlayGames: 1, HardGames: 1, ShengjiGames: 0},
		{Hands: 1, SelfPlayGames: 1, HardGames: 1, ShengjiGames: 1 << 40},
	} {
		if err := o.Check(); err == nil {
			t.Errorf("%+v: no error", o)
		}
		if _, err := Run(o); err == nil {
			t.Errorf("Run(%+v): no error", o)
		}
	}
}

// TestHands_FreshUniformAndSeeded: the hands timed are of the right size,
// drawn from their pool only, almost all different (fresh, not a small
// set replayed), every card equally often, and the same for the same seed.
func TestHands_FreshUniformAndSeeded(t *testing.T) {
	const n = 200_000
	for _, c := range []struct {
		name string
		pool []card.Card
		size int
	}{
		{"uniform 10", Uniform(), 10},
		{"uniform 11", Uniform(), 11},
		{"dense 10", Dense(), 10},
		{"dense 11", Dense(), 11},
	} {
		t.Run(c.name, func(t *testing.T) {
			hs := Hands(rand.New(rand.NewPCG(1, 2)), c.pool, n, c.size)
			if len(hs) != n {
				t.Fatalf("%d hands, want %d", len(hs), n)
			}
			pool := card.SetOf(c.pool...)
			var count [64]int
			seen := make(map[card.Set]bool, n)
			for _, h := range hs {
				if h.Len() != c.size || h&^pool != 0 {
					t.Fatalf("hand %v: want %d cards from %v", h, c.size, pool)
				}
				seen[h] = true
				for x := range h.All {
					count[x]++
				}
			}
			// Dense 10-card hands: C(28,10) ≈ 13 million, so about 1,500
			// repeats among 200,000 are expected; uniform ones repeat
			// almost never.
			if repeats := n - len(seen); repeats > n/100 {
				t.Errorf("%d of %d hands repeat", repeats, n)
			}
			// Chi-square of the card counts, len(pool)−1 degrees of freedom
			// (51 or 27): far above its mean only for a biased draw.
			want := float64(n*c.size) / float64(len(c.pool))
			chi := 0.0
			for x := range pool.All {
				d := float64(count[x]) - want
				chi += d * d / want
			}
			if limit := 2.5 * float64(len(c.pool)); chi > limit {
				t.Errorf("card counts chi-square %.1f over %.0f: %v", chi, limit, count)
			}
			again := Hands(rand.New(rand.NewPCG(1, 2)), c.pool, 100, c.size)
			for i := range again {
				if again[i] != hs[i] {
					t.Fatalf("hand %d differs for the same seed", i)
				}
			}
		})
	}
	for _, c := range Dense() {
		if r := c.Rank(); r < card.Three || r > card.Nine {
			t.Errorf("dense pool holds %v", c)
		}
	}
	if len(Dense()) != 28 || len(Uniform()) != 52 {
		t.Errorf("pools of %d and %d cards", len(Dense()), len(Uniform()))
	}
}

// TestMeldFigures: the five figures, in order, measured without
// allocating (the solver's hot paths do not allocate).
func TestMeldFigures(t *testing.T) {
	figs := MeldFigures(5000)
	want := []string{"melds10", "melds11", "melds10_dense", "melds11_dense", "arrangement10"}
	if len(figs) != len(want) {
		t.Fatalf("%d figures, want %v", len(figs), want)
	}
	for i, f := range figs {
		if f.Name != want[i] || f.PerSec <= 0 || f.NsPerOp <= 0 {
			t.Errorf("figure %d: %+v, want %s measured", i, f, want[i])
		}
		if f.AllocsPerOp != 0 {
			t.Errorf("%s allocates %d times a hand", f.Name, f.AllocsPerOp)
		}
	}
}

// TestShengjiSelfPlay: hands of whole greedy games are counted on any
// number of workers, and a count of games that measures nothing is
// refused.
func TestShengjiSelfPlay(t *testing.T) {
	for _, w := range []int{1, 3} {
		f, err := ShengjiSelfPlay(4, w)
		if err != nil {
			t.Fatalf("%d workers: %v", w, err)
		}
		if f.Name != "shengji_selfplay_hands" || f.PerSec <= 0 || f.NsPerOp <= 0 {
			t.Errorf("%d workers: %+v, want shengji_selfplay_hands measured", w, f)
		}
	}
	if _, err := ShengjiSelfPlay(0, 2); err == nil {
		t.Error("0 games: no error")
	}
}

// TestShengjiHands: the Shengji figure is measured per hand of whole
// games at a table (at least n hands a round, so a round of one hand is
// a game), under its name, and a count of hands that measures nothing is
// refused.
func TestShengjiHands(t *testing.T) {
	f, err := ShengjiHands(1)
	if err != nil {
		t.Fatal(err)
	}
	if f.Name != "shengji_hands" || f.PerSec <= 0 || f.NsPerOp <= 0 || f.AllocsPerOp <= 0 {
		t.Errorf("%+v, want shengji_hands measured", f)
	}
	if _, err := ShengjiHands(0); err == nil {
		t.Error("0 hands: no error")
	}
}

// TestTableSelfPlay: the self-play match is measured on the table driver,
// under its name, and a count of games that measures nothing is refused.
func TestTableSelfPlay(t *testing.T) {
	f, err := TableSelfPlay(4)
	if err != nil {
		t.Fatal(err)
	}
	if f.Name != "table_selfplay_games" || f.PerSec <= 0 || f.NsPerOp <= 0 {
		t.Errorf("%+v, want table_selfplay_games measured", f)
	}
	for _, n := range []int{0, -1} {
		if _, err := TableSelfPlay(n); err == nil {
			t.Errorf("%d games: no error", n)
		}
	}
}

// TestShengjiPresetHands: the Finding Friends tables are measured too,
// named after their preset.
func TestShengjiPresetHands(t *testing.T) {
	for _, p := range []string{"friends-6", "friends-8"} {
		f, err := ShengjiPresetHands(p, 1)
		if err != nil {
			t.Fatal(err)
		}
		if want := "shengji_hands_" + strings.ReplaceAll(p, "-", ""); f.Name != want || f.PerSec <= 0 || f.NsPerOp <= 0 {
			t.Errorf("%+v, want %s measured", f, want)
		}
	}
	if _, err := ShengjiPresetHands("nope", 1); err == nil {
		t.Error("an unknown preset was measured")
	}
}
