package games

import (
	"bytes"
	"testing"

	"felt/table"
)

func TestWholeGames(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		log, res := runGin(t, seed, nil, ginBots(t, seed, "simple", "normal"), nil)
		if !res.Over || res.Winner == table.NoTeam {
			t.Fatalf("gin seed %d: %+v", seed, res)
		}
		rec, err := table.Recover(bytes.NewReader(log), Gin)
		if err != nil || rec.Engine.Outcome() != res.Outcome {
			t.Fatalf("gin seed %d: %v %+v", seed, err, rec)
		}
		t.Logf("gin seed %d: %d hands, %d lines, %d bytes", seed, res.Hands, res.Lines, len(log))
		log, res = runSJ(t, seed, nil, sjRandoms(seed), nil)
		if !res.Over || res.Winner == table.NoTeam {
			t.Fatalf("shengji seed %d: %+v", seed, res)
		}
		rec2, err := table.Recover(bytes.NewReader(log), Shengji)
		if err != nil || rec2.Engine.Outcome() != res.Outcome {
			t.Fatalf("shengji seed %d: %v %+v", seed, err, rec2)
		}
		t.Logf("shengji seed %d: %d hands, %d lines, %d bytes", seed, res.Hands, res.Lines, len(log))
	}
}
