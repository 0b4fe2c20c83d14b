package table

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"felt/internal/testenv"
)

// pure decides from the observation alone, so a resumed table plays on
// exactly as the uninterrupted one did.
type pure struct{}

func (pure) Decide(_ context.Context, d Decision[toyObs]) (toyMove, bool, error) {
	o := d.Obs
	if o.Phase == 1 {
		if (o.Secret+o.Dealt+o.Bids)%3 == 0 {
			return toyMove{Kind: "bid", N: o.Secret % 4}, true, nil
		}
		return toyMove{}, false, nil
	}
	return toyMove{Kind: "add", N: 1 + (o.Secret+o.Count)%2}, true, nil
}

// failing fails after n decisions, with err.
type failing struct {
	n   int
	err error
}

func (f *failing) Decide(ctx context.Context, d Decision[toyObs]) (toyMove, bool, error) {
	if f.n == 0 {
		return toyMove{}, false, f.err
	}
	f.n--
	return pure{}.Decide(ctx, d)
}

type stuck struct{}

func (stuck) Decide(ctx context.Context, _ Decision[toyObs]) (toyMove, bool, error) {
	<-ctx.Done()
	return toyMove{}, false, ctx.Err()
}

// waiting is stuck, and says what it waits for (Waiter).
type waiting struct{ stuck }

func (waiting) Waiting() string { return "it has not answered start" }

type illegal struct{}

func (illegal) Decide(context.Context, Decision[toyObs]) (toyMove, bool, error) {
	return toyMove{Kind: "add", N: 7}, true, nil
}

// watcher records events and notices, the teams' changes apart (with
// the number of events seen before each).
type watcher struct {
	pure
	mu      sync.Mutex
	events  []toyEvent
	notices []Notice
	teams   []teamsSeen
}

// teamsSeen is a change of teams a watcher was told, after how many
// events.
type teamsSeen struct {
	after int
	teams Teams
}

func (w *watcher) Event(_ Seat, e toyEvent) {
	w.mu.Lock()
	w.events = append(w.events, e)
	w.mu.Unlock()
}

func (w *watcher) Notice(n Notice) {
	w.mu.Lock()
	if n.Kind == TeamsChange {
		w.teams = append(w.teams, teamsSeen{len(w.events), n.Teams})
	} else {
		w.notices = append(w.notices, n)
	}
	w.mu.Unlock()
}

func players(cs ...Controller[toyMove, toyObs]) []Player[toyMove, toyObs] {
	var ps []Player[toyMove, toyObs]
	for i, c := range cs {
		ps = append(ps, Player[toyMove, toyObs]{Name: fmt.Sprintf("p%d", i), Kind: Level, Control: c})
	}
	return ps
}

func fallback(Seat) Player[toyMove, toyObs] {
	return Player[toyMove, toyObs]{Name: "builtin", Kind: Level, Control: pure{}}
}

func snap(e Engine[toyMove, toyObs, toyEvent]) toy { return *e.(*toy) }

// play runs a whole toy game and returns its log and the engine's state
// after every line.
func play(t *testing.T, seed uint64, ps []Player[toyMove, toyObs], opts Options[toyMove, toyObs, toyEvent]) ([]byte, []toy, Result, error) {
	t.Helper()
	var log bytes.Buffer
	var states []toy
	opts.Seed, opts.Log = seed, &log
	var tb *Table[toyMove, toyObs, toyEvent]
	opts.AfterLine = func(n int) {
		if n != len(states) {
			t.Fatalf("line %d counted after %d lines", n, len(states))
		}
		states = append(states, snap(tb.Engine()))
	}
	tb, err := New(toySpec, ps, opts)
	if err != nil {
		t.Fatal(err)
	}
	states = append(states, snap(tb.Engine())) // the header
	res, err := tb.Run(context.Background())
	return log.Bytes(), states, res, err
}

func TestSeats(t *testing.T) {
	m := SeatsOf(0, 2, 10)
	if m.Len() != 2 || !m.Has(0) || m.Has(1) || !m.Has(2) || m.Has(10) || m.String() != "{0,2}" {
		t.Fatalf("SeatsOf(0,2,10) = %s", m)
	}
	if s, ok := m.First(1); !ok || s != 2 {
		t.Fatalf("First(1) = %d, %v", s, ok)
	}
	if _, ok := m.First(3); ok {
		t.Fatal("First(3) found a seat")
	}
	if AllSeats(4) != 0xF || AllSeats(8) != 0xFF || m.Remove(0) != SeatsOf(2) {
		t.Fatal("AllSeats or Remove")
	}
}

// TestRecoverEveryOffset cuts whole games' logs at every byte: the
// recovered table is where the uninterrupted one was at the last complete
// line, and resuming it with the same players writes the rest of the
// original log byte for byte.
func TestRecoverEveryOffset(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		log, states, res, err := play(t, seed, players(pure{}, pure{}, pure{}), Options[toyMove, toyObs, toyEvent]{ID: "g"})
		if err != nil || !res.Over {
			t.Fatalf("seed %d: %v, %+v", seed, err, res)
		}
		for k := 0; k <= len(log); k++ {
			rec, err := Recover(bytes.NewReader(log[:k]), toySpec)
			first := bytes.IndexByte(log, '\n')
			if k <= first {
				if !errors.Is(err, ErrNoHeader) {
					t.Fatalf("seed %d cut at %d: %v, want ErrNoHeader", seed, k, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("seed %d cut at %d: %v", seed, k, err)
			}
			if int(rec.Offset)+rec.Torn != k || bytes.LastIndexByte(log[:k], '\n')+1 != int(rec.Offset) {
				t.Fatalf("seed %d cut at %d: offset %d torn %d", seed, k, rec.Offset, rec.Torn)
			}
			if got, want := snap(rec.Engine), states[rec.Lines-1]; got != want {
				t.Fatalf("seed %d cut at %d (line %d):\n got %+v\nwant %+v", seed, k, rec.Lines-1, got, want)
			}
			var rest bytes.Buffer
			tb, err := Resume(rec, players(pure{}, pure{}, pure{}), Options[toyMove, toyObs, toyEvent]{Log: &rest})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := tb.Run(context.Background()); err != nil {
				t.Fatal(err)
			}
			if got := append(log[:rec.Offset:rec.Offset], rest.Bytes()...); !bytes.Equal(got, log) {
				t.Fatalf("seed %d cut at %d: resumed log differs:\n%s\nwant\n%s", seed, k, got, log)
			}
		}
	}
}

// TestOptionalRound: during the deal several seats may bid; a bid from any
// of them is logged and applied and the seats after it are still asked.
func TestOptionalRound(t *testing.T) {
	log, _, _, err := play(t, 7, players(pure{}, pure{}, pure{}), Options[toyMove, toyObs, toyEvent]{})
	if err != nil {
		t.Fatal(err)
	}
	bidders := map[string]bool{}
	for _, l := range strings.Split(string(log), "\n") {
		if strings.Contains(l, `"kind":"bid"`) {
			bidders[l[strings.Index(l, `"seat":`):][:8]] = true
		}
	}
	if len(bidders) < 2 {
		t.Fatalf("bids from %d seats, want several:\n%s", len(bidders), log)
	}
	// Two seats bidding at one point of the deal: the second line has no
	// advance before it.
	same := 0
	for seed := uint64(1); seed <= 20; seed++ {
		log, _, _, err := play(t, seed, players(pure{}, pure{}, pure{}), Options[toyMove, toyObs, toyEvent]{})
		if err != nil {
			t.Fatal(err)
		}
		prevBid := false
		for _, l := range strings.Split(string(log), "\n") {
			bid := strings.Contains(l, `"kind":"bid"`)
			if bid && prevBid && !strings.Contains(l, `"adv"`) {
				same++
			}
			prevBid = bid
		}
	}
	if same == 0 {
		t.Fatal("no two bids at one point of the deal in 20 games")
	}
}

func TestTakeover(t *testing.T) {
	for _, tc := range []struct {
		name   string
		c      Controller[toyMove, toyObs]
		dl     time.Duration
		reason string
	}{
		{"error", &failing{n: 3, err: errors.New("pipe closed")}, 0, "pipe closed"},
		{"left", &failing{n: 1, err: ErrLeft}, 0, "left the table"},
		{"timeout", stuck{}, testenv.Timeout(50 * time.Millisecond), "no move within"},
		{"timeout, waiting", waiting{}, testenv.Timeout(50 * time.Millisecond), "s: it has not answered start"},
		{"illegal", illegal{}, 0, "illegal move"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := &watcher{}
			ps := players(pure{}, tc.c, w)
			ps[1].Deadline = tc.dl
			spect := &watcher{}
			log, _, res, err := play(t, 3, ps, Options[toyMove, toyObs, toyEvent]{Fallback: fallback, Spectators: []Listener[toyEvent]{spect}})
			if err != nil || !res.Over || res.Takeovers != 1 {
				t.Fatalf("%v %+v", err, res)
			}
			if len(w.notices) != 1 || w.notices[0].Kind != Takeover || w.notices[0].Seat != 1 || w.notices[0].To != "builtin" ||
				!strings.Contains(w.notices[0].Reason, tc.reason) || len(spect.notices) != 1 {
				t.Fatalf("notices %+v", w.notices)
			}
			if !bytes.Contains(log, []byte(`"type":"control"`)) {
				t.Fatalf("no control line:\n%s", log)
			}
			rec, err := Recover(bytes.NewReader(log), toySpec)
			if err != nil || rec.Names[1] != "builtin" || !rec.Engine.Over() {
				t.Fatalf("%v %+v", err, rec)
			}
		})
	}
}

// TestOptionalTimeoutDeclines: a controller that sits out the deal's
// optional bids is not replaced for it.
func TestOptionalTimeoutDeclines(t *testing.T) {
	ps := players(pure{}, pure{}, &optStuck{})
	ps[2].Deadline = testenv.Timeout(20 * time.Millisecond)
	_, _, res, err := play(t, 5, ps, Options[toyMove, toyObs, toyEvent]{Fallback: fallback})
	if err != nil || res.Takeovers != 0 || !res.Over {
		t.Fatalf("%v %+v", err, res)
	}
}

type optStuck struct{}

func (optStuck) Decide(ctx context.Context, d Decision[toyObs]) (toyMove, bool, error) {
	if d.Optional {
		<-ctx.Done()
		return toyMove{}, false, ctx.Err()
	}
	return pure{}.Decide(ctx, d)
}

func TestForfeit(t *testing.T) {
	log, _, res, err := play(t, 3, players(pure{}, &failing{n: 2, err: errors.New("crashed")}, pure{}),
		Options[toyMove, toyObs, toyEvent]{Forfeit: true, Fallback: fallback})
	if err != nil || !res.Forfeited || res.Forfeiter != 1 || res.Over {
		t.Fatalf("%v %+v", err, res)
	}
	rec, err := Recover(bytes.NewReader(log), toySpec)
	if err != nil || !rec.Forfeited || rec.Forfeiter != 1 {
		t.Fatalf("%v %+v", err, rec)
	}
	if _, err := Recover(bytes.NewReader(append(log, `{"type":"abandon","n":99}`+"\n"...)), toySpec); err == nil {
		t.Fatal("a line after a forfeit was accepted")
	}
}

type cancelling struct {
	cancel context.CancelFunc
	n      int
}

func (c *cancelling) Decide(ctx context.Context, d Decision[toyObs]) (toyMove, bool, error) {
	if c.n--; c.n < 0 {
		c.cancel()
		<-ctx.Done()
		return toyMove{}, false, ctx.Err()
	}
	return pure{}.Decide(ctx, d)
}

func TestAbandonAndResume(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var log bytes.Buffer
	tb, err := New(toySpec, players(pure{}, &cancelling{cancel: cancel, n: 4}, pure{}), Options[toyMove, toyObs, toyEvent]{Seed: 9, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Run(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("Run = %v, want context.Canceled", err)
	}
	rec, err := Recover(bytes.NewReader(log.Bytes()), toySpec)
	if err != nil || !rec.Abandoned || rec.Engine.Over() {
		t.Fatalf("%v %+v", err, rec)
	}
	tb, err = Resume(rec, players(pure{}, pure{}, pure{}), Options[toyMove, toyObs, toyEvent]{Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	if res, err := tb.Run(context.Background()); err != nil || !res.Over {
		t.Fatalf("%v %+v", err, res)
	}
	want, _, _, _ := play(t, 9, players(pure{}, pure{}, pure{}), Options[toyMove, toyObs, toyEvent]{})
	rec, err = Recover(bytes.NewReader(log.Bytes()), toySpec)
	if err != nil || rec.Abandoned {
		t.Fatalf("%v %+v", err, rec)
	}
	rec2, _ := Recover(bytes.NewReader(want), toySpec)
	if !reflect.DeepEqual(snap(rec.Engine), snap(rec2.Engine)) {
		t.Fatal("the resumed game ended elsewhere than the uninterrupted one")
	}
}

func TestNoFallbackFails(t *testing.T) {
	_, _, _, err := play(t, 3, players(pure{}, illegal{}, pure{}), Options[toyMove, toyObs, toyEvent]{})
	if !errors.Is(err, ErrNoFallback) {
		t.Fatalf("err = %v", err)
	}
	_, _, _, err = play(t, 3, players(pure{}, illegal{}, pure{}), Options[toyMove, toyObs, toyEvent]{
		Fallback: func(Seat) Player[toyMove, toyObs] { return Player[toyMove, toyObs]{Name: "bad", Control: illegal{}} }})
	if !errors.Is(err, ErrNoFallback) {
		t.Fatalf("a failing fallback: err = %v", err)
	}
}

// TestRecoverRefuses: complete lines that are malformed or break the rules
// are errors naming the line.
func TestRecoverRefuses(t *testing.T) {
	log, _, _, err := play(t, 2, players(pure{}, pure{}, pure{}), Options[toyMove, toyObs, toyEvent]{})
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(log), "\n")
	moveAt := 0
	for i, l := range lines {
		if strings.Contains(l, `"kind":"add"`) {
			moveAt = i
			break
		}
	}
	edit := func(i int, f func(string) string) string {
		c := append([]string(nil), lines...)
		c[i] = f(c[i])
		return strings.Join(c, "")
	}
	for _, tc := range []struct {
		name string
		log  string
		want error
		line int
	}{
		{"not JSON", edit(moveAt, func(string) string { return "{oops\n" }), ErrBadLine, moveAt},
		{"illegal move", edit(moveAt, func(l string) string {
			return strings.Replace(strings.Replace(l, `"kind":"add","n":1`, `"kind":"add","n":7`, 1), `"kind":"add","n":2`, `"kind":"add","n":7`, 1)
		}), ErrRefusedMove, moveAt},
		{"wrong seat", edit(moveAt, func(l string) string { return strings.Replace(l, `"seat":`, `"seat":1`, 1) }), ErrBadLine, moveAt},
		{"numbering", edit(moveAt, func(l string) string { return strings.Replace(l, `"n":`, `"n":1`, 1) }), ErrBadLine, moveAt},
		{"unknown field", edit(moveAt, func(l string) string { return strings.Replace(l, `{`, `{"x":1,`, 1) }), ErrBadLine, moveAt},
		{"other game", edit(0, func(l string) string { return strings.Replace(l, `"game":"toy"`, `"game":"gin"`, 1) }), ErrWrongGame, 0},
		{"second header", edit(1, func(string) string { return strings.Replace(lines[0], `"n":0`, `"n":1`, 1) }), ErrBadLine, 1},
		{"long line", string(log) + strings.Repeat(" ", MaxLogLine) + "\n", ErrBadLine, len(lines) - 1},
	} {
		_, err := Recover(strings.NewReader(tc.log), toySpec)
		var le *LogError
		if !errors.Is(err, tc.want) || !errors.As(err, &le) || le.Line != tc.line {
			t.Errorf("%s: %v, want %v at line %d", tc.name, err, tc.want, tc.line)
		}
	}
}

// TestEventsPerSeat: each seat sees its own secret in the deal and no
// other's; the spectator sees none.
func TestEventsPerSeat(t *testing.T) {
	ws := []*watcher{{}, {}, {}}
	spect := &watcher{}
	_, states, _, err := play(t, 4, players(ws[0], ws[1], ws[2]), Options[toyMove, toyObs, toyEvent]{Spectators: []Listener[toyEvent]{spect}})
	if err != nil {
		t.Fatal(err)
	}
	secrets := map[[2]int]bool{}
	for _, st := range states {
		for s, v := range st.secret {
			secrets[[2]int{s, v}] = true
		}
	}
	for s, w := range ws {
		for _, e := range w.events {
			if e.Kind == "deal" && (e.Seat != Seat(s) || !secrets[[2]int{s, e.Secret}]) {
				t.Fatalf("seat %d saw %+v", s, e)
			}
		}
	}
	for _, e := range spect.events {
		if e.Secret != 0 {
			t.Fatalf("spectator saw %+v", e)
		}
	}
}

// viewsProbe is the toy counting the moves and advances it was asked to
// fill views for and those it was not (nil views).
type viewsProbe struct {
	*toy
	filled, unseen *int
}

func (p viewsProbe) count(v *Views[toyEvent]) {
	if v == nil {
		*p.unseen++
	} else {
		*p.filled++
	}
}

func (p viewsProbe) Apply(s Seat, m toyMove, v *Views[toyEvent]) error {
	p.count(v)
	return p.toy.Apply(s, m, v)
}

func (p viewsProbe) Advance(v *Views[toyEvent]) (json.RawMessage, error) {
	p.count(v)
	return p.toy.Advance(v)
}

func (p viewsProbe) Redeal(b json.RawMessage, v *Views[toyEvent]) error {
	p.count(v)
	return p.toy.Redeal(b, v)
}

// TestViewsOnlyWhenWatched: a table makes its engine fill views only when
// someone is shown them (a controller that listens, a spectator), and
// then for every move and advance; the game is played the same either
// way.
func TestViewsOnlyWhenWatched(t *testing.T) {
	run := func(ps []Player[toyMove, toyObs], spectators []Listener[toyEvent]) (filled, unseen int, res Result) {
		spec := toySpec
		spec.New = func(seed uint64, opts json.RawMessage) (Engine[toyMove, toyObs, toyEvent], error) {
			e, err := toySpec.New(seed, opts)
			return viewsProbe{e.(*toy), &filled, &unseen}, err
		}
		tb, err := New(spec, ps, Options[toyMove, toyObs, toyEvent]{Seed: 5, Spectators: spectators})
		if err != nil {
			t.Fatal(err)
		}
		if res, err = tb.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		return filled, unseen, res
	}
	f, u, alone := run(players(pure{}, pure{}, pure{}), nil)
	if f != 0 || u == 0 {
		t.Fatalf("nobody watching: views filled %d times, nil %d times", f, u)
	}
	f, u, heard := run(players(&watcher{}, pure{}, pure{}), nil)
	if f == 0 || u != 0 || heard != alone {
		t.Fatalf("seat 0 listening: views filled %d times, nil %d times; result %+v, unwatched %+v", f, u, heard, alone)
	}
	f, u, seen := run(players(pure{}, pure{}, pure{}), []Listener[toyEvent]{&watcher{}})
	if f == 0 || u != 0 || seen != alone {
		t.Fatalf("a spectator: views filled %d times, nil %d times; result %+v, unwatched %+v", f, u, seen, alone)
	}
}

// failAfter is a log that fails from its nth write on.
type failAfter struct{ n int }

func (f *failAfter) Write(b []byte) (int, error) {
	if f.n--; f.n < 0 {
		return 0, errors.New("disk full")
	}
	return len(b), nil
}

// TestLogBeforeCount: a move or deal whose line cannot be written does not
// count: the game is as it was.
func TestLogBeforeCount(t *testing.T) {
	for _, lines := range []int{1, 2, 3, 6} {
		tb, err := New(toySpec, players(pure{}, pure{}, pure{}), Options[toyMove, toyObs, toyEvent]{Seed: 4, Log: &failAfter{n: lines}})
		if err != nil {
			t.Fatal(err)
		}
		var before toy
		tb.opts.AfterLine = func(int) { before = snap(tb.Engine()) }
		before = snap(tb.Engine())
		if _, err := tb.Run(context.Background()); !errors.Is(err, ErrLogWrite) {
			t.Fatalf("after %d lines: %v", lines, err)
		}
		// Advances without a line (dealing a card) may follow the last line.
		got := snap(tb.Engine())
		got.dealt, got.phase, got.turn = before.dealt, before.phase, before.turn
		if got != before {
			t.Fatalf("after %d lines: the game moved on without its line:\n got %+v\nwant %+v", lines, got, before)
		}
	}
}
