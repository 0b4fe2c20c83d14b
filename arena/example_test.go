package arena_test

import (
	"context"
	"fmt"

	"felt/arena"
	"felt/games"
	_ "felt/games/all"
)

func ExampleEloFit() {
	// x beat y 60 times in 100 games.
	elo := arena.EloFit([][]float64{{0, 60}, {40, 0}})
	fmt.Printf("%.0f %.0f\n", elo[0], elo[1])
	// Output: 1535 1465
}

// A small seeded Gin Rummy match of the registry's game, normal against
// simple under the EAAI rules: the same figures on any machine and with
// any number of games at once.
func ExampleRun() {
	g, err := games.Lookup("gin")
	if err != nil {
		fmt.Println(err)
		return
	}
	rules, err := g.Rules("eaai")
	if err != nil {
		fmt.Println(err)
		return
	}
	cfg := arena.Config{Game: g, Options: rules, A: "normal", B: "simple", Games: 20, Seed: 42, Parallel: 2}
	recs, err := arena.Run(context.Background(), cfg)
	if err != nil {
		fmt.Println(err)
		return
	}
	s := arena.Summarize(g, cfg.A, cfg.B, recs)
	fmt.Printf("%d games in %d mirrored pairs: %s won %d, 95%% interval [%.1f%%, %.1f%%]\n", s.Games, s.Pairs, s.A, s.AWins, 100*s.CI95Low, 100*s.CI95High)
	gins, _ := s.Figure("a_gins")
	fmt.Printf("%d hands, %s won %d with %.0f gins; %.2f points a game against %.2f\n", s.Hands, s.A, s.AHandsWon, gins, s.AScoreGame, s.BScoreGame)
	// Output:
	// 20 games in 10 mirrored pairs: normal won 16, 95% interval [49.0%, 94.3%]
	// 206 hands, normal won 124 with 3 gins; 99.60 points a game against 57.95
}
