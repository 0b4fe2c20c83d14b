package shengji

import (
	"felt/games/gamestest"
	"testing"

	"felt/shengji"
	"felt/table"
)

// TestRecoverEveryOffset: whole games of Shengji (the first seeds whose
// logs are at most maxLog bytes: the test is quadratic), their logs cut at
// every byte. With -short or the race detector, every 17th byte and each
// byte around a newline.
func TestRecoverEveryOffset(t *testing.T) {
	const games, maxLog = 3, 14 << 10
	every, stride := 1, 5
	if testing.Short() || raceEnabled {
		every, stride = 17, 97
	}
	offsets, bytesIn := 0, 0
	for seed, found := uint64(1), 0; found < games; seed++ {
		var ss []shengji.Game
		log, res := runSJ(t, seed, fast, sjPures(), func(tb *sjTable, n int) {
			ss = append(ss, *tb.Engine().(*Engine).Game())
		})
		if !res.Over {
			t.Fatalf("shengji seed %d: %+v", seed, res)
		}
		if len(log) > maxLog {
			continue
		}
		found++
		offsets += gamestest.EveryOffset(t, Spec, log, ss, func(e table.Engine[shengji.Action, shengji.Observation, shengji.Event]) shengji.Game {
			return *e.(*Engine).Game()
		}, sjPures(), every, stride)
		bytesIn += len(log)
		t.Logf("shengji seed %d: %d hands, %d lines, %d bytes", seed, res.Hands, res.Lines, len(log))
	}
	t.Logf("%d offsets of %d bytes of logs recovered", offsets, bytesIn)
}
