//go:build experiments

package tune

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"

	"felt/arena"
	"felt/games"
	ggin "felt/games/gin"
	"felt/gin"
	"felt/gin/ginbot"
	"felt/table"
)

// eaai is the EAAI rules, the options every experiment plays.
func eaai(t *testing.T) []byte {
	o, err := ggin.Game.Rules("eaai")
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// match plays the player mk makes, as level "x" of a variant of Gin
// Rummy, against simple.
func match(t *testing.T, label string, n int, mk func(seed uint64) ginbot.Player) arena.Summary {
	d := *ggin.Game
	level := d.Level
	d.Level = func(name string, seed uint64) (table.Player[gin.Action, gin.Observation], error) {
		if name != "x" {
			return level(name, seed)
		}
		p := mk(seed)
		return table.Player[gin.Action, gin.Observation]{Name: name, Kind: table.Level,
			Control: games.Controller(func(o *gin.Observation) (gin.Action, bool) { return p.Act(o), true })}, nil
	}
	d.Levels = append(append([]games.Choice(nil), d.Levels...), games.Choice{Name: "x", Title: "x"})
	g := games.Of(&d)
	cfg := arena.Config{Game: g, Options: eaai(t), A: "x", B: "simple", Games: n, Seed: 12345, Parallel: 2}
	recs, err := arena.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	s := arena.Summarize(g, "x", "simple", recs)
	fig := func(k string) float64 { v, _ := s.Figure(k); return v }
	fmt.Printf("%-40s %5.1f%% [%4.1f, %4.1f]  gins %g/%g undercuts %g/%g  dec %.3fms p99 %.3fms\n", label, 100*s.AWinRate, 100*s.CI95Low, 100*s.CI95High,
		fig("a_gins"), fig("b_gins"), fig("a_undercuts"), fig("b_undercuts"), s.ADecMedian, s.ADecP99)
	return s
}

func tuneGames() int {
	if n, err := strconv.Atoi(os.Getenv("FELT_TUNE")); err == nil && n > 0 {
		return n
	}
	return 0
}

func TestTuneNormal(t *testing.T) {
	n := tuneGames()
	if n == 0 {
		t.Skip("set FELT_TUNE=games")
	}
	type variant struct {
		name string
		set  func(p *ginbot.Normal)
	}
	base := func(p *ginbot.Normal) { p.KnockMax = 0; p.Now = 0.2; p.DangerWeight = 3 }
	vs := []variant{{"b", base}}
	for _, u := range [][2]float64{{0, 6}, {4, 10}, {0, 20}, {12, 6}} {
		vs = append(vs, variant{fmt.Sprintf("b u%v", u), func(p *ginbot.Normal) { base(p); p.Utility.Knock, p.Utility.Gin = u[0], u[1] }})
	}
	for _, tm := range []float64{0, 2, 3} {
		vs = append(vs, variant{fmt.Sprintf("b take%g", tm), func(p *ginbot.Normal) { base(p); p.TakeMargin = tm }})
	}
	vs = append(vs, variant{"b danger4", func(p *ginbot.Normal) { base(p); p.DangerWeight = 4 }})
	vs = append(vs, variant{"b now0.1", func(p *ginbot.Normal) { base(p); p.Now = 0.1 }})
	for _, v := range vs {
		match(t, "normal "+v.name, n, func(seed uint64) ginbot.Player {
			p := ginbot.NewNormal(gin.NewRand(seed))
			v.set(p)
			return p
		})
	}
}

func TestTuneEasy(t *testing.T) {
	n := tuneGames()
	if n == 0 {
		t.Skip("set FELT_TUNE=games")
	}
	for _, c := range []struct {
		miss, loose float64
		k           int
	}{{0.4, 0.35, 5}, {0.25, 0.2, 7}, {0.2, 0.15, 8}, {0.3, 0.2, 10}} {
		match(t, fmt.Sprintf("easy miss=%g loose=%g knock=%d", c.miss, c.loose, c.k), n, func(seed uint64) ginbot.Player {
			p := ginbot.NewEasy(gin.NewRand(seed))
			p.MissMeld, p.Loose, p.KnockAt = c.miss, c.loose, c.k
			return p
		})
	}
}

// TestHandPointsHistogram measures the points of scored hands in self-play
// (normal against normal, EAAI rules) and prints the table for
// ginbot/equity.go.
func TestHandPointsHistogram(t *testing.T) {
	n := tuneGames()
	if n == 0 {
		t.Skip("set FELT_TUNE=games")
	}
	cfg := arena.Config{Game: games.Of(ggin.Game), Options: eaai(t), A: "normal", B: "normal", Games: n, Seed: 777, Parallel: 2}
	recs, err := arena.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	hist := map[int]int{}
	hands := 0
	for _, r := range recs {
		for _, h := range r.Hands {
			if h.Detail != gin.DrawResult {
				hist[h.Points]++
				hands++
			}
		}
	}
	fmt.Printf("// %d scored hands\n", hands)
	for p := 0; p <= 200; p++ {
		if hist[p] > 0 {
			fmt.Printf("{%d, %d}, ", p, hist[p])
		}
	}
	fmt.Println()
}
