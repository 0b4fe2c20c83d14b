package server

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"

	"felt/games"
	"felt/internal/highcard"
	"felt/table"
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
	if err != nil || !v.Outcome.Over || v.Outcome.Winners.Len() != 1 || v.Header.Game != "highcard" {
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

// TestTeamsRevealedOverTheWire: at a table whose teams form during the
// hand (highcard's friend preset), everyone is told the new teams as a
// notice when they change, once, before the game is over when the friend
// shows mid-hand; the outcome names the final teams, the seats that won
// (one of those teams) and each team's score, and the table's summary
// gives the teams as they stand.
func TestTeamsRevealedOverTheWire(t *testing.T) {
	ts := startServer(t, sqliteStore(t), Config{}.WithoutTableLimits())
	midHand := 0
	for seed := uint64(1); seed <= 40 && midHand == 0; seed++ {
		id, conns := playTable(t, ts, `{"game":"highcard","preset":"friend","player":"p0","name":"Ann","seats":[{"kind":"me"},{"kind":"open"},{"kind":"computer","level":"first"}]}`, seed, false)
		for _, c := range conns {
			var told [][][]int
			var over *OutcomeWire
			events, at := 0, 0 // events seen, and before the notice
			for _, m := range c.msgs {
				switch m.Type {
				case "event":
					events++
				case "notice":
					if m.str("kind") != "teams" {
						continue
					}
					var tm [][]int
					if err := json.Unmarshal(m.F["teams"], &tm); err != nil || len(tm) != 2 || !strings.HasPrefix(m.str("text"), "Teams now: seats ") {
						t.Fatalf("table %s, seat %d: notice %s", id, c.seat, m.Raw)
					}
					told = append(told, tm)
					at = events
				case "over":
					var o struct{ Outcome OutcomeWire }
					if err := json.Unmarshal(m.Raw, &o); err != nil {
						t.Fatal(err)
					}
					over = &o.Outcome
				}
			}
			if c.seat == table.MaxSeats && at < events {
				midHand++ // told before the last card's event
			}
			if len(told) != 1 || over == nil {
				t.Fatalf("table %s, seat %d: told teams %v, outcome %+v", id, c.seat, told, over)
			}
			if !reflect.DeepEqual(over.Teams, told[0]) || over.Winner < 0 || !reflect.DeepEqual(over.Winners, over.Teams[over.Winner]) ||
				len(over.Scores) != 2 || over.Scores[over.Winner] != 1 || over.Scores[1-over.Winner] != 0 {
				t.Fatalf("table %s: outcome %+v after teams %v", id, over, told)
			}
		}
		var sum Summary
		getJSON(t, ts, "/api/tables/"+id, &sum)
		if sum.Outcome == nil || !reflect.DeepEqual(sum.Outcome.Teams, sum.Teams) && sum.Teams != nil {
			t.Fatalf("summary: %+v", sum)
		}
	}
	if midHand == 0 {
		t.Fatal("no table of 40 revealed a friend before its last card")
	}
}
