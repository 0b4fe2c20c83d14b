package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"testing"

	"felt/internal/store"
)

// getStats reads GET /api/stats?player=P.
func getStats(t *testing.T, ts *tserver, player string) (int, StatsWire) {
	t.Helper()
	res, err := http.Get(ts.hs.URL + "/api/stats?player=" + player)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out StatsWire
	if res.StatusCode == http.StatusOK {
		if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
			t.Fatal(err)
		}
	}
	return res.StatusCode, out
}

// TestStatsCountWholeGames plays a Gin Rummy game and a Shengji game
// (from level Q) between two people and computers on each store, and
// checks each person's statistics against the games' stored outcomes:
// one game played of each, a win where the outcome names the seat, and in
// Shengji the levels from Q to the person's team's final level.
func TestStatsCountWholeGames(t *testing.T) {
	stores(t, func(t *testing.T, st store.Store) {
		ts := startServer(t, st, Config{Rate: 1000})
		type want struct{ played, won, levels int }
		wants := map[string]map[string]want{"p0": {}, "p1": {}}
		for _, c := range []struct {
			game, body string
			start      int // the start level, for a game of levels
		}{
			{"gin", `{"game":"gin","player":"p0","name":"Ann","seats":[{"kind":"me"},{"kind":"open"}]}`, 0},
			{"shengji", `{"game":"shengji","preset":"simple","settings":{"start_level":"Q"},"player":"p0","name":"Ann","seats":[{"kind":"me"},{"kind":"open"},{"kind":"computer","level":"greedy"},{"kind":"computer","level":"greedy"}]}`, 12},
		} {
			id, _ := playTable(t, ts, c.body, 7, false)
			tb, err := st.Table(t.Context(), id)
			if err != nil {
				t.Fatal(err)
			}
			if tb.Status != store.Over {
				t.Fatalf("%s table %s: status %v, want over", c.game, id, tb.Status)
			}
			var o OutcomeWire
			if err := json.Unmarshal(tb.Outcome, &o); err != nil {
				t.Fatal(err)
			}
			for seat, p := range []string{"p0", "p1"} {
				w := wants[p][c.game]
				w.played++
				if slices.Contains(o.Winners, seat) {
					w.won++
				}
				if c.start > 0 {
					for i, team := range o.Teams {
						if slices.Contains(team, seat) {
							w.levels += o.Scores[i] - c.start
						}
					}
				}
				wants[p][c.game] = w
			}
			t.Logf("%s: outcome %+v", c.game, o)
		}
		for p, games := range wants {
			code, got := getStats(t, ts, p)
			if code != http.StatusOK || got.Player != p || len(got.Games) != 2 {
				t.Fatalf("%s's statistics: %d %+v", p, code, got)
			}
			for _, g := range got.Games {
				w := games[g.Game]
				if g.Played != w.played || g.Won != w.won || g.Levels != w.levels {
					t.Errorf("%s at %s: %+v, want %+v", p, g.Game, g.Stats, w)
				}
				if g.CountLevels != (g.Game == "shengji") || g.Title == g.Game {
					t.Errorf("%s: title %q, counts levels %v", g.Game, g.Title, g.CountLevels)
				}
			}
		}
		// Each game has one winning side: of the two people at Gin
		// Rummy, exactly one won.
		_, a := getStats(t, ts, "p0")
		_, b := getStats(t, ts, "p1")
		if a.Games[0].Won+b.Games[0].Won != 1 {
			t.Errorf("gin wins %d and %d, want one between them", a.Games[0].Won, b.Games[0].Won)
		}
	})
}

// TestStatsHostileInput: a request without a player, or with a player id
// that is not one, is refused with a reason; a player with no games has
// none.
func TestStatsHostileInput(t *testing.T) {
	ts := startServer(t, sqliteStore(t), Config{})
	for _, q := range []string{"", "a%20b", "%3Cscript%3E", fmt.Sprintf("%0200d", 1)} {
		if code, _ := getStats(t, ts, q); code != http.StatusBadRequest {
			t.Errorf("statistics of %q: %d, want 400", q, code)
		}
	}
	code, got := getStats(t, ts, "nobody")
	if code != http.StatusOK || got.Games == nil || len(got.Games) != 0 {
		t.Errorf("a player without games: %d %+v", code, got)
	}
}
