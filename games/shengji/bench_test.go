package shengji

import (
	"context"
	"testing"

	"felt/shengji"
	"felt/table"
)

// BenchmarkShengjiTableGame: whole Shengji games at level ace (a hand or
// a few) by four random players through the table driver, no log; compare
// with shengji's own hand benchmark for the driver's cost.
func BenchmarkShengjiTableGame(b *testing.B) {
	seed := uint64(0)
	moves := 0
	for b.Loop() {
		seed++
		tb, err := table.New(Spec, sjRandoms(seed), table.Options[shengji.Action, shengji.Observation, shengji.Event]{Seed: seed, GameOptions: fast})
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
