package shengji

import (
	"encoding/json"
	"testing"

	"felt/card"
	"felt/games/gamestest"
	"felt/shengji"
)

// TestNoLeaks walks every event and observation each seat and a spectator
// receive in many games of Shengji between random players (every other
// one from level 10, bidding after the deal, the kitty turned up when
// nobody bids) and finds no card the seat may not see (Visible, the game's
// leak oracle, as Game registers it).
func TestNoLeaks(t *testing.T) {
	gamestest.NoLeaks(t, Spec, 60, 8, Game.Visible, func(i int, seed uint64) ([]sjP, json.RawMessage) {
		var opts json.RawMessage
		if i%2 == 1 {
			opts = json.RawMessage(`{"start_level":"10","bid_after_deal":true,"no_bid":"turn-up-kitty"}`)
		}
		return sjRandoms(seed), opts
	})
}

// TestLeakDetector: the walk finds cards wherever a view holds them (here
// in a card.Multi), so a view showing a hidden card fails TestNoLeaks.
func TestLeakDetector(t *testing.T) {
	var m card.Multi
	_ = m.Add(card.MustParse("QS"))
	if !gamestest.Faces(shengji.Event{Cards: m}).Has(card.MustParse("QS")) {
		t.Fatal("a card in a Multi was not found")
	}
}
