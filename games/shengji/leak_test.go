package shengji

import (
	"context"
	"felt/games/gamestest"
	"testing"

	"felt/card"
	"felt/shengji"
	"felt/table"
)

// TestNoLeaks walks every event and observation each seat and a spectator
// receive in many games of Shengji and finds no card the seat may not see
// (Visible, the game's leak oracle).
func TestNoLeaks(t *testing.T) {
	sjGames := 60
	if testing.Short() || raceEnabled {
		sjGames = 8
	}
	var errs []string
	checked := 0
	for i := range sjGames {
		seed := uint64(i + 1)
		var e *Engine
		allowed := func(s table.Seat) card.Set { return Visible(e.Game(), s) }
		spect, ps := gamestest.SeatSpies[shengji.Action, shengji.Observation, shengji.Event](sjRandoms(seed), allowed, &errs, &checked)
		var opts []byte
		if i%2 == 1 {
			opts = []byte(`{"start_level":"10","bid_after_deal":true,"no_bid":"turn-up-kitty"}`)
		}
		tb, err := table.New(Spec, ps, table.Options[shengji.Action, shengji.Observation, shengji.Event]{Seed: seed,
			GameOptions: opts, Spectators: []table.Listener[shengji.Event]{spect}})
		if err != nil {
			t.Fatal(err)
		}
		e = tb.Engine().(*Engine)
		if res, err := tb.Run(context.Background()); err != nil || !res.Over {
			t.Fatalf("shengji seed %d: %v %+v", seed, err, res)
		}
		if len(errs) > 0 {
			t.Fatalf("shengji seed %d:\n%v", seed, errs)
		}
	}
	t.Logf("%d shengji games, %d events and observations", sjGames, checked)
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
