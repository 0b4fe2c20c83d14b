package gamestest

import (
	"bytes"
	"context"
	"encoding/json"
	"hash/fnv"
	"slices"
	"testing"

	"felt/card"
	"felt/games"
	"felt/table"
)

// Hash is a hash of v's JSON: a player deciding from its observation
// alone breaks its ties with it.
func Hash(v ...any) uint64 {
	h := fnv.New64a()
	b, _ := json.Marshal(v)
	h.Write(b)
	return h.Sum64()
}

// Pures seats n players named "pure", one controller deciding with act
// from the observation alone (so a resumed table plays on as the
// uninterrupted one did).
func Pures[M, O any](n int, act func(o *O) (M, bool)) []table.Player[M, O] {
	p := table.Player[M, O]{Name: "pure", Kind: table.Level, Control: games.Controller(act)}
	return slices.Repeat([]table.Player[M, O]{p}, n)
}

// Run plays a whole game of spec at a table with this seed, options and
// players, and returns its log and result. after, if set, is called with
// the table once it is made (n 0) and after each line n it logs.
func Run[M, O, E any](t testing.TB, spec table.Spec[M, O, E], seed uint64, opts json.RawMessage, ps []table.Player[M, O],
	after func(tb *table.Table[M, O, E], n int)) ([]byte, table.Result) {
	t.Helper()
	var log bytes.Buffer
	var tb *table.Table[M, O, E]
	o := table.Options[M, O, E]{ID: "test", Seed: seed, GameOptions: opts, Log: &log}
	if after != nil {
		o.AfterLine = func(n int) { after(tb, n) }
	}
	tb, err := table.New(spec, ps, o)
	if err != nil {
		t.Fatal(err)
	}
	if after != nil {
		after(tb, 0)
	}
	res, err := tb.Run(context.Background())
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	return log.Bytes(), res
}

// WholeGames checks that whole games of spec with its standard rules
// (seeds 1 to 3, between the players each seed's players give) end with
// winners seats winning, and that their logs recover to the same outcome.
func WholeGames[M, O, E any](t *testing.T, spec table.Spec[M, O, E], players func(seed uint64) []table.Player[M, O], winners int) {
	t.Helper()
	for seed := uint64(1); seed <= 3; seed++ {
		log, res := Run(t, spec, seed, nil, players(seed), nil)
		if !res.Over || res.Winners.Len() != winners {
			t.Fatalf("%s seed %d: %+v", spec.Kind, seed, res)
		}
		rec, err := table.Recover(bytes.NewReader(log), spec)
		if err != nil || rec.Engine.Outcome() != res.Outcome {
			t.Fatalf("%s seed %d: %v %+v", spec.Kind, seed, err, rec)
		}
		t.Logf("%s seed %d: %d hands, %d lines, %d bytes", spec.Kind, seed, res.Hands, res.Lines, len(log))
	}
}

// Holder is an engine that gives its game's full state (G, a value that
// copies: a game's whole struct), as both games' engines do.
type Holder[G any] interface{ Game() *G }

// RecoverEveryOffset checks whole games of spec with these options
// between players (the first seeds whose logs are at most maxLog bytes:
// the test is quadratic): their logs cut at every byte recover to the
// game's state at the cut (a copy of the game its engine holds, G), and
// resume to the same log (EveryOffset). With -short or the race detector,
// every 17th byte and each byte around a newline.
func RecoverEveryOffset[G, M, O, E any](t *testing.T, spec table.Spec[M, O, E], opts json.RawMessage, players func() []table.Player[M, O]) {
	t.Helper()
	const games, maxLog = 3, 14 << 10
	every, stride := 1, 5
	if testing.Short() || Race {
		every, stride = 17, 97
	}
	game := func(e table.Engine[M, O, E]) G { return *e.(Holder[G]).Game() }
	offsets, bytesIn := 0, 0
	for seed, found := uint64(1), 0; found < games; seed++ {
		var states []G
		log, res := Run(t, spec, seed, opts, players(), func(tb *table.Table[M, O, E], n int) {
			states = append(states, game(tb.Engine()))
		})
		if !res.Over {
			t.Fatalf("%s seed %d: %+v", spec.Kind, seed, res)
		}
		if len(log) > maxLog {
			continue
		}
		found++
		offsets += EveryOffset(t, spec, log, states, game, players(), every, stride)
		bytesIn += len(log)
		t.Logf("%s seed %d: %d hands, %d lines, %d bytes", spec.Kind, seed, res.Hands, res.Lines, len(log))
	}
	t.Logf("%d offsets of %d bytes of logs recovered", offsets, bytesIn)
}

// NoLeaks walks every event and observation each seat and a spectator
// receive in whole games of spec (games of them; quick with -short or the
// race detector) and finds no card the seat may not see (visible, the
// game's leak oracle). Game i has seed i+1, and the players and options
// setup gives.
func NoLeaks[M, O, E any](t *testing.T, spec table.Spec[M, O, E], games, quick int, visible func(table.Engine[M, O, E], table.Seat) card.Set,
	setup func(i int, seed uint64) ([]table.Player[M, O], json.RawMessage)) {
	t.Helper()
	if testing.Short() || Race {
		games = quick
	}
	var errs []string
	checked := 0
	for i := range games {
		seed := uint64(i + 1)
		var e table.Engine[M, O, E]
		allowed := func(s table.Seat) card.Set { return visible(e, s) }
		players, opts := setup(i, seed)
		spect, ps := SeatSpies[M, O, E](players, allowed, &errs, &checked)
		tb, err := table.New(spec, ps, table.Options[M, O, E]{Seed: seed, GameOptions: opts, Spectators: []table.Listener[E]{spect}})
		if err != nil {
			t.Fatal(err)
		}
		e = tb.Engine()
		if res, err := tb.Run(context.Background()); err != nil || !res.Over {
			t.Fatalf("%s seed %d: %v %+v", spec.Kind, seed, err, res)
		}
		if len(errs) > 0 {
			t.Fatalf("%s seed %d:\n%v", spec.Kind, seed, errs)
		}
	}
	t.Logf("%d %s games, %d events and observations", games, spec.Kind, checked)
}
