package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestPacedDealIsStoredBeforeShown: while a Shengji deal is paced for its
// person, each card dealt is in the store (an advanced line) before the
// person is told of it, numbered as the log numbers it: every event the
// page got is in the seat's replay with the same n and adv. Without it a
// server killed mid-deal came back at the last move, and the page's deal
// went back from 20 cards to 12.
func TestPacedDealIsStoredBeforeShown(t *testing.T) {
	ts := startServer(t, sqliteStore(t), Config{DealPace: 20 * time.Millisecond, Away: time.Hour})
	cr := ts.create(t, `{"game":"shengji","preset":"standard","player":"ann","name":"Ann","seats":[{"kind":"me"},{"kind":"computer","level":"greedy"},{"kind":"computer","level":"greedy"},{"kind":"computer","level":"greedy"}]}`)
	c := dial(t, ts)
	defer c.close()
	c.hello(cr.ID, cr.Token, "ann")
	// The welcome, not the state: a page that comes before the table's
	// first observation is sent none (the events bring it), which on a
	// loaded machine left this test waiting for a state never sent.
	c.expect("welcome")
	type seen struct {
		N, Adv int
		Event  string
	}
	var live []seen
	cards := 0
	for cards < 15 {
		m, err := c.next(30 * time.Second)
		if err != nil {
			t.Fatalf("after %d cards: %v", cards, err)
		}
		if m.Type != "event" {
			continue
		}
		var ev struct{ Kind int }
		json.Unmarshal(m.F["event"], &ev)
		if ev.Kind == 2 { // a card dealt
			cards++
		}
		live = append(live, seen{m.int("n"), m.int("adv"), string(m.F["event"])})
	}
	// What the store says now: the seat's replay.
	req, _ := http.NewRequest("GET", ts.hs.URL+"/api/tables/"+cr.ID+"/replay", nil)
	req.Header.Set("Authorization", "Bearer "+cr.Token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var rp struct {
		Steps []struct {
			N, Adv int
			Event  json.RawMessage
		}
	}
	if err := json.NewDecoder(res.Body).Decode(&rp); err != nil {
		t.Fatal(err)
	}
	stored := map[[2]int]string{}
	for _, s := range rp.Steps {
		stored[[2]int{s.N, s.Adv}] = string(s.Event)
	}
	for _, e := range live {
		got, ok := stored[[2]int{e.N, e.Adv}]
		if !ok {
			t.Fatalf("an event shown at {%d %d} is not in the store (%d steps stored): %s", e.N, e.Adv, len(rp.Steps), e.Event)
		}
		if got != e.Event {
			t.Fatalf("the event at {%d %d}: shown %s, stored %s", e.N, e.Adv, e.Event, got)
		}
	}
	lines, err := ts.st.Lines(context.Background(), cr.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	advanced := 0
	for _, l := range lines {
		if strings.HasPrefix(string(l), `{"type":"advanced"`) {
			advanced++
		}
	}
	if advanced == 0 {
		t.Fatal("no advanced line in the store: " + fmt.Sprint(len(lines)) + " lines")
	}
	t.Logf("%d events shown, each stored; %d advanced lines of %d", len(live), advanced, len(lines))
}
