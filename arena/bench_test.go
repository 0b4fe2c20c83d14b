package arena

import (
	"context"
	"testing"
)

// benchGames is how many different games the self-play benchmark cycles
// through (mirrored pairs), so that an op is an average game.
const benchGames = 40

// reportMoves reports the moves an op played on average, and the time per
// move.
func reportMoves(b *testing.B, ops, moves int) {
	b.Helper()
	if ops == 0 || moves == 0 {
		return
	}
	b.ReportMetric(float64(moves)/float64(ops), "moves/op")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(moves), "ns/move")
}

// countMoves is the moves of a game's hands.
func countMoves(r GameRecord) int {
	m := 0
	for _, h := range r.Hands {
		m += h.Moves
	}
	return m
}

// BenchmarkSelfPlayTable plays whole Gin Rummy self-play games (simple
// against simple, EAAI rules, games to 100, no log) through the registry,
// as Run does on one worker: felt bench's self-play match.
func BenchmarkSelfPlayTable(b *testing.B) {
	ctx := context.Background()
	cfg := gin(b, Config{A: "simple", B: "simple", Games: benchGames, Seed: 1, Parallel: 1})
	if err := cfg.check(); err != nil {
		b.Fatal(err)
	}
	sess := make(session, cfg.seats())
	defer sess.close()
	moves, i := 0, 0
	b.ReportAllocs()
	for b.Loop() {
		r := play(ctx, cfg, i%benchGames, sess)
		if r.Err != nil || r.Forfeit {
			b.Fatalf("game %d: %v %s", i, r.Err, r.Reason)
		}
		moves += countMoves(r)
		i++
	}
	reportMoves(b, i, moves)
}
