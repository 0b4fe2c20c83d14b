package gin

import (
	"context"
	"felt/games/gamestest"
	"math/rand/v2"
	"testing"

	"felt/card"
	"felt/gin"
	"felt/table"
)

// TestNoLeaks walks every event and observation each seat and a spectator
// receive in many games of Gin Rummy and finds no card the seat may not
// see (Visible, the game's leak oracle).
func TestNoLeaks(t *testing.T) {
	ginGames := 300
	if testing.Short() || raceEnabled {
		ginGames = 40
	}
	var errs []string
	checked := 0
	levels := []string{"simple", "easy", "normal"}
	for i := range ginGames {
		seed := uint64(i + 1)
		var e *Engine
		allowed := func(s table.Seat) card.Set { return Visible(e.Game(), s) }
		spect, ps := gamestest.SeatSpies[gin.Action, gin.Observation, gin.Event](ginBots(t, seed, levels[i%3], levels[(i+1)%3]), allowed, &errs, &checked)
		tb, err := table.New(Spec, ps, table.Options[gin.Action, gin.Observation, gin.Event]{Seed: seed,
			Spectators: []table.Listener[gin.Event]{spect}})
		if err != nil {
			t.Fatal(err)
		}
		e = tb.Engine().(*Engine)
		if res, err := tb.Run(context.Background()); err != nil || !res.Over {
			t.Fatalf("gin seed %d: %v %+v", seed, err, res)
		}
		if len(errs) > 0 {
			t.Fatalf("gin seed %d:\n%v", seed, errs)
		}
	}
	t.Logf("%d gin games, %d events and observations", ginGames, checked)
}

// TestLeakDetector: the walk finds cards wherever a view holds them, so a
// view showing a hidden card fails TestNoLeaks.
func TestLeakDetector(t *testing.T) {
	g, _ := gin.NewGameUndealt(gin.Standard())
	var seen [2]gin.Event
	var sp gin.Event
	deck := card.Shuffled(rand.New(rand.NewPCG(1, 2)))
	if err := g.DealDeck(deck, 0, &seen, &sp); err != nil {
		t.Fatal(err)
	}
	if leak := gamestest.Faces(seen[0]) &^ Visible(g, 0); leak != 0 {
		t.Fatalf("seat 0's own deal shows %s", leak)
	}
	if leak := gamestest.Faces(seen[1]) &^ Visible(g, 0); leak != g.Hand().Cards(1) {
		t.Fatalf("seat 1's deal seen by seat 0: found %s, want its hand %s", leak, g.Hand().Cards(1))
	}
	o := g.Observe(1)
	o.Result = &gin.Result{Showdown: gin.Showdown{Layoffs: []gin.Layoff{{Card: deck[30]}}}}
	if !gamestest.Faces(o).Has(deck[30]) {
		t.Fatal("a card behind a pointer and a slice was not found")
	}
}
