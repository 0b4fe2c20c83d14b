package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"felt/internal/testenv"
)

// person plays Gin Rummy tables over a websocket as a person would, and
// times each of its moves until the event that shows it.
type person struct {
	t      *testing.T
	ts     *tserver
	player string
	c      *client
	tables int
	g      *game[any, any, any] // the game the person plays
	rng    *rand.Rand
}

func (p *person) sit() {
	p.t.Helper()
	var cr Created
	for {
		a := postFrom(p.t, httpClient, p.ts, "/api/tables", personGin(p.player, "computer"))
		if a.code == http.StatusCreated {
			json.Unmarshal(a.body, &cr)
			break
		}
		if a.code == http.StatusTooManyRequests && a.field("limit") == limitCreateRate {
			// A quick person: the next table after Retry-After.
			n, _ := strconv.Atoi(a.retry)
			time.Sleep(time.Duration(n) * time.Second)
			continue
		}
		p.t.Fatalf("the person's table %d: %d %s", p.tables, a.code, a.body)
	}
	if p.c != nil {
		p.c.close()
	}
	p.c = dial(p.t, p.ts)
	p.c.hello(cr.ID, cr.Token, p.player)
	p.tables++
}

// moves plays k moves and returns how long each took to come back as its
// event.
func (p *person) moves(k int) []time.Duration {
	p.t.Helper()
	if p.c == nil {
		p.sit()
	}
	var out []time.Duration
	sent := map[int]time.Time{}
	for len(out) < k {
		m, err := p.c.next(60 * time.Second)
		if err != nil {
			p.t.Fatalf("the person's table: %v", err)
		}
		switch m.Type {
		case "over":
			p.sit()
			sent = map[int]time.Time{}
		case "error", "refused":
			p.t.Fatalf("the person's table said %s", m.Raw)
		case "event":
			if at, ok := sent[m.int("n")]; ok && m.int("adv") == 0 {
				out = append(out, time.Since(at))
				delete(sent, m.int("n"))
			}
		case "decide":
			var d struct {
				Seq   int               `json:"seq"`
				Legal []json.RawMessage `json:"legal"`
				Obs   json.RawMessage   `json:"obs"`
			}
			if err := json.Unmarshal(m.Raw, &d); err != nil || len(d.Legal) == 0 {
				p.t.Fatalf("decide %s: %v", m.Raw, err)
			}
			mv, err := p.g.PickMove(d.Obs, d.Legal, p.rng)
			if err != nil {
				p.t.Fatalf("decide %s: %v", m.Raw, err)
			}
			time.Sleep(5 * time.Millisecond) // a thought
			sent[d.Seq] = time.Now()
			p.c.send(fmt.Sprintf(`{"type":"move","seq":%d,"move":%s}`, d.Seq, mv))
		}
	}
	return out
}

func p99(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[(len(s)*99+99)/100-1]
}

// TestFloodKeepsPersonLatency floods POST /api/tables from one address
// (127.0.0.2) with the server's default limits: 3,000 requests, most for
// four hard computers, some for a person who never comes, some for one
// player, and watches some of the tables it got, to make them run. The
// caps hold (no more tables than --max-tables-per-addr, the rest 429
// naming their limit), a person elsewhere still creates tables, and their
// game keeps its latency: the p99 of move to event during the flood stays
// within a loose bound of the one before.
func TestFloodKeepsPersonLatency(t *testing.T) {
	const requests, samples, watch = 3000, 100, 12
	// The default limits on tables; a quick person (more messages a
	// second than a person sends).
	ts := startServer(t, sqliteStore(t), Config{Away: time.Hour, Rate: 1000})
	g, err := gameOf("gin")
	if err != nil {
		t.Fatal(err)
	}
	ann := &person{t: t, ts: ts, player: "ann", g: g, rng: rand.New(rand.NewPCG(1, 2))}
	ann.moves(10) // warm up
	before := ann.moves(samples)

	flood := fromAddr(t, "127.0.0.2")
	var sent, created, other atomic.Int64
	var mu sync.Mutex
	refused := map[string]int{}
	var ids []string
	stop := make(chan struct{})
	var wg sync.WaitGroup
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for w := range 4 {
		wg.Go(func() {
			for i := w; ; i += 4 {
				select {
				case <-stop:
					return
				default:
				}
				if sent.Load() >= requests {
					select {
					case <-stop:
						return
					case <-time.After(10 * time.Millisecond):
					}
				}
				body := hardShengji
				switch i % 10 {
				case 8:
					body = personGin(fmt.Sprint("m", i), "computer") // a person who never comes
				case 9:
					body = personGin("mallory", "computer")
				}
				sent.Add(1)
				resp, err := flood.Post(ts.hs.URL+"/api/tables", "application/json", strings.NewReader(body))
				if err != nil {
					other.Add(1)
					continue
				}
				var out struct {
					Created
					Limit string `json:"limit"`
				}
				decodeJSON(resp, &out)
				switch {
				case resp.StatusCode == http.StatusCreated:
					created.Add(1)
					if body == hardShengji {
						mu.Lock()
						ids = append(ids, out.ID)
						mu.Unlock()
					}
				case resp.StatusCode == http.StatusTooManyRequests && out.Limit != "" && resp.Header.Get("Retry-After") != "":
					mu.Lock()
					refused[out.Limit]++
					mu.Unlock()
				default:
					other.Add(1)
				}
			}
		})
	}
	// The flood watches tables it got, from its own address: they run.
	var watched atomic.Int64
	wg.Go(func() {
		for watched.Load() < watch {
			select {
			case <-stop:
				return
			case <-time.After(50 * time.Millisecond):
			}
			mu.Lock()
			var id string
			if int(watched.Load()) < len(ids) {
				id = ids[watched.Load()]
			}
			mu.Unlock()
			if id == "" {
				continue
			}
			ws, _, err := websocket.Dial(ctx, ts.wsURL(), &websocket.DialOptions{HTTPClient: flood})
			if err != nil {
				t.Errorf("a spectator of the flood: %v", err)
				return
			}
			ws.SetReadLimit(8 << 20)
			ws.Write(ctx, websocket.MessageText, fmt.Appendf(nil, `{"type":"hello","table":%q}`, id))
			watched.Add(1)
			go func() {
				defer ws.CloseNow()
				for {
					if _, _, err := ws.Read(ctx); err != nil {
						return
					}
				}
			}()
		}
	})
	began := time.Now()
	var during []time.Duration
	for len(during) < samples || sent.Load() < requests || time.Since(began) < 5*time.Second {
		during = append(during, ann.moves(10)...)
	}
	// A person elsewhere still creates a table during the flood.
	extra := ts.create(t, personGin("zed", "open"))
	_ = extra
	close(stop)
	wg.Wait()
	floodFor := time.Since(began)

	mu.Lock()
	defer mu.Unlock()
	n429 := 0
	for _, n := range refused {
		n429 += n
	}
	live, fromFlood, computer := 0, 0, 0
	ts.srv.mu.Lock()
	for _, r := range ts.srv.rooms {
		live++
		a := r.account()
		if a.addr == "127.0.0.2" {
			fromFlood++
		}
		if a.computer {
			computer++
		}
	}
	ts.srv.mu.Unlock()
	pb, pd := p99(before), p99(during)
	t.Logf("flood of %d requests from one address in %s: %d tables created, %d refused with 429 %v, %d other answers; %d watched by the flood",
		sent.Load(), floodFor.Round(time.Millisecond), created.Load(), n429, refused, other.Load(), watched.Load())
	t.Logf("live tables %d (%d from the flood, %d with no person); the person's move to event p99 %s before (%d moves), %s during (%d moves, %d tables)",
		live, fromFlood, computer, pb.Round(time.Microsecond), len(before), pd.Round(time.Microsecond), len(during), ann.tables)
	if created.Load() > DefaultMaxTablesPerAddr || fromFlood > DefaultMaxTablesPerAddr {
		t.Errorf("%d tables created from one address (%d live), over --max-tables-per-addr %d", created.Load(), fromFlood, DefaultMaxTablesPerAddr)
	}
	if computer > DefaultMaxComputerTables {
		t.Errorf("%d tables with no person, over --max-computer-tables %d", computer, DefaultMaxComputerTables)
	}
	if other.Load() > 0 || int64(n429)+created.Load() != sent.Load() {
		t.Errorf("%d answers neither 201 nor a 429 naming its limit", other.Load())
	}
	// A loose bound: the machine is loaded, and the race detector makes
	// the watched hard tables far costlier.
	abs := testenv.Timeout(3 * time.Second)
	if raceEnabled {
		abs *= 2
	}
	if bound := max(10*pb, abs); pd > bound {
		t.Errorf("the person's p99 went from %s to %s during the flood (bound %s)", pb, pd, bound)
	}
}
