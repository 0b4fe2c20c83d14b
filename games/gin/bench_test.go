package gin

import (
	"context"
	"math/rand/v2"
	"testing"

	"felt/gin"
	"felt/table"
)

// BenchmarkGinTableGame: whole Gin Rummy games by two simple players
// through the table driver, no log.
func BenchmarkGinTableGame(b *testing.B) {
	seed := uint64(0)
	for b.Loop() {
		seed++
		var ps []ginP
		for i := range 2 {
			p, _ := Level("simple", rand.New(rand.NewPCG(seed, uint64(i))))
			ps = append(ps, p)
		}
		tb, err := table.New(Spec, ps, table.Options[gin.Action, gin.Observation, gin.Event]{Seed: seed})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := tb.Run(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}
