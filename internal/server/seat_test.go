package server

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// TestStandInResumed: a person's seat that the stand-in plays when the
// server stops is resumed as its log says, the stand-in the seat's
// player, and given back when the person comes back: the return's control
// line is from the stand-in to the person (not from the person to
// themself), and the log replays.
func TestStandInResumed(t *testing.T) {
	st := sqliteStore(t)
	cfg := Config{Rate: 1000, MoveTimeout: time.Hour, Away: 100 * time.Millisecond}
	ts := startServer(t, st, cfg)
	cr := ts.create(t, `{"game":"gin","player":"ann","name":"Ann","seats":[{"kind":"me"},{"kind":"open"}]}`)
	ann := dial(t, ts)
	ann.hello(cr.ID, cr.Token, "ann")
	bo := dial(t, ts)
	bo.hello(cr.ID, inviteToken(t, cr.Invites[0]), "bo")
	ann.close()
	// Bo plays until Ann's seat is taken over, then stops: the table waits
	// for Bo, the stand-in at Ann's seat.
	for {
		m, err := bo.next(30 * time.Second)
		if err != nil {
			t.Fatal(err)
		}
		if m.Type == "notice" && m.str("kind") == "takeover" && m.int("seat") == 0 {
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
	bo.close()
	ts.srv.Close()
	ts.hs.Close()

	ts = startServer(t, st, cfg)
	bo = dial(t, ts)
	bo.hello(cr.ID, inviteToken(t, cr.Invites[0]), "bo")
	stop := make(chan struct{})
	defer close(stop)
	go bo.answer(stop)
	ann = dial(t, ts)
	ann.hello(cr.ID, cr.Token, "ann")
	for {
		m, _ := ann.expect("notice")
		if m.str("kind") == "return" && m.int("seat") == 0 {
			break
		}
	}
	ann.decision()
	log := string(storedLog(t, ts, cr.ID))
	if !strings.Contains(log, `"from":"Ann","to":"normal","reason":"away for 100ms"`) ||
		!strings.Contains(log, `"from":"normal","to":"Ann","reason":"back at the table"`) {
		t.Fatalf("the log lacks the takeover or the return from the stand-in:\n%s", log)
	}
	verifyLog(t, "gin", []byte(log))
}
