package ginbot

import (
	"fmt"
	"sync"
	"testing"

	"felt/card"
	"felt/gin"
)

// TestTuneCheat measures hard when it knows the hidden cards (an upper
// bound for better inference). Experiment only.
func TestTuneCheat(t *testing.T) {
	n := tuneGames()
	if n == 0 {
		t.Skip("set FELT_TUNE=pairs")
	}
	type variant struct {
		name string
		set  func(h *Hard)
	}
	for _, v := range []variant{
		{"base", func(h *Hard) {}},
		{"knockworlds 400", func(h *Hard) { h.KnockWorlds = 400 }},
		{"knockworlds 1000", func(h *Hard) { h.KnockWorlds = 1000 }},
		{"knockworlds 400 z1", func(h *Hard) { h.KnockWorlds = 400; h.Z = 1 }},
	} {
		cheat := false
		var mu sync.Mutex
		wins, games := 0, 0
		var wg sync.WaitGroup
		next := make(chan int)
		for w := 0; w < 2; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range next {
					g, _ := gin.NewGame(gin.EAAI(), gin.NewRand(uint64(i/2)+1000))
					h := NewHard(gin.NewRand(uint64(i)))
					h.Worlds = 100
					h.belief.Beta, h.belief.Sharpness = 4, 99
					v.set(h)
					me := gin.Seat(i % 2)
					if cheat {
						h.peek = func() (card.Set, []card.Card) {
							hd := g.Hand()
							var st []card.Card
							deck := hd.Deck()
							st = append(st, deck[card.PackSize-hd.StockLen():]...)
							h.rng.Shuffle(len(st), func(i, j int) { st[i], st[j] = st[j], st[i] })
							return hd.Cards(me.Other()), st
						}
					}
					players := [2]Player{}
					players[me] = h
					players[me.Other()] = NewSimple(gin.NewRand(uint64(i) + 77))
					for !g.Over() {
						hd := g.Hand()
						if hd.Over() {
							g.NextHand()
							continue
						}
						s := hd.Turn()
						obs := g.Observe(s)
						if err := g.Apply(s, players[s].Act(&obs)); err != nil {
							t.Error(err)
							return
						}
					}
					mu.Lock()
					games++
					if g.Result().Winner == me {
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
