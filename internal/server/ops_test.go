package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"felt/internal/store"
	"felt/internal/testenv"
)

// scrape reads the server's metrics as the operator's Prometheus would:
// each series ("name{labels}") and its value.
func scrape(t testing.TB, s *Server) map[string]float64 {
	t.Helper()
	rec := httptest.NewRecorder()
	s.MetricsHandler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /metrics: %d %s", rec.Code, rec.Body)
	}
	out := map[string]float64{}
	sc := bufio.NewScanner(rec.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err != nil {
			t.Fatalf("metrics line %q: %v", line, err)
		}
		out[line[:i]] = v
	}
	return out
}

// series returns a series' value, failing the test if it is missing.
func series(t testing.TB, m map[string]float64, name string) float64 {
	t.Helper()
	v, ok := m[name]
	if !ok {
		var have []string
		for k := range m {
			if strings.HasPrefix(k, "felt_") {
				have = append(have, k)
			}
		}
		t.Fatalf("no series %s among %v", name, have)
	}
	return v
}

func get(t testing.TB, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestMetrics plays moves and makes refusals, and reads the metrics: the
// names are there, and their values follow what happened. The public
// handler has no /metrics.
func TestMetrics(t *testing.T) {
	st := sqliteStore(t)
	ts := startServer(t, st, Config{})
	m := scrape(t, ts.srv)
	for _, name := range []string{
		`felt_tables{game="gin",status="playing"}`, `felt_tables{game="shengji",status="waiting"}`,
		`felt_connections`, `felt_moves_total{game="gin"}`, `felt_moves_total{game="shengji"}`,
		`felt_move_event_seconds_count`, `felt_move_event_seconds_bucket{le="+Inf"}`,
		`felt_store_write_seconds_count{op="append_line"}`, `felt_store_write_seconds_count{op="create_table"}`,
		`felt_refused_total{reason="bad_request"}`, `felt_refused_total{reason="too_many_requests"}`,
		`felt_refused_total{reason="ws_flood"}`, `felt_recoveries_total{result="ok"}`,
		`felt_recoveries_total{result="failed"}`, `felt_cluster_adoptions_total`,
	} {
		if v := series(t, m, name); v != 0 {
			t.Errorf("%s = %g at the start", name, v)
		}
	}

	cr := ts.create(t, `{"game":"gin","player":"ann","name":"Ann","seats":[{"kind":"me"},{"kind":"computer","level":"simple"}]}`)
	c := dial(t, ts)
	c.hello(cr.ID, cr.Token, "ann")
	c.expect("welcome")
	m = scrape(t, ts.srv)
	if v := series(t, m, `felt_tables{game="gin",status="playing"}`); v != 1 {
		t.Errorf("tables playing = %g, want 1", v)
	}
	if v := series(t, m, `felt_connections`); v != 1 {
		t.Errorf("connections = %g, want 1", v)
	}
	if v := series(t, m, `felt_store_write_seconds_count{op="create_table"}`); v != 1 {
		t.Errorf("create_table writes = %g, want 1", v)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for k := 0; k < 3; k++ {
		moves := series(t, scrape(t, ts.srv), `felt_moves_total{game="gin"}`)
		timed := series(t, scrape(t, ts.srv), `felt_move_event_seconds_count`)
		d, _ := c.expect("decide")
		var dm struct {
			Seq   int               `json:"seq"`
			Legal []json.RawMessage `json:"legal"`
		}
		json.Unmarshal(d.Raw, &dm)
		c.send(`{"type":"move","seq":` + strconv.Itoa(dm.Seq) + `,"move":` + string(dm.Legal[rng.IntN(len(dm.Legal))]) + `}`)
		c.expect("event")
		// The move's event has reached the client: it was counted first.
		m = scrape(t, ts.srv)
		if v := series(t, m, `felt_moves_total{game="gin"}`); v <= moves {
			t.Errorf("move %d: moves %g, was %g", k, v, moves)
		}
		if v := series(t, m, `felt_move_event_seconds_count`); v != timed+1 {
			t.Errorf("move %d: move-to-event latencies %g, was %g", k, v, timed)
		}
	}
	if v := series(t, m, `felt_store_write_seconds_count{op="append_line"}`); v < 4 {
		t.Errorf("append_line writes = %g, want the header, the deal and the moves", v)
	}

	// Refusals, by reason.
	if code := ts.post(t, "/api/tables", `{"game":"chess"}`, nil); code != http.StatusBadRequest {
		t.Fatalf("a bad game: %d", code)
	}
	if code, _ := get(t, ts.hs.URL+"/api/tables/nosuchtable"); code != http.StatusNotFound {
		t.Fatalf("no table: %d", code)
	}
	flood := dial(t, ts)
	flood.hello(cr.ID, "", "")
	flood.expect("welcome")
	for range 60 {
		if flood.ws.Write(context.Background(), 1, []byte(`{"type":"hint"}`)) != nil {
			break
		}
	}
	flood.closed()
	m = scrape(t, ts.srv)
	for name, want := range map[string]float64{
		`felt_refused_total{reason="bad_request"}`: 1,
		`felt_refused_total{reason="not_found"}`:   1,
		`felt_refused_total{reason="ws_flood"}`:    1,
	} {
		if v := series(t, m, name); v != want {
			t.Errorf("%s = %g, want %g", name, v, want)
		}
	}

	// The public address never serves the metrics.
	code, body := get(t, ts.hs.URL+"/metrics")
	if code == http.StatusOK || strings.Contains(body, "felt_") {
		t.Errorf("the public handler answers /metrics: %d %.200s", code, body)
	}

	// A restart recovers the table, and counts it.
	c.close()
	ts.hs.Close()
	ts.srv.Close()
	again := startServer(t, st, Config{})
	<-again.srv.Recovered() // recovery runs in the background
	m = scrape(t, again.srv)
	if v := series(t, m, `felt_recoveries_total{result="ok"}`); v != 1 {
		t.Errorf("recoveries = %g, want 1", v)
	}
	if v := series(t, m, `felt_tables{game="gin",status="playing"}`); v != 1 {
		t.Errorf("tables playing after the restart = %g, want 1", v)
	}
	// Each server's metrics are its own.
	if v := series(t, m, `felt_refused_total{reason="bad_request"}`); v != 0 {
		t.Errorf("the new server counts the old one's refusals: %g", v)
	}
}

// TestHealth: /healthz answers while the process lives; /readyz once the
// tables are recovered and while the store answers.
func TestHealth(t *testing.T) {
	st, err := store.OpenSQLite(fastDir(t) + "/felt.db")
	if err != nil {
		t.Fatal(err)
	}
	srv, err := New(Config{Store: st, Log: testLogger(t)})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { hs.Close(); srv.Close(); st.Close() })
	if code, body := get(t, hs.URL+"/healthz"); code != http.StatusOK || body != "ok\n" {
		t.Errorf("healthz: %d %q", code, body)
	}
	if code, body := get(t, hs.URL+"/readyz"); code != http.StatusServiceUnavailable || !strings.Contains(body, "recovering") {
		t.Errorf("readyz before Start: %d %q", code, body)
	}
	if err := srv.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	<-srv.Recovered()
	if code, body := get(t, hs.URL+"/readyz"); code != http.StatusOK || body != "ready\n" {
		t.Errorf("readyz after Start: %d %q", code, body)
	}
	st.Close()
	if code, body := get(t, hs.URL+"/readyz"); code != http.StatusServiceUnavailable || !strings.Contains(body, "store") {
		t.Errorf("readyz with the store closed: %d %q", code, body)
	}
	if code, _ := get(t, hs.URL+"/healthz"); code != http.StatusOK {
		t.Errorf("healthz with the store closed: %d", code)
	}
}

// syncBuffer is a buffer that a logger and the test share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) lines() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return strings.Split(strings.TrimSpace(s.b.String()), "\n")
}

// failingStore fails what the test says.
type failingStore struct {
	store.Store
	mu          sync.Mutex
	create      bool // CreateTable fails
	appendAfter int  // AppendLine fails from this line on (0: never)
}

var errInjected = errors.New("injected failure")

func (f *failingStore) CreateTable(ctx context.Context, t store.Table) error {
	f.mu.Lock()
	fail := f.create
	f.mu.Unlock()
	if fail {
		return errInjected
	}
	return f.Store.CreateTable(ctx, t)
}

func (f *failingStore) AppendLine(ctx context.Context, id string, n int, line []byte) error {
	f.mu.Lock()
	fail := f.appendAfter > 0 && n >= f.appendAfter
	f.mu.Unlock()
	if fail {
		return errInjected
	}
	return f.Store.AppendLine(ctx, id, n, line)
}

// TestTableLogLines makes a server log about tables (created, failed to
// be created, stopped by a store failure, recovered or not): every line
// about a table, in JSON, carries its id as "table".
func TestTableLogLines(t *testing.T) {
	base := sqliteStore(t)
	fs := &failingStore{Store: base}
	var buf syncBuffer
	log := slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	ts := startServer(t, fs, Config{Log: log})
	gin := `{"game":"gin","player":"ann","name":"Ann","seats":[{"kind":"me"},{"kind":"computer","level":"simple"}]}`
	ok := ts.create(t, gin)
	fs.mu.Lock()
	fs.create = true
	fs.mu.Unlock()
	if code := ts.post(t, "/api/tables", gin, nil); code != http.StatusInternalServerError {
		t.Fatalf("a table the store cannot create: %d", code)
	}
	fs.mu.Lock()
	fs.create, fs.appendAfter = false, 3
	fs.mu.Unlock()
	broken := ts.create(t, gin)
	c := dial(t, ts)
	c.hello(broken.ID, broken.Token, "ann")
	rng := rand.New(rand.NewPCG(3, 4))
	c.play(rng, false) // until the table stops
	deadline := time.Now().Add(testenv.Timeout(20 * time.Second))
	for !strings.Contains(strings.Join(buf.lines(), "\n"), "table stopped") {
		if time.Now().After(deadline) {
			t.Fatalf("the table did not stop: %s", strings.Join(buf.lines(), "\n"))
		}
		time.Sleep(20 * time.Millisecond)
	}
	fs.mu.Lock()
	fs.appendAfter = 0
	fs.mu.Unlock()
	c.close()
	ts.hs.Close()
	ts.srv.Close()
	startServer(t, fs, Config{Log: log})

	ids := []string{ok.ID, broken.ID}
	about := 0
	msgs := map[string]bool{}
	for _, line := range buf.lines() {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("a log line that is not JSON: %q", line)
		}
		msg, _ := rec["msg"].(string)
		table, _ := rec["table"].(string)
		// A line is about a table if it names one, or says "a table"
		// or "table …" (not "tables").
		named := ""
		for _, id := range ids {
			if strings.Contains(line, id) {
				named = id
			}
		}
		isAbout := named != "" || strings.Contains(msg, "a table") || strings.HasPrefix(msg, "table ")
		if !isAbout {
			continue
		}
		about++
		msgs[msg] = true
		switch {
		case table == "":
			t.Errorf("a line about a table without its id: %s", line)
		case named != "" && table != named:
			t.Errorf("a line naming table %s under table %s: %s", named, table, line)
		}
	}
	for _, want := range []string{"table created", "creating a table", "table stopped"} {
		if !msgs[want] {
			t.Errorf("no line %q among %v", want, msgs)
		}
	}
	t.Logf("%d lines about tables", about)
}
