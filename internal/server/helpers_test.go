package server

import (
	"context"
	crand "crypto/rand"
	"encoding/json"
	"errors"
	_ "felt/games/all" // the games the tests play
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/jackc/pgx/v5"

	"felt/internal/store"
	"felt/internal/testenv"
)

const postgresEnv = "FELT_TEST_POSTGRES"

// sqliteStore opens a SQLite store of the test's own, in memory-backed
// /dev/shm when there is one: these tests are about the protocol, and a
// loaded machine's fsyncs would take most of their time.
func sqliteStore(t testing.TB) store.Store {
	t.Helper()
	st, err := store.OpenSQLite(filepath.Join(fastDir(t), "felt.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// fastDir returns a directory of the test's own in /dev/shm when there is
// one, else the test's temporary directory.
func fastDir(t testing.TB) string {
	t.Helper()
	if d, err := os.MkdirTemp("/dev/shm", "felt-server-test-"); err == nil {
		t.Cleanup(func() { os.RemoveAll(d) })
		return d
	}
	return t.TempDir()
}

// postgresStore opens a schema of the test's own in the PostgreSQL
// database FELT_TEST_POSTGRES names, or skips the test without one (and
// fails it under CI).
func postgresStore(t testing.TB) store.Store {
	t.Helper()
	dsn := os.Getenv(postgresEnv)
	if dsn == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set under CI", postgresEnv)
		}
		t.Skipf("%s is not set", postgresEnv)
	}
	ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(30*time.Second))
	defer cancel()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	schema := strings.ToLower("felt_server_" + crand.Text()[:16])
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+pgx.Identifier{schema}.Sanitize()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(30*time.Second))
		defer cancel()
		if conn, err := pgx.Connect(ctx, dsn); err == nil {
			conn.Exec(ctx, "DROP SCHEMA "+pgx.Identifier{schema}.Sanitize()+" CASCADE")
			conn.Close(ctx)
		}
	})
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	st, err := store.Open(ctx, u.String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// tserver is a server under test behind httptest.
type tserver struct {
	srv *Server
	hs  *httptest.Server
	st  store.Store
}

func startServer(t testing.TB, st store.Store, cfg Config) *tserver {
	t.Helper()
	cfg.Store = st
	if cfg.Log == nil {
		cfg.Log = testLogger(t)
	}
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	ts := &tserver{srv: srv, hs: hs, st: st}
	t.Cleanup(func() { hs.Close(); srv.Close() })
	return ts
}

// testLogger logs to the test's log, only what is a warning or worse.
func testLogger(t testing.TB) *slogLogger { return newTestLogger(t) }

func (ts *tserver) wsURL() string { return "ws" + strings.TrimPrefix(ts.hs.URL, "http") + "/ws" }

// post sends a JSON request and decodes the answer into out (if not nil);
// it returns the status.
func (ts *tserver) post(t testing.TB, path, body string, out any) int {
	t.Helper()
	resp, err := http.Post(ts.hs.URL+path, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if out != nil && resp.StatusCode < 300 {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s: %v in %s", path, err, b)
		}
	}
	return resp.StatusCode
}

func (ts *tserver) create(t testing.TB, body string) Created {
	t.Helper()
	var c Created
	if code := ts.post(t, "/api/tables", body, &c); code != http.StatusCreated {
		t.Fatalf("create %s: status %d", body, code)
	}
	return c
}

// inviteToken reads the token out of an invite's URL.
func inviteToken(t testing.TB, inv Invite) string {
	t.Helper()
	_, frag, _ := strings.Cut(inv.URL, "#")
	v, err := url.ParseQuery(frag)
	if err != nil || v.Get("token") == "" {
		t.Fatalf("invite %q", inv.URL)
	}
	return v.Get("token")
}

// msg is one server message as a client received it.
type msg struct {
	Type string
	Raw  json.RawMessage
	F    map[string]json.RawMessage
}

func (m msg) int(k string) int {
	var n int
	json.Unmarshal(m.F[k], &n)
	return n
}

func (m msg) str(k string) string {
	var s string
	json.Unmarshal(m.F[k], &s)
	return s
}

// client is a websocket client: a goroutine reads every message into a
// channel.
type client struct {
	t    testing.TB
	ws   *websocket.Conn
	in   chan msg
	done chan struct{}
	err  error // why reading stopped, after done
	// game is the table's game, from the welcome (set by the reader).
	game atomic.Value
}

func dial(t testing.TB, ts *tserver) *client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(20*time.Second))
	defer cancel()
	ws, _, err := websocket.Dial(ctx, ts.wsURL(), nil)
	if err != nil {
		t.Fatal(err)
	}
	ws.SetReadLimit(8 << 20)
	c := &client{t: t, ws: ws, in: make(chan msg, 1<<16), done: make(chan struct{})}
	go func() {
		defer close(c.done)
		for {
			_, b, err := ws.Read(context.Background())
			if err != nil {
				c.err = err
				return
			}
			var f map[string]json.RawMessage
			if err := json.Unmarshal(b, &f); err != nil {
				c.err = fmt.Errorf("a server message that is not a JSON object: %q", b)
				return
			}
			m := msg{Raw: b, F: f}
			json.Unmarshal(f["type"], &m.Type)
			if m.Type == "welcome" {
				c.game.Store(m.str("game"))
			}
			c.in <- m
		}
	}()
	t.Cleanup(func() { ws.CloseNow() })
	return c
}

// close closes the connection and waits for its reader.
func (c *client) close() {
	c.ws.Close(websocket.StatusNormalClosure, "")
	<-c.done
}

func (c *client) send(v any) {
	c.t.Helper()
	b, ok := v.([]byte)
	if !ok {
		if s, isStr := v.(string); isStr {
			b = []byte(s)
		} else {
			b, _ = json.Marshal(v)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(20*time.Second))
	defer cancel()
	if err := c.ws.Write(ctx, websocket.MessageText, b); err != nil {
		c.t.Fatalf("send %s: %v", b, err)
	}
}

func (c *client) hello(table, token, player string) {
	c.t.Helper()
	m := map[string]string{"type": "hello", "table": table}
	if token != "" {
		m["token"], m["player"] = token, player
	}
	c.send(m)
}

var errClosed = errors.New("connection closed")

// next returns the next message, or errClosed once the connection closed.
func (c *client) next(d time.Duration) (msg, error) {
	timer := time.NewTimer(testenv.Timeout(d))
	defer timer.Stop()
	select {
	case m := <-c.in:
		return m, nil
	case <-c.done:
		select {
		case m := <-c.in:
			return m, nil
		default:
		}
		return msg{}, errClosed
	case <-timer.C:
		return msg{}, fmt.Errorf("no message within %s", testenv.Timeout(d))
	}
}

// expect reads messages until one of type typ, failing the test on a
// timeout or a closed connection; it returns the messages skipped too.
func (c *client) expect(typ string) (msg, []msg) {
	c.t.Helper()
	var skipped []msg
	for {
		m, err := c.next(30 * time.Second)
		if err != nil {
			c.t.Fatalf("waiting for %s: %v (after %d messages, last %s)", typ, err, len(skipped), last(skipped))
		}
		if m.Type == typ {
			return m, skipped
		}
		skipped = append(skipped, m)
	}
}

func last(ms []msg) string {
	if len(ms) == 0 {
		return "none"
	}
	return string(ms[len(ms)-1].Raw)
}

// closed waits for the server to close the connection and returns the
// messages before; it fails the test if the connection stays open.
func (c *client) closed() []msg {
	c.t.Helper()
	var ms []msg
	for {
		m, err := c.next(30 * time.Second)
		if err == errClosed {
			return ms
		}
		if err != nil {
			c.t.Fatalf("the connection stayed open: %v (messages %d, last %s)", err, len(ms), last(ms))
		}
		ms = append(ms, m)
	}
}

// player plays a seat over its connection: at each decision it sends a
// random legal move (a Shengji burial: the first eight cards of the hand),
// and, if bid is set, sometimes a declaration while the cards are dealt.
// It returns every message it received, up to and including over.
func (c *client) play(rng *rand.Rand, bid bool) ([]msg, error) { return c.playHints(rng, bid, false) }

// playHints is play, asking for a hint before each move if hints is set.
func (c *client) playHints(rng *rand.Rand, bid, hints bool) ([]msg, error) {
	var all []msg
	asked := 0
	for {
		m, err := c.next(120 * time.Second)
		if err != nil {
			return all, fmt.Errorf("after %d messages (last %s): %w", len(all), last(all), err)
		}
		all = append(all, m)
		switch m.Type {
		case "over":
			return all, nil
		case "refused":
			if m.int("seq") == -1 {
				continue // a bid overtaken by another
			}
			return all, fmt.Errorf("server said %s", m.Raw)
		case "error":
			return all, fmt.Errorf("server said %s", m.Raw)
		case "decide":
			var d struct {
				Seq      int               `json:"seq"`
				Optional bool              `json:"optional"`
				Legal    []json.RawMessage `json:"legal"`
				Obs      json.RawMessage   `json:"obs"`
			}
			if err := json.Unmarshal(m.Raw, &d); err != nil {
				return all, err
			}
			if d.Optional {
				if bid && len(d.Legal) > 0 && rng.IntN(4) == 0 {
					c.send(fmt.Sprintf(`{"type":"bid","move":%s}`, d.Legal[rng.IntN(len(d.Legal))]))
				}
				continue
			}
			if hints && asked < 3 {
				asked++
				c.send(`{"type":"hint"}`)
			}
			// The game's own wire client (games.Def.Pick) chooses: it
			// ends Gin Rummy hands when it may, as random play alone
			// makes games of hundreds of hands.
			game, _ := c.game.Load().(string)
			g, err := gameOf(game)
			if err != nil {
				return all, err
			}
			mv, err := g.PickMove(d.Obs, d.Legal, rng)
			if err != nil {
				return all, fmt.Errorf("%w: %s", err, m.Raw)
			}
			c.send(fmt.Sprintf(`{"type":"move","seq":%d,"move":%s}`, d.Seq, mv))
		}
	}
}

var httpClient = &http.Client{Timeout: testenv.Timeout(60 * time.Second)}
