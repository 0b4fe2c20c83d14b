package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"felt/internal/store"
	"felt/internal/testenv"
)

// stores runs f with a SQLite store, and a PostgreSQL one when
// FELT_TEST_POSTGRES names a database.
func stores(t *testing.T, f func(t *testing.T, st store.Store)) {
	t.Run("sqlite", func(t *testing.T) { f(t, sqliteStore(t)) })
	t.Run("postgres", func(t *testing.T) { f(t, postgresStore(t)) })
}

// TestWholeGames plays a whole game of each game through the websocket on
// each store: the welcome, the history, events with the seat's
// observation, decisions with their legal moves, and over; the game's
// stored log replays.
func TestWholeGames(t *testing.T) {
	stores(t, func(t *testing.T, st store.Store) {
		ts := startServer(t, st, Config{Rate: 1000})
		for _, body := range []string{
			`{"game":"gin","player":"ann","name":"Ann","seats":[{"kind":"me"},{"kind":"computer","level":"simple"}]}`,
			`{"game":"shengji","preset":"simple","player":"ann","name":"Ann","seats":[{"kind":"me"},{"kind":"computer","level":"greedy"},{"kind":"computer","level":"random"},{"kind":"computer"}]}`,
		} {
			cr := ts.create(t, body)
			if cr.Seat != 0 || cr.Token == "" || len(cr.Invites) != 0 {
				t.Fatalf("created %+v", cr)
			}
			c := dial(t, ts)
			c.hello(cr.ID, cr.Token, "ann")
			w, _ := c.expect("welcome")
			var wel struct {
				Game  string  `json:"game"`
				Seat  int     `json:"seat"`
				Table Summary `json:"table"`
			}
			json.Unmarshal(w.Raw, &wel)
			if wel.Seat != 0 || wel.Table.ID != cr.ID || wel.Table.Seats[0].Name != "Ann" || wel.Table.Status != "playing" {
				t.Fatalf("welcome %s", w.Raw)
			}
			if h, _ := c.next(30 * time.Second); h.Type != "history" {
				t.Fatalf("after the welcome %s, want the history", h.Raw)
			}
			msgs, err := c.play(rand.New(rand.NewPCG(1, 2)), true)
			if err != nil {
				t.Fatal(err)
			}
			types := map[string]int{}
			for _, m := range msgs {
				types[m.Type]++
				if m.Type == "event" && m.F["obs"] == nil {
					t.Fatalf("a seat's event without its observation: %s", m.Raw)
				}
			}
			if types["decide"] == 0 || types["event"] == 0 || types["over"] != 1 {
				t.Fatalf("messages by type %v", types)
			}
			c.close()
			// The store has the outcome, and the log replays.
			var sum Summary
			getJSON(t, ts, "/api/tables/"+cr.ID, &sum)
			if sum.Status != "over" || sum.Outcome == nil || !sum.Outcome.Over {
				t.Fatalf("summary after the game %+v", sum)
			}
			verifyLog(t, wel.Game, storedLog(t, ts, cr.ID))
			var games []GameSummary
			getJSON(t, ts, "/api/tables?player=ann", &games)
			if len(games) == 0 || games[0].ID != cr.ID || games[0].Seat != 0 {
				t.Fatalf("the player's games %+v", games)
			}
			var rep Replay
			getJSONAuth(t, ts, "/api/tables/"+cr.ID+"/replay", cr.Token, &rep)
			if rep.Seat != 0 || len(rep.Steps) == 0 || rep.Game != wel.Game {
				t.Fatalf("replay: seat %d, %d steps", rep.Seat, len(rep.Steps))
			}
		}
	})
}

func getJSON(t *testing.T, ts *tserver, path string, out any) { getJSONAuth(t, ts, path, "", out) }

func getJSONAuth(t *testing.T, ts *tserver, path, token string, out any) {
	t.Helper()
	req, _ := http.NewRequest("GET", ts.hs.URL+path, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("GET %s: %s", path, resp.Status)
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
}

// decision reads messages to the next decision of the connection's seat
// (not an optional one) and returns its seq and first legal move.
func (c *client) decision() (int, json.RawMessage, msg) {
	c.t.Helper()
	for {
		m, _ := c.expect("decide")
		var d struct {
			Seq      int               `json:"seq"`
			Optional bool              `json:"optional"`
			Legal    []json.RawMessage `json:"legal"`
		}
		json.Unmarshal(m.Raw, &d)
		if d.Optional {
			continue
		}
		if len(d.Legal) == 0 {
			c.t.Fatalf("a decision without legal moves: %s", m.Raw)
		}
		return d.Seq, d.Legal[0], m
	}
}

func (c *client) move(seq int, mv json.RawMessage) {
	c.t.Helper()
	c.send(fmt.Sprintf(`{"type":"move","seq":%d,"move":%s}`, seq, mv))
}

// TestReconnectGetsPendingDecision: a person who reconnects (a reload) is
// sent the welcome, the hand's history, the seat's state and the same
// pending decision, and the move for it counts.
func TestReconnectGetsPendingDecision(t *testing.T) {
	ts := startServer(t, sqliteStore(t), Config{Rate: 1000})
	cr := ts.create(t, `{"game":"gin","player":"ann","name":"Ann","seats":[{"kind":"me"},{"kind":"computer","level":"simple"}]}`)
	c := dial(t, ts)
	c.hello(cr.ID, cr.Token, "ann")
	seq, mv, first := c.decision()
	c.close()
	c = dial(t, ts)
	c.hello(cr.ID, cr.Token, "ann")
	var order []string
	for _, want := range []string{"welcome", "history", "state", "decide"} {
		m, _ := c.next(30 * time.Second)
		order = append(order, m.Type)
		if m.Type != want {
			t.Fatalf("after a reconnect %v, want welcome, history, state, decide", order)
		}
		if m.Type == "history" {
			var h historyMsg
			json.Unmarshal(m.Raw, &h)
			if len(h.Events) == 0 {
				t.Fatal("the history of the hand is empty")
			}
		}
		if m.Type == "decide" && string(m.Raw) != string(first.Raw) {
			t.Fatalf("the decision after the reconnect\n%s\ndiffers from\n%s", m.Raw, first.Raw)
		}
	}
	c.move(seq, mv)
	for {
		m, _ := c.expect("event")
		if m.int("n") == seq {
			break
		}
	}
}

// TestTakeoverOnMoveTimeoutAndReturn: a person who does not move in time
// is replaced by the stand-in level (logged, told everyone), and gets the
// seat back on asking for it (logged, told), with a decision of their own.
func TestTakeoverOnMoveTimeoutAndReturn(t *testing.T) {
	ts := startServer(t, sqliteStore(t), Config{Rate: 1000, MoveTimeout: 200 * time.Millisecond, Away: time.Hour})
	cr := ts.create(t, `{"game":"gin","player":"ann","name":"Ann","seats":[{"kind":"me"},{"kind":"open"}]}`)
	ann := dial(t, ts)
	ann.hello(cr.ID, cr.Token, "ann")
	bo := dial(t, ts)
	bo.hello(cr.ID, inviteToken(t, cr.Invites[0]), "bo")
	stop := make(chan struct{})
	defer close(stop)
	go bo.answer(stop)
	// Ann answers nothing: her seat is taken over at her first decision.
	n, _ := ann.expect("notice")
	if n.str("kind") != "takeover" || n.int("seat") != 0 || !strings.Contains(n.str("text"), "no move within") {
		t.Fatalf("notice %s", n.Raw)
	}
	if s, _ := ann.expect("seats"); !strings.Contains(string(s.Raw), `"status":"replaced"`) {
		t.Fatalf("seats after the takeover %s", s.Raw)
	}
	ann.send(`{"type":"back"}`)
	for {
		m, _ := ann.expect("notice")
		if m.str("kind") == "return" && m.int("seat") == 0 {
			break
		}
	}
	ann.decision()
	log := string(storedLog(t, ts, cr.ID))
	for _, want := range []string{`"from":"Ann","to":"normal","reason":"no move within 200ms"`, `"from":"normal","to":"Ann","reason":"back at the table"`} {
		if !strings.Contains(log, want) {
			t.Fatalf("the log has no control line with %s:\n%s", want, log)
		}
	}
	verifyLog(t, "gin", []byte(log))
}

// TestTakeoverWhenAwayAndReturn: a person whose last connection closed is
// replaced once the grace period ends, and comes back by connecting again.
func TestTakeoverWhenAwayAndReturn(t *testing.T) {
	ts := startServer(t, sqliteStore(t), Config{Rate: 1000, MoveTimeout: time.Hour, Away: 100 * time.Millisecond})
	cr := ts.create(t, `{"game":"gin","player":"ann","name":"Ann","seats":[{"kind":"me"},{"kind":"open"}]}`)
	ann := dial(t, ts)
	ann.hello(cr.ID, cr.Token, "ann")
	bo := dial(t, ts)
	bo.hello(cr.ID, inviteToken(t, cr.Invites[0]), "bo")
	ann.close()
	// Bo plays until Ann's seat is taken over; then stops.
	bo.send(`{"type":"hint"}`) // harmless whether or not it is Bo's turn
	for {
		m, err := bo.next(30 * time.Second)
		if err != nil {
			t.Fatal(err)
		}
		if m.Type == "notice" {
			if m.str("kind") != "takeover" || m.int("seat") != 0 || !strings.Contains(m.str("text"), "away for") {
				t.Fatalf("notice %s", m.Raw)
			}
			break
		}
		if m.Type == "decide" && !m.bool("optional") {
			var d struct {
				Legal []json.RawMessage `json:"legal"`
			}
			json.Unmarshal(m.Raw, &d)
			bo.move(m.int("seq"), d.Legal[0])
		}
	}
	sum := tableSummary(t, ts, cr.ID)
	if s := sum.Seats[0]; s.Status != "replaced" || !s.Computer || s.Connected {
		t.Fatalf("seat 0 after the takeover %+v", s)
	}
	// Ann comes back; Bo moves; Ann's seat is hers again at its next
	// decision.
	ann = dial(t, ts)
	ann.hello(cr.ID, cr.Token, "ann")
	ann.expect("welcome")
	stop := make(chan struct{})
	defer close(stop)
	go bo.answer(stop)
	for {
		m, _ := ann.expect("notice")
		if m.str("kind") == "return" && m.int("seat") == 0 {
			break
		}
	}
	ann.decision()
	log := string(storedLog(t, ts, cr.ID))
	if !strings.Contains(log, `"to":"normal","reason":"away for 100ms"`) || !strings.Contains(log, `"from":"normal","to":"Ann"`) {
		t.Fatalf("the log lacks the takeover or the return:\n%s", log)
	}
}

// answer answers each of the seat's decisions with its first legal move
// until stop closes or the connection ends.
func (c *client) answer(stop <-chan struct{}) {
	for {
		select {
		case <-stop:
			return
		case <-c.done:
			return
		case m := <-c.in:
			if m.Type == "decide" && !m.bool("optional") {
				var d struct {
					Legal []json.RawMessage `json:"legal"`
				}
				json.Unmarshal(m.Raw, &d)
				b, _ := json.Marshal(map[string]any{"type": "move", "seq": m.int("seq"), "move": d.Legal[0]})
				ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(20*time.Second))
				c.ws.Write(ctx, websocket.MessageText, b)
				cancel()
			}
		}
	}
}

func (m msg) bool(k string) bool {
	var b bool
	json.Unmarshal(m.F[k], &b)
	return b
}

func tableSummary(t *testing.T, ts *tserver, id string) Summary {
	t.Helper()
	var s Summary
	getJSON(t, ts, "/api/tables/"+id, &s)
	return s
}

// TestHintOncePerDecision: a hint names a legal move with words, and
// asking again for the same decision gets the same hint (worked out once).
func TestHintOncePerDecision(t *testing.T) {
	ts := startServer(t, sqliteStore(t), Config{Rate: 1000})
	cr := ts.create(t, `{"game":"gin","player":"ann","name":"Ann","seats":[{"kind":"me"},{"kind":"computer","level":"simple"}]}`)
	c := dial(t, ts)
	c.hello(cr.ID, cr.Token, "ann")
	seq, _, dm := c.decision()
	c.send(`{"type":"hint"}`)
	h1, _ := c.expect("hint")
	c.send(`{"type":"hint"}`)
	h2, _ := c.expect("hint")
	if h1.int("seq") != seq || !strings.HasPrefix(h1.str("text"), "hard would ") || string(h1.Raw) != string(h2.Raw) {
		t.Fatalf("hints %s and %s for decision %d", h1.Raw, h2.Raw, seq)
	}
	if !strings.Contains(string(dm.Raw), string(h1.F["move"])) {
		t.Fatalf("the hint's move %s is not among the legal moves of %s", h1.F["move"], dm.Raw)
	}
}
