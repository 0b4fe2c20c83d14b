//go:build experiments

// The match behind the Shengji players' decision times: an experiment, not
// a test. It builds only with the experiments tag, and runs on demand:
//
//	SJBOT_GAMES=400 SJBOT_PAIR=hard,greedy GOMAXPROCS=1 go test -tags experiments -run Long -timeout 1h ./shengji/sjbot
//
// SJBOT_HARD=Budget=600,Width=5 tries hard with another search (see
// tune); SJBOT_SEED and SJBOT_PARALLEL set the match's seed and workers.

package sjbot_test

import (
	"context"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"felt/arena"
	"felt/games"
	sjgame "felt/games/shengji"
	"felt/shengji"
	"felt/shengji/sjbot"
	"felt/table"
)

// TestMatch_Long plays a match between two levels in the arena, as felt
// arena --game shengji does, on one worker, timing hard's play decisions
// and burials: SJBOT_GAMES=400 SJBOT_PAIR=hard,greedy go test -run Long.
func TestMatch_Long(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("SJBOT_GAMES"))
	if n <= 0 {
		t.Skip("set SJBOT_GAMES to run")
	}
	pair := strings.Split(os.Getenv("SJBOT_PAIR"), ",")
	if len(pair) != 2 {
		pair = []string{"greedy", "random"}
	}
	cfg := os.Getenv("SJBOT_HARD")
	seed := uint64(20261130)
	if s, err := strconv.ParseUint(os.Getenv("SJBOT_SEED"), 10, 64); err == nil {
		seed = s
	}
	par, _ := strconv.Atoi(os.Getenv("SJBOT_PARALLEL"))
	tm := &timings{}
	// the registry's Shengji with its levels made as Game.Level makes
	// them, hard's search set by SJBOT_HARD and its decisions timed
	d := *sjgame.Game
	d.Level = func(name string, seed uint64) (table.Player[shengji.Action, shengji.Observation], error) {
		p, err := sjbot.New(name, rand.New(rand.NewPCG(seed, 0)))
		if err != nil {
			return table.Player[shengji.Action, shengji.Observation]{}, err
		}
		act := p.Act
		if h, ok := p.(*sjbot.Hard); ok && name == "hard" {
			tune(t, h, cfg)
			act = tm.timed(h)
		}
		return table.Player[shengji.Action, shengji.Observation]{Name: name, Kind: table.Level, Control: games.Controller(act)}, nil
	}
	g := games.Of(&d)
	start := time.Now()
	recs, err := arena.Run(context.Background(), arena.Config{Game: g, A: pair[0], B: pair[1], Games: n, Seed: seed, Parallel: max(par, 1)})
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	arena.Summarize(g, pair[0], pair[1], recs).Print(&sb)
	t.Logf("%s vs %s, %s:\n%s", pair[0], pair[1], time.Since(start), sb.String())
	tm.report(t, cfg)
}

// timings are hard's decisions timed in a match.
type timings struct {
	mu      sync.Mutex
	play    []time.Duration
	bury    []time.Duration
	slowest time.Duration
	slowObs shengji.Observation
}

// timed is h's Act, its play-phase decisions and burials timed.
func (tm *timings) timed(h *sjbot.Hard) func(o *shengji.Observation) (shengji.Action, bool) {
	return func(o *shengji.Observation) (shengji.Action, bool) {
		if o.Phase != shengji.PlayPhase && o.Phase != shengji.BuryPhase {
			return h.Act(o)
		}
		start := time.Now()
		a, ok := h.Act(o)
		d := time.Since(start)
		tm.mu.Lock()
		defer tm.mu.Unlock()
		if o.Phase == shengji.BuryPhase {
			tm.bury = append(tm.bury, d)
			return a, ok
		}
		tm.play = append(tm.play, d)
		if d > tm.slowest {
			tm.slowest, tm.slowObs = d, *o
		}
		return a, ok
	}
}

// report logs the timings: percentiles, and the slowest play decision
// again, to tell its own cost from a stall of a loaded machine.
func (tm *timings) report(t *testing.T, cfg string) {
	if len(tm.play) == 0 {
		return
	}
	times := slices.Sorted(slices.Values(tm.play))
	pc := func(ts []time.Duration, q float64) time.Duration { return ts[min(len(ts)-1, int(q*float64(len(ts))))] }
	t.Logf("hard play decisions: %d, median %s, p90 %s, p99 %s, max %s", len(times), pc(times, 0.5), pc(times, 0.9), pc(times, 0.99), times[len(times)-1])
	h := sjbot.NewHard(rand.New(rand.NewPCG(1, 1)))
	tune(t, h, cfg)
	again := time.Duration(1 << 62)
	for range 3 {
		start := time.Now()
		h.Act(&tm.slowObs)
		again = min(again, time.Since(start))
	}
	t.Logf("the slowest decision (%s) again: %s", tm.slowest, again)
	if len(tm.bury) > 0 {
		bs := slices.Sorted(slices.Values(tm.bury))
		t.Logf("hard burials: %d, median %s, p99 %s, max %s", len(bs), pc(bs, 0.5), pc(bs, 0.99), bs[len(bs)-1])
	}
}

// tune sets h's search from cfg: comma-separated name=value pairs of its
// fields (Budget, Samples, MaxSamples, Width, Endgame, EndgameSamples,
// BurySamples, LevelWeight).
func tune(t *testing.T, h *sjbot.Hard, cfg string) {
	for _, kv := range strings.Split(cfg, ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			t.Fatalf("SJBOT_HARD %s: %v", kv, err)
		}
		switch k {
		case "Budget":
			h.Budget = int(f)
		case "Samples":
			h.Samples = int(f)
		case "MaxSamples":
			h.MaxSamples = int(f)
		case "Width":
			h.Width = int(f)
		case "Endgame":
			h.Endgame = int(f)
		case "EndgameSamples":
			h.EndgameSamples = int(f)
		case "BurySamples":
			h.BurySamples = int(f)
		case "LevelWeight":
			h.LevelWeight = f
		case "Horizon":
			h.Horizon = int(f)
		case "Full":
			h.Full = int(f)
		case "Margin":
			h.Margin = f
		case "GreedyBids":
			h.GreedyBids = f != 0
		default:
			t.Fatalf("SJBOT_HARD: no field %s", k)
		}
	}
}
