package gin

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"felt/card"
	"felt/games/gamestest"
	"felt/gin"
)

// TestNoLeaks walks every event and observation each seat and a spectator
// receive in many games of Gin Rummy between built-in levels and finds no
// card the seat may not see (Visible, the game's leak oracle, as Game
// registers it).
func TestNoLeaks(t *testing.T) {
	levels := []string{"simple", "easy", "normal"}
	gamestest.NoLeaks(t, Spec, 300, 40, Game.Visible, func(i int, seed uint64) ([]ginP, json.RawMessage) {
		return ginBots(t, seed, levels[i%3], levels[(i+1)%3]), nil
	})
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
