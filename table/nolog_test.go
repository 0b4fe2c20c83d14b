package table

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"testing"
	"time"
)

// tryToy is the toy game as a Trier, counting how the table checks moves.
type tryToy struct {
	*toy
	checks, tries *int
}

func (t tryToy) Check(s Seat, m toyMove) error {
	*t.checks++
	return t.toy.Check(s, m)
}

// TryApply checks and applies (the toy's Apply checks too), changing
// nothing when it refuses.
func (t tryToy) TryApply(s Seat, m toyMove, v *Views[toyEvent]) error {
	*t.tries++
	if err := t.toy.Check(s, m); err != nil {
		return err
	}
	return t.toy.Apply(s, m, v)
}

// noLogRun is what a table run showed: every seat's and the spectator's
// events and notices, the result, and the seats whose decisions were timed.
type noLogRun struct {
	seat0     []toyEvent // the one seat that listens throughout
	notices   []Notice
	spectator []toyEvent
	fallbacks [][]toyEvent // each level that took a seat over
	res       Result
	timed     []Seat
}

// TestNoLog_SameGame: a table without a log makes its moves with the
// engine's TryApply (no Check), a table with a log with Check then Apply,
// and both play the same game: the same events for every seat and the
// spectator, the same takeovers (an illegal move, a failing controller),
// the same result and lines counted, the same decisions timed.
func TestNoLog_SameGame(t *testing.T) {
	for seed := uint64(1); seed <= 12; seed++ {
		var runs [2]noLogRun
		for i, logged := range []bool{true, false} {
			checks, tries := 0, 0
			spec := Spec[toyMove, toyObs, toyEvent]{Kind: toySpec.Kind, Format: toySpec.Format,
				New: func(seed uint64, opts json.RawMessage) (Engine[toyMove, toyObs, toyEvent], error) {
					e, err := toySpec.New(seed, opts)
					if err != nil {
						return nil, err
					}
					return tryToy{toy: e.(*toy), checks: &checks, tries: &tries}, nil
				}}
			seat0, spect := &watcher{}, &watcher{}
			var levels []*watcher
			r := &runs[i]
			opts := Options[toyMove, toyObs, toyEvent]{Seed: seed, Spectators: []Listener[toyEvent]{spect},
				Fallback: func(Seat) Player[toyMove, toyObs] {
					w := &watcher{}
					levels = append(levels, w)
					return Player[toyMove, toyObs]{Name: "level", Kind: Level, Control: w}
				},
				DecisionTime: func(s Seat, took time.Duration) {
					if took < 0 {
						t.Errorf("decision time %v", took)
					}
					r.timed = append(r.timed, s)
				}}
			var log bytes.Buffer
			if logged {
				opts.Log = &log
			}
			// Seat 1 moves illegally and seat 2 fails after three
			// decisions: built-in levels take both over.
			ps := players(seat0, illegal{}, &failing{n: 3, err: errors.New("crashed")})
			tb, err := New(spec, ps, opts)
			if err != nil {
				t.Fatal(err)
			}
			if r.res, err = tb.Run(context.Background()); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			r.seat0, r.notices, r.spectator = seat0.events, seat0.notices, spect.events
			for _, w := range levels {
				if len(w.events) == 0 {
					t.Fatalf("seed %d, log %v: a level that took a seat over heard no event", seed, logged)
				}
				r.fallbacks = append(r.fallbacks, w.events)
			}
			if logged && (tries != 0 || checks == 0) || !logged && (tries == 0 || checks != 0) {
				t.Fatalf("seed %d, log %v: %d moves tried, %d checked", seed, logged, tries, checks)
			}
			if logged && bytes.Count(log.Bytes(), []byte("\n")) != r.res.Lines {
				t.Fatalf("seed %d: %d lines counted, %d written", seed, r.res.Lines, bytes.Count(log.Bytes(), []byte("\n")))
			}
		}
		if !reflect.DeepEqual(runs[0], runs[1]) {
			t.Fatalf("seed %d: the game without a log differs:\n with    %+v\n without %+v", seed, runs[0], runs[1])
		}
		if r := runs[0]; len(r.fallbacks) != 2 || r.res.Takeovers != 2 || len(r.notices) != 2 || len(r.seat0) == 0 || len(r.timed) == 0 {
			t.Fatalf("seed %d: %d levels took over (%d, %d notices), %d events for seat 0, %d decisions timed",
				seed, len(r.fallbacks), r.res.Takeovers, len(r.notices), len(r.seat0), len(r.timed))
		}
	}
}

// TestDecisionTime: each decision that is not optional is timed, once,
// with its seat; optional ones (bids) are not.
func TestDecisionTime(t *testing.T) {
	spect := &watcher{}
	var timed []Seat
	_, _, res, err := play(t, 5, players(pure{}, pure{}, pure{}), Options[toyMove, toyObs, toyEvent]{
		Spectators:   []Listener[toyEvent]{spect},
		DecisionTime: func(s Seat, _ time.Duration) { timed = append(timed, s) }})
	if err != nil || !res.Over {
		t.Fatalf("%v %+v", err, res)
	}
	var adds []Seat
	bids := 0
	for _, e := range spect.events {
		switch e.Kind {
		case "add":
			adds = append(adds, e.Seat)
		case "bid":
			bids++
		}
	}
	if !reflect.DeepEqual(timed, adds) || bids == 0 {
		t.Fatalf("decisions timed for seats %v; the moves due were made by %v (and %d bids)", timed, adds, bids)
	}
}

// TestReplace_Listens: a player seated by Replace hears the table's events,
// the one it replaced no longer does.
func TestReplace_Listens(t *testing.T) {
	old, repl := &watcher{}, &watcher{}
	var log bytes.Buffer
	tb, err := New(toySpec, players(pure{}, old, pure{}), Options[toyMove, toyObs, toyEvent]{Seed: 2, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.Replace(1, Player[toyMove, toyObs]{Name: "new", Kind: Level, Control: repl}, "test"); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if len(old.events) != 0 || len(repl.events) == 0 {
		t.Fatalf("the replaced player heard %d events, its replacement %d", len(old.events), len(repl.events))
	}
}
