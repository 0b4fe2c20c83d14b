package shengji

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"felt/card"
	"felt/games/gamestest"
	"felt/shengji"
	"felt/table"
)

type sjP = table.Player[shengji.Action, shengji.Observation]

// sjPure decides from the observation alone.
func sjPure(o *shengji.Observation) (shengji.Action, bool) {
	switch o.Phase {
	case shengji.DealPhase, shengji.BidPhase:
		ds := o.AppendDeclarations(nil)
		if len(ds) > 0 && gamestest.Hash(o.Hand, o.Dealt, o.Bids.Len())%5 == 0 {
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
	m, ok := o.NthPlay(int(gamestest.Hash(o.Hand, o.Tricks.Len(), o.Seat) % uint64(n)))
	return shengji.PlayAction(m), ok
}

func sjPures() []sjP { return gamestest.Pures(shengji.NumSeats, sjPure) }

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

// runSJ plays a whole game of Shengji (gamestest.Run).
func runSJ(t testing.TB, seed uint64, opts json.RawMessage, ps []sjP) ([]byte, table.Result) {
	t.Helper()
	return gamestest.Run(t, Spec, seed, opts, ps, nil)
}
