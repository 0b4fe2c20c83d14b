package gin

import (
	"felt/games/gamestest"
	"testing"

	"felt/gin"
	"felt/table"
)

// TestRecoverEveryOffset: whole games of Gin Rummy (the first seeds whose
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
		var gs []gin.Game
		log, res := runGin(t, seed, short, ginPures(), func(tb *ginTable, n int) {
			gs = append(gs, *tb.Engine().(*Engine).Game())
		})
		if !res.Over {
			t.Fatalf("gin seed %d: %+v", seed, res)
		}
		if len(log) > maxLog {
			continue
		}
		found++
		offsets += gamestest.EveryOffset(t, Spec, log, gs, func(e table.Engine[gin.Action, gin.Observation, gin.Event]) gin.Game {
			return *e.(*Engine).Game()
		}, ginPures(), every, stride)
		bytesIn += len(log)
		t.Logf("gin seed %d: %d hands, %d lines, %d bytes", seed, res.Hands, res.Lines, len(log))
	}
	t.Logf("%d offsets of %d bytes of logs recovered", offsets, bytesIn)
}
