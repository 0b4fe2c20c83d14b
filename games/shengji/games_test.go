package shengji

import (
	"bytes"
	"testing"

	"felt/table"
)

// TestWholeGames: whole games of Shengji between random players end with
// a winner, and their logs recover to the same outcome.
func TestWholeGames(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		log, res := runSJ(t, seed, nil, sjRandoms(seed), nil)
		if !res.Over || res.Winners.Len() != 2 {
			t.Fatalf("shengji seed %d: %+v", seed, res)
		}
		rec, err := table.Recover(bytes.NewReader(log), Spec)
		if err != nil || rec.Engine.Outcome() != res.Outcome {
			t.Fatalf("shengji seed %d: %v %+v", seed, err, rec)
		}
		t.Logf("shengji seed %d: %d hands, %d lines, %d bytes", seed, res.Hands, res.Lines, len(log))
	}
}
