package server

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"felt/games"
)

// TestMixRules: POST /api/games/{game}/rules says what a preset with
// settings over it comes to (the options, every setting in effect, the
// seats), and refuses bad settings with the field named, changing nothing.
func TestMixRules(t *testing.T) {
	ts := startServer(t, sqliteStore(t), Config{})
	var m games.Mixed
	if code := ts.post(t, "/api/games/shengji/rules", `{"preset":"friends-6","settings":{"players":7,"throw_penalty":10}}`, &m); code != http.StatusOK {
		t.Fatalf("status %d", code)
	}
	var eff struct {
		Players, Packs, Kitty, Calls int
		ThrowPenalty                 int `json:"throw_penalty"`
	}
	if err := json.Unmarshal(m.Effective, &eff); err != nil {
		t.Fatal(err)
	}
	if m.Seats != 7 || eff.Players != 7 || eff.Packs != 3 || eff.Kitty != 8 || eff.Calls != 2 || eff.ThrowPenalty != 10 || !strings.Contains(m.Summary, "7 players") {
		t.Fatalf("%+v (effective %s)", m, m.Effective)
	}
	for _, tc := range []struct{ path, body, want string }{
		{"/api/games/shengji/rules", `{"preset":"friends-6","settings":{"packs":7}}`, "packs"},
		{"/api/games/shengji/rules", `{"preset":"friends-5","settings":{"friends":false}}`, "friends"},
		{"/api/games/shengji/rules", `{"preset":"friends-5","settings":{"colour":"red"}}`, "colour"},
		{"/api/games/shengji/rules", `{"preset":"wild"}`, "preset"},
		{"/api/games/shengji/rules", `{"preset":"standard","settings":[1]}`, "one JSON object"},
		{"/api/games/gin/rules", `{"settings":{"goal":50}}`, "no settings"},
		{"/api/games/poker/rules", `{}`, "no game"},
		{"/api/games/shengji/rules", `{"preset":"standard","extra":1}`, "unknown"},
	} {
		resp, err := http.Post(ts.hs.URL+tc.path, "application/json", strings.NewReader(tc.body))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		checkHeaders(t, resp)
		if resp.StatusCode/100 != 4 || !strings.Contains(string(b), tc.want) {
			t.Errorf("%s %s: %s %s, want 4xx naming %q", tc.path, tc.body, resp.Status, b, tc.want)
		}
	}
}

// TestCreateWithSettings: a table is created with settings over its
// preset: the rules seat as many players as they say (seven here, not the
// preset's six), the table's summary carries the mixed rules; settings
// the rules refuse are a 400 naming the field, and no table is made.
func TestCreateWithSettings(t *testing.T) {
	ts := startServer(t, sqliteStore(t), Config{})
	seats := func(n int) string {
		s := `{"kind":"me"}`
		for range n - 1 {
			s += `,{"kind":"computer","level":"random"}`
		}
		return "[" + s + "]"
	}
	cr := ts.create(t, `{"game":"shengji","preset":"friends-6","settings":{"players":7,"kitty":15},"player":"ann","name":"Ann","seats":`+seats(7)+`}`)
	var sum Summary
	getJSON(t, ts, "/api/tables/"+cr.ID, &sum)
	var rules struct {
		Players, Packs, Kitty int
		Friends               bool
	}
	if err := json.Unmarshal(sum.Rules, &rules); err != nil {
		t.Fatal(err)
	}
	if len(sum.Seats) != 7 || rules.Players != 7 || rules.Packs != 3 || rules.Kitty != 15 || !rules.Friends {
		t.Fatalf("seats %d, rules %s", len(sum.Seats), sum.Rules)
	}
	for _, tc := range []struct{ body, want string }{
		{`{"game":"shengji","preset":"friends-6","settings":{"players":7},"player":"ann","seats":` + seats(6) + `}`, "7 seats"},
		{`{"game":"shengji","preset":"friends-6","settings":{"kitty":7},"player":"ann","seats":` + seats(6) + `}`, "kitty"},
		{`{"game":"shengji","preset":"standard","settings":{"players":3},"player":"ann","seats":` + seats(3) + `}`, "players"},
		{`{"game":"gin","settings":{"goal":50},"player":"ann","seats":` + seats(2) + `}`, "no settings"},
	} {
		resp, err := http.Post(ts.hs.URL+"/api/tables", "application/json", strings.NewReader(tc.body))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(b), tc.want) {
			t.Errorf("%.120s: %s %s, want 400 naming %q", tc.body, resp.Status, b, tc.want)
		}
	}
	var mine []GameSummary
	getJSON(t, ts, "/api/tables?player=ann", &mine)
	if len(mine) != 1 {
		t.Fatalf("%d tables of ann's, want the one created", len(mine))
	}
}

// TestGamesListSettings: GET /api/games lists Shengji's settings, each
// with its kind, for a page to build its form from.
func TestGamesListSettings(t *testing.T) {
	ts := startServer(t, sqliteStore(t), Config{})
	var list []struct {
		Name     string `json:"name"`
		Settings []struct {
			Name, Kind string
		} `json:"settings"`
	}
	getJSON(t, ts, "/api/games", &list)
	for _, g := range list {
		if g.Name != "shengji" {
			continue
		}
		kinds := map[string]string{}
		for _, s := range g.Settings {
			kinds[s.Name] = s.Kind
		}
		if kinds["players"] != "number" || kinds["friends"] != "bool" || kinds["no_bid"] != "choice" || kinds["must_defend"] != "ranks" || kinds["no_trump_rank"] != "bool" || len(kinds) != 16 {
			t.Fatalf("settings %v", kinds)
		}
		return
	}
	t.Fatal("no shengji in /api/games")
}
