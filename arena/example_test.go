package arena_test

import (
	"context"
	"fmt"

	"felt/arena"
	"felt/gin"
)

func ExampleEloFit() {
	// x beat y 60 times in 100 games.
	elo := arena.EloFit([][]float64{{0, 60}, {40, 0}})
	fmt.Printf("%.0f %.0f\n", elo[0], elo[1])
	// Output: 1535 1465
}

func ExampleRunGinTable() {
	cfg := arena.Config{A: "normal", B: "simple", Rules: gin.EAAI(), Games: 20, Seed: 42, Parallel: 2}
	recs, err := arena.RunGinTable(context.Background(), cfg)
	if err != nil {
		fmt.Println(err)
		return
	}
	s := arena.Summarize(cfg.A, cfg.B, recs)
	fmt.Printf("%d games in %d mirrored pairs: %s won %d\n", s.Games, s.Pairs, s.A, s.AWins)
	// Output: 20 games in 10 mirrored pairs: normal won 16
}
