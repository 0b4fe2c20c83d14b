package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"

	"felt/internal/store"
)

// decision reads a decide message.
type decision struct {
	Seq      int               `json:"seq"`
	Optional bool              `json:"optional"`
	Legal    []json.RawMessage `json:"legal"`
	Obs      json.RawMessage   `json:"obs"`
}

func readDecision(t *testing.T, m msg) decision {
	t.Helper()
	var d decision
	if err := json.Unmarshal(m.Raw, &d); err != nil {
		t.Fatal(err)
	}
	return d
}

// nextDecision reads messages until a decision that is due (skipping the
// optional ones of a deal), failing on an error or the game's end.
func nextDecision(t *testing.T, c *client) (decision, []msg) {
	t.Helper()
	var seen []msg
	for {
		m, skipped := c.expect("decide")
		seen = append(seen, skipped...)
		for _, s := range skipped {
			if s.Type == "error" || s.Type == "over" {
				t.Fatalf("before a decision: %s", s.Raw)
			}
		}
		if d := readDecision(t, m); !d.Optional {
			return d, append(seen, m)
		}
	}
}

func pick(t *testing.T, game string, d decision, rng *rand.Rand) json.RawMessage {
	t.Helper()
	g, err := gameOf(game)
	if err != nil {
		t.Fatal(err)
	}
	mv, err := g.PickMove(d.Obs, d.Legal, rng)
	if err != nil {
		t.Fatal(err)
	}
	return mv
}

// TestUndoAgainstComputers plays each game at a table that allows undo,
// on each store: after a move of the person's and the computers' replies,
// an undo gives the person the decision of the move taken back again, the
// same observation, after the hand's history and the seat's state anew
// and an undo notice; the person plays on; the stored log has the undo
// line and replays (felt replay verify's check).
func TestUndoAgainstComputers(t *testing.T) {
	stores(t, func(t *testing.T, st store.Store) {
		ts := startServer(t, st, Config{Rate: 1000})
		for _, c := range []struct{ game, body string }{
			{"gin", `{"game":"gin","player":"ann","name":"Ann","undo":true,"seats":[{"kind":"me"},{"kind":"computer","level":"normal"}]}`},
			{"shengji", `{"game":"shengji","preset":"simple","player":"ann","name":"Ann","undo":true,"seats":[{"kind":"me"},{"kind":"computer","level":"greedy"},{"kind":"computer","level":"greedy"},{"kind":"computer","level":"greedy"}]}`},
		} {
			t.Run(c.game, func(t *testing.T) {
				cr := ts.create(t, c.body)
				cl := dial(t, ts)
				defer cl.close()
				cl.hello(cr.ID, cr.Token, "ann")
				w, first := cl.expect("welcome")
				all := append(first, w)
				var welcome struct {
					Table Summary `json:"table"`
				}
				json.Unmarshal(w.Raw, &welcome)
				if !welcome.Table.Undo {
					t.Fatalf("the welcome's table does not say undo: %s", w.Raw)
				}
				rng := rand.New(rand.NewPCG(1, 2))
				var moved *decision
				undone := 0
				for i := 0; i < 60 && undone < 2; i++ {
					d, seen := nextDecision(t, cl)
					all = append(all, seen...)
					if moved == nil {
						mv := pick(t, c.game, d, rng)
						dd := d
						moved = &dd
						cl.send(fmt.Sprintf(`{"type":"move","seq":%d,"move":%s}`, d.Seq, mv))
						continue
					}
					cl.send(fmt.Sprintf(`{"type":"undo","seq":%d}`, d.Seq))
					var got []msg
					var again decision
					for {
						m, err := cl.next(30_000_000_000)
						if err != nil {
							t.Fatal(err)
						}
						got = append(got, m)
						if m.Type == "error" || m.Type == "decide" && !readDecision(t, m).Optional {
							break
						}
					}
					all = append(all, got...)
					last := got[len(got)-1]
					if last.Type == "error" {
						// A hand ended between the two decisions: nothing
						// of the hand to take back. Play on.
						if !strings.Contains(last.str("error"), "no move to take back") {
							t.Fatalf("undo refused: %s", last.Raw)
						}
						moved = nil
						mv := pick(t, c.game, d, rng)
						cl.send(fmt.Sprintf(`{"type":"move","seq":%d,"move":%s}`, d.Seq, mv))
						continue
					}
					again = readDecision(t, last)
					types := ""
					for _, m := range got {
						types += m.Type + " "
					}
					if !strings.Contains(types, "history state notice") {
						t.Errorf("after the undo: %s, want the history, the state and the notice before the decision", types)
					}
					if again.Seq <= d.Seq {
						t.Errorf("the decision after the undo is numbered %d, not after the undo line %d", again.Seq, d.Seq)
					}
					if !bytes.Equal(again.Obs, moved.Obs) {
						t.Errorf("after the undo the observation is\n%s\nwant the one of decision %d:\n%s", again.Obs, moved.Seq, moved.Obs)
					}
					undone++
					// Play on from there.
					mv := pick(t, c.game, again, rng)
					dd := again
					moved = &dd
					cl.send(fmt.Sprintf(`{"type":"move","seq":%d,"move":%s}`, again.Seq, mv))
				}
				if undone == 0 {
					t.Fatal("no move was taken back")
				}
				log := storedLog(t, ts, cr.ID)
				if n := bytes.Count(log, []byte(`{"type":"undo"`)); n != undone {
					t.Errorf("%d undo lines for %d undos", n, undone)
				}
				verifyLog(t, c.game, log)
				// No card the seat could not see, in what it was sent again
				// after each undo as in every other message (those of lines
				// not written yet left out).
				lines := len(bytes.Split(bytes.TrimSuffix(log, []byte{'\n'}), []byte{'\n'}))
				var written []msg
				for _, m := range all {
					if m.Type == "decide" && m.int("seq") >= lines || (m.Type == "event" || m.Type == "state") && m.int("n") >= lines {
						continue
					}
					written = append(written, m)
				}
				g, err := gameOf(c.game)
				if err != nil {
					t.Fatal(err)
				}
				if n := checkLeaks(t, cr.ID, allowedSets(t, g, log, g.Visible), []seen{{0, written}}); n < len(written)/2 {
					t.Errorf("%d messages checked of %d", n, len(written))
				}
			})
		}
	})
}

// TestUndoHostileInput: undo is refused, with a reason and nothing
// changed, at a table with a friend (it cannot be made), at a table made
// without it, from a spectator, at a decision not pending, and with
// nothing of the hand to take back; a malformed undo message is an error.
func TestUndoHostileInput(t *testing.T) {
	ts := startServer(t, sqliteStore(t), Config{Rate: 1000})
	for _, body := range []string{
		`{"game":"gin","player":"ann","name":"Ann","undo":true,"seats":[{"kind":"me"},{"kind":"open"}]}`,
		`{"game":"gin","player":"ann","name":"Ann","undo":true,"seats":[{"kind":"computer","level":"normal"},{"kind":"computer","level":"normal"}]}`,
		`{"game":"shengji","player":"ann","name":"Ann","undo":true,"seats":[{"kind":"me"},{"kind":"computer"},{"kind":"open"},{"kind":"computer"}]}`,
		`{"game":"gin","player":"ann","name":"Ann","undo":"yes","seats":[{"kind":"me"},{"kind":"computer","level":"normal"}]}`,
	} {
		resp, err := http.Post(ts.hs.URL+"/api/tables", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		var e map[string]string
		json.NewDecoder(resp.Body).Decode(&e)
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(e["error"], "undo") {
			t.Errorf("create %s: %d %v, want 400 naming undo", body, resp.StatusCode, e)
		}
	}

	expectError := func(c *client, want string) {
		t.Helper()
		m, _ := c.expect("error")
		if !strings.Contains(m.str("error"), want) {
			t.Errorf("error %q, want one saying %q", m.str("error"), want)
		}
	}
	// A table without undo.
	cr := ts.create(t, `{"game":"gin","player":"ann","name":"Ann","seats":[{"kind":"me"},{"kind":"computer","level":"normal"}]}`)
	cl := dial(t, ts)
	defer cl.close()
	cl.hello(cr.ID, cr.Token, "ann")
	d, _ := nextDecision(t, cl)
	before := storedLog(t, ts, cr.ID)
	cl.send(fmt.Sprintf(`{"type":"undo","seq":%d}`, d.Seq))
	expectError(cl, "does not allow")
	// A spectator.
	sp := dial(t, ts)
	defer sp.close()
	sp.hello(cr.ID, "", "")
	sp.expect("welcome")
	sp.send(`{"type":"undo","seq":1}`)
	expectError(sp, "spectator")
	// Malformed.
	for _, bad := range []string{`{"type":"undo"}`, `{"type":"undo","seq":-1}`, `{"type":"undo","seq":1,"move":{}}`, `{"type":"undo","seq":"1"}`} {
		cl.send(bad)
		m, _ := cl.expect("error")
		if !strings.Contains(m.str("error"), "undo") && !strings.Contains(m.str("error"), "seq") {
			t.Errorf("%s: %s", bad, m.Raw)
		}
	}
	if after := storedLog(t, ts, cr.ID); !bytes.Equal(before, after) {
		t.Errorf("a refused undo changed the log:\n%s\n→\n%s", before, after)
	}

	// A table with undo: nothing to take back at the first decision; a
	// decision not pending.
	cr = ts.create(t, `{"game":"gin","player":"bo","name":"Bo","undo":true,"seats":[{"kind":"me"},{"kind":"computer","level":"normal"}]}`)
	c2 := dial(t, ts)
	defer c2.close()
	c2.hello(cr.ID, cr.Token, "bo")
	d, _ = nextDecision(t, c2)
	before = storedLog(t, ts, cr.ID)
	c2.send(fmt.Sprintf(`{"type":"undo","seq":%d}`, d.Seq+5))
	expectError(c2, "is pending")
	c2.send(fmt.Sprintf(`{"type":"undo","seq":%d}`, d.Seq))
	expectError(c2, "no move to take back")
	// Asked again after the refusal: the same decision still answers.
	rng := rand.New(rand.NewPCG(3, 4))
	c2.send(fmt.Sprintf(`{"type":"move","seq":%d,"move":%s}`, d.Seq, pick(t, "gin", d, rng)))
	d2, _ := nextDecision(t, c2)
	if after := storedLog(t, ts, cr.ID); !bytes.HasPrefix(after, before) || bytes.Contains(after, []byte(`{"type":"undo"`)) {
		t.Errorf("a refused undo changed the log:\n%s\n→\n%s", before, after)
	}
	if d2.Seq <= d.Seq {
		t.Errorf("after the move the decision is %d, want after %d", d2.Seq, d.Seq)
	}
}
