package cluster

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"felt/internal/store"
	"felt/internal/store/storetest"
	"felt/internal/testenv"
)

// The tests run each on PostgreSQL (two stores on one schema, as two
// processes would open it: LISTEN/NOTIFY between them) and on SQLite (one
// store, its bus within the process).

// backends returns a function per store that opens the stores of two
// processes sharing a database.
func backends(t *testing.T) map[string]func(t *testing.T) (a, b store.Store) {
	return map[string]func(t *testing.T) (a, b store.Store){
		"postgres": func(t *testing.T) (a, b store.Store) {
			dsn := storetest.PostgresSchema(t)
			open := func() store.Store {
				ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(30*time.Second))
				defer cancel()
				st, err := store.OpenPostgres(ctx, dsn)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { st.Close() })
				return st
			}
			return open(), open()
		},
		"sqlite": func(t *testing.T) (a, b store.Store) {
			st, err := store.OpenSQLite(filepath.Join(t.TempDir(), "felt.db"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			return st, st
		},
	}
}

// each runs test on every store.
func each(t *testing.T, test func(t *testing.T, a, b store.Store)) {
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			a, b := open(t)
			test(t, a, b)
		})
	}
}

// fakeHost is a server as a node sees it: the tables it runs and their
// statuses, and what the node asked of it.
type fakeHost struct {
	mu      sync.Mutex
	tables  map[string]store.Status
	attach  func(ctx context.Context, id string, hello []byte, back *Relayed) (Conn, error)
	join    func(kind, id string, req []byte) (int, []byte)
	lost    chan string
	adopted chan store.Table
}

func newHost() *fakeHost {
	return &fakeHost{tables: map[string]store.Status{}, lost: make(chan string, 16), adopted: make(chan store.Table, 16)}
}

func (h *fakeHost) run(id string, st store.Status) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.tables[id] = st
}

func (h *fakeHost) Status(id string) (store.Status, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	st, ok := h.tables[id]
	return st, ok
}

func (h *fakeHost) Adopt(_ context.Context, t store.Table) (bool, error) {
	h.run(t.ID, t.Status)
	h.adopted <- t
	return true, nil
}

func (h *fakeHost) Lose(id string) {
	h.mu.Lock()
	delete(h.tables, id)
	h.mu.Unlock()
	h.lost <- id
}

func (h *fakeHost) Attach(ctx context.Context, id string, hello []byte, back *Relayed) (Conn, error) {
	if h.attach == nil {
		return nil, errors.New("no connections here")
	}
	return h.attach(ctx, id, hello, back)
}

func (h *fakeHost) Request(kind, id string, req []byte) (int, []byte) {
	if h.join == nil {
		return http.StatusServiceUnavailable, []byte("no requests here")
	}
	return h.join(kind, id, req)
}

// fakeConn records what a node gives a connection.
type fakeConn struct {
	msgs   chan []byte
	closed chan string // "CODE REASON"
}

func newConn() *fakeConn {
	return &fakeConn{msgs: make(chan []byte, 64), closed: make(chan string, 4)}
}

func (c *fakeConn) Send(msg []byte) { c.msgs <- msg }
func (c *fakeConn) Close(code websocket.StatusCode, reason string) {
	c.closed <- fmt.Sprintf("%d %s", int(code), reason)
}

func (c *fakeConn) next(t *testing.T) []byte {
	t.Helper()
	select {
	case b := <-c.msgs:
		return b
	case <-time.After(testenv.Timeout(20 * time.Second)):
		t.Fatal("no message relayed")
		return nil
	}
}

func (c *fakeConn) close(t *testing.T) string {
	t.Helper()
	select {
	case s := <-c.closed:
		return s
	case <-time.After(testenv.Timeout(20 * time.Second)):
		t.Fatal("the connection was not closed")
		return ""
	}
}

// start starts a node named name on st for h, until the test ends.
func start(t *testing.T, st store.Store, name string, lease time.Duration, h Host) *Node {
	t.Helper()
	n, err := New(Config{Store: st, Bus: st.(store.Notifier), Node: name, Lease: lease})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	if err := n.Start(ctx, h); err != nil {
		t.Fatal(err)
	}
	return n
}

// createTable stores a table being played.
func createTable(t *testing.T, st store.Store, id string) {
	t.Helper()
	err := st.CreateTable(context.Background(), store.Table{ID: id, Game: "gin", Status: store.Playing,
		Seats: []store.Seat{{Kind: "computer", Level: "simple"}, {Kind: "computer", Level: "simple"}}})
	if err != nil {
		t.Fatal(err)
	}
}

// claim makes n the owner of table id, run by h.
func claim(t *testing.T, n *Node, h *fakeHost, id string) {
	t.Helper()
	ok, err := n.Claim(context.Background(), id)
	if err != nil || !ok {
		t.Fatalf("claiming %s: %v %v", id, ok, err)
	}
	h.run(id, store.Playing)
}

// TestNewRefuses: a node needs its store, its bus, a valid name and a
// lease of a second or more.
func TestNewRefuses(t *testing.T) {
	st, err := store.OpenSQLite(filepath.Join(t.TempDir(), "felt.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, c := range []struct {
		name string
		cfg  Config
		want string
	}{
		{"no store", Config{Bus: st, Node: "a"}, "needs the store"},
		{"no bus", Config{Store: st, Node: "a"}, "needs the store"},
		{"no name", Config{Store: st, Bus: st}, "node name"},
		{"a space", Config{Store: st, Bus: st, Node: "a b"}, "node name"},
		{"too long", Config{Store: st, Bus: st, Node: strings.Repeat("a", MaxNode+1)}, "node name"},
		{"short lease", Config{Store: st, Bus: st, Node: "a", Lease: time.Millisecond}, "under a second"},
	} {
		if _, err := New(c.cfg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q", c.name, err, c.want)
		}
	}
	n, err := New(Config{Store: st, Bus: st, Node: strings.Repeat("a", MaxNode)})
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := n.Claim(context.Background(), "t"); ok || err == nil {
		t.Fatalf("a claim before the start: %v %v", ok, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := n.Start(ctx, newHost()); err != nil {
		t.Fatal(err)
	}
	if err := n.Start(ctx, newHost()); err == nil {
		t.Fatal("a node started twice")
	}
}

// TestRelay: a client's connection at one process to a table another
// runs: its hello reaches the owner's host as sent, messages go both ways
// byte for byte (one longer than a notification in pieces, cut between
// runes), the client's goodbye closes it at the owner, and the owner's
// close, with its code and reason, closes it at the client.
func TestRelay(t *testing.T) {
	each(t, func(t *testing.T, sa, sb store.Store) {
		ha, hb := newHost(), newHost()
		a := start(t, sa, "a", 2*time.Second, ha)
		b := start(t, sb, "b", 2*time.Second, hb)
		createTable(t, sa, "t1")
		claim(t, a, ha, "t1")

		type attached struct {
			hello []byte
			back  *Relayed
			owner *fakeConn
		}
		att := make(chan attached, 4)
		ha.attach = func(_ context.Context, id string, hello []byte, back *Relayed) (Conn, error) {
			if id != "t1" {
				return nil, fmt.Errorf("no table %s", id)
			}
			c := newConn()
			att <- attached{bytes.Clone(hello), back, c}
			return c, nil
		}
		ctx := context.Background()
		client := newConn()
		hello := []byte(`{"type":"hello","table":"t1","player":"p"}`)
		rc, err := b.Dial(ctx, "t1", hello, client)
		if err != nil {
			t.Fatal(err)
		}
		at := <-att
		if !bytes.Equal(at.hello, hello) {
			t.Fatalf("the owner got the hello %s, want %s", at.hello, hello)
		}
		// The owner's messages, a long one among them.
		long := []byte(`{"history":"` + strings.Repeat("é♠", MaxPiece) + `"}`)
		for _, m := range [][]byte{[]byte(`{"type":"welcome"}`), long, []byte(`{}`)} {
			if err := at.back.Send(m); err != nil {
				t.Fatal(err)
			}
			if got := client.next(t); !bytes.Equal(got, m) {
				t.Fatalf("relayed %d bytes (%.40s…), sent %d (%.40s…)", len(got), got, len(m), m)
			}
		}
		// The client's messages.
		for _, m := range []string{`{"type":"move","seq":1,"move":{}}`, `{"type":"hint"}`} {
			if err := rc.Send([]byte(m)); err != nil {
				t.Fatal(err)
			}
			if got := at.owner.next(t); string(got) != m {
				t.Fatalf("the owner got %s, want %s", got, m)
			}
		}
		rc.Close()
		if got := at.owner.close(t); got != "1000 " {
			t.Fatalf("the client's goodbye closed the owner's end with %q", got)
		}

		// A second connection, closed by the owner.
		client2 := newConn()
		if _, err := b.Dial(ctx, "t1", hello, client2); err != nil {
			t.Fatal(err)
		}
		at = <-att
		at.back.Close(websocket.StatusPolicyViolation, "too slow")
		if got := client2.close(t); got != "1008 too slow" {
			t.Fatalf("the owner's close reached the client as %q", got)
		}
		// A message for a connection the owner does not know is answered
		// with a close.
		bus := sb.(store.Notifier)
		lctx, cancel := context.WithCancel(ctx)
		defer cancel()
		ghost, err := bus.Listen(lctx, "n.ghost.3")
		if err != nil {
			t.Fatal(err)
		}
		if err := bus.Notify(ctx, "t.t1", []byte("msg ghost 99\n{}")); err != nil {
			t.Fatal(err)
		}
		select {
		case p := <-ghost:
			if want := "close 99 1001\nthe table's server lost this connection: reconnect"; string(p) != want {
				t.Fatalf("the owner answered %q, want %q", p, want)
			}
		case <-time.After(testenv.Timeout(20 * time.Second)):
			t.Fatal("no answer to a message of an unknown connection")
		}
	})
}

// TestRelayRefused: an owner's refusal reaches the client with its
// message; a table nobody runs does not answer.
func TestRelayRefused(t *testing.T) {
	each(t, func(t *testing.T, sa, sb store.Store) {
		ha := newHost()
		a := start(t, sa, "a", time.Second, ha)
		b := start(t, sb, "b", time.Second, newHost())
		createTable(t, sa, "t1")
		claim(t, a, ha, "t1")
		ctx := context.Background()
		_, err := b.Dial(ctx, "t1", []byte(`{"type":"hello","table":"t1"}`), newConn())
		var ref *Refused
		if !errors.As(err, &ref) || ref.Code != http.StatusForbidden || ref.Msg != "no connections here" {
			t.Fatalf("a refused hello: %v", err)
		}
		b.mu.Lock()
		left := len(b.remotes) + len(b.waits)
		b.mu.Unlock()
		if left != 0 {
			t.Fatalf("%d remotes and waits left after a refusal", left)
		}
		if _, err := b.Dial(ctx, "nosuch", []byte(`{}`), newConn()); !errors.Is(err, ErrNoAnswer) {
			t.Fatalf("a hello nobody answers: %v", err)
		}
		cctx, cancel := context.WithCancel(ctx)
		cancel()
		if _, err := b.Dial(cctx, "nosuch", []byte(`{}`), newConn()); !errors.Is(err, context.Canceled) {
			t.Fatalf("a hello whose context ended: %v", err)
		}
	})
}

// TestJoin: a seat's join, or a seat taken by the table's link, is done by
// the table's owner, its answer (an HTTP status and its body or error)
// brought back.
func TestJoin(t *testing.T) {
	each(t, func(t *testing.T, sa, sb store.Store) {
		ha := newHost()
		a := start(t, sa, "a", time.Second, ha)
		b := start(t, sb, "b", time.Second, newHost())
		createTable(t, sa, "t1")
		claim(t, a, ha, "t1")
		got := make(chan string, 2)
		ha.join = func(kind, id string, req []byte) (int, []byte) {
			got <- kind + " " + id + " " + string(req)
			if bytes.Contains(req, []byte("wrong")) {
				return http.StatusConflict, []byte("the seat belongs to another player")
			}
			if kind == "sit" {
				return http.StatusOK, []byte(`{"seat":2,"token":"t"}`)
			}
			return http.StatusOK, nil
		}
		ctx := context.Background()
		if body, err := b.Request(ctx, "join", "t1", []byte(`{"token":"right"}`)); err != nil || len(body) != 0 {
			t.Fatalf("a join: %q, %v", body, err)
		}
		if g := <-got; g != `join t1 {"token":"right"}` {
			t.Fatalf("the owner was asked %s", g)
		}
		if body, err := b.Request(ctx, "sit", "t1", []byte(`{"player":"p"}`)); err != nil || string(body) != `{"seat":2,"token":"t"}` {
			t.Fatalf("a sit: %q, %v", body, err)
		}
		if g := <-got; g != `sit t1 {"player":"p"}` {
			t.Fatalf("the owner was asked %s", g)
		}
		_, err := b.Request(ctx, "join", "t1", []byte(`{"token":"wrong"}`))
		var ref *Refused
		if !errors.As(err, &ref) || ref.Code != http.StatusConflict || ref.Msg != "the seat belongs to another player" {
			t.Fatalf("a refused join: %v", err)
		}
		if _, err := b.Request(ctx, "join", "nosuch", []byte(`{}`)); !errors.Is(err, ErrNoAnswer) {
			t.Fatalf("a join nobody answers: %v", err)
		}
		if _, err := b.Request(ctx, "undo", "t1", []byte(`{}`)); err == nil {
			t.Fatal("a request of a kind not relayed: no error")
		}
	})
}

// TestClaimOnce: a table is claimed once in a process, however many
// claims (start, adoption, a relayed hello's adoption) race for it, and
// not at all while another process holds it.
func TestClaimOnce(t *testing.T) {
	each(t, func(t *testing.T, sa, sb store.Store) {
		a := start(t, sa, "a", time.Hour, newHost())
		ctx := context.Background()
		for i := range 20 {
			id := fmt.Sprintf("t%d", i)
			createTable(t, sa, id)
			if i%4 == 3 {
				if ok, err := sb.Lease(ctx, id, "b", time.Hour); !ok || err != nil {
					t.Fatal(ok, err)
				}
			}
			got := make(chan bool, 8)
			for range 8 {
				go func() {
					ok, err := a.Claim(ctx, id)
					if err != nil {
						t.Error(err)
					}
					got <- ok
				}()
			}
			n := 0
			for range 8 {
				if <-got {
					n++
				}
			}
			want := 1
			if i%4 == 3 {
				want = 0
			}
			if n != want {
				t.Fatalf("table %s claimed %d times, want %d", id, n, want)
			}
		}
	})
}

// TestFence: a process writes a table's log only while it surely holds
// the table's lease: a lease last renewed longer ago than nine tenths of
// its time is renewed before the line; once another process took it, the
// next renewal gives the table up and no line is written.
func TestFence(t *testing.T) {
	each(t, func(t *testing.T, sa, sb store.Store) {
		ha := newHost()
		a := start(t, sa, "a", time.Hour, ha) // no renewal during the test
		fs := a.Fence(sa)
		ctx := context.Background()
		createTable(t, sa, "t1")
		if err := fs.AppendLine(ctx, "t1", 0, []byte(`{"type":"x"}`)); !errors.Is(err, ErrNotOwner) {
			t.Fatalf("a line of a table not claimed: %v", err)
		}
		claim(t, a, ha, "t1")
		if err := fs.AppendLine(ctx, "t1", 0, []byte(`{"type":"header"}`)); err != nil {
			t.Fatal(err)
		}
		a.mu.Lock()
		a.owned["t1"].renewed = time.Now().Add(-time.Hour * 9 / 10)
		a.mu.Unlock()
		if a.holds("t1") {
			t.Fatal("a lease renewed 54 minutes of 60 ago counts as surely held")
		}
		// A line the store refuses, after the fence renewed the lease.
		if err := fs.AppendLine(ctx, "t1", 1000, []byte(`{"type":"x"}`)); errors.Is(err, ErrNotOwner) || !errors.Is(err, store.ErrConflict) {
			t.Fatalf("a line on a stale lease still held: %v", err)
		}
		if !a.holds("t1") {
			t.Fatal("the lease is not held after the line's renewal")
		}
		// Another process takes the lease (as after an expiry).
		if err := sb.Release(ctx, "t1", "a"); err != nil {
			t.Fatal(err)
		}
		if ok, err := sb.Lease(ctx, "t1", "b", time.Hour); err != nil || !ok {
			t.Fatalf("b's lease: %v %v", ok, err)
		}
		a.renew("t1")
		if id := <-ha.lost; id != "t1" {
			t.Fatalf("lost %s", id)
		}
		if a.holds("t1") {
			t.Fatal("the lease is still held after b took it")
		}
		if err := fs.AppendLine(ctx, "t1", 1, []byte(`{"type":"x"}`)); !errors.Is(err, ErrNotOwner) {
			t.Fatalf("a line written on a lease b holds: %v", err)
		}
		if lines, err := sa.Lines(ctx, "t1", 0); err != nil || len(lines) != 1 {
			t.Fatalf("lines %q, %v", lines, err)
		}
	})
}

// TestFenceTaken: a process whose renewals fell behind while another took
// its table's lease writes no line of it and gives it up.
func TestFenceTaken(t *testing.T) {
	each(t, func(t *testing.T, sa, sb store.Store) {
		ha := newHost()
		a := start(t, sa, "a", time.Hour, ha)
		ctx := context.Background()
		createTable(t, sa, "t1")
		claim(t, a, ha, "t1")
		if err := sb.Release(ctx, "t1", "a"); err != nil {
			t.Fatal(err)
		}
		if ok, err := sb.Lease(ctx, "t1", "b", time.Hour); err != nil || !ok {
			t.Fatalf("b's lease: %v %v", ok, err)
		}
		a.mu.Lock()
		a.owned["t1"].renewed = time.Now().Add(-time.Hour)
		a.mu.Unlock()
		if err := a.Fence(sa).AppendLine(ctx, "t1", 0, []byte(`{"type":"x"}`)); !errors.Is(err, ErrNotOwner) {
			t.Fatalf("a line written on a lease b holds: %v", err)
		}
		select {
		case id := <-ha.lost:
			if id != "t1" {
				t.Fatalf("lost %s", id)
			}
		case <-time.After(testenv.Timeout(10 * time.Second)):
			t.Fatal("the table was not given up")
		}
		if lines, err := sa.Lines(ctx, "t1", 0); err != nil || len(lines) != 0 {
			t.Fatalf("lines %q, %v", lines, err)
		}
	})
}

// TestAdoption: a table whose owner released it (a graceful stop) is
// adopted by another process, which says so: the connections relayed to
// it elsewhere close, for their clients to find the new owner. A table
// another process holds is not adopted.
func TestAdoption(t *testing.T) {
	each(t, func(t *testing.T, sa, sb store.Store) {
		ha, hb, hc := newHost(), newHost(), newHost()
		a := start(t, sa, "a", time.Second, ha)
		b := start(t, sb, "b", time.Second, hb)
		c := start(t, sb, "c", time.Second, hc)
		createTable(t, sa, "t1")
		claim(t, a, ha, "t1")
		if b.Adopt("t1") {
			t.Fatal("a table adopted while its owner holds it")
		}
		// c relays a client to the table.
		ha.attach = func(context.Context, string, []byte, *Relayed) (Conn, error) { return newConn(), nil }
		client := newConn()
		if _, err := c.Dial(context.Background(), "t1", []byte(`{}`), client); err != nil {
			t.Fatal(err)
		}
		// The owner stops: it releases the table, still being played, and
		// says so. The others look at once (without the word, not for four
		// leases).
		a.Release(context.Background(), "t1")
		var got store.Table
		select {
		case got = <-hb.adopted:
		case got = <-hc.adopted:
		case <-time.After(testenv.Timeout(3 * time.Second)):
			t.Fatal("nobody adopted the released table within three leases")
		}
		if got.ID != "t1" || got.Status != store.Playing || got.Game != "gin" {
			t.Fatalf("adopted %+v", got)
		}
		if r := client.close(t); r != "1001 the table moved to another server: reconnect" {
			t.Fatalf("the relayed connection closed with %q", r)
		}
		select {
		case again := <-hb.adopted:
			t.Fatalf("adopted twice: %+v", again)
		case again := <-hc.adopted:
			t.Fatalf("adopted twice: %+v", again)
		case <-time.After(500 * time.Millisecond):
		}
	})
}

// TestDeadRelay: a connection relayed by a process that is never heard
// from again (killed: no goodbye, no heartbeat) is closed by the table's
// owner after a lease's time.
func TestDeadRelay(t *testing.T) {
	each(t, func(t *testing.T, sa, sb store.Store) {
		ha := newHost()
		a := start(t, sa, "a", time.Second, ha)
		createTable(t, sa, "t1")
		claim(t, a, ha, "t1")
		owner := newConn()
		ha.attach = func(context.Context, string, []byte, *Relayed) (Conn, error) { return owner, nil }
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		// A process "ghost" relays a connection to the table, then dies.
		bus := sb.(store.Notifier)
		back, err := bus.Listen(ctx, "n.ghost.1")
		if err != nil {
			t.Fatal(err)
		}
		if err := bus.Notify(ctx, "t.t1", []byte("hello ghost 1\n{}")); err != nil {
			t.Fatal(err)
		}
		select {
		case p := <-back:
			if string(p) != "ok 1\n" {
				t.Fatalf("the owner answered %q", p)
			}
		case <-time.After(testenv.Timeout(20 * time.Second)):
			t.Fatal("no answer to the hello")
		}
		answered := time.Now()
		if r := owner.close(t); r != "1001 the server relaying this connection is gone" {
			t.Fatalf("closed with %q", r)
		}
		if d := time.Since(answered); d < 500*time.Millisecond {
			t.Fatalf("closed after %s, before a lease's time", d)
		}
	})
}
