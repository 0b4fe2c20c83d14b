package tune

import (
	"fmt"
	"runtime"
	"slices"
	"testing"
	"time"

	"felt/gin"
	"felt/gin/ginbot"
)

// TestHardDecisionTimes times every decision hard makes against each
// opponent of the population, one game at a time on one core, and prints
// the median, the 99th percentile and the slowest. Experiment only:
// FELT_TUNE=games (per opponent).
func TestHardDecisionTimes(t *testing.T) {
	n := games()
	if n == 0 {
		t.Skip("set FELT_TUNE=games")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	for _, opp := range []string{"simple", "gin-hunter", "low-knocker", "undercutter", "hard-v1"} {
		var ds []time.Duration
		for i := range n {
			me := gin.Seat(i % 2)
			var players [2]ginbot.Player
			players[me] = ginbot.NewHard(gin.NewRand(uint64(i)))
			o, err := ginbot.New(opp, gin.NewRand(uint64(i)+1000))
			if err != nil {
				t.Fatal(err)
			}
			players[me.Other()] = o
			g, err := gin.NewGame(gin.EAAI(), gin.NewRand(uint64(i/2)+77))
			if err != nil {
				t.Fatal(err)
			}
			for !g.Over() {
				h := g.Hand()
				if h.Over() {
					if err := g.NextHand(); err != nil {
						t.Fatal(err)
					}
					continue
				}
				s := h.Turn()
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
		fmt.Printf("hard against %-12s %6d decisions: median %.3f ms, p99 %.3f ms, max %.3f ms\n", opp, len(ds),
			ms(ds[len(ds)/2]), ms(ds[len(ds)*99/100]), ms(ds[len(ds)-1]))
	}
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
