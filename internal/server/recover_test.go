package server

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"felt/internal/store"
	"felt/internal/testenv"
)

// slowLines is a store whose logs are slow to read, as a big store's are:
// a table's recovery takes d.
type slowLines struct {
	store.Store
	d time.Duration
}

func (s slowLines) Lines(ctx context.Context, id string, from int) ([][]byte, error) {
	t := time.NewTimer(s.d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return s.Store.Lines(ctx, id, from)
}

// TestRecoveryInBackground: a store full of tables being played does not
// delay the server. Start returns at once, a person who connects to their
// table is served while the others are still being recovered, and every
// table is recovered in the end.
func TestRecoveryInBackground(t *testing.T) {
	const tables, slow = 40, 250 * time.Millisecond // 10 s of recovery, one at a time
	st := sqliteStore(t)
	first := startServer(t, st, Config{CreateRate: -1, MaxTablesPerAddr: -1, Away: time.Hour})
	var crs []Created
	for i := range tables {
		crs = append(crs, first.create(t, personGin(fmt.Sprint("p", i), "computer")))
	}
	for _, cr := range crs {
		eventually(t, 20*time.Second, "the table started", func() bool { return storedStatus(t, st, cr.ID) == store.Playing })
	}
	first.hs.Close()
	first.srv.Close()

	srv, err := New(Config{Store: slowLines{st, slow}, Log: testLogger(t), Away: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	began := time.Now()
	if err := srv.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	started := time.Since(began)
	ts := &tserver{srv: srv, hs: httptest.NewServer(srv.Handler()), st: st}
	t.Cleanup(func() { ts.hs.Close(); srv.Close() })
	if started > tables*slow/4 {
		t.Fatalf("Start took %s: it waited for the recovery", started)
	}
	// The page answers at once.
	resp, err := httpClient.Get(ts.hs.URL + "/api/tables/" + crs[tables-1].ID)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d", resp.StatusCode)
	}
	// The last table's person connects: their table is recovered first.
	cr := crs[tables-2]
	c := dial(t, ts)
	c.hello(cr.ID, cr.Token, "p"+fmt.Sprint(tables-2))
	c.expect("welcome")
	c.expect("decide")
	served := time.Since(began)
	select {
	case <-srv.Recovered():
		t.Fatalf("every table was recovered before the person was served (%s)", served)
	default:
	}
	t.Logf("Start returned in %s; the person's table served after %s", started, served)
	select {
	case <-srv.Recovered():
	case <-time.After(testenv.Timeout(120 * time.Second)):
		t.Fatal("the recovery did not end")
	}
	t.Logf("every table recovered after %s", time.Since(began))
	if n := ts.live(); n != tables {
		t.Fatalf("%d tables recovered, want %d", n, tables)
	}
}
