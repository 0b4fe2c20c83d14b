package arena

import (
	"context"
	"testing"

	"felt/gin"
)

// benchGames is how many different games the self-play benchmarks cycle
// through (mirrored pairs), so that an op is an average game.
const benchGames = 40

// benchConfig is felt bench's self-play match: simple against simple,
// games to 100 (EAAI rules), no log.
func benchConfig() Config {
	return Config{A: "simple", B: "simple", Rules: gin.EAAI(), Games: benchGames, Seed: 1, Parallel: 1}
}

// reportMoves reports the moves an op played on average, and the time and
// allocations per move.
func reportMoves(b *testing.B, moves int) {
	b.Helper()
	n := float64(b.N)
	perMove := float64(moves) / n
	b.ReportMetric(perMove, "moves/op")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(moves), "ns/move")
}

func countMoves(r GameRecord) int {
	m := 0
	for _, h := range r.Hands {
		m += h.Moves
	}
	return m
}

// BenchmarkSelfPlayTable plays whole self-play games (simple vs simple) on
// the table driver, as RunGinTable does (its match made once).
func BenchmarkSelfPlayTable(b *testing.B) {
	ctx, cfg := context.Background(), benchConfig()
	m, err := ginMatch(cfg)
	if err != nil {
		b.Fatal(err)
	}
	sess := make(session[gin.Action, gin.Observation, gin.Event], m.seats)
	defer sess.close()
	moves, i := 0, 0
	b.ReportAllocs()
	for b.Loop() {
		r := playGin(ctx, m, i%benchGames, sess)
		if r.Err != nil || r.Forfeit {
			b.Fatalf("game %d: %v %s", i, r.Err, r.Reason)
		}
		moves += countMoves(r)
		i++
	}
	reportMoves(b, moves)
}
