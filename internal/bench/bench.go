package bench

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"felt/arena"

	"felt/card"
	"felt/gin"
)

// Options say how much to measure.
type Options struct {
	// SelfPlayGames is the number of games of the self-play figure (1 to
	// arena.MaxGames).
	SelfPlayGames int
	// HardGames is the number of games the hard player's decisions are
	// timed over (1 to arena.MaxGames).
	HardGames int
}

// DefaultOptions are the options of `felt bench`.
func DefaultOptions() Options {
	return Options{SelfPlayGames: 20000, HardGames: 10}
}

// Check reports options that measure nothing or too much.
func (o Options) Check() error {
	switch {
	case o.SelfPlayGames < 1 || o.SelfPlayGames > arena.MaxGames:
		return fmt.Errorf("bench: %d self-play games, want 1 to %d", o.SelfPlayGames, arena.MaxGames)
	case o.HardGames < 1 || o.HardGames > arena.MaxGames:
		return fmt.Errorf("bench: %d hard games, want 1 to %d", o.HardGames, arena.MaxGames)
	}
	return nil
}

// Report is everything Run measures.
type Report struct {
	Melds     []Figure // the meld solver: melds10, melds11, arrangement10
	SelfPlay  Figure   // simple against simple, whole games, every core
	HardMedMs float64  // the hard player's median decision, in milliseconds
	HardMaxMs float64  // and its slowest
}

// Run measures everything with the given options, the meld solver first.
func Run(o Options) (Report, error) {
	if err := o.Check(); err != nil {
		return Report{}, err
	}
	r := Report{Melds: []Figure{Melds10(), Melds11(), Arrangement10()}}
	var err error
	if r.SelfPlay, err = SelfPlay(o.SelfPlayGames); err != nil {
		return r, err
	}
	r.HardMedMs, r.HardMaxMs, err = HardDecision(o.HardGames)
	return r, err
}

// Figure is one measured speed.
type Figure struct {
	Name        string  // what was measured
	PerSec      float64 // operations per second
	NsPerOp     float64
	AllocsPerOp int64
}

// hands returns n random hands of size cards from a fixed seed.
func hands(n, size int) []card.Set {
	rng := rand.New(rand.NewPCG(2024, uint64(size)))
	out := make([]card.Set, n)
	pack := card.Pack()
	for i := range out {
		card.Shuffle(rng, pack)
		out[i] = card.SetOf(pack[:size]...)
	}
	return out
}

func measure(name string, f func(b *testing.B)) Figure {
	r := testing.Benchmark(func(b *testing.B) {
		b.ReportAllocs()
		f(b)
	})
	ns := float64(r.T.Nanoseconds()) / float64(max(r.N, 1))
	return Figure{Name: name, PerSec: 1e9 / ns, NsPerOp: ns, AllocsPerOp: r.AllocsPerOp()}
}

// Sink keeps results alive so the compiler cannot drop the work.
var Sink int

// Melds10 measures the minimum deadwood of random 10-card hands.
func Melds10() Figure {
	hs := hands(4096, 10)
	return measure("melds10", func(b *testing.B) {
		i, s := 0, 0
		for b.Loop() {
			s += gin.Deadwood(hs[i&4095])
			i++
		}
		Sink = s
	})
}

// Melds11 measures the best discard and the deadwood after it for random
// 11-card hands (the knock check).
func Melds11() Figure {
	hs := hands(4096, 11)
	return measure("melds11", func(b *testing.B) {
		i, s := 0, 0
		for b.Loop() {
			c, d := gin.BestDiscard(hs[i&4095])
			s += d + int(c)
			i++
		}
		Sink = s
	})
}

// Arrangement10 measures the canonical optimal arrangement of random 10-card
// hands (melds and deadwood cards, not just the count).
func Arrangement10() Figure {
	hs := hands(4096, 10)
	return measure("arrangement10", func(b *testing.B) {
		i := 0
		for b.Loop() {
			a, _ := gin.Melds(hs[i&4095])
			Sink += a.Len()
			i++
		}
	})
}

// SelfPlay measures whole games to 100 between two simple players (EAAI
// rules) on every core: games per second.
func SelfPlay(games int) (Figure, error) {
	cfg := arena.Config{A: "simple", B: "simple", Rules: gin.EAAI(), Games: games, Seed: 1, Parallel: runtime.NumCPU()}
	start := time.Now()
	if _, err := arena.Run(context.Background(), cfg); err != nil {
		return Figure{}, err
	}
	el := time.Since(start)
	return Figure{Name: "selfplay_games", PerSec: float64(games) / el.Seconds(), NsPerOp: float64(el.Nanoseconds()) / float64(games)}, nil
}

// HardDecision measures the hard player's decisions against simple over a
// few games on one core and returns the median and the worst, in
// milliseconds.
func HardDecision(games int) (median, worst float64, err error) {
	cfg := arena.Config{A: "hard", B: "simple", Rules: gin.EAAI(), Games: games, Seed: 1, Parallel: 1}
	recs, err := arena.Run(context.Background(), cfg)
	if err != nil {
		return 0, 0, err
	}
	var ds []time.Duration
	for _, r := range recs {
		ds = append(ds, r.DecisionA...)
	}
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	return ms(arena.Percentile(ds, 50)), ms(arena.Percentile(ds, 100)), nil
}
