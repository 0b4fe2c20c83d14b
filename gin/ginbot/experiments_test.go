package ginbot

import (
	"fmt"
	"os"
	"strconv"
	"sync"
	"testing"

	"felt/gin"
)

// TestTuneHardVariants measures variants of hard against simple on the
// same deals (EAAI rules): how much the knock search's worlds matter, and
// the normal player's cautious knocking under it. Experiment only:
// FELT_TUNE=pairs.
func TestTuneHardVariants(t *testing.T) {
	n := tuneGames()
	if n == 0 {
		t.Skip("set FELT_TUNE=pairs")
	}
	type variant struct {
		name string
		set  func(h *Hard)
	}
	for _, v := range []variant{
		{"default", func(h *Hard) {}},
		{"25 worlds", func(h *Hard) { h.Worlds = 25 }},
		{"400 worlds", func(h *Hard) { h.Worlds = 400 }},
		{"knock as soon as allowed", func(h *Hard) { h.normal.KnockMax = 10 }},
	} {
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
					players[me.Other()] = NewSimple(gin.NewRand(uint64(i) + 77))
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
		fmt.Printf("%s: %.1f%% of %d\n", v.name, 100*float64(wins)/float64(games), games)
	}
}

func tuneGames() int {
	n, _ := strconv.Atoi(os.Getenv("FELT_TUNE"))
	return n
}
