package table

import (
	"bytes"
	"context"
	"errors"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"felt/internal/testenv"
)

// answerer plays a PersonController as an interface does: it waits for
// each decision on the controller's signal (never polling), then answers
// it with pure's move; first it tries a stale reply and an illegal move
// once. act, if set, is asked first at each decision: it returns true when
// it dealt with the decision itself. It stops when done closes. The
// decisions it got are in got.
type answerer struct {
	t    *testing.T
	p    *PersonController[toyMove, toyObs]
	act  func(n int, d Decision[toyObs]) bool
	mu   sync.Mutex
	got  []Decision[toyObs]
	done chan struct{}
	quit chan struct{}
}

func answering(t *testing.T, p *PersonController[toyMove, toyObs], act func(n int, d Decision[toyObs]) bool) *answerer {
	a := &answerer{t: t, p: p, act: act, done: make(chan struct{}), quit: make(chan struct{})}
	go a.run()
	return a
}

func (a *answerer) run() {
	defer close(a.done)
	tried := false
	for {
		var d Decision[toyObs]
		select {
		case d = <-a.p.Decisions():
		case <-a.quit:
			return
		}
		a.mu.Lock()
		a.got = append(a.got, d)
		n := len(a.got)
		a.mu.Unlock()
		if pd, ok := a.p.Pending(); !ok || pd.Seq != d.Seq {
			a.t.Errorf("decision %d signalled, pending %+v %v", d.Seq, pd, ok)
		}
		if a.act != nil && a.act(n, d) {
			continue
		}
		if !tried {
			tried = true
			if err := a.p.Submit(d.Seq-1, toyMove{Kind: "add", N: 1}); !errors.Is(err, ErrStale) {
				a.t.Errorf("stale reply: %v", err)
			}
			if err := a.p.Submit(d.Seq, toyMove{Kind: "add", N: 9}); err != nil {
				a.t.Errorf("illegal move not submitted: %v", err)
			}
			continue // the table refuses it and asks again: signalled again
		}
		m, _, _ := pure{}.Decide(context.Background(), d)
		if err := a.p.Submit(d.Seq, m); err != nil {
			a.t.Errorf("decision %d: %v", d.Seq, err)
		}
	}
}

// stop ends the answerer and returns the decisions it got.
func (a *answerer) stop() []Decision[toyObs] {
	close(a.quit)
	<-a.done
	return a.got
}

// runTable plays a table of spec to its end within a generous time (a
// person never asked would hold it up: the test fails then).
func runTable(t *testing.T, seed uint64, ps []Player[toyMove, toyObs], opts Options[toyMove, toyObs, toyEvent]) ([]byte, *Table[toyMove, toyObs, toyEvent], Result, error) {
	t.Helper()
	var log bytes.Buffer
	opts.Seed, opts.Log = seed, &log
	tb, err := New(toySpec, ps, opts)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(30*time.Second))
	defer cancel()
	res, err := tb.Run(ctx)
	return log.Bytes(), tb, res, err
}

// TestPersonPlays: a person answering each decision as it is signalled
// plays the same game as a level making the same moves; a stale reply is
// refused, an illegal move is refused by the table (told with its
// decision) and the person asked again, signalled again; each decision's
// number is the line its move is written at; nothing is pending after the
// game.
func TestPersonPlays(t *testing.T) {
	// A person with no bid queued declines the deal's optional bids.
	wps := players(pure{}, noBid{}, pure{})
	wps[1].Kind = Person
	want, _, _, err := play(t, 6, wps, Options[toyMove, toyObs, toyEvent]{})
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var refused []Decision[toyObs]
	p := NewPersonController(PersonOptions[toyMove, toyObs]{Name: "p1", Refused: func(d Decision[toyObs], _ toyMove, err error) {
		mu.Lock()
		refused = append(refused, d)
		mu.Unlock()
	}})
	ps := players(pure{}, p, pure{})
	ps[1].Kind = Person
	a := answering(t, p, nil)
	got, _, res, err := runTable(t, 6, ps, Options[toyMove, toyObs, toyEvent]{})
	ds := a.stop()
	if err != nil || res.Takeovers != 0 || !res.Over {
		t.Fatalf("%v %+v", err, res)
	}
	if string(got) != string(want) {
		t.Fatalf("the person's game differs from the same moves by a level:\n%s\nwant\n%s", got, want)
	}
	if len(refused) != 1 || refused[0].Seq != ds[0].Seq || refused[0].Optional {
		t.Fatalf("refused %+v, want the one illegal move, for decision %d", refused, ds[0].Seq)
	}
	// The refused move's decision came again; every other decision is
	// the line of its move.
	if len(ds) < 2 || ds[1].Seq != ds[0].Seq {
		t.Fatalf("decisions %+v: the refused one not asked again", ds)
	}
	for _, d := range ds[1:] {
		if d.Optional || !moveAt(got, d.Seq, 1) {
			t.Fatalf("decision %+v: no move line numbered so in\n%s", d, got)
		}
	}
	if _, ok := p.Pending(); ok {
		t.Fatal("a decision still pending after the game")
	}
	if len(p.Decisions()) != 0 {
		t.Fatal("a decision still signalled after the game")
	}
	if err := p.Submit(3, toyMove{}); !errors.Is(err, ErrNoPending) {
		t.Fatalf("submit with nothing pending: %v", err)
	}
}

// standIn plays noBid and counts its decisions; at its back-th it says the
// person is back.
type standIn struct {
	p     **PersonController[toyMove, toyObs]
	back  int
	asked int
}

func (s *standIn) Decide(ctx context.Context, d Decision[toyObs]) (toyMove, bool, error) {
	if !d.Optional {
		if s.asked++; s.asked == s.back {
			(*s.p).Back()
		}
	}
	return noBid{}.Decide(ctx, d)
}

// TestPersonStandInBothWays: a person away at a pending decision has the
// stand-in take the seat at once, and gets it back at the decision after
// Back: two control lines (from the person to the stand-in, with the
// reason, and back), a Takeover notice each, the same game as the same
// moves without them, the seat's player named as the log says, and each
// decision put to the person numbered as its move's line, with no one
// patching it. No controller re-enters the table.
func TestPersonStandInBothWays(t *testing.T) {
	// The person declines the deal's bids (none queued): so does the
	// stand-in here, so that the game is one of the same moves.
	want, _, _, err := play(t, 6, players(pure{}, noBid{}, pure{}), Options[toyMove, toyObs, toyEvent]{})
	if err != nil {
		t.Fatal(err)
	}
	var p *PersonController[toyMove, toyObs]
	si := &standIn{p: &p, back: 3}
	p = NewPersonController(PersonOptions[toyMove, toyObs]{Name: "ann", StandIn: Player[toyMove, toyObs]{Name: "stand-in", Control: si}})
	ps := players(pure{}, p, pure{})
	ps[1].Name, ps[1].Kind = "ann", Person
	var awayAt int
	a := answering(t, p, func(n int, d Decision[toyObs]) bool {
		if n != 2 {
			m, _, _ := pure{}.Decide(context.Background(), d)
			if err := p.Submit(d.Seq, m); err != nil {
				t.Errorf("decision %d: %v", d.Seq, err)
			}
			return true
		}
		awayAt = d.Seq
		p.Away("away")
		if err := p.Submit(d.Seq+1, toyMove{}); err == nil {
			t.Error("a move taken for a decision not pending")
		}
		return true
	})
	spect := &watcher{}
	log, tb, _, err := runTable(t, 6, ps, Options[toyMove, toyObs, toyEvent]{Spectators: []Listener[toyEvent]{spect}})
	ds := a.stop()
	if err != nil {
		t.Fatal(err)
	}
	var controls, rest []string
	for _, l := range strings.SplitAfter(string(log), "\n") {
		if strings.Contains(l, `"type":"control"`) {
			controls = append(controls, l)
		} else {
			rest = append(rest, l)
		}
	}
	if len(controls) != 2 || !strings.Contains(controls[0], `{"type":"control","n":`+itoa(awayAt)+`,`) ||
		!strings.Contains(controls[0], `"from":"ann","to":"stand-in","reason":"away"`) ||
		!strings.Contains(controls[1], `"from":"stand-in","to":"ann","reason":"back at the table"`) {
		t.Fatalf("control lines %q (away at decision %d)", controls, awayAt)
	}
	if si.asked < si.back {
		t.Fatalf("the stand-in made %d moves", si.asked)
	}
	// The header names the seat's person; the lines after it must agree.
	if renumber(strings.Join(rest[1:], "")) != renumber(string(want[bytes.IndexByte(want, '\n')+1:])) {
		t.Fatalf("the game differs from the same moves without control lines:\n%s\nwant\n%s", log, want)
	}
	if len(spect.notices) != 2 || spect.notices[0].Kind != Takeover || spect.notices[0].To != "stand-in" || spect.notices[1].To != "ann" {
		t.Fatalf("notices %+v", spect.notices)
	}
	if pl := tb.Player(1); pl.Name != "ann" || pl.Kind != Person || p.StandingIn() {
		t.Fatalf("Player(1) = %s %s after the return (standing in %v)", pl.Name, pl.Kind, p.StandingIn())
	}
	for i, d := range ds {
		if i != 1 && !moveAt(log, d.Seq, 1) {
			t.Fatalf("decision %d: no move of seat 1 with that number in\n%s", d.Seq, log)
		}
	}
	rec, err := Recover(bytes.NewReader(log), toySpec)
	if err != nil || rec.Names[1] != "ann" {
		t.Fatalf("recovered: %v %q", err, rec.Names)
	}
	cut := strings.Index(string(log), controls[0]) + len(controls[0])
	if rec, err = Recover(strings.NewReader(string(log)[:cut]), toySpec); err != nil || rec.Names[1] != "stand-in" {
		t.Fatalf("recovered after the first control line: %v %q", err, rec.Names)
	}
}

// TestPersonTooSlow: a person who does not answer within Patience has
// the stand-in take the seat (logged, reason given), and the decision
// signalled but never received is taken back: nothing is left pending or
// signalled.
func TestPersonTooSlow(t *testing.T) {
	p := NewPersonController(PersonOptions[toyMove, toyObs]{Name: "ann", Patience: testenv.Timeout(30 * time.Millisecond),
		StandIn: Player[toyMove, toyObs]{Name: "stand-in", Control: pure{}}})
	ps := players(pure{}, p, pure{})
	ps[1].Name, ps[1].Kind = "ann", Person
	log, tb, res, err := runTable(t, 6, ps, Options[toyMove, toyObs, toyEvent]{})
	if err != nil || !res.Over || res.Takeovers != 0 {
		t.Fatalf("%v %+v", err, res)
	}
	if n := strings.Count(string(log), `"type":"control"`); n != 1 || !strings.Contains(string(log), `"from":"ann","to":"stand-in","reason":"no move within`) {
		t.Fatalf("%d control lines:\n%s", n, log)
	}
	if pl := tb.Player(1); pl.Name != "stand-in" || pl.Kind != Level || !p.StandingIn() {
		t.Fatalf("Player(1) = %s %s", pl.Name, pl.Kind)
	}
	if _, ok := p.Pending(); ok || len(p.Decisions()) != 0 {
		t.Fatal("a decision left pending or signalled")
	}
	if err := p.Queue(toyMove{Kind: "bid"}); !errors.Is(err, ErrStandIn) {
		t.Fatalf("a bid queued while the stand-in plays: %v", err)
	}
	if err := p.Submit(1, toyMove{}); !errors.Is(err, ErrStandIn) {
		t.Fatalf("a move while the stand-in plays: %v", err)
	}
}

// TestPersonCheck: a move is checked against the pending decision with
// the rules' reason, in the table's goroutine, changing nothing; a check
// for another decision is stale, one with nothing pending says so.
func TestPersonCheck(t *testing.T) {
	var tb *Table[toyMove, toyObs, toyEvent]
	p := NewPersonController(PersonOptions[toyMove, toyObs]{Name: "ann",
		Check: func(d Decision[toyObs], m toyMove) error { return tb.Engine().Check(d.Seat, m) }})
	if err := p.Check(1, toyMove{}); !errors.Is(err, ErrNoPending) {
		t.Fatalf("a check with nothing pending: %v", err)
	}
	checked := 0
	a := answering(t, p, func(n int, d Decision[toyObs]) bool {
		if n > 3 {
			return false
		}
		if err := p.Check(d.Seq, toyMove{Kind: "add", N: 9}); err == nil || !strings.Contains(err.Error(), "toy: add 9 not allowed now") {
			t.Errorf("an illegal move checked: %v", err)
		}
		if err := p.Check(d.Seq+1, toyMove{Kind: "add", N: 1}); !errors.Is(err, ErrStale) {
			t.Errorf("a check for another decision: %v", err)
		}
		m, _, _ := pure{}.Decide(context.Background(), d)
		if err := p.Check(d.Seq, m); err != nil {
			t.Errorf("a legal move refused: %v", err)
		}
		if pd, ok := p.Pending(); !ok || pd.Seq != d.Seq {
			t.Errorf("a check changed the decision: %+v %v", pd, ok)
		}
		checked++
		if err := p.Submit(d.Seq, m); err != nil {
			t.Errorf("decision %d: %v", d.Seq, err)
		}
		return true
	})
	ps := players(pure{}, p, pure{})
	ps[1].Kind = Person
	var log bytes.Buffer
	var err error
	tb, err = New(toySpec, ps, Options[toyMove, toyObs, toyEvent]{Seed: 6, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(30*time.Second))
	defer cancel()
	if _, err := tb.Run(ctx); err != nil {
		t.Fatal(err)
	}
	a.stop()
	if checked != 3 {
		t.Fatalf("%d decisions checked", checked)
	}
	wps := players(pure{}, noBid{}, pure{})
	wps[1].Kind = Person
	want, _, _, _ := play(t, 6, wps, Options[toyMove, toyObs, toyEvent]{})
	if log.String() != string(want) {
		t.Fatalf("checks changed the game:\n%s\nwant\n%s", log.String(), want)
	}
}

// TestPersonQueuedBid: a move queued by a person is taken at the seat's
// next optional decision, which Offered is told of first; with none
// queued the person declines at once. Queue is bounded; Drop forgets.
func TestPersonQueuedBid(t *testing.T) {
	var offered []int
	p := NewPersonController(PersonOptions[toyMove, toyObs]{MaxQueued: 2, Offered: func(d Decision[toyObs]) { offered = append(offered, d.Seq) }})
	d := Decision[toyObs]{Seat: 1, Seq: 4, Optional: true}
	if _, ok, err := p.Decide(context.Background(), d); ok || err != nil {
		t.Fatal("declined nothing queued")
	}
	if err := p.Queue(toyMove{Kind: "bid", N: 2}); err != nil {
		t.Fatal(err)
	}
	if m, ok, err := p.Decide(context.Background(), d); !ok || err != nil || m.N != 2 {
		t.Fatalf("queued bid: %+v %v %v", m, ok, err)
	}
	if _, ok, _ := p.Decide(context.Background(), d); ok {
		t.Fatal("a queued bid taken twice")
	}
	if len(offered) != 3 || len(p.Decisions()) != 0 {
		t.Fatalf("offered %v, signalled %d: want every optional decision offered, none signalled", offered, len(p.Decisions()))
	}
	for range 2 {
		if err := p.Queue(toyMove{Kind: "bid"}); err != nil {
			t.Fatal(err)
		}
	}
	if err := p.Queue(toyMove{Kind: "bid"}); !errors.Is(err, ErrQueueFull) {
		t.Fatalf("a third bid queued: %v", err)
	}
	p.Drop()
	if _, ok, _ := p.Decide(context.Background(), d); ok {
		t.Fatal("a dropped bid taken")
	}
}

func TestPersonLeaves(t *testing.T) {
	p := NewPersonController(PersonOptions[toyMove, toyObs]{})
	ps := players(pure{}, p, pure{})
	ps[1].Kind = Person
	w := &watcher{}
	ps[0].Control = w
	a := answering(t, p, func(n int, d Decision[toyObs]) bool {
		if n == 3 {
			p.Leave()
			return true
		}
		return false
	})
	_, _, res, err := runTable(t, 6, ps, Options[toyMove, toyObs, toyEvent]{Fallback: fallback})
	a.stop()
	if err != nil || res.Takeovers != 1 || !res.Over || len(w.notices) != 1 || !strings.Contains(w.notices[0].Reason, "left") {
		t.Fatalf("%v %+v %+v", err, res, w.notices)
	}
}

func TestPersonTimesOut(t *testing.T) {
	p := NewPersonController(PersonOptions[toyMove, toyObs]{})
	ps := players(pure{}, p, pure{})
	ps[1].Kind, ps[1].Deadline = Person, testenv.Timeout(30*time.Millisecond)
	_, _, res, err := runTable(t, 6, ps, Options[toyMove, toyObs, toyEvent]{Fallback: fallback})
	if err != nil || res.Takeovers != 1 || !res.Over {
		t.Fatalf("%v %+v", err, res)
	}
}

// handing hands its seat over at every decision, to name.
type handing struct{ name string }

func (h handing) Decide(context.Context, Decision[toyObs]) (toyMove, bool, error) {
	return toyMove{}, false, &Handover{Name: h.name, Kind: Level, Reason: "again"}
}

// TestHandoverBounded: a controller that hands its seat over more than
// twice for one decision, or to no name, has failed: the fallback takes
// the seat over.
func TestHandoverBounded(t *testing.T) {
	for _, name := range []string{"x", ""} {
		w := &watcher{}
		log, _, res, err := runTable(t, 6, players(w, handing{name}, pure{}), Options[toyMove, toyObs, toyEvent]{Fallback: fallback})
		if err != nil || res.Takeovers != 1 || !res.Over {
			t.Fatalf("%q: %v %+v", name, err, res)
		}
		controls := strings.Count(string(log), `"type":"control"`)
		want := 3 // two handovers and the takeover
		if name == "" {
			want = 1
		}
		if controls != want || !strings.Contains(w.notices[len(w.notices)-1].Reason, "handed the seat over") {
			t.Fatalf("%q: %d control lines, notices %+v", name, controls, w.notices)
		}
	}
}

type noBid struct{}

func (noBid) Decide(ctx context.Context, d Decision[toyObs]) (toyMove, bool, error) {
	if d.Optional {
		return toyMove{}, false, nil
	}
	return pure{}.Decide(ctx, d)
}

var lineNumber = regexp.MustCompile(`"(n|adv)":[0-9]+,`)

// renumber drops the line numbers (and the advances counted) of a log, to
// compare logs that differ by inserted lines.
func renumber(log string) string { return lineNumber.ReplaceAllString(log, "") }

func itoa(n int) string { return strconv.Itoa(n) }

// moveAt reports whether log has a move of seat at line n.
func moveAt(log []byte, n int, seat Seat) bool {
	return regexp.MustCompile(`\{"type":"move","n":` + itoa(n) + `,("adv":[0-9]+,)?"seat":` + seat.String() + `,`).Match(log)
}
