package gin

import (
	"bytes"
	"testing"

	"felt/table"
)

// TestWholeGames: whole games of Gin Rummy between built-in levels end
// with a winner, and their logs recover to the same outcome.
func TestWholeGames(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		log, res := runGin(t, seed, nil, ginBots(t, seed, "simple", "normal"), nil)
		if !res.Over || res.Winners.Len() != 1 {
			t.Fatalf("gin seed %d: %+v", seed, res)
		}
		rec, err := table.Recover(bytes.NewReader(log), Spec)
		if err != nil || rec.Engine.Outcome() != res.Outcome {
			t.Fatalf("gin seed %d: %v %+v", seed, err, rec)
		}
		t.Logf("gin seed %d: %d hands, %d lines, %d bytes", seed, res.Hands, res.Lines, len(log))
	}
}
