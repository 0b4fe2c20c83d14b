//go:build experiments

package tune

import (
	"fmt"
	"runtime"
	"slices"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"felt/gin"
	"felt/gin/ginbot"
)

// TestHardDecisionTimes times every decision hard makes against each
// opponent of the population, one game at a time on one core, and prints
// the median, the 99th percentile and the slowest: by the wall clock, and
// by the CPU time of the thread it runs on (Linux), which a loaded machine
// does not inflate. Experiment only: FELT_TUNE=games (per opponent).
func TestHardDecisionTimes(t *testing.T) {
	n := tuneGames()
	if n == 0 {
		t.Skip("set FELT_TUNE=games")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for _, opp := range []string{"simple", "gin-hunter", "low-knocker", "undercutter", "hard-v1"} {
		var ds, cs []time.Duration
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
				start, cpu := time.Now(), threadCPU()
				a := players[s].Act(&obs)
				if s == me {
					ds = append(ds, time.Since(start))
					cs = append(cs, threadCPU()-cpu)
				}
				if err := g.Apply(s, a); err != nil {
					t.Fatal(err)
				}
			}
		}
		slices.Sort(ds)
		slices.Sort(cs)
		fmt.Printf("hard against %-12s %6d decisions: wall median %.3f ms, p99 %.3f ms, max %.3f ms; thread CPU median %.3f ms, p99 %.3f ms, max %.3f ms\n", opp, len(ds),
			ms(ds[len(ds)/2]), ms(ds[len(ds)*99/100]), ms(ds[len(ds)-1]), ms(cs[len(cs)/2]), ms(cs[len(cs)*99/100]), ms(cs[len(cs)-1]))
	}
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// threadCPU returns the CPU time the calling thread has used, by
// clock_gettime(CLOCK_THREAD_CPUTIME_ID) on Linux (0 where the system
// cannot tell).
func threadCPU() time.Duration {
	const clockThreadCPUTime = 3 // CLOCK_THREAD_CPUTIME_ID
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0
	}
	return time.Duration(ts.Nano())
}
