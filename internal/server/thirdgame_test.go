package server

import (
	"bytes"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"felt/games"
	"felt/internal/highcard"
)

func init() { highcard.Register() }

// TestThirdGame: a game the server has no line about (internal/highcard,
// registered by this test) is listed by GET /api/games, created, joined
// by a friend, played over the websocket by two people and a computer,
// watched with no card leaked, replayed, and its stored log verifies.
func TestThirdGame(t *testing.T) {
	ts := startServer(t, sqliteStore(t), Config{})
	var list []GameInfo
	getJSON(t, ts, "/api/games", &list)
	i := slices.IndexFunc(list, func(g GameInfo) bool { return g.Name == "highcard" })
	if i < 0 || !slices.Equal(list[i].Seats, []int{3}) || list[i].Default != "first" || string(list[i].Rules["standard"]) != "{}" {
		t.Fatalf("GET /api/games: %+v", list)
	}
	id, conns := playTable(t, ts, `{"game":"highcard","player":"p0","name":"Ann","seats":[{"kind":"me"},{"kind":"open"},{"kind":"computer","level":"first"}]}`, 7, true)
	g, err := gameOf("highcard")
	if err != nil {
		t.Fatal(err)
	}
	log := storedLog(t, ts, id)
	if n := checkLeaks(t, id, allowedSets(t, g, log, g.Visible), conns); n == 0 {
		t.Fatal("no message checked")
	}
	v, err := games.Verify(bytes.NewReader(log))
	if err != nil || !v.Outcome.Over || v.Outcome.Winner < 0 || v.Header.Game != "highcard" {
		t.Fatalf("verify: %v %+v", err, v)
	}
	var rp Replay
	getJSON(t, ts, "/api/tables/"+id+"/replay", &rp)
	if rp.Game != "highcard" || len(rp.Steps) < 3 {
		t.Fatalf("replay: %+v", rp)
	}
	var sum Summary
	getJSON(t, ts, "/api/tables/"+id, &sum)
	if sum.Game != "highcard" || sum.Outcome == nil || !sum.Outcome.Over || len(sum.Outcome.Scores) != 3 {
		t.Fatalf("summary: %+v", sum)
	}
	// A game the registry does not know is refused by name.
	resp, err := http.Post(ts.hs.URL+"/api/tables", "application/json", strings.NewReader(`{"game":"chess","player":"p0","seats":[{"kind":"me"},{"kind":"open"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 400 || !bytes.Contains(b, []byte(`no game \"chess\"`)) || !bytes.Contains(b, []byte("highcard")) {
		t.Fatalf("chess: %s %s", resp.Status, b)
	}
}
