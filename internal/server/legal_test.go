package server

import (
	"context"
	"encoding/json"
	sjgame "felt/games/shengji"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"felt/card"
	"felt/internal/cluster"
	"felt/internal/testenv"
	"felt/program"
	"felt/shengji"
	"felt/table"
)

// maxDecision bounds a Shengji decision message: the observation (a few
// KB) and at most program.MaxLegalBytes of moves.
const maxDecision = program.MaxLegalBytes + 8<<10

// TestDecideMsg_WorstPositionsBounded: the websocket's decision for the
// positions with the most legal follows (named by the rule that makes them
// so many) is bounded, the same bytes sent again on a reconnect and
// relayed across servers in at most a few notifications, listing at most
// program.MaxLegal moves with more counting the rest. Before, the first
// was 6.9 MB, the second some 330 MB.
func TestDecideMsg_WorstPositionsBounded(t *testing.T) {
	r := &room[shengji.Action, shengji.Observation, shengji.Event]{g: sjgame.Game}
	c := &seatCtl[shengji.Action, shengji.Observation, shengji.Event]{r: r, seat: 1, person: true}
	h5 := shengji.Trump{Suit: card.Hearts, Level: card.Five}
	for _, p := range []struct {
		name       string
		trump      shengji.Trump
		lead, hand string
	}{
		{"short-group: an eleven-card throw against four spades", h5,
			"AS 2S 2S 3S 3S 4S 4S 6S 6S KS KS", "7S 8S 9S TS 2H 3H 4H 6H 7H 8H 9H TH JH QH 2D 3D 4D 6D 7D 8D 9D TD JD QD KD"},
		{"short-group: a twelve-card throw against a void hand", h5,
			"AS AS KS KS QS QS JS JS TS TS 9S 9S", "2H 3H 4H 6H 7H 8H 9H TH JH QH KH AH 2D 3D 4D 6D 7D 8D 9D TD JD QD KD AD 2C"},
		{"follow-group: twelve single trumps against every trump face", shengji.Trump{Suit: card.Spades, Level: card.Two},
			"AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S", "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S 2H 2D 2C SJ BJ AH KH QH JH TH 9H 8H"},
	} {
		t.Run(p.name, func(t *testing.T) {
			lead, _ := card.ParseMulti(p.lead)
			hand, _ := card.ParseMulti(p.hand)
			o := shengji.Observation{Seat: 1, Rules: shengji.Standard(), Phase: shengji.PlayPhase, HandNumber: 1,
				Levels: [2]card.Rank{p.trump.Level, card.Two}, Level: p.trump.Level, Trump: p.trump, Turn: 1, Hand: hand}
			tr := shengji.Trick{Leader: 0, Count: 1, Winner: shengji.NoSeat}
			tr.Plays[0] = lead
			if err := o.Tricks.Append(tr); err != nil {
				t.Fatal(err)
			}
			b := c.decideMsg(table.Decision[shengji.Observation]{Seat: 1, Seq: 40, Obs: o})
			var d struct {
				Legal []json.RawMessage `json:"legal"`
				More  int               `json:"more"`
			}
			if err := json.Unmarshal(b, &d); err != nil {
				t.Fatal(err)
			}
			n := o.CountPlays()
			if len(b) > maxDecision || len(d.Legal) > program.MaxLegal || len(d.Legal)+d.More != n {
				t.Fatalf("%d bytes listing %d with more %d, of %d follows: want at most %d bytes, %d moves", len(b), len(d.Legal), d.More, n, maxDecision, program.MaxLegal)
			}
			if pieces := (len(b) + cluster.MaxPiece - 1) / cluster.MaxPiece; pieces > 4 {
				t.Fatalf("relayed in %d notifications", pieces)
			}
			t.Logf("%d follows: %d bytes, %d listed", n, len(b), len(d.Legal))
		})
	}
}

// sjPlayDecision is the part of a Shengji decision message the tests read.
type sjPlayDecision struct {
	Seq   int               `json:"seq"`
	Legal []json.RawMessage `json:"legal"`
	More  int               `json:"more"`
	Obs   struct {
		Phase shengji.Phase `json:"Phase"`
		Hand  string        `json:"Hand"`
	} `json:"obs"`
	Optional bool `json:"optional"`
}

// TestCheckOverWebsocket: a seat asks whether plays are legal for its
// pending decision: a listed play is, a play of the wrong size is not,
// with the engine's reason, a check for another decision or of a malformed
// move says so, a spectator may not ask; none of it changes the decision,
// which the listed play then answers.
func TestCheckOverWebsocket(t *testing.T) {
	ts := startServer(t, sqliteStore(t), Config{Rate: 1000})
	cr := ts.create(t, `{"game":"shengji","preset":"simple","player":"ann","name":"Ann","seats":[{"kind":"me"},{"kind":"computer","level":"greedy"},{"kind":"computer","level":"greedy"},{"kind":"computer","level":"greedy"}]}`)
	c := dial(t, ts)
	c.hello(cr.ID, cr.Token, "ann")
	var d sjPlayDecision
	for {
		m, _ := c.expect("decide")
		json.Unmarshal(m.Raw, &d)
		if d.Optional {
			continue
		}
		if d.Obs.Phase == shengji.PlayPhase {
			break
		}
		mv := []byte(`{"kind":"pass"}`)
		if len(d.Legal) > 0 {
			mv = d.Legal[0]
		} else if cards := strings.Fields(d.Obs.Hand); len(cards) >= 8 {
			mv = fmt.Appendf(nil, `{"kind":"bury","cards":%q}`, strings.Join(cards[:8], " "))
		}
		c.move(d.Seq, mv)
	}
	if len(d.Legal) == 0 {
		t.Fatal("a play decision without plays")
	}
	whole := fmt.Sprintf(`{"kind":"play","cards":%q}`, d.Obs.Hand)
	for _, k := range []struct {
		seq    int
		move   string
		legal  bool
		reason string
	}{
		{d.Seq, string(d.Legal[0]), true, ""},
		{d.Seq, whole, false, "shengji: seat 0 cannot"},
		{d.Seq - 1, string(d.Legal[0]), false, "is pending"},
		{d.Seq, `{"kind":"play","cards":"ZZ"}`, false, "ZZ"},
	} {
		c.send(fmt.Sprintf(`{"type":"check","seq":%d,"move":%s}`, k.seq, k.move))
		m, skipped := c.expect("checked")
		for _, s := range skipped {
			if s.Type == "refused" || s.Type == "error" {
				t.Fatalf("before the answer to %s: %s", k.move, s.Raw)
			}
		}
		var r checkedMsg
		json.Unmarshal(m.Raw, &r)
		if r.Seq != k.seq || r.Legal != k.legal || !strings.Contains(r.Reason, k.reason) {
			t.Fatalf("check %s for %d: %s, want legal %v, reason with %q", k.move, k.seq, m.Raw, k.legal, k.reason)
		}
	}
	sp := dial(t, ts)
	sp.hello(cr.ID, "", "")
	sp.expect("welcome")
	sp.send(fmt.Sprintf(`{"type":"check","seq":%d,"move":%s}`, d.Seq, d.Legal[0]))
	if e, _ := sp.expect("error"); !strings.Contains(e.str("error"), "spectator") {
		t.Fatalf("a spectator's check: %s", e.Raw)
	}
	// The decision is still pending: the play answers it.
	c.move(d.Seq, d.Legal[0])
	for {
		m, _ := c.next(30 * time.Second)
		if m.Type == "refused" || m.Type == "error" || m.Type == "" {
			t.Fatalf("after the move: %s", m.Raw)
		}
		if m.Type == "event" && m.int("n") >= d.Seq {
			break
		}
	}
}

// TestCheckRelayed: a check sent to a server relaying the table reaches
// the table's and is answered.
func TestCheckRelayed(t *testing.T) {
	st := sqliteStore(t)
	a := clStart(t, st, "a", 2*time.Second)
	b := clStart(t, st, "b", 2*time.Second)
	cr := clCreate(t, a, `{"game":"shengji","player":"p0","name":"Ann","seats":[{"kind":"me"},{"kind":"computer","level":"random"},{"kind":"computer","level":"random"},{"kind":"computer","level":"random"}]}`)
	relayed := clDial(t, b, fmt.Sprintf(`{"type":"hello","table":%q,"token":%q,"player":"p0"}`, cr.ID, cr.Token))
	for {
		m := relayed.next(t)
		if m == nil {
			t.Fatal("the relayed connection closed")
		}
		var d sjPlayDecision
		json.Unmarshal(m, &d)
		var typ struct {
			Type string `json:"type"`
		}
		json.Unmarshal(m, &typ)
		if typ.Type != "decide" || d.Optional {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(20*time.Second))
		err := relayed.ws.Write(ctx, websocket.MessageText, fmt.Appendf(nil, `{"type":"check","seq":%d,"move":{"kind":"play","cards":"AS AS AS"}}`, d.Seq))
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		break
	}
	for {
		m := relayed.next(t)
		if m == nil {
			t.Fatal("the relayed connection closed")
		}
		var r checkedMsg
		if json.Unmarshal(m, &r); r.Type == "checked" {
			if r.Legal || r.Reason == "" {
				t.Fatalf("checked %s", m)
			}
			return
		}
	}
}
