package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"
)

// onwardEvent is what the onward test reads of a Gin event.
type onwardEvent struct {
	Event struct {
		Hand int             `json:"hand"`
		Seat int             `json:"seat"`
		Kind string          `json:"kind"`
		End  json.RawMessage `json:"end"`
	} `json:"event"`
}

// playOnward plays a Gin table's seat 0 against the computer at seat 1
// over a connection whose hello says whether it shows results. After each
// hand's end it reads what comes for a moment: a decision of its own is
// answered (a move moves on too); a computer's move of the next hand is
// counted as one made while the result was up. With results, when the
// computer does not move, it sends onward and counts a hold, then expects
// the computer's move. It stops after holds holds (or the game's end) and
// returns the counts.
func playOnward(t *testing.T, ts *tserver, results bool, holds int) (held, movedUnder int) {
	t.Helper()
	cr := ts.create(t, `{"game":"gin","player":"ann","name":"Ann","seats":[{"kind":"me"},{"kind":"computer","level":"simple"}]}`)
	c := dial(t, ts)
	defer c.close()
	c.send(map[string]any{"type": "hello", "table": cr.ID, "token": cr.Token, "player": "ann", "results": results})
	rng := rand.New(rand.NewPCG(1, 2))
	ended := 0 // the last hand whose end was seen, result up
	quiet := func() (msg, error) { return c.next(2 * time.Second) }
	for held < holds {
		var m msg
		var err error
		if ended > 0 {
			m, err = quiet()
			if err != nil && !errors.Is(err, errClosed) {
				// Nothing for a while: the computer waits for the
				// person to move on from the result.
				held++
				c.send(fmt.Sprintf(`{"type":"onward","hand":%d}`, ended))
				ended = 0
				continue
			}
		} else {
			m, err = c.next(60 * time.Second)
		}
		if err != nil {
			t.Fatalf("after %d holds: %v", held, err)
		}
		switch m.Type {
		case "over":
			return held, movedUnder
		case "error", "refused":
			t.Fatalf("server said %s", m.Raw)
		case "event":
			var e onwardEvent
			if err := json.Unmarshal(m.Raw, &e); err != nil {
				t.Fatal(err)
			}
			switch {
			case len(e.Event.End) > 0 && string(e.Event.End) != "null":
				ended = e.Event.Hand
			case ended > 0 && e.Event.Hand > ended && e.Event.Seat == 1 && e.Event.Kind != "deal":
				movedUnder++ // the computer moved with the result up
				ended = 0
			}
		case "decide":
			ended = 0 // its own move moves on
			var d struct {
				Seq   int               `json:"seq"`
				Legal []json.RawMessage `json:"legal"`
				Obs   json.RawMessage   `json:"obs"`
			}
			if err := json.Unmarshal(m.Raw, &d); err != nil {
				t.Fatal(err)
			}
			g, err := gameOf("gin")
			if err != nil {
				t.Fatal(err)
			}
			mv, err := g.PickMove(d.Obs, d.Legal, rng)
			if err != nil {
				t.Fatal(err)
			}
			c.send(fmt.Sprintf(`{"type":"move","seq":%d,"move":%s}`, d.Seq, mv))
		}
	}
	return held, movedUnder
}

// TestComputersWaitForOnward: at a table whose person's page shows each
// hand's result over the table (hello's results), a computer that opens
// the next hand waits until the person moves on (onward), and then
// moves; without results it never waits.
func TestComputersWaitForOnward(t *testing.T) {
	ts := startServer(t, sqliteStore(t), Config{Rate: 1000, ComputerPace: -1, MoveTimeout: 10 * time.Minute})
	held := 0
	for game := 1; held < 2; game++ {
		h, under := playOnward(t, ts, true, 2-held)
		if under > 0 {
			t.Fatalf("with results shown: %d computer moves under a result", under)
		}
		held += h
		if game == 20 && held < 2 {
			t.Fatalf("with results shown: %d holds in 20 games", held)
		}
	}
	// Without results the computer waits for nothing: a quiet moment
	// after a hand's end would be a hold. Games until the computer has
	// opened a hand (who opens follows the play).
	for game := 1; ; game++ {
		held, under := playOnward(t, ts, false, 1000)
		if held > 0 {
			t.Fatalf("without results: %d hands where the computer waited", held)
		}
		if under > 0 {
			break
		}
		if game == 20 {
			t.Fatal("without results: the computer opened no hand in 20 games")
		}
	}
}

func TestOnwardMessageChecked(t *testing.T) {
	for _, bad := range []string{`{"type":"onward"}`, `{"type":"onward","hand":0}`, `{"type":"onward","hand":-3}`,
		`{"type":"onward","hand":"2"}`, `{"type":"onward","hand":2,"seq":1}`, `{"type":"onward","hand":99999999}`,
		`{"type":"hello","table":"x","results":"yes"}`, `{"type":"move","seq":1,"move":{},"results":true}`} {
		if _, err := decodeClient([]byte(bad)); !errors.Is(err, ErrBadMessage) {
			t.Errorf("%s: %v, want ErrBadMessage", bad, err)
		}
	}
	m, err := decodeClient([]byte(`{"type":"onward","hand":3}`))
	if err != nil || m.Type != onwardMsg || m.Hand != 3 {
		t.Fatalf("%+v, %v", m, err)
	}
	m, err = decodeClient([]byte(`{"type":"hello","table":"abc","results":true}`))
	if err != nil || !m.Results {
		t.Fatalf("%+v, %v", m, err)
	}
	if back, err := decodeClient(encodeClient(m)); err != nil || !reflect.DeepEqual(back, m) {
		t.Fatalf("relayed hello %+v, %v", back, err)
	}
}
