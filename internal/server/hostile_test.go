package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"felt/internal/testenv"
)

// hostileServer is a server with a Gin Rummy table of Ann against a
// computer, Ann's connection at her first decision, and Bo's open seat
// at a second table.
type hostile struct {
	ts    *tserver
	table Created
	ann   *client
	seq   int
	legal json.RawMessage
}

func newHostile(t *testing.T, cfg Config) *hostile {
	ts := startServer(t, sqliteStore(t), cfg)
	cr := ts.create(t, `{"game":"gin","player":"ann","name":"Ann","seats":[{"kind":"me"},{"kind":"computer","level":"simple"}]}`)
	ann := dial(t, ts)
	ann.hello(cr.ID, cr.Token, "ann")
	seq, mv, _ := ann.decision()
	return &hostile{ts: ts, table: cr, ann: ann, seq: seq, legal: mv}
}

// unchanged checks that the table still waits for Ann's same decision:
// nothing was logged since.
func (h *hostile) unchanged(t *testing.T) {
	t.Helper()
	lines := strings.Count(string(storedLog(t, h.ts, h.table.ID)), "\n")
	if lines != h.seq {
		t.Fatalf("the log has %d lines, want %d: a refused message changed the table", lines, h.seq)
	}
}

// TestHelloRefused: a connection that does not open with a good hello is
// told why and closed; nothing is attached.
func TestHelloRefused(t *testing.T) {
	h := newHostile(t, Config{HelloTimeout: 300 * time.Millisecond})
	other := h.ts.create(t, `{"game":"gin","player":"cy","name":"Cy","seats":[{"kind":"me"},{"kind":"open"}]}`)
	bo := inviteToken(t, other.Invites[0])
	for _, tc := range []struct {
		name, hello, want string
	}{
		{"not json", `{"type":"hello",`, "bad message"},
		{"not hello", `{"type":"hint"}`, "first message must be hello"},
		{"unknown field", `{"type":"hello","table":"` + h.table.ID + `","extra":1}`, "unknown"},
		{"key case", `{"type":"hello","Table":"` + h.table.ID + `"}`, "bad message"},
		{"repeated key", `{"type":"hello","table":"x","table":"` + h.table.ID + `"}`, "bad message"},
		{"no table", `{"type":"hello","table":"nosuchtable"}`, "no table nosuchtable"},
		{"bad table id", `{"type":"hello","table":"../../etc"}`, "table id"},
		{"bad token", `{"type":"hello","table":"` + h.table.ID + `","token":"AAAA","player":"ann"}`, "token opens no seat"},
		{"token of another table", `{"type":"hello","table":"` + h.table.ID + `","token":"` + bo + `","player":"bo"}`, "token opens no seat"},
		{"reused token", `{"type":"hello","table":"` + h.table.ID + `","token":"` + h.table.Token + `","player":"mallory"}`, "used by another player"},
		{"token without player", `{"type":"hello","table":"` + h.table.ID + `","token":"` + h.table.Token + `"}`, "player id"},
		{"move field in hello", `{"type":"hello","table":"` + h.table.ID + `","seq":3}`, "takes no field seq"},
		{"trailing data", `{"type":"hello","table":"` + h.table.ID + `"} {}`, "bad message"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := dial(t, h.ts)
			c.send(tc.hello)
			ms := c.closed()
			if len(ms) == 0 || ms[0].Type != "error" || !strings.Contains(ms[0].str("error"), tc.want) {
				t.Fatalf("messages %v, want an error with %q", types(ms), tc.want)
			}
		})
	}
	t.Run("no hello", func(t *testing.T) {
		c := dial(t, h.ts)
		ms := c.closed()
		if len(ms) != 1 || !strings.Contains(ms[0].str("error"), "no hello within") {
			t.Fatalf("messages %v", types(ms))
		}
	})
	t.Run("binary", func(t *testing.T) {
		c := dial(t, h.ts)
		ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(20*time.Second))
		defer cancel()
		c.ws.Write(ctx, websocket.MessageBinary, []byte(`{"type":"hello","table":"`+h.table.ID+`"}`))
		ms := c.closed()
		if len(ms) != 1 || !strings.Contains(ms[0].str("error"), "binary") || websocket.CloseStatus(c.err) != websocket.StatusUnsupportedData {
			t.Fatalf("messages %v, close %v", types(ms), c.err)
		}
	})
	t.Run("oversized", func(t *testing.T) {
		c := dial(t, h.ts)
		c.send(`{"type":"hello","table":"` + h.table.ID + `","player":"` + strings.Repeat("x", MaxMessage) + `"}`)
		c.closed()
		if websocket.CloseStatus(c.err) != websocket.StatusMessageTooBig {
			t.Fatalf("close %v, want message too big", c.err)
		}
	})
	h.unchanged(t)
}

func types(ms []msg) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Type+":"+string(m.Raw))
	}
	return out
}

// TestBadMovesRefused: a seat's malformed, stale, out-of-turn or illegal
// moves, and a spectator's, are refused with the reason (the engine's, for
// an illegal move) and change nothing; the right move then counts.
func TestBadMovesRefused(t *testing.T) {
	h := newHostile(t, Config{Rate: 1000})
	var d struct {
		Legal []json.RawMessage `json:"legal"`
		Obs   struct {
			Cards []string `json:"cards"`
		} `json:"obs"`
	}
	// Re-read the decision's details from a reconnect.
	c := dial(t, h.ts)
	c.hello(h.table.ID, h.table.Token, "ann")
	_, _, dm := c.decision()
	json.Unmarshal(dm.Raw, &d)
	// A card Ann does not hold.
	held := map[string]bool{}
	for _, x := range d.Obs.Cards {
		held[x] = true
	}
	var notHeld string
	for _, x := range []string{"AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AH", "2H", "3H"} {
		if !held[x] {
			notHeld = x
			break
		}
	}
	for _, tc := range []struct {
		name, send, reply, want string
	}{
		{"malformed move", fmt.Sprintf(`{"type":"move","seq":%d,"move":{"kind":"teleport"}}`, h.seq), "refused", "gin:"},
		{"move not an object", fmt.Sprintf(`{"type":"move","seq":%d,"move":"draw"}`, h.seq), "error", "needs a move object"},
		{"no seq", `{"type":"move","move":{"kind":"draw_stock"}}`, "error", "seq"},
		{"negative seq", `{"type":"move","seq":-4,"move":{"kind":"draw_stock"}}`, "error", "seq"},
		{"stale seq", fmt.Sprintf(`{"type":"move","seq":%d,"move":%s}`, h.seq-1, h.legal), "refused", "is pending"},
		{"future seq", fmt.Sprintf(`{"type":"move","seq":%d,"move":%s}`, h.seq+5, h.legal), "refused", "is pending"},
		{"illegal move", fmt.Sprintf(`{"type":"move","seq":%d,"move":{"kind":"discard","card":%q}}`, h.seq, notHeld), "refused", "gin:"},
		{"unknown type", `{"type":"resign"}`, "error", "unknown type"},
		{"unknown field", `{"type":"hint","please":true}`, "error", "unknown"},
		{"second hello", `{"type":"hello","table":"` + h.table.ID + `"}`, "error", "hello sent twice"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c.send(tc.send)
			for {
				m, err := c.next(30 * time.Second)
				if err != nil {
					t.Fatal(err)
				}
				if m.Type == "seats" || m.Type == "event" {
					continue
				}
				if m.Type != tc.reply || !strings.Contains(string(m.Raw), tc.want) {
					t.Fatalf("reply %s, want %s with %q", m.Raw, tc.reply, tc.want)
				}
				break
			}
		})
	}
	h.unchanged(t)
	// A spectator may not play; a seat may not play out of turn.
	sp := dial(t, h.ts)
	sp.hello(h.table.ID, "", "")
	sp.send(fmt.Sprintf(`{"type":"move","seq":%d,"move":%s}`, h.seq, h.legal))
	if m, _ := sp.expect("error"); !strings.Contains(m.str("error"), "spectator") {
		t.Fatalf("spectator's move: %s", m.Raw)
	}
	h.unchanged(t)
	// The right move counts; a second answer to it is refused (out of turn:
	// the computer moves next, or Ann's next decision has another seq).
	c.move(h.seq, h.legal)
	c.move(h.seq, h.legal)
	for {
		m, _ := c.expect("refused")
		if strings.Contains(m.str("error"), "not your turn") || strings.Contains(m.str("error"), "is pending") || strings.Contains(m.str("error"), "already answered") {
			break
		}
		t.Fatalf("second answer: %s", m.Raw)
	}
	// The second answer may be refused before the table has written the
	// first's line: wait for the line (a move is stored before it counts).
	deadline := time.Now().Add(testenv.Timeout(30 * time.Second))
	for strings.Count(string(storedLog(t, h.ts, h.table.ID)), "\n") <= h.seq {
		if time.Now().After(deadline) {
			t.Fatal("the right move did not count")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestFloodClosed: more messages a second than the limit close the
// connection with an error; the table is unchanged.
func TestFloodClosed(t *testing.T) {
	h := newHostile(t, Config{})
	c := dial(t, h.ts)
	c.hello(h.table.ID, "", "")
	for range 100 {
		b := []byte(`{"type":"hint"}`)
		ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(20*time.Second))
		err := c.ws.Write(ctx, websocket.MessageText, b)
		cancel()
		if err != nil {
			break
		}
	}
	ms := c.closed()
	found := false
	for _, m := range ms {
		found = found || m.Type == "error" && strings.Contains(m.str("error"), "too many messages")
	}
	if !found || websocket.CloseStatus(c.err) != websocket.StatusPolicyViolation {
		t.Fatalf("messages %v, close %v", types(ms), c.err)
	}
	h.unchanged(t)
}

// TestConnectionsPerAddress: one address may hold MaxConnsPerAddr
// websockets; the next is refused with 429 until one closes.
func TestConnectionsPerAddress(t *testing.T) {
	ts := startServer(t, sqliteStore(t), Config{MaxConnsPerAddr: 5})
	var cs []*client
	for range 5 {
		cs = append(cs, dial(t, ts))
	}
	ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(20*time.Second))
	defer cancel()
	_, resp, err := websocket.Dial(ctx, ts.wsURL(), nil)
	if err == nil || resp == nil || resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("the sixth connection: %v %v", err, resp)
	}
	checkHeaders(t, resp)
	cs[0].close()
	// The server counts the connection gone once its handler returns.
	deadline := time.Now().Add(testenv.Timeout(20 * time.Second))
	for {
		ws, _, err := websocket.Dial(ctx, ts.wsURL(), nil)
		if err == nil {
			ws.CloseNow()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no connection after one closed: %v", err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestOriginChecked: a websocket from a page of another origin is refused
// (403); one from the server's own origin is taken.
func TestOriginChecked(t *testing.T) {
	ts := startServer(t, sqliteStore(t), Config{})
	ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(20*time.Second))
	defer cancel()
	_, resp, err := websocket.Dial(ctx, ts.wsURL(), &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {"https://evil.example"}}})
	if err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
		t.Fatalf("another origin: %v %v", err, resp)
	}
	checkHeaders(t, resp)
	ws, _, err := websocket.Dial(ctx, ts.wsURL(), &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {ts.hs.URL}}})
	if err != nil {
		t.Fatalf("the server's own origin: %v", err)
	}
	ws.CloseNow()
}

func checkHeaders(t *testing.T, resp *http.Response) {
	t.Helper()
	for k, want := range map[string]string{
		"Content-Security-Policy": CSP,
		"X-Content-Type-Options":  "nosniff",
		"Referrer-Policy":         "no-referrer",
		"X-Frame-Options":         "DENY",
	} {
		if got := resp.Header.Get(k); got != want {
			t.Errorf("%s %s: %s = %q, want %q", resp.Request.Method, resp.Request.URL.Path, k, got, want)
		}
	}
	if strings.Contains(resp.Header.Get("Content-Security-Policy"), "unsafe-inline") {
		t.Error("the CSP allows inline script or style")
	}
}

// TestSecurityHeadersEverywhere: every response, pages, API, errors and
// the static files, carries the security headers.
func TestSecurityHeadersEverywhere(t *testing.T) {
	ts := startServer(t, sqliteStore(t), Config{})
	for _, r := range []struct{ method, path, body string }{
		{"GET", "/", ""}, {"GET", "/t/abc", ""}, {"GET", "/games", ""}, {"GET", "/replay/abc", ""},
		{"GET", "/static/nothing.js", ""}, {"GET", "/nothing", ""}, {"GET", "/api/tables/nosuch", ""},
		{"POST", "/api/tables", "{"}, {"GET", "/api/games", ""}, {"POST", "/api/games/shengji/rules", "{"}, {"GET", "/api/tables", ""}, {"GET", "/ws", ""}, {"DELETE", "/api/tables", ""},
	} {
		req, _ := http.NewRequest(r.method, ts.hs.URL+r.path, strings.NewReader(r.body))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		checkHeaders(t, resp)
	}
}

// TestAPIRefusesBadRequests: bad bodies are 400 with the reason; a join
// with a wrong token or of another player's seat is 403.
func TestAPIRefusesBadRequests(t *testing.T) {
	ts := startServer(t, sqliteStore(t), Config{})
	for _, tc := range []struct{ body, want string }{
		{`{"game":"poker","seats":[]}`, "no game"},
		{`{"game":"gin","player":"a","seats":[{"kind":"me"}]}`, "2 seats"},
		{`{"game":"gin","player":"a","seats":[{"kind":"me"},{"kind":"me"}]}`, "at most one"},
		{`{"game":"gin","seats":[{"kind":"me"},{"kind":"open"}]}`, "player id"},
		{`{"game":"gin","player":"a","seats":[{"kind":"me"},{"kind":"computer","level":"exec:rm"}]}`, "no level"},
		{`{"game":"gin","player":"a","seats":[{"kind":"me"},{"kind":"robot"}]}`, "kind"},
		{`{"game":"gin","preset":"wild","player":"a","seats":[{"kind":"me"},{"kind":"open"}]}`, "preset"},
		{`{"game":"gin","player":"a","seats":[{"kind":"me"},{"kind":"open","x":1}]}`, "unknown"},
		{`{"game":"gin","player":"a","Seats":[]}`, "unknown"},
		{`{"game":"gin","player":"a","seats":[{"kind":"me"},{"kind":"open"}]} x`, "more than one"},
		{`{"game":"gin","player":"a","name":"` + strings.Repeat("x", maxBody) + `","seats":[]}`, "at most"},
	} {
		resp, err := http.Post(ts.hs.URL+"/api/tables", "application/json", strings.NewReader(tc.body))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode/100 != 4 || !strings.Contains(string(b), tc.want) {
			t.Errorf("%.80s: %s %s, want 4xx with %q", tc.body, resp.Status, b, tc.want)
		}
	}
	cr := ts.create(t, `{"game":"gin","player":"ann","name":"Ann","seats":[{"kind":"me"},{"kind":"open"}]}`)
	tok := inviteToken(t, cr.Invites[0])
	join := func(body string) int {
		return ts.post(t, "/api/tables/"+cr.ID+"/join", body, nil)
	}
	if code := join(`{"seat":1,"token":"wrong","player":"bo","name":"Bo"}`); code != http.StatusForbidden {
		t.Errorf("a wrong token: %d", code)
	}
	if code := join(fmt.Sprintf(`{"seat":0,"token":%q,"player":"bo","name":"Bo"}`, tok)); code != http.StatusForbidden {
		t.Errorf("a token for another seat: %d", code)
	}
	if code := join(fmt.Sprintf(`{"seat":1,"token":%q,"player":"bo","name":"Bo"}`, tok)); code != http.StatusOK {
		t.Errorf("the right token: %d", code)
	}
	if code := join(fmt.Sprintf(`{"seat":1,"token":%q,"player":"bo","name":"Bo"}`, tok)); code != http.StatusOK {
		t.Errorf("joining again: %d", code)
	}
	if code := join(fmt.Sprintf(`{"seat":1,"token":%q,"player":"mallory","name":"M"}`, tok)); code != http.StatusForbidden {
		t.Errorf("a reused token: %d", code)
	}
	sum := tableSummary(t, ts, cr.ID)
	if sum.Status != "playing" || sum.Seats[1].Name != "Bo" || sum.Seats[1].Open {
		t.Errorf("after the join %+v", sum)
	}
}

// TestConcurrentHostileClients: many clients sending garbage at once to
// a table being played never stop it or crash the server.
func TestConcurrentHostileClients(t *testing.T) {
	h := newHostile(t, Config{Rate: 1000})
	garbage := []string{`{`, `[]`, `null`, `{"type":"move","seq":1e99,"move":{}}`, `{"type":"bid","move":{"kind":"declare","cards":"ZZ"}}`,
		`{"type":"hello","table":"` + h.table.ID + `"}`, `{"type":"move","seq":0,"move":{"kind":"draw_stock"}}`, "\xff\xfe", `{"type":"hint"}`}
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			c := dial(t, h.ts)
			c.hello(h.table.ID, "", "")
			for j := range 30 {
				c.send(garbage[(i+j)%len(garbage)])
			}
			c.close()
		})
	}
	wg.Wait()
	h.unchanged(t)
	h.ann.move(h.seq, h.legal)
	for {
		m, _ := h.ann.expect("event")
		if m.int("n") == h.seq {
			break
		}
	}
}
