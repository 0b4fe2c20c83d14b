package bench

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"felt/arena"
	"felt/card"
	"felt/env"
	gamesreg "felt/games"
	_ "felt/games/gin"
	sjgame "felt/games/shengji"
	"felt/gin"
	"felt/shengji"
	"felt/table"
)

// Options say how much to measure.
type Options struct {
	// Hands is how many fresh hands each round of a meld-solver figure
	// times (1 to MaxHands).
	Hands int
	// SelfPlayGames is the number of games of the self-play figure (1 to
	// arena.MaxGames).
	SelfPlayGames int
	// HardGames is the number of games the hard player's decisions are
	// timed over (1 to arena.MaxGames).
	HardGames int
	// ShengjiGames is the number of whole Shengji games of the Shengji
	// self-play figure (1 to arena.MaxGames).
	ShengjiGames int
	// EnvSteps is how many environment steps each learning-environment
	// figure times at least (1 to MaxEnvSteps).
	EnvSteps int
}

// MaxEnvSteps is the most environment steps a figure may time.
const MaxEnvSteps = 1_000_000_000

// MaxHands is the most hands a meld-solver round may time (80 MB of
// hands).
const MaxHands = 10_000_000

// Rounds is how many rounds of fresh hands each meld-solver figure times;
// it reports the median round.
const Rounds = 5

// DefaultOptions are the options of `felt bench`.
func DefaultOptions() Options {
	return Options{Hands: 1_000_000, SelfPlayGames: 20000, HardGames: 10, ShengjiGames: 500, EnvSteps: 2_000_000}
}

// Check reports options that measure nothing or too much.
func (o Options) Check() error {
	switch {
	case o.Hands < 1 || o.Hands > MaxHands:
		return fmt.Errorf("bench: %d hands, want 1 to %d", o.Hands, MaxHands)
	case o.SelfPlayGames < 1 || o.SelfPlayGames > arena.MaxGames:
		return fmt.Errorf("bench: %d self-play games, want 1 to %d", o.SelfPlayGames, arena.MaxGames)
	case o.HardGames < 1 || o.HardGames > arena.MaxGames:
		return fmt.Errorf("bench: %d hard games, want 1 to %d", o.HardGames, arena.MaxGames)
	case o.ShengjiGames < 1 || o.ShengjiGames > arena.MaxGames:
		return fmt.Errorf("bench: %d Shengji self-play games, want 1 to %d", o.ShengjiGames, arena.MaxGames)
	case o.EnvSteps < 1 || o.EnvSteps > MaxEnvSteps:
		return fmt.Errorf("bench: %d environment steps, want 1 to %d", o.EnvSteps, MaxEnvSteps)
	}
	return nil
}

// Figure is one measured speed.
type Figure struct {
	Name        string  // what was measured
	PerSec      float64 // operations per second
	NsPerOp     float64
	AllocsPerOp int64
}

// Report is everything Run measures.
type Report struct {
	Melds []Figure // the meld solver: melds10, melds11, their dense variants, arrangement10
	Hands int      // fresh hands in each round of a meld figure
	// TableSelfPlay is simple against simple, whole Gin Rummy games,
	// every core, on the table driver the arena plays on.
	TableSelfPlay Figure
	HardMedMs     float64 // the hard player's median decision, in milliseconds
	HardMaxMs     float64 // and its slowest
	Shengji       Figure  // whole Shengji hands by four random legal players, one core, at a table
	// ShengjiFriends are whole Shengji hands of the presets friends-6 and
	// friends-8 by random legal players, one core, at a table.
	ShengjiFriends []Figure
	// ShengjiSelfPlay is whole Shengji hands, in whole games, by four
	// greedy players on every core, played by the arena.
	ShengjiSelfPlay Figure
	// Env are the learning environments' steps per second from Go, one
	// core, random legal actions: env_GAME_steps_b1 and _b256 for every
	// registered game with an environment (package env).
	Env []Figure
	// NoEnv names the registered games without a learning environment.
	NoEnv []string
}

// Run measures everything with the given options, the meld solver first.
func Run(o Options) (Report, error) {
	if err := o.Check(); err != nil {
		return Report{}, err
	}
	r := Report{Melds: MeldFigures(o.Hands), Hands: o.Hands}
	var err error
	for _, p := range []string{"friends-6", "friends-8"} {
		f, err := ShengjiPresetHands(p, ShengjiRoundHands)
		if err != nil {
			return r, err
		}
		r.ShengjiFriends = append(r.ShengjiFriends, f)
	}
	if r.Shengji, err = ShengjiHands(ShengjiRoundHands); err != nil {
		return r, err
	}
	if r.ShengjiSelfPlay, err = ShengjiSelfPlay(o.ShengjiGames, runtime.NumCPU()); err != nil {
		return r, err
	}
	if r.TableSelfPlay, err = TableSelfPlay(o.SelfPlayGames); err != nil {
		return r, err
	}
	if r.HardMedMs, r.HardMaxMs, err = HardDecision(o.HardGames); err != nil {
		return r, err
	}
	r.Env, r.NoEnv, err = EnvFigures(o.EnvSteps)
	return r, err
}

// EnvBatches are the batch sizes of the learning-environment figures.
var EnvBatches = []int{1, 256}

// EnvFigures measures every registered game's learning environment:
// environment steps per second from Go on one core with random legal
// actions (env.StepsPerSec, each figure over at least steps steps and
// half a second), at each of EnvBatches; noEnv names the games without
// one.
func EnvFigures(steps int) (figs []Figure, noEnv []string, err error) {
	for _, g := range gamesreg.All() {
		name := g.About().Name
		if _, err := g.NewEnv(nil); err != nil {
			if errors.Is(err, gamesreg.ErrNoEnv) {
				noEnv = append(noEnv, name)
				continue
			}
			return nil, nil, err
		}
		for _, n := range EnvBatches {
			ps, err := env.StepsPerSec(name, nil, n, steps, 500*time.Millisecond)
			if err != nil {
				return nil, nil, err
			}
			figs = append(figs, Figure{Name: fmt.Sprintf("env_%s_steps_b%d", name, n), PerSec: ps, NsPerOp: 1e9 / ps})
		}
	}
	return figs, noEnv, nil
}

// Uniform is the pool of uniform hands: the whole pack.
func Uniform() []card.Card { return card.Pack() }

// Dense is the pool of dense hands: ranks 3 to 9 only, 28 cards, where
// most cards meld several ways and the solver has the most to search.
func Dense() []card.Card {
	var pool []card.Card
	for _, c := range card.Pack() {
		if c.Rank() >= card.Three && c.Rank() <= card.Nine {
			pool = append(pool, c)
		}
	}
	return pool
}

// Hands returns n hands of size cards, each drawn uniformly from pool
// (every size-card subset equally likely) with rng.
func Hands(rng *rand.Rand, pool []card.Card, n, size int) []card.Set {
	p := slices.Clone(pool)
	size = min(size, len(p))
	out := make([]card.Set, n)
	for i := range out {
		var s card.Set
		for k := 0; k < size; k++ { // a partial Fisher–Yates shuffle
			j := k + rng.IntN(len(p)-k)
			p[k], p[j] = p[j], p[k]
			s = s.Add(p[k])
		}
		out[i] = s
	}
	return out
}

// solver is one meld-solver operation on a hand.
type solver func(card.Set) int

func deadwood(h card.Set) int { return gin.Deadwood(h) }

func bestDiscard(h card.Set) int {
	c, d := gin.BestDiscard(h)
	return d + int(c)
}

func arrangement(h card.Set) int {
	a, _ := gin.Melds(h)
	return a.Len()
}

// MeldFigures times the meld solver on fresh hands: Rounds rounds of n
// hands each, every hand generated (from a fixed seed) before its round is
// timed and solved exactly once, so no figure comes from hands the
// machine has already seen. The figures are melds10 (deadwood of 10
// cards), melds11 (best discard of 11 cards, the knock check), both again
// on dense hands (ranks 3 to 9 only), and arrangement10 (the canonical
// optimal melds of 10 cards).
func MeldFigures(n int) []Figure {
	uniform, dense := Uniform(), Dense()
	return []Figure{
		timeHands("melds10", uniform, n, 10, deadwood),
		timeHands("melds11", uniform, n, 11, bestDiscard),
		timeHands("melds10_dense", dense, n, 10, deadwood),
		timeHands("melds11_dense", dense, n, 11, bestDiscard),
		timeHands("arrangement10", uniform, n, 10, arrangement),
	}
}

// timeHands times f over Rounds rounds of n fresh hands of size cards from
// pool, and reports the median round's speed and the allocations of all
// rounds.
func timeHands(name string, pool []card.Card, n, size int, f solver) Figure {
	rng := rand.New(rand.NewPCG(2024, uint64(size)))
	// Warm up on hands of their own.
	s := 0
	for _, h := range Hands(rng, pool, min(n, 10000), size) {
		s += f(h)
	}
	ns := make([]float64, Rounds)
	var allocs uint64
	var m0, m1 runtime.MemStats
	for r := range ns {
		hs := Hands(rng, pool, n, size)
		runtime.GC()
		runtime.ReadMemStats(&m0)
		start := time.Now()
		for _, h := range hs {
			s += f(h)
		}
		el := time.Since(start)
		runtime.ReadMemStats(&m1)
		allocs += m1.Mallocs - m0.Mallocs
		ns[r] = float64(el.Nanoseconds()) / float64(n)
	}
	runtime.KeepAlive(s) // the results are used: the work cannot be dropped
	slices.Sort(ns)
	med := max(ns[Rounds/2], 1e-3)
	return Figure{Name: name, PerSec: 1e9 / med, NsPerOp: med, AllocsPerOp: int64(allocs / uint64(Rounds*n))}
}

// TableSelfPlay measures whole games to 100 between two simple players
// (EAAI rules) on every core through the table driver the arena plays
// Gin Rummy on (arena.Run): games per second.
func TableSelfPlay(games int) (Figure, error) {
	const name = "table_selfplay_games"
	if games < 1 || games > arena.MaxGames {
		return Figure{}, fmt.Errorf("bench: %d self-play games, want 1 to %d", games, arena.MaxGames)
	}
	cfg, err := ginMatch("simple", "simple", games, runtime.NumCPU())
	if err != nil {
		return Figure{}, err
	}
	start := time.Now()
	recs, err := arena.Run(context.Background(), cfg)
	if err != nil {
		return Figure{}, err
	}
	el, n := time.Since(start), float64(len(recs))
	if n == 0 {
		return Figure{}, fmt.Errorf("bench: %s: no game played", name)
	}
	return Figure{Name: name, PerSec: n / el.Seconds(), NsPerOp: float64(el.Nanoseconds()) / n}, nil
}

// ginMatch is a Gin Rummy match under the EAAI rules, from seed 1.
func ginMatch(a, b string, games, parallel int) (arena.Config, error) {
	g, err := gamesreg.Lookup("gin")
	if err != nil {
		return arena.Config{}, err
	}
	opts, err := g.Rules("eaai")
	return arena.Config{Game: g, Options: opts, A: a, B: b, Games: games, Seed: 1, Parallel: parallel}, err
}

// HardDecision measures the hard player's decisions against simple over a
// few games on one core, on the table driver, and returns the median and
// the worst, in milliseconds.
func HardDecision(games int) (median, worst float64, err error) {
	cfg, err := ginMatch("hard", "simple", games, 1)
	if err != nil {
		return 0, 0, err
	}
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

// ShengjiRoundHands is how many hands each round of the Shengji figure
// plays (at least: its games are played whole).
const ShengjiRoundHands = 1000

// ShengjiHands measures whole hands of Shengji (the deal with
// declarations, the kitty, every trick, the scoring) under the standard
// rules; see ShengjiPresetHands.
func ShengjiHands(n int) (Figure, error) { return ShengjiPresetHands("standard", n) }

// ShengjiPresetHands measures whole hands of Shengji (the deal with
// declarations, the kitty, the friend calls, every trick, the scoring)
// under a rules preset, played by random legal players (the level random),
// one a seat, on one core, at a table as every game is played, keeping no
// log: Rounds rounds of whole games from fixed seeds until n hands are
// played, the median round's speed per hand and the allocations of all
// rounds. The figure is named shengji_hands for the standard rules and
// shengji_hands_PRESET (dashes dropped) for another.
func ShengjiPresetHands(preset string, n int) (Figure, error) {
	if n < 1 {
		return Figure{}, fmt.Errorf("bench: %d Shengji hands, want at least 1", n)
	}
	rules, ok := shengji.Preset(preset)
	if !ok {
		return Figure{}, fmt.Errorf("bench: no Shengji preset %q", preset)
	}
	opts, err := json.Marshal(rules)
	if err != nil {
		return Figure{}, err
	}
	name := "shengji_hands"
	if preset != "standard" {
		name += "_" + strings.ReplaceAll(preset, "-", "")
	}
	seed := uint64(2024 * 1_000_003)
	play := func() (int, error) {
		seed++
		ps := make([]table.Player[shengji.Action, shengji.Observation], rules.NumPlayers())
		for s := range ps {
			p, err := sjgame.Level("random", rand.New(rand.NewPCG(seed, uint64(s))))
			if err != nil {
				return 0, err
			}
			ps[s] = p
		}
		tb, err := table.New(sjgame.Spec, ps, table.Options[shengji.Action, shengji.Observation, shengji.Event]{Seed: seed, GameOptions: opts})
		if err != nil {
			return 0, err
		}
		res, err := tb.Run(context.Background())
		if err != nil {
			return 0, err
		}
		if !res.Over || res.Takeovers > 0 {
			return 0, fmt.Errorf("bench: Shengji game of seed %d: over %v, %d takeovers", seed, res.Over, res.Takeovers)
		}
		return res.Hands, nil
	}
	for hands := 0; hands < min(n, 100); { // warm up
		h, err := play()
		if err != nil {
			return Figure{}, err
		}
		hands += h
	}
	ns := make([]float64, Rounds)
	var allocs uint64
	var all int
	var m0, m1 runtime.MemStats
	for r := range ns {
		runtime.GC()
		runtime.ReadMemStats(&m0)
		start := time.Now()
		hands := 0
		for hands < n {
			h, err := play()
			if err != nil {
				return Figure{}, err
			}
			hands += h
		}
		el := time.Since(start)
		runtime.ReadMemStats(&m1)
		allocs += m1.Mallocs - m0.Mallocs
		all += hands
		ns[r] = float64(el.Nanoseconds()) / float64(hands)
	}
	slices.Sort(ns)
	med := max(ns[Rounds/2], 1e-3)
	return Figure{Name: name, PerSec: 1e9 / med, NsPerOp: med, AllocsPerOp: int64(allocs / uint64(all))}, nil
}

// ShengjiSelfPlay measures whole games of Shengji (standard rules, from
// level 2 to the end) between two teams of greedy players, played by the
// arena (its tables, mirrored pairs of games) on workers goroutines: hands
// per second, over games games from a fixed match seed.
func ShengjiSelfPlay(games, workers int) (Figure, error) {
	if games < 1 {
		return Figure{}, fmt.Errorf("bench: %d Shengji self-play games, want at least 1", games)
	}
	g, err := gamesreg.Lookup("shengji")
	if err != nil {
		return Figure{}, err
	}
	cfg := arena.Config{Game: g, A: "greedy", B: "greedy", Games: games, Seed: 2024, Parallel: max(1, min(workers, games))}
	start := time.Now()
	recs, err := arena.Run(context.Background(), cfg)
	if err != nil {
		return Figure{}, err
	}
	el := time.Since(start)
	hands := 0
	for _, r := range recs {
		if r.Err != nil || r.Forfeit {
			return Figure{}, fmt.Errorf("bench: Shengji self-play game %d: %v (forfeit %v)", r.Index, r.Err, r.Forfeit)
		}
		hands += len(r.Hands)
	}
	if hands == 0 {
		return Figure{}, errors.New("bench: no Shengji hand played")
	}
	n := float64(hands)
	return Figure{Name: "shengji_selfplay_hands", PerSec: n / el.Seconds(), NsPerOp: float64(el.Nanoseconds()) / n}, nil
}

// CPU names the machine's processor (the first model name of
// /proc/cpuinfo), or its architecture where that is not to be read.
func CPU() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
				return strings.TrimSpace(v)
			}
		}
	}
	return runtime.GOOS + "/" + runtime.GOARCH
}
