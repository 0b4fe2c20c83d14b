package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"felt/internal/store"
	"felt/internal/testenv"
)

// heapNow is the live heap after a forced collection.
func heapNow() uint64 {
	var ms runtime.MemStats
	for range 3 {
		runtime.GC()
	}
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// playComputerTables creates n tables of two simple computer players and
// waits until every one is over in the store, with at most par being
// played at once.
func playComputerTables(t *testing.T, ts *tserver, n, par int) {
	t.Helper()
	sem := make(chan struct{}, par)
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for range n {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			resp, err := httpClient.Post(ts.hs.URL+"/api/tables", "application/json", strings.NewReader(computerGin))
			if err != nil {
				errs <- err
				return
			}
			var cr Created
			err = decodeJSON(resp, &cr)
			if err != nil || resp.StatusCode != http.StatusCreated {
				errs <- fmt.Errorf("create: %d %v", resp.StatusCode, err)
				return
			}
			deadline := time.Now().Add(testenv.Timeout(120 * time.Second))
			for storedStatus(t, ts.st, cr.ID) != store.Over {
				if time.Now().After(deadline) {
					errs <- fmt.Errorf("table %s not over", cr.ID)
					return
				}
				time.Sleep(20 * time.Millisecond)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}

// TestFinishedTablesLeaveMemory plays thousands of tables to their end:
// none stays in memory, and the live heap returns to what it was after
// the first few (it grew by some 12 KB a table when finished tables were
// kept): 2,000 tables, 10 under the race detector. A finished table is
// then still shown, from the store, to a late connection.
func TestFinishedTablesLeaveMemory(t *testing.T) {
	n, warm := 2000, 50 // some 50 s; thirty times as slow under the race detector
	switch {
	case raceEnabled:
		n, warm = 10, 4 // too few for the heap to tell, but none may stay in memory
	case testing.Short():
		n = 500
	}
	ts := startServer(t, sqliteStore(t), Config{RunUnwatched: true, ComputerPace: -1, CreateRate: -1,
		MaxTablesPerAddr: -1, MaxComputerTables: -1, MaxTables: -1})
	playComputerTables(t, ts, warm, 8)
	eventually(t, 20*time.Second, "the first tables left memory", func() bool { return ts.live() == 0 })
	base := heapNow()
	began := time.Now()
	playComputerTables(t, ts, n, 8)
	played := time.Since(began)
	eventually(t, 20*time.Second, "the tables left memory", func() bool { return ts.live() == 0 })
	after := heapNow()
	const mb = 1 << 20
	t.Logf("%d tables played in %s; live heap %.1f MB after %d tables, %.1f MB after %d more, %d in memory",
		n, played.Round(time.Millisecond), float64(base)/mb, warm, float64(after)/mb, n, ts.live())
	// Generous, a twelfth of what kept tables cost (12 KB each), and a
	// megabyte more.
	if limit := base + base/2 + mb + uint64(n)<<10; after > limit {
		t.Fatalf("live heap %.1f MB after %d finished tables, from %.1f MB (limit %.1f MB)", float64(after)/mb, n, float64(base)/mb, float64(limit)/mb)
	}

	// A late spectator of a finished table is shown how it ended.
	cr := ts.create(t, computerGin)
	eventually(t, 60*time.Second, "the table over and gone", func() bool {
		_, ok := ts.srv.room(cr.ID)
		return !ok && storedStatus(t, ts.st, cr.ID) == store.Over
	})
	c := dial(t, ts)
	c.hello(cr.ID, "", "")
	m, _ := c.expect("welcome")
	if !strings.Contains(string(m.F["table"]), `"status":"over"`) {
		t.Fatalf("welcome %s", m.Raw)
	}
	h, _ := c.expect("history")
	if len(h.F["events"]) < 10 {
		t.Fatalf("the last hand's history is missing: %s", h.Raw)
	}
	c.expect("over")
}

func decodeJSON(resp *http.Response, v any) error {
	defer resp.Body.Close()
	return json.NewDecoder(resp.Body).Decode(v)
}
