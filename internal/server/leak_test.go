package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"felt/card"
	"felt/internal/testenv"
	"felt/internal/visible"
	"felt/table"
)

// point is a moment of a table: after line n, or after the adv-th advance
// made before line n.
type point struct{ n, adv int }

// allowedSets replays a table's stored log and returns, at every moment,
// what each seat and a spectator (index table.MaxSeats) may see.
func allowedSets[M, O, E any](t *testing.T, g *game[M, O, E], log []byte, allowed func(e table.Engine[M, O, E], s table.Seat) card.Set) map[point][table.MaxSeats + 1]card.Set {
	out := map[point][table.MaxSeats + 1]card.Set{}
	at := func(e table.Engine[M, O, E], p point) {
		var a [table.MaxSeats + 1]card.Set
		for s := range e.Seats() {
			a[s] = allowed(e, table.Seat(s))
		}
		a[table.MaxSeats] = allowed(e, table.MaxSeats)
		out[p] = a
	}
	_, err := table.Walk(bytes.NewReader(log), g.Spec, func(st table.Step[M, O, E]) error {
		at(st.Engine, point{st.N, st.Adv})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// seen is the messages one connection received: a seat's, or a
// spectator's (seat table.MaxSeats).
type seen struct {
	seat int
	msgs []msg
}

// checkLeaks walks every message and finds the cards in it that its seat
// could not see at the moment the message speaks of. It returns how many
// messages it checked.
func checkLeaks(t *testing.T, id string, sets map[point][table.MaxSeats + 1]card.Set, conns []seen) int {
	t.Helper()
	checked := 0
	bad := 0
	for _, c := range conns {
		decides := map[int]point{}
		for _, m := range c.msgs {
			var items []struct {
				p   point
				raw []byte
			}
			add := func(p point, raw []byte) {
				items = append(items, struct {
					p   point
					raw []byte
				}{p, raw})
			}
			switch m.Type {
			case "event", "state":
				add(point{m.int("n"), m.int("adv")}, m.Raw)
			case "history":
				var h struct {
					Events []struct {
						N     int             `json:"n"`
						Adv   int             `json:"adv"`
						Event json.RawMessage `json:"event"`
					} `json:"events"`
				}
				json.Unmarshal(m.Raw, &h)
				for _, e := range h.Events {
					add(point{e.N, e.Adv}, e.Event)
				}
			case "decide":
				p := point{m.int("seq") - 1, 0}
				if adv := m.int("adv"); adv > 0 {
					p = point{m.int("seq"), adv}
				}
				decides[m.int("seq")] = p
				add(p, m.Raw)
			case "hint":
				p, ok := decides[m.int("seq")]
				if !ok {
					t.Errorf("table %s seat %d: a hint for decision %d never sent", id, c.seat, m.int("seq"))
				}
				add(p, m.Raw)
			case "refused":
				// It echoes the client's own move.
			default:
				if f := visible.JSONFaces(m.Raw); f != 0 {
					t.Errorf("table %s seat %d: cards %s in %s", id, c.seat, f, m.Raw)
				}
				checked++
			}
			for _, it := range items {
				checked++
				a, ok := sets[it.p]
				if !ok {
					t.Errorf("table %s seat %d: a message of a moment %+v the log does not have: %s", id, c.seat, it.p, m.Raw)
					continue
				}
				if leak := visible.JSONFaces(it.raw) &^ a[c.seat]; leak != 0 && bad < 5 {
					bad++
					t.Errorf("table %s seat %d saw %s at %+v in %s", id, c.seat, leak, it.p, it.raw)
				}
			}
		}
	}
	return checked
}

// storedLog reads a table's log from the store.
func storedLog(t *testing.T, ts *tserver, id string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(30*time.Second))
	defer cancel()
	lines, err := ts.st.Lines(ctx, id, 0)
	if err != nil {
		t.Fatal(err)
	}
	var b []byte
	for _, l := range lines {
		b = append(b, strings.TrimSuffix(string(l), "\n")...)
		b = append(b, '\n')
	}
	return b
}

// playTable creates a table, connects a client for each person seat and a
// spectator, plays it to the end and returns what each connection saw.
func playTable(t *testing.T, ts *tserver, body string, seed uint64, hints bool) (string, []seen) {
	t.Helper()
	cr := ts.create(t, body)
	var seats []int
	tokens := map[int]string{}
	if cr.Seat >= 0 {
		seats, tokens[cr.Seat] = append(seats, cr.Seat), cr.Token
	}
	for _, inv := range cr.Invites {
		seats, tokens[inv.Seat] = append(seats, inv.Seat), inviteToken(t, inv)
	}
	spect := dial(t, ts)
	defer spect.close()
	spect.hello(cr.ID, "", "")
	var out []seen
	var mu sync.Mutex
	var wg sync.WaitGroup
	errs := make(chan error, len(seats)+1)
	for _, s := range seats {
		c := dial(t, ts)
		defer c.close()
		c.hello(cr.ID, tokens[s], fmt.Sprintf("p%d", s))
		wg.Go(func() {
			msgs, err := c.playHints(rand.New(rand.NewPCG(seed, uint64(s))), true, hints)
			if err != nil {
				errs <- fmt.Errorf("seat %d: %w", s, err)
			}
			mu.Lock()
			out = append(out, seen{s, msgs})
			mu.Unlock()
		})
	}
	wg.Go(func() {
		var msgs []msg
		for {
			m, err := spect.next(120 * time.Second)
			if err != nil {
				errs <- fmt.Errorf("spectator: %w", err)
				break
			}
			msgs = append(msgs, m)
			if m.Type == "over" {
				break
			}
		}
		mu.Lock()
		out = append(out, seen{table.MaxSeats, msgs})
		mu.Unlock()
	})
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("table %s: %v", cr.ID, err)
	}
	return cr.ID, out
}

// TestNoHiddenCardSent walks every message sent to every seat and a
// spectator in many games of both games over real websockets, and finds no
// card the seat could not see at that moment, read from the full game
// replayed from the stored log.
func TestNoHiddenCardSent(t *testing.T) {
	t.Parallel()
	ginGames, sjGames := 20, 5
	if testing.Short() || raceEnabled {
		ginGames, sjGames = 8, 1
	}
	ts := startServer(t, sqliteStore(t), Config{Rate: 1000})
	levels := []string{"simple", "easy", "normal"}
	type job struct {
		game string
		body string
		seed uint64
	}
	var jobs []job
	for i := range ginGames {
		second := fmt.Sprintf(`{"kind":"computer","level":%q}`, levels[i%3])
		if i%2 == 1 {
			second = `{"kind":"open"}`
		}
		jobs = append(jobs, job{"gin", `{"game":"gin","player":"p0","name":"Ann","seats":[{"kind":"me"},` + second + `]}`, uint64(i)})
	}
	for i := range sjGames {
		preset := []string{"standard", "simple", "penalty"}[i%3]
		jobs = append(jobs, job{"shengji", `{"game":"shengji","preset":"` + preset + `","player":"p0","name":"Ann","seats":[{"kind":"me"},{"kind":"open"},{"kind":"computer","level":"greedy"},{"kind":"computer","level":"random"}]}`, uint64(100 + i)})
	}
	var mu sync.Mutex
	checked := map[string]int{}
	sem := make(chan struct{}, 8)
	var wg sync.WaitGroup
	for _, j := range jobs {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			id, conns := playTable(t, ts, j.body, j.seed, j.seed == 0 || j.seed == 100)
			log := storedLog(t, ts, id)
			var n int
			g, err := gameOf(j.game)
			if err != nil {
				t.Error(err)
				return
			}
			n = checkLeaks(t, id, allowedSets(t, g, log, g.Visible), conns)
			mu.Lock()
			checked[j.game] += n
			mu.Unlock()
		})
	}
	wg.Wait()
	t.Logf("%d Gin Rummy games, %d messages; %d Shengji games, %d messages", ginGames, checked["gin"], sjGames, checked["shengji"])
}
