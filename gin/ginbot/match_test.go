package ginbot

import (
	"sync"
	"testing"
	"time"

	"felt/gin"
)

type maker func(seed uint64) Player

// matchResult is a quick mirrored match without the arena (which imports
// this package through agent).
type matchResult struct {
	games, aWins int
	decA         []time.Duration
}

func playGame(t testing.TB, rules gin.Rules, dealSeed uint64, players [2]Player, timeSeat int, dec *[]time.Duration) gin.Seat {
	g, err := gin.NewGame(rules, gin.NewRand(dealSeed))
	if err != nil {
		t.Fatal(err)
	}
	var legal []gin.Action
	for !g.Over() {
		h := g.Hand()
		if h.Over() {
			if err := g.NextHand(); err != nil {
				t.Fatal(err)
			}
			continue
		}
		seat := h.Turn()
		obs := g.Observe(seat)
		start := time.Now()
		a := players[seat].Act(&obs)
		if int(seat) == timeSeat && dec != nil {
			*dec = append(*dec, time.Since(start))
		}
		legal = obs.LegalActions(legal[:0])
		ok := false
		for _, l := range legal {
			if l.Kind == a.Kind && l.Card == a.Card {
				ok = true
			}
		}
		if a.Kind == gin.Knock && !ok {
			ok = gin.Deadwood(obs.Hand.Remove(a.Card)) <= obs.KnockLimit
		}
		if !ok {
			t.Fatalf("%s chose %s, not a legal action (%v)", players[seat].Name(), a, legal)
		}
		if err := g.Apply(seat, a); err != nil {
			t.Fatalf("%s chose %s: %v", players[seat].Name(), a, err)
		}
	}
	return g.Result().Winner
}

func playMatch(t testing.TB, rules gin.Rules, pairs int, seed uint64, a, b maker) matchResult {
	var mu sync.Mutex
	var res matchResult
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range next {
				for swap := 0; swap < 2; swap++ {
					pa, pb := a(seed*1000003+uint64(p)*2+uint64(swap)), b(seed*7919+uint64(p)*2+uint64(swap))
					players := [2]Player{pa, pb}
					aSeat := gin.Seat(0)
					if swap == 1 {
						players = [2]Player{pb, pa}
						aSeat = 1
					}
					var dec []time.Duration
					win := playGame(t, rules, seed+uint64(p)*31, players, int(aSeat), &dec)
					mu.Lock()
					res.games++
					if win == aSeat {
						res.aWins++
					}
					res.decA = append(res.decA, dec...)
					mu.Unlock()
				}
			}
		}()
	}
	for p := 0; p < pairs; p++ {
		next <- p
	}
	close(next)
	wg.Wait()
	return res
}
