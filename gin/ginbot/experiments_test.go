//go:build experiments

// The experiments that tuned hard: not tests. They build only with the
// experiments tag and run with FELT_TUNE set, e.g.
//
//	FELT_TUNE=1000 go test -tags experiments -run TuneHardVariants -v ./gin/ginbot

package ginbot

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"felt/gin"
)

// TestTuneHardVariants measures variants of hard against an opponent
// (FELT_TUNE_OPP, default simple) on the same deals (EAAI rules): how much
// the knock search's worlds matter, the normal player's cautious knocking
// under it, the search's margin and the seat's own knocking in playouts.
// FELT_TUNE_VARIANTS picks variants by name (comma-separated; default
// all; "a+b" applies both). The deals (seeds from 1000) are not the
// arena's evaluation deals. Experiment only: FELT_TUNE=pairs.
func TestTuneHardVariants(t *testing.T) {
	n := tuneGames()
	if n == 0 {
		t.Skip("set FELT_TUNE=pairs")
	}
	opp := os.Getenv("FELT_TUNE_OPP")
	if opp == "" {
		opp = "simple"
	}
	all := hardVariantList
	if want := os.Getenv("FELT_TUNE_VARIANTS"); want != "" {
		all = nil
		for _, name := range strings.Split(want, ",") {
			all = append(all, hardVariant{name, composed(name)})
		}
	}
	for _, v := range all {
		var mu sync.Mutex
		wins, games := 0, 0
		var wg sync.WaitGroup
		next := make(chan int)
		for w := 0; w < 2; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range next {
					h := NewHard(gin.NewRand(uint64(i)))
					v.set(h)
					me := gin.Seat(i % 2)
					players := [2]Player{}
					players[me] = h
					o, err := New(opp, gin.NewRand(uint64(i)+77))
					if err != nil {
						panic(err)
					}
					players[me.Other()] = o
					win := playGame(t, gin.EAAI(), uint64(i/2)+1000, players)
					mu.Lock()
					games++
					if win == me {
						wins++
					}
					mu.Unlock()
				}
			}()
		}
		for i := 0; i < 2*n; i++ {
			next <- i
		}
		close(next)
		wg.Wait()
		fmt.Printf("%s against %s: %.1f%% of %d\n", v.name, opp, 100*float64(wins)/float64(games), games)
	}
}

func tuneGames() int {
	n, _ := strconv.Atoi(os.Getenv("FELT_TUNE"))
	return n
}

// TestTuneKnockCalibration plays hard against an opponent (FELT_TUNE_OPP)
// and, at each of hard's knocks short of gin, compares the belief's chance
// of being undercut with what happened. Experiment only: FELT_TUNE=games.
func TestTuneKnockCalibration(t *testing.T) {
	n := tuneGames()
	if n == 0 {
		t.Skip("set FELT_TUNE=games")
	}
	opp := os.Getenv("FELT_TUNE_OPP")
	if opp == "" {
		opp = "simple"
	}
	type bucket struct {
		n, under int
		pred     float64
	}
	var byPred [10]bucket
	var byK [11]bucket
	for i := range n {
		me := gin.Seat(i % 2)
		h := NewHard(gin.NewRand(uint64(i)))
		for _, v := range strings.Split(os.Getenv("FELT_TUNE_VARIANTS"), ",") {
			switch v {
			case "noknock":
				h.belief.KnockChance = func(int, int, int, int) float64 { return 0 }
			case "beta1":
				h.belief.Beta = 1
			case "norepair":
				h.belief.Repair = 0
			}
		}
		o, _ := New(opp, gin.NewRand(uint64(i)+77))
		players := [2]Player{}
		players[me], players[me.Other()] = h, o
		g, _ := gin.NewGame(gin.EAAI(), gin.NewRand(uint64(i/2)+1000))
		for !g.Over() {
			hd := g.Hand()
			if hd.Over() {
				g.NextHand()
				continue
			}
			s := hd.Turn()
			obs := g.Observe(s)
			a := players[s].Act(&obs)
			var pred float64
			knock := s == me && a.Kind == gin.Knock && gin.Deadwood(obs.Hand.Remove(a.Card)) > 0
			if knock {
				kept := obs.Hand.Remove(a.Card)
				for range 200 {
					sd, err := gin.Settle(obs.Rules, kept, gin.Arrangement{}, h.belief.Sample(), obs.KnockLimit, obs.Doubled)
					if err == nil && !sd.KnockerWins {
						pred += 1.0 / 200
					}
				}
			}
			if err := g.Apply(s, a); err != nil {
				t.Fatal(err)
			}
			if knock {
				r := g.Hand().Result()
				u := 0
				if r.Winner != me {
					u = 1
				}
				k := gin.Deadwood(obs.Hand.Remove(a.Card))
				b := &byPred[min(int(pred*10), 9)]
				b.n++
				b.under += u
				b.pred += pred
				bk := &byK[k]
				bk.n++
				bk.under += u
				bk.pred += pred
			}
		}
	}
	for i, b := range byPred {
		if b.n > 0 {
			fmt.Printf("predicted %d0%%: %4d knocks, predicted %.2f, undercut %.2f\n", i, b.n, b.pred/float64(b.n), float64(b.under)/float64(b.n))
		}
	}
	for k, b := range byK {
		if b.n > 0 {
			fmt.Printf("K=%2d: %4d knocks, predicted %.2f, undercut %.2f\n", k, b.n, b.pred/float64(b.n), float64(b.under)/float64(b.n))
		}
	}
}

// TestTuneHardTimes times hard's decisions (with the variants named in
// FELT_TUNE_VARIANTS, comma-separated, applied in order) against an
// opponent (FELT_TUNE_OPP) on one core and prints the median, 99th
// percentile and slowest. Experiment only: FELT_TUNE=games.
func TestTuneHardTimes(t *testing.T) {
	n := tuneGames()
	if n == 0 {
		t.Skip("set FELT_TUNE=games")
	}
	opp := os.Getenv("FELT_TUNE_OPP")
	if opp == "" {
		opp = "simple"
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	var ds []time.Duration
	for i := range n {
		me := gin.Seat(i % 2)
		h := NewHard(gin.NewRand(uint64(i)))
		for _, v := range strings.Split(os.Getenv("FELT_TUNE_VARIANTS"), ",") {
			if v != "" {
				composed(v)(h)
			}
		}
		o, err := New(opp, gin.NewRand(uint64(i)+77))
		if err != nil {
			t.Fatal(err)
		}
		players := [2]Player{}
		players[me], players[me.Other()] = h, o
		g, _ := gin.NewGame(gin.EAAI(), gin.NewRand(uint64(i/2)+1000))
		for !g.Over() {
			hd := g.Hand()
			if hd.Over() {
				g.NextHand()
				continue
			}
			s := hd.Turn()
			obs := g.Observe(s)
			start := time.Now()
			a := players[s].Act(&obs)
			if s == me {
				ds = append(ds, time.Since(start))
			}
			if err := g.Apply(s, a); err != nil {
				t.Fatal(err)
			}
		}
	}
	slices.Sort(ds)
	ms := func(d time.Duration) float64 { return float64(d) / 1e6 }
	fmt.Printf("%s against %s, %d decisions: median %.3f ms, p99 %.3f ms, max %.3f ms\n", os.Getenv("FELT_TUNE_VARIANTS"), opp, len(ds),
		ms(ds[len(ds)/2]), ms(ds[len(ds)*99/100]), ms(ds[len(ds)-1]))
}

// hardVariant is a named change to hard's settings.
type hardVariant struct {
	name string
	set  func(h *Hard)
}

var hardVariantList = []hardVariant{
	{"default", func(h *Hard) {}},
	{"25 worlds", func(h *Hard) { h.Worlds = 25 }},
	{"400 worlds", func(h *Hard) { h.Worlds = 400 }},
	{"knock as soon as allowed", func(h *Hard) { h.normal.KnockMax = 10 }},
	{"z1.5", func(h *Hard) { h.z = 1.5 }},
	{"z3.5", func(h *Hard) { h.z = 3.5 }},
	{"own3", func(h *Hard) { h.ownAt = 3 }},
	{"own1", func(h *Hard) { h.ownAt = 1 }},
	{"sharp19", func(h *Hard) { h.belief.Sharpness = 19 }},
	{"beta2", func(h *Hard) { h.belief.Beta = 2 }},
	{"200 worlds", func(h *Hard) { h.Worlds = 200 }},
	{"particles400", func(h *Hard) { h.belief = resized(h.belief, 400) }},
	{"particles3200", func(h *Hard) { h.belief = resized(h.belief, 3200) }},
	{"particles6400", func(h *Hard) { h.belief = resized(h.belief, 6400) }},
	{"particles12800", func(h *Hard) { h.belief = resized(h.belief, 12800) }},
	{"particles1600", func(h *Hard) {
		b := NewBelief(h.rng, 1600)
		b.Beta, b.Sharpness, b.Repair, b.KnockChance = h.belief.Beta, h.belief.Sharpness, h.belief.Repair, h.belief.KnockChance
		h.belief = b
	}},
	{"danger5", func(h *Hard) { h.normal.DangerWeight = 5 }},
	{"danger1.5", func(h *Hard) { h.normal.DangerWeight = 1.5 }},
	{"take0", func(h *Hard) { h.normal.TakeMargin = 0 }},
	{"take2", func(h *Hard) { h.normal.TakeMargin = 2 }},
	{"now0.4", func(h *Hard) { h.normal.Now = 0.4 }},
	{"kmax300", func(h *Hard) { h.kMax = 300 }},
	{"partmodel", func(h *Hard) { h.normal.model = h.partModel }},
	{"dsearch3", func(h *Hard) { h.dK, h.dGap, h.dMin, h.dMax = 3, 1.5, 25, 100 }},
	{"dsearch3wide", func(h *Hard) { h.dK, h.dGap, h.dMin, h.dMax = 3, 4, 25, 100 }},
	{"dsearch2", func(h *Hard) { h.dK, h.dGap, h.dMin, h.dMax = 2, 1.5, 25, 150 }},
	{"dmax200", func(h *Hard) { h.dMax = 200 }},
	{"nodsearch", func(h *Hard) { h.dK = 0 }},
	{"tsearch1", func(h *Hard) { h.tGap, h.dMin, h.dMax = 1, 25, 100 }},
	{"tsearch3", func(h *Hard) { h.tGap, h.dMin, h.dMax = 3, 25, 100 }},
	{"gin12", func(h *Hard) { h.normal.Utility.Gin = 12 }},
	{"gin3", func(h *Hard) { h.normal.Utility.Gin = 3 }},
	{"knockbonus4", func(h *Hard) { h.normal.Utility.Knock = 4 }},
	{"knockbonus12", func(h *Hard) { h.normal.Utility.Knock = 12 }},
	{"now0.1", func(h *Hard) { h.normal.Now = 0.1 }},
	{"now0.3", func(h *Hard) { h.normal.Now = 0.3 }},
	{"danger4", func(h *Hard) { h.normal.DangerWeight = 4 }},
	{"danger2", func(h *Hard) { h.normal.DangerWeight = 2 }},
	{"roll2", func(h *Hard) { h.roll = rollouts{n: 64, depth: 2, decay: 0.8} }},
	{"roll3", func(h *Hard) { h.roll = rollouts{n: 64, depth: 3, decay: 0.8} }},
	{"roll5", func(h *Hard) { h.roll = rollouts{n: 64, depth: 5, decay: 0.8} }},
	{"roll5flat", func(h *Hard) { h.roll = rollouts{n: 64, depth: 5, decay: 1} }},
	{"roll8", func(h *Hard) { h.roll = rollouts{n: 64, depth: 8, decay: 0.85} }},
	{"roll3x200", func(h *Hard) { h.roll = rollouts{n: 200, depth: 3, decay: 0.8} }},
	{"roll3take", func(h *Hard) { h.roll = rollouts{n: 64, depth: 3, decay: 0.8, take: true} }},
	{"roll5take", func(h *Hard) { h.roll = rollouts{n: 64, depth: 5, decay: 0.8, take: true} }},
	{"roll5takex200", func(h *Hard) { h.roll = rollouts{n: 200, depth: 5, decay: 0.8, take: true} }},
	{"roll5take.9", func(h *Hard) { h.roll = rollouts{n: 64, depth: 5, decay: 0.9, take: true} }},
	{"roll8take", func(h *Hard) { h.roll = rollouts{n: 64, depth: 8, decay: 0.85, take: true} }},
	{"roll5takex200short", func(h *Hard) { h.roll = rollouts{n: 200, depth: 5, decay: 0.8, take: true, short: true} }},
	{"roll8takex200short", func(h *Hard) { h.roll = rollouts{n: 200, depth: 8, decay: 0.85, take: true, short: true} }},
	{"roll5takex200adapt", func(h *Hard) { h.roll = rollouts{n: 200, depth: 5, decay: 0.8, take: true, adapt: true} }},
	{"roll5takex200adapt.9", func(h *Hard) { h.roll = rollouts{n: 200, depth: 5, decay: 0.9, take: true, adapt: true} }},
	{"dsearch4x300", func(h *Hard) { h.dK, h.dGap, h.dMin, h.dMax = 4, 3, 50, 300 }},
	{"dsearch3x300", func(h *Hard) { h.dK, h.dGap, h.dMin, h.dMax = 3, 1.5, 50, 300 }},
	{"dsearch6x400", func(h *Hard) { h.dK, h.dGap, h.dMin, h.dMax = 6, 5, 50, 400 }},
	{"partmodel+dsearch3", func(h *Hard) {
		h.normal.model = h.partModel
		h.dK, h.dGap, h.dMin, h.dMax = 3, 1.5, 25, 100
	}},
}

var hardVariants = func() map[string]func(*Hard) {
	m := map[string]func(*Hard){}
	for _, v := range hardVariantList {
		m[v.name] = v.set
	}
	return m
}()

// composed returns the variant named name, or, for names joined by "+",
// the named variants applied in order. An unknown name panics.
func composed(name string) func(*Hard) {
	if f, ok := hardVariants[name]; ok {
		return f
	}
	var fs []func(*Hard)
	for _, part := range strings.Split(name, "+") {
		f, ok := hardVariants[part]
		if !ok {
			panic("no hard variant " + part)
		}
		fs = append(fs, f)
	}
	return func(h *Hard) {
		for _, f := range fs {
			f(h)
		}
	}
}
