package shengji

import (
	"bytes"
	"testing"

	"felt/shengji"
)

// TestDecisionsAreOwn: a decision is never changed afterwards, and a
// controller that writes over its observation changes nothing else: the
// other seats' values and the game stay as they were.
func TestDecisionsAreOwn(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		want, _ := runSJ(t, seed, fast, sjPures(), nil)
		sps := sjPures()
		var sks []*keeper[shengji.Action, shengji.Observation]
		for i := range sps {
			k := &keeper[shengji.Action, shengji.Observation]{inner: sps[i].Control, scribble: func(o *shengji.Observation) {
				*o = shengji.Observation{}
			}}
			sks, sps[i].Control = append(sks, k), k
		}
		if got, _ := runSJ(t, seed, fast, sps, nil); !bytes.Equal(got, want) {
			t.Fatalf("shengji seed %d: a controller writing over its observation changed the game", seed)
		}
		for _, k := range sks {
			k.unchanged(t)
		}
	}
}
