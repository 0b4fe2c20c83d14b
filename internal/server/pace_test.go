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
	m, _ := c.expect("state")
	var st struct {
		Obs struct{ Phase string } `json:"obs"` // the wire names the phase
	}
	if err := json.Unmarshal(m.Raw, &st); err != nil {
		t.Fatal(err)
	}
	if st.Obs.Phase != shengji.DealPhase.String() {
		t.Fatalf("the deal was over (phase %s) when the creator's page connected: %s", st.Obs.Phase, m.Raw)
	}
}
