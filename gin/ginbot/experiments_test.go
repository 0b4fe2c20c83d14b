package ginbot

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"felt/gin"
)

// TestTuneHardVariants measures variants of hard against an opponent
// (FELT_TUNE_OPP, default simple) on the same deals (EAAI rules): how much
// the knock search's worlds matter, the normal player's cautious knocking
// under it, the search's margin and the seat's own knocking in playouts.
// FELT_TUNE_VARIANTS picks variants by name (comma-separated; default
// all). Experiment only: FELT_TUNE=pairs.
func TestTuneHardVariants(t *testing.T) {
	n := tuneGames()
	if n == 0 {
		t.Skip("set FELT_TUNE=pairs")
	}
	type variant struct {
		name string
		set  func(h *Hard)
	}
	opp := os.Getenv("FELT_TUNE_OPP")
	if opp == "" {
		opp = "simple"
	}
	all := []variant{
		{"default", func(h *Hard) {}},
		{"25 worlds", func(h *Hard) { h.Worlds = 25 }},
		{"400 worlds", func(h *Hard) { h.Worlds = 400 }},
		{"knock as soon as allowed", func(h *Hard) { h.normal.KnockMax = 10 }},
		{"z1.5", func(h *Hard) { h.z = 1.5 }},
		{"z3.5", func(h *Hard) { h.z = 3.5 }},
		{"own3", func(h *Hard) { h.ownAt = 3 }},
		{"own1", func(h *Hard) { h.ownAt = 1 }},
	}
	want := strings.Split(os.Getenv("FELT_TUNE_VARIANTS"), ",")
	for _, v := range all {
		if want[0] != "" && !slices.Contains(want, v.name) {
			continue
		}
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
