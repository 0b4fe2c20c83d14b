package games

import (
	"context"
	"math/rand/v2"
	"testing"

	"felt/gin"
	"felt/shengji"
	"felt/table"
)

// BenchmarkShengjiTableHand: whole Shengji games at level ace (a hand or
// a few) by four random players through the table driver, no log; compare
// with shengji's own hand benchmark for the driver's cost.
func BenchmarkShengjiTableGame(b *testing.B) {
	seed := uint64(0)
	moves := 0
	for b.Loop() {
		seed++
		tb, err := table.New(Shengji, sjRandoms(seed), table.Options[shengji.Action, shengji.Observation, shengji.Event]{Seed: seed, GameOptions: fast})
		if err != nil {
			b.Fatal(err)
		}
		res, err := tb.Run(context.Background())
		if err != nil {
			b.Fatal(err)
		}
		moves += res.Lines
	}
	b.ReportMetric(float64(moves)/float64(b.N), "lines/op")
}

// BenchmarkGinTableGame: whole Gin Rummy games by two simple players
// through the table driver, no log.
func BenchmarkGinTableGame(b *testing.B) {
	seed := uint64(0)
	for b.Loop() {
		seed++
		var ps []ginP
		for i := range 2 {
			p, _ := GinLevel("simple", rand.New(rand.NewPCG(seed, uint64(i))))
			ps = append(ps, p)
		}
		tb, err := table.New(Gin, ps, table.Options[gin.Action, gin.Observation, gin.Event]{Seed: seed})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := tb.Run(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}
