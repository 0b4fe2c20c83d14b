package shengji

import (
	"bytes"
	"context"
	"encoding/json"
	"hash/fnv"
	"math/rand/v2"
	"testing"

	"felt/card"
	"felt/games"
	"felt/shengji"
	"felt/table"
)

type (
	sjTable = table.Table[shengji.Action, shengji.Observation, shengji.Event]
	sjP     = table.Player[shengji.Action, shengji.Observation]
)

func hash(v ...any) uint64 {
	h := fnv.New64a()
	b, _ := json.Marshal(v)
	h.Write(b)
	return h.Sum64()
}

// sjPure decides from the observation alone.
func sjPure(o *shengji.Observation) (shengji.Action, bool) {
	switch o.Phase {
	case shengji.DealPhase, shengji.BidPhase:
		ds := o.AppendDeclarations(nil)
		if len(ds) > 0 && hash(o.Hand, o.Dealt, o.NBids)%5 == 0 {
			return ds[0], true
		}
		if o.Phase == shengji.BidPhase {
			return shengji.PassAction(), true
		}
		return shengji.Action{}, false
	case shengji.BuryPhase:
		var m card.Multi
		for c := range o.Hand.All() {
			if m.Len() == shengji.KittySize {
				break
			}
			_ = m.Add(c)
		}
		return shengji.BuryAction(m), true
	}
	n := o.CountPlays()
	m, ok := o.NthPlay(int(hash(o.Hand, o.NTricks, o.Seat) % uint64(n)))
	return shengji.PlayAction(m), ok
}

func sjPures() []sjP {
	p := sjP{Name: "pure", Kind: table.Level, Control: games.Controller(sjPure)}
	return []sjP{p, p, p, p}
}

// sjRandom is the level random, drawing from rng.
func sjRandom(rng *rand.Rand) sjP {
	p, err := Level("random", rng)
	if err != nil {
		panic(err) // the game's own level: never
	}
	return p
}

func sjRandoms(seed uint64) []sjP {
	var ps []sjP
	for i := range shengji.NumSeats {
		ps = append(ps, sjRandom(rand.New(rand.NewPCG(seed, uint64(100+i)))))
	}
	return ps
}

// fast is Shengji starting at level ace: a game is a hand or a few.
var fast = json.RawMessage(`{"start_level":"A"}`)

func runSJ(t testing.TB, seed uint64, opts json.RawMessage, ps []sjP, after func(tb *sjTable, n int)) ([]byte, table.Result) {
	t.Helper()
	var log bytes.Buffer
	var tb *sjTable
	o := table.Options[shengji.Action, shengji.Observation, shengji.Event]{ID: "test", Seed: seed, GameOptions: opts, Log: &log}
	if after != nil {
		o.AfterLine = func(n int) { after(tb, n) }
	}
	tb, err := table.New(Spec, ps, o)
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
