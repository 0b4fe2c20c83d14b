package sjbot_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"felt/arena"
	"felt/games"
	sjgame "felt/games/shengji"
	"felt/shengji"
	"felt/shengji/sjbot"
)

// A greedy team against a random one over whole games: the arena plays
// the match at tables (mirrored pairs of games on the same deals, the
// teams swapping seats), each player a level of the registry's Shengji.
func Example_match() {
	g := games.Of(sjgame.Game)
	recs, err := arena.Run(context.Background(), arena.Config{Game: g, A: "greedy", B: "random", Games: 10, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	s := arena.Summarize(g, "greedy", "random", recs)
	fmt.Printf("greedy won %d of %d games: 95%% interval [%.3f, %.3f] over the pairs\n", s.AWins, s.Games, s.CI95Low, s.CI95High)
	// Output: greedy won 10 of 10 games: 95% interval [0.566, 1.000] over the pairs
}

// A player decides from its seat's observation alone: here the banker of
// a hand nobody declared in buries eight of its 33 cards.
func ExampleNew() {
	g, err := shengji.NewGame(shengji.Standard(), shengji.NewRand(7))
	if err != nil {
		fmt.Println(err)
		return
	}
	for g.Hand().Phase() == shengji.DealPhase {
		if err := g.Deal(); err != nil {
			fmt.Println(err)
			return
		}
	}
	h := g.Hand()
	p, _ := sjbot.New("greedy", rand.New(rand.NewPCG(7, uint64(h.Turn()))))
	var o shengji.Observation
	g.Observe(h.Turn(), &o)
	a, _ := p.Act(&o)
	fmt.Printf("seat %d, the banker, buries %s: %v\n", h.Banker(), a.Cards, g.Apply(h.Turn(), a))
	// Output: seat 0, the banker, buries 3S 7S 3H 7H 3D 4D 6D 6C: <nil>
}
