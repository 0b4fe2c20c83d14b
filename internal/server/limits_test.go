package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"felt/internal/store"
	"felt/internal/testenv"
)

// fromAddr returns an HTTP client whose connections come from the local
// address ip (any of 127.0.0.0/8 on loopback): another client address, as
// the server sees it.
func fromAddr(t testing.TB, ip string) *http.Client {
	t.Helper()
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: testenv.Timeout(20 * time.Second)}
	return &http.Client{Timeout: testenv.Timeout(60 * time.Second), Transport: &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 16}}
}

// answer is an HTTP answer as a test reads it.
type answer struct {
	code  int
	retry string
	body  []byte
}

func (a answer) field(k string) string {
	var m map[string]string
	json.Unmarshal(a.body, &m)
	return m[k]
}

func postFrom(t testing.TB, hc *http.Client, ts *tserver, path, body string) answer {
	t.Helper()
	resp, err := hc.Post(ts.hs.URL+path, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return answer{resp.StatusCode, resp.Header.Get("Retry-After"), b}
}

// refusedBy checks that an answer is a 429 naming limit, with a
// Retry-After.
func refusedBy(t testing.TB, a answer, limit string) {
	t.Helper()
	if a.code != http.StatusTooManyRequests {
		t.Fatalf("status %d (%s), want 429 by %s", a.code, a.body, limit)
	}
	if a.field("limit") != limit || !strings.Contains(a.field("error"), "--"+limit) {
		t.Fatalf("refused %s, want the limit %s named", a.body, limit)
	}
	if n, err := strconv.Atoi(a.retry); err != nil || n < 1 {
		t.Fatalf("Retry-After %q", a.retry)
	}
}

// eventually polls cond until it holds, failing the test after d (scaled).
func eventually(t testing.TB, d time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(testenv.Timeout(d))
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %s", what, testenv.Timeout(d))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (ts *tserver) live() int {
	ts.srv.mu.Lock()
	defer ts.srv.mu.Unlock()
	return len(ts.srv.rooms)
}

func storedStatus(t testing.TB, st store.Store, id string) store.Status {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(10*time.Second))
	defer cancel()
	tb, err := st.Table(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	return tb.Status
}

const (
	computerGin = `{"game":"gin","seats":[{"kind":"computer","level":"simple"},{"kind":"computer","level":"simple"}]}`
	hardShengji = `{"game":"shengji","seats":[{"kind":"computer","level":"hard"},{"kind":"computer","level":"hard"},{"kind":"computer","level":"hard"},{"kind":"computer","level":"hard"}]}`
)

func personGin(player, second string) string {
	return fmt.Sprintf(`{"game":"gin","player":%q,"name":"P","seats":[{"kind":"me"},{"kind":%q,"level":"simple"}]}`, player, second)
}

// TestCreateRateLimit: one address creates --create-rate tables at once,
// then is refused with 429, the limit named and a Retry-After; another
// address is not.
func TestCreateRateLimit(t *testing.T) {
	ts := startServer(t, sqliteStore(t), Config{CreateRate: 3})
	a, b := fromAddr(t, "127.0.0.2"), fromAddr(t, "127.0.0.3")
	for i := range 3 {
		if got := postFrom(t, a, ts, "/api/tables", personGin(fmt.Sprint("p", i), "open")); got.code != http.StatusCreated {
			t.Fatalf("creation %d: %d %s", i, got.code, got.body)
		}
	}
	refusedBy(t, postFrom(t, a, ts, "/api/tables", personGin("p9", "open")), limitCreateRate)
	if got := postFrom(t, b, ts, "/api/tables", personGin("q", "open")); got.code != http.StatusCreated {
		t.Fatalf("another address: %d %s", got.code, got.body)
	}
}

// TestTableCaps: each cap on live tables refuses the creation past it
// with 429 naming it, and only the creations it concerns.
func TestTableCaps(t *testing.T) {
	for _, tc := range []struct {
		limit   string
		cfg     Config
		fill    string // created until the cap
		n       int
		refused string // then refused
		other   string // still created (from another address)
	}{
		{limitPerPlayer, Config{MaxTablesPerPlayer: 2}, personGin("ann", "open"), 2, personGin("ann", "computer"), personGin("bob", "open")},
		{limitPerAddr, Config{MaxTablesPerAddr: 2}, `{"game":"gin","seats":[{"kind":"open"},{"kind":"open"}]}`, 2, personGin("cy", "open"), personGin("cy", "open")},
		{limitTables, Config{MaxTables: 3}, `{"game":"gin","seats":[{"kind":"open"},{"kind":"open"}]}`, 3, personGin("dee", "computer"), ""},
		{limitComputerTables, Config{MaxComputerTables: 1}, computerGin, 1, computerGin, personGin("eve", "open")},
	} {
		t.Run(tc.limit, func(t *testing.T) {
			ts := startServer(t, sqliteStore(t), tc.cfg)
			a, b := fromAddr(t, "127.0.0.2"), fromAddr(t, "127.0.0.3")
			for i := range tc.n {
				if got := postFrom(t, a, ts, "/api/tables", tc.fill); got.code != http.StatusCreated {
					t.Fatalf("creation %d: %d %s", i, got.code, got.body)
				}
			}
			refusedBy(t, postFrom(t, a, ts, "/api/tables", tc.refused), tc.limit)
			if tc.other != "" {
				if got := postFrom(t, b, ts, "/api/tables", tc.other); got.code != http.StatusCreated {
					t.Fatalf("a creation the cap does not concern: %d %s", got.code, got.body)
				}
			} else {
				refusedBy(t, postFrom(t, b, ts, "/api/tables", tc.refused), tc.limit)
			}
		})
	}
}

// TestClientAddr: the client is the connection's address, an IPv6 one by
// its /64; a proxy's header counts only when configured, and then its last
// address.
func TestClientAddr(t *testing.T) {
	for _, tc := range []struct {
		remote, header, value, want string
	}{
		{"192.0.2.7:5000", "", "", "192.0.2.7"},
		{"[2001:db8:1:2:3:4:5:6]:5000", "", "", "2001:db8:1:2::/64"},
		{"[::ffff:192.0.2.7]:5000", "", "", "192.0.2.7"},
		{"192.0.2.7:5000", "", "198.51.100.1", "192.0.2.7"}, // not trusted
		{"192.0.2.7:5000", "X-Forwarded-For", "203.0.113.9, 198.51.100.1", "198.51.100.1"},
		{"192.0.2.7:5000", "X-Forwarded-For", "garbage", "192.0.2.7"},
	} {
		s := &Server{cfg: Config{ProxyHeader: tc.header}}
		r, _ := http.NewRequest("GET", "/", nil)
		r.RemoteAddr = tc.remote
		if tc.value != "" {
			r.Header.Set("X-Forwarded-For", tc.value)
		}
		if got := s.clientAddr(r); got != tc.want {
			t.Errorf("%s %s=%q: %s, want %s", tc.remote, tc.header, tc.value, got, tc.want)
		}
	}
}

// TestIdleTablesAbandoned: tables nobody touched for --idle-timeout (one
// waiting for a friend, one whose person never came, a computers' table
// nobody watches) are abandoned in the store and leave memory; a watched
// one stays; a late connection is told the table was abandoned.
func TestIdleTablesAbandoned(t *testing.T) {
	ts := startServer(t, sqliteStore(t), Config{IdleTimeout: 300 * time.Millisecond, Away: time.Hour})
	waiting := ts.create(t, personGin("ann", "open"))
	absent := ts.create(t, personGin("bob", "computer"))
	unwatched := ts.create(t, computerGin)
	watched := ts.create(t, computerGin)
	sp := dial(t, ts)
	sp.hello(watched.ID, "", "")
	sp.expect("welcome")
	for _, id := range []string{waiting.ID, absent.ID, unwatched.ID} {
		eventually(t, 20*time.Second, "table "+id+" abandoned", func() bool {
			_, ok := ts.srv.room(id)
			return !ok && storedStatus(t, ts.st, id) == store.Abandoned
		})
	}
	if _, ok := ts.srv.room(watched.ID); !ok {
		t.Fatal("the watched table was abandoned")
	}
	c := dial(t, ts)
	c.hello(absent.ID, absent.Token, "bob")
	m, _ := c.expect("welcome")
	if !strings.Contains(string(m.F["table"]), `"status":"abandoned"`) {
		t.Fatalf("a late connection is told %s", m.Raw)
	}
}

// TestComputerTablePaced: a table with no person seated makes no move
// while nobody watches, moves at --computer-pace while a spectator
// watches, and stops again once the spectator leaves.
func TestComputerTablePaced(t *testing.T) {
	const pace = 150 * time.Millisecond
	ts := startServer(t, sqliteStore(t), Config{ComputerPace: pace})
	cr := ts.create(t, computerGin)
	lines := func() int {
		ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(10*time.Second))
		defer cancel()
		ls, err := ts.st.Lines(ctx, cr.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		return len(ls)
	}
	time.Sleep(time.Second)
	if n := lines(); n > 2 {
		t.Fatalf("%d log lines with nobody watching: the table played on", n)
	}
	sp := dial(t, ts)
	sp.hello(cr.ID, "", "")
	sp.expect("history")
	var first time.Time
	const moves = 6
	for k := 0; k < moves; {
		sp.expect("event")
		if k == 0 {
			first = time.Now()
		}
		k++
	}
	if got, least := time.Since(first), (moves-1)*pace*9/10; got < least {
		t.Fatalf("%d moves in %s, under %s apart", moves, got, pace)
	}
	sp.close()
	time.Sleep(3 * pace)
	before := lines()
	time.Sleep(6 * pace)
	if after := lines(); after != before {
		t.Fatalf("the table went on from %d to %d lines once nobody watched", before, after)
	}
}

// TestAwayTablePaced: a person's table with nobody connected, the
// computer playing for its person, goes on at --computer-pace, not at full
// speed.
func TestAwayTablePaced(t *testing.T) {
	const pace = 200 * time.Millisecond
	ts := startServer(t, sqliteStore(t), Config{ComputerPace: pace, Away: 50 * time.Millisecond})
	cr := ts.create(t, personGin("ann", "computer"))
	lines := func() int {
		ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(10*time.Second))
		defer cancel()
		ls, err := ts.st.Lines(ctx, cr.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		return len(ls)
	}
	eventually(t, 20*time.Second, "the computer plays for the person", func() bool { return lines() > 3 })
	before := lines()
	const wait = 2 * time.Second
	time.Sleep(wait)
	// At most a move a pace (and the deals and control lines between).
	if n, most := lines()-before, int(wait/pace)*2; n > most {
		t.Fatalf("%d lines in %s with nobody at the table, over %d", n, wait, most)
	}
	if _, ok := ts.srv.room(cr.ID); !ok {
		t.Fatal("the table ended: it was played at full speed")
	}
}
