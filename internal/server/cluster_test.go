package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"felt/internal/cluster"
	"felt/internal/store"
	"felt/internal/testenv"
)

// clNode is one server of a test cluster behind httptest.
type clNode struct {
	srv *Server
	hs  *httptest.Server
}

// clStart starts a server of a cluster on st (whose notifier is the bus).
func clStart(t *testing.T, st store.Store, node string, lease time.Duration) *clNode {
	t.Helper()
	cl, err := cluster.New(cluster.Config{Store: st, Bus: st.(store.Notifier), Node: node, Lease: lease})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := New(Config{Store: st, Cluster: cl, Rate: 1000, Burst: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	n := &clNode{srv: srv, hs: httptest.NewServer(srv.Handler())}
	t.Cleanup(func() { n.hs.Close(); srv.Close() })
	return n
}

// clConn is a websocket client that reads every message into a channel.
type clConn struct {
	ws   *websocket.Conn
	in   chan []byte
	done chan struct{}
}

func clDial(t *testing.T, n *clNode, hello string) *clConn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(20*time.Second))
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(n.hs.URL, "http")+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	ws.SetReadLimit(8 << 20)
	c := &clConn{ws: ws, in: make(chan []byte, 1<<14), done: make(chan struct{})}
	go func() {
		defer close(c.done)
		for {
			_, b, err := ws.Read(context.Background())
			if err != nil {
				return
			}
			c.in <- b
		}
	}()
	t.Cleanup(func() { ws.CloseNow() })
	if err := ws.Write(ctx, websocket.MessageText, []byte(hello)); err != nil {
		t.Fatal(err)
	}
	return c
}

// next returns the next message, nil once the connection closed.
func (c *clConn) next(t *testing.T) []byte {
	t.Helper()
	select {
	case b := <-c.in:
		return b
	case <-c.done:
		select {
		case b := <-c.in:
			return b
		default:
			return nil
		}
	case <-time.After(testenv.Timeout(30 * time.Second)):
		t.Fatal("no message within 30 s")
		return nil
	}
}

type clMsg struct {
	Type  string            `json:"type"`
	N     int               `json:"n"`
	Adv   int               `json:"adv"`
	Seq   int               `json:"seq"`
	Legal []json.RawMessage `json:"legal"`
	Obs   struct {
		Hand string `json:"Hand"`
	} `json:"obs"`
	Optional bool   `json:"optional"`
	Error    string `json:"error"`
}

// clPlay answers decisions on c with random legal moves until moves were
// sent or the connection closed; it returns every message received.
func clPlay(t *testing.T, c *clConn, rng *rand.Rand, moves int) (msgs [][]byte, closed bool) {
	t.Helper()
	for sent := 0; sent < moves; {
		b := c.next(t)
		if b == nil {
			return msgs, true
		}
		msgs = append(msgs, b)
		var m clMsg
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatalf("%v in %s", err, b)
		}
		switch m.Type {
		case "error", "refused":
			t.Fatalf("server said %s", b)
		case "over":
			return msgs, false
		case "decide":
			if m.Optional {
				continue
			}
			var mv []byte
			if len(m.Legal) > 0 {
				mv = m.Legal[rng.IntN(len(m.Legal))]
			} else {
				cards := strings.Fields(m.Obs.Hand)
				mv = fmt.Appendf(nil, `{"kind":"bury","cards":%q}`, strings.Join(cards[:8], " "))
			}
			ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(20*time.Second))
			err := c.ws.Write(ctx, websocket.MessageText, fmt.Appendf(nil, `{"type":"move","seq":%d,"move":%s}`, m.Seq, mv))
			cancel()
			if err != nil {
				return msgs, true
			}
			sent++
		}
	}
	return msgs, false
}

func clCreate(t *testing.T, n *clNode, body string) Created {
	t.Helper()
	resp, err := http.Post(n.hs.URL+"/api/tables", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var c Created
	if resp.StatusCode != http.StatusCreated || json.NewDecoder(resp.Body).Decode(&c) != nil {
		t.Fatalf("create: %s", resp.Status)
	}
	return c
}

// events returns the event messages among msgs, by line and advance.
func events(t *testing.T, msgs [][]byte) map[[2]int][]byte {
	out := map[[2]int][]byte{}
	for _, b := range msgs {
		var m clMsg
		json.Unmarshal(b, &m)
		if m.Type == "event" {
			out[[2]int{m.N, m.Adv}] = b
		}
	}
	return out
}

// TestClusterRelay: two servers share a store and its notification bus
// (SQLite's, within the process: the same code as with PostgreSQL's
// LISTEN/NOTIFY across processes). A Shengji table is created at one and
// played by a client connected to the other: its moves are relayed to the
// owner and the owner's messages back, byte for byte the same as a client
// of the same seat at the owner receives, the large ones (the hand's
// history on a reconnect, over one notification's size) in pieces. Then
// the owner shuts down, releasing the table's lease: the other server
// adopts the table from its log and the client, reconnecting, plays on.
func TestClusterRelay(t *testing.T) {
	st := sqliteStore(t)
	a := clStart(t, st, "a", 2*time.Second)
	b := clStart(t, st, "b", 2*time.Second)
	cr := clCreate(t, a, `{"game":"shengji","player":"p0","name":"Ann","seats":[{"kind":"me"},{"kind":"computer","level":"random"},{"kind":"computer","level":"random"},{"kind":"computer","level":"random"}]}`)
	if _, ok := a.srv.room(cr.ID); !ok {
		t.Fatal("the table is not run where it was created")
	}
	hello := fmt.Sprintf(`{"type":"hello","table":%q,"token":%q,"player":"p0"}`, cr.ID, cr.Token)
	local := clDial(t, a, hello)
	relayed := clDial(t, b, hello)
	rng := rand.New(rand.NewPCG(1, 2))
	got, closed := clPlay(t, relayed, rng, 12)
	if closed {
		t.Fatal("the relayed connection closed")
	}
	if _, ok := b.srv.room(cr.ID); ok {
		t.Fatal("the table runs at both servers")
	}
	// The local client saw every event the relayed one did, the same bytes.
	var seen [][]byte
	for len(local.in) > 0 {
		seen = append(seen, <-local.in)
	}
	want := events(t, seen)
	ev := events(t, got)
	if len(ev) < 12 {
		t.Fatalf("only %d events relayed", len(ev))
	}
	for k, e := range ev {
		if w, ok := want[k]; ok && !bytes.Equal(w, e) {
			t.Fatalf("event %v relayed as %s, sent as %s", k, e, w)
		}
	}

	// A reconnect mid-hand is sent the hand's history, in pieces.
	relayed.ws.Close(websocket.StatusNormalClosure, "")
	relayed = clDial(t, b, hello)
	got, closed = clPlay(t, relayed, rng, 2)
	if closed {
		t.Fatal("the relayed connection closed")
	}
	big := 0
	for _, m := range got {
		big = max(big, len(m))
		var v any
		if json.Unmarshal(m, &v) != nil {
			t.Fatalf("a relayed message is not JSON: %.200s", m)
		}
	}
	if big <= cluster.MaxPiece {
		t.Fatalf("the largest message relayed has %d bytes, not over a piece's %d: pieces untested", big, cluster.MaxPiece)
	}

	// The owner shuts down: the other server adopts the table.
	a.hs.Close()
	a.srv.Close()
	for {
		b := relayed.next(t)
		if b == nil {
			break
		}
	}
	deadline := time.Now().Add(testenv.Timeout(30 * time.Second))
	for {
		relayed = clDial(t, b, hello)
		first := relayed.next(t)
		var m clMsg
		json.Unmarshal(first, &m)
		if m.Type == "welcome" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no server took the table: %s", first)
		}
		time.Sleep(200 * time.Millisecond)
	}
	if _, ok := b.srv.room(cr.ID); !ok {
		t.Fatal("the table was not adopted")
	}
	if v := series(t, scrape(t, b.srv), "felt_cluster_adoptions_total"); v != 1 {
		t.Errorf("felt_cluster_adoptions_total = %g after the adoption, want 1", v)
	}
	got, closed = clPlay(t, relayed, rng, 6)
	if closed {
		t.Fatal("the adopted table's connection closed")
	}
	if len(events(t, got)) == 0 {
		t.Fatal("no event after the adoption")
	}
}

// TestEncodeClient: a relayed client message decodes as the original.
func TestEncodeClient(t *testing.T) {
	for _, in := range []string{
		`{"type":"hello","table":"t1","token":"tok","player":"p"}`,
		`{"type":"hello","table":"t1"}`,
		`{"type":"move","seq":7,"move":{"kind":"discard","card":"QS"}}`,
		`{"type":"bid","move":{"kind":"declare","cards":"2H"}}`,
		`{"type":"hint"}`,
		`{"type":"back"}`,
		`{"type":"check","seq":9,"move":{"kind":"play","cards":"AS AS"}}`,
	} {
		m, err := decodeClient([]byte(in))
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		again, err := decodeClient(encodeClient(m))
		if err != nil {
			t.Fatalf("%s: re-encoded %s: %v", in, encodeClient(m), err)
		}
		if fmt.Sprint(again) != fmt.Sprint(m) {
			t.Fatalf("%s: re-encoded as %s, decoded as %+v", in, encodeClient(m), again)
		}
	}
}

// TestClusterJoin: a friend's join of an open seat, sent to another
// server than the table's, is done by the table's: a wrong token refused
// there, the right one given the seat, the game started.
func TestClusterJoin(t *testing.T) {
	st := sqliteStore(t)
	a := clStart(t, st, "a", 2*time.Second)
	b := clStart(t, st, "b", 2*time.Second)
	cr := clCreate(t, a, `{"game":"gin","player":"p0","name":"Ann","seats":[{"kind":"me"},{"kind":"open"}]}`)
	_, tok, _ := strings.Cut(cr.Invites[0].URL, "&token=")
	join := func(id, body string) (int, string) {
		resp, err := http.Post(b.hs.URL+"/api/tables/"+id+"/join", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out map[string]any
		json.NewDecoder(resp.Body).Decode(&out)
		return resp.StatusCode, fmt.Sprint(out)
	}
	if code, out := join(cr.ID, `{"seat":1,"token":"wrong","player":"p1","name":"Bo"}`); code != http.StatusForbidden {
		t.Fatalf("a wrong token: %d %s", code, out)
	}
	if code, out := join("nosuchtable", `{"seat":1,"token":"`+tok+`","player":"p1","name":"Bo"}`); code != http.StatusNotFound {
		t.Fatalf("no such table: %d %s", code, out)
	}
	if code, out := join(cr.ID, `{"seat":1,"token":"`+tok+`","player":"p1","name":"Bo"}`); code != http.StatusOK {
		t.Fatalf("the right token: %d %s", code, out)
	}
	tb, err := st.Table(context.Background(), cr.ID)
	if err != nil {
		t.Fatal(err)
	}
	if tb.Seats[1].Player != "p1" || tb.Seats[1].Name != "Bo" || tb.Status != store.Playing {
		t.Fatalf("after the join: seat %+v, status %s", tb.Seats[1], tb.Status)
	}
	if code, out := join(cr.ID, `{"seat":1,"token":"`+tok+`","player":"p2","name":"Cy"}`); code != http.StatusForbidden {
		t.Fatalf("a second player with the token: %d %s", code, out)
	}
}

// TestClusterRooms: the lobby of every server lists the open tables of
// every server sharing the store, and a table's link (sit) sent to
// another server than the table's takes the seat there: the seat's token
// then opens it through either server, and a full table refuses.
func TestClusterRooms(t *testing.T) {
	st := sqliteStore(t)
	a := clStart(t, st, "a", 2*time.Second)
	b := clStart(t, st, "b", 2*time.Second)
	atA := clCreate(t, a, `{"game":"gin","player":"p0","name":"Ann","lobby":true,"seats":[{"kind":"me"},{"kind":"open"}]}`)
	atB := clCreate(t, b, `{"game":"shengji","player":"q0","name":"Quin","lobby":true,"seats":[{"kind":"me"},{"kind":"open"},{"kind":"computer"},{"kind":"open"}]}`)
	clCreate(t, b, `{"game":"gin","player":"r0","name":"Rae","seats":[{"kind":"me"},{"kind":"open"}]}`) // not listed
	lobby := func(n *clNode) []LobbyTable {
		resp, err := http.Get(n.hs.URL + "/api/lobby")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out []LobbyTable
		if resp.StatusCode != http.StatusOK || json.NewDecoder(resp.Body).Decode(&out) != nil {
			t.Fatalf("lobby: %s", resp.Status)
		}
		return out
	}
	for name, n := range map[string]*clNode{"a": a, "b": b} {
		got := lobby(n)
		if len(got) != 2 || got[0].ID != atB.ID || got[1].ID != atA.ID {
			t.Fatalf("server %s's lobby: %+v, want the tables made at b then a", name, got)
		}
		if got[0].Host != "Quin" || fmt.Sprint(got[0].Free) != "[1 3]" || got[1].Host != "Ann" || fmt.Sprint(got[1].Free) != "[1]" {
			t.Fatalf("server %s's lobby: %+v, want hosts Quin and Ann with seats [1 3] and [1] free", name, got)
		}
	}
	sit := func(n *clNode, id, body string) (int, Sat, string) {
		resp, err := http.Post(n.hs.URL+"/api/tables/"+id+"/sit", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(resp.Body)
		var out Sat
		json.Unmarshal(raw, &out)
		return resp.StatusCode, out, string(raw)
	}
	// Table a's link, sent to b: done by a.
	code, sat, raw := sit(b, atA.ID, `{"player":"p1","name":"Bo"}`)
	if code != http.StatusOK || sat.Seat != 1 || sat.Token == "" {
		t.Fatalf("a sit through another server: %d %s", code, raw)
	}
	tb, err := st.Table(context.Background(), atA.ID)
	if err != nil {
		t.Fatal(err)
	}
	if tb.Seats[1].Player != "p1" || tb.Seats[1].Name != "Bo" || tb.Status != store.Playing {
		t.Fatalf("after the sit: seat %+v, status %s", tb.Seats[1], tb.Status)
	}
	if code, _, raw := sit(b, atA.ID, `{"player":"p2","name":"Cy"}`); code != http.StatusConflict {
		t.Fatalf("a sit at a full table through another server: %d %s, want 409", code, raw)
	}
	if code, _, raw := sit(b, "nosuchtable", `{"player":"p2"}`); code != http.StatusNotFound {
		t.Fatalf("a sit at no table: %d %s, want 404", code, raw)
	}
	if code, _, raw := sit(b, atA.ID, `{"player":"no spaces"}`); code != http.StatusBadRequest {
		t.Fatalf("a bad player id: %d %s, want 400", code, raw)
	}
	// The seat's token opens it through either server.
	for _, n := range []*clNode{a, b} {
		c := clDial(t, n, fmt.Sprintf(`{"type":"hello","table":%q,"token":%q,"player":"p1"}`, atA.ID, sat.Token))
		for {
			m := c.next(t)
			if m == nil {
				t.Fatal("the connection closed")
			}
			if bytes.Contains(m, []byte(`"type":"welcome"`)) {
				if !bytes.Contains(m, []byte(`"seat":1`)) {
					t.Fatalf("welcome: %s", m)
				}
				break
			}
			if bytes.Contains(m, []byte(`"type":"error"`)) {
				t.Fatalf("the token was refused: %s", m)
			}
		}
		c.ws.CloseNow()
	}
	// Table b's link, sent to a, asking for seat 3.
	if code, sat, raw := sit(a, atB.ID, `{"seat":3,"player":"s1","name":"Sol"}`); code != http.StatusOK || sat.Seat != 3 {
		t.Fatalf("a sit at seat 3 through another server: %d %s", code, raw)
	}
	for name, n := range map[string]*clNode{"a": a, "b": b} {
		got := lobby(n)
		if len(got) != 1 || got[0].ID != atB.ID || fmt.Sprint(got[0].Free) != "[1]" {
			t.Fatalf("server %s's lobby after the sits: %+v, want only %s with seat 1 free", name, got, atB.ID)
		}
	}
}

// TestClusterFence: a process stops running a table whose lease another
// process took (at its next renewal), closing its connections, and writes
// no more of the table's log. (The fence itself, a stale lease renewed
// before a line, is package cluster's TestFence.)
func TestClusterFence(t *testing.T) {
	st := sqliteStore(t)
	a := clStart(t, st, "a", time.Second)
	cr := clCreate(t, a, `{"game":"gin","player":"p0","name":"Ann","seats":[{"kind":"me"},{"kind":"computer","level":"simple"}]}`)
	conn := clDial(t, a, fmt.Sprintf(`{"type":"hello","table":%q,"token":%q,"player":"p0"}`, cr.ID, cr.Token))
	ctx := context.Background()
	// The person's turn: the table writes nothing until the person moves.
	for {
		b := conn.next(t)
		if b == nil {
			t.Fatal("the connection closed")
		}
		var m clMsg
		json.Unmarshal(b, &m)
		if m.Type == "decide" && !m.Optional {
			break
		}
	}
	lines, err := st.Lines(ctx, cr.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := len(lines)
	rm, ok := a.srv.room(cr.ID)
	if !ok {
		t.Fatal("the table does not run at its creator")
	}
	// Another process takes the lease (as after an expiry; a may renew it
	// in between, then again).
	for {
		if err := st.Release(ctx, cr.ID, "a"); err != nil {
			t.Fatal(err)
		}
		ok, err := st.Lease(ctx, cr.ID, "b", time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			break
		}
	}
	// a's next renewal, within a third of a lease, gives the table up.
	for deadline := time.Now().Add(testenv.Timeout(10 * time.Second)); ; time.Sleep(10 * time.Millisecond) {
		if _, ok := a.srv.room(cr.ID); !ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the table still runs at a")
		}
	}
	for {
		b := conn.next(t)
		if b == nil {
			break
		}
	}
	if err := a.srv.cfg.Store.AppendLine(ctx, cr.ID, n, []byte(`{"type":"x"}`)); !errors.Is(err, cluster.ErrNotOwner) {
		t.Fatalf("a line written on a lease b holds: %v", err)
	}
	rm.stop() // waits for the table's end, abandoned in its log if it could
	after, err := st.Lines(ctx, cr.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(after) != n {
		t.Fatalf("%d lines written after the lease was lost: %s", len(after)-n, after[n:])
	}
}

// TestClusterDeadRelay: a connection relayed by a process that is never
// heard from again (killed: no goodbye, no heartbeat) is closed by the
// table's owner after a lease's time, so the seat's person counts as away
// and the computer can stand in.
func TestClusterDeadRelay(t *testing.T) {
	st := sqliteStore(t)
	bus := st.(store.Notifier)
	a := clStart(t, st, "a", time.Second)
	cr := clCreate(t, a, `{"game":"gin","player":"p0","name":"Ann","seats":[{"kind":"me"},{"kind":"computer","level":"simple"}]}`)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// A process "ghost" relays a connection to the table, then dies.
	back, err := bus.Listen(ctx, "n.ghost.1")
	if err != nil {
		t.Fatal(err)
	}
	hello := fmt.Sprintf(`{"type":"hello","table":%q,"token":%q,"player":"p0"}`, cr.ID, cr.Token)
	if err := bus.Notify(ctx, "t."+cr.ID, []byte("hello ghost 1\n"+hello)); err != nil {
		t.Fatal(err)
	}
	connected := func() bool {
		rm, ok := a.srv.room(cr.ID)
		return ok && rm.summary().Seats[0].Connected
	}
	timeout := time.After(testenv.Timeout(30 * time.Second))
	var closedAt time.Time
	start := time.Now()
	for closedAt.IsZero() {
		select {
		case p := <-back:
			if bytes.HasPrefix(p, []byte("ok 1\n")) && !connected() {
				t.Fatal("the relayed connection is attached but the seat is not connected")
			}
			if bytes.HasPrefix(p, []byte("close 1 ")) {
				closedAt = time.Now()
			}
		case <-timeout:
			t.Fatal("the dead process's connection was never closed")
		}
	}
	if closedAt.Sub(start) < time.Second {
		t.Fatalf("closed after %s, before a lease's time", closedAt.Sub(start))
	}
	for deadline := time.Now().Add(testenv.Timeout(10 * time.Second)); connected(); {
		if time.Now().After(deadline) {
			t.Fatal("the seat still counts as connected")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
