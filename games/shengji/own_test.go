package shengji

import (
	"bytes"
	"felt/games/gamestest"
	"testing"

	"felt/shengji"
)

// TestDecisionsAreOwn: a decision is never changed afterwards, and a
// controller that writes over its observation changes nothing else: the
// other seats' values and the game stay as they were.
func TestDecisionsAreOwn(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		want, _ := runSJ(t, seed, fast, sjPures())
		sps := sjPures()
		var sks []*gamestest.Keeper[shengji.Action, shengji.Observation]
		for i := range sps {
			k := &gamestest.Keeper[shengji.Action, shengji.Observation]{Inner: sps[i].Control, Scribble: func(o *shengji.Observation) {
				*o = shengji.Observation{}
			}}
			sks, sps[i].Control = append(sks, k), k
		}
		if got, _ := runSJ(t, seed, fast, sps); !bytes.Equal(got, want) {
			t.Fatalf("shengji seed %d: a controller writing over its observation changed the game", seed)
		}
		for _, k := range sks {
			k.Unchanged(t)
		}
	}
}
