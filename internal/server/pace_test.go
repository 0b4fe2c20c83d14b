package server

import (
	"encoding/json"
	"testing"
	"time"

	"felt/shengji"
)

// TestDealWaitsForItsPerson: a Shengji table created with its creator's
// seat starts dealing before the creator's page has connected; the deal is
// paced for that person from the start (while their grace period runs),
// so that they can still bid in the first hand. Without it the whole deal
// was over before the page said hello.
func TestDealWaitsForItsPerson(t *testing.T) {
	ts := startServer(t, sqliteStore(t), Config{DealPace: time.Second, Away: time.Hour})
	cr := ts.create(t, `{"game":"shengji","preset":"standard","player":"ann","name":"Ann","seats":[{"kind":"me"},{"kind":"computer","level":"greedy"},{"kind":"computer","level":"greedy"},{"kind":"computer","level":"greedy"}]}`)
	time.Sleep(500 * time.Millisecond) // the page is still loading
	c := dial(t, ts)
	defer c.close()
	c.hello(cr.ID, cr.Token, "ann")
	// The first observation the page gets: the state sent with the
	// welcome, or, when the page came before the table's first
	// observation (a loaded machine), the first event's.
	var m msg
	for {
		var err error
		if m, err = c.next(30 * time.Second); err != nil {
			t.Fatalf("waiting for an observation: %v", err)
		}
		if (m.Type == "state" || m.Type == "event") && len(m.F["obs"]) > 0 {
			break
		}
	}
	var st struct {
		Obs struct{ Phase shengji.Phase } `json:"obs"`
	}
	if err := json.Unmarshal(m.Raw, &st); err != nil {
		t.Fatal(err)
	}
	if st.Obs.Phase != shengji.DealPhase {
		t.Fatalf("the deal was over (phase %s) when the creator's page connected: %s", st.Obs.Phase, m.Raw)
	}
}
