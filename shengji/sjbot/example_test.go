package sjbot_test

import (
	"fmt"
	"math/rand/v2"

	"felt/shengji"
	"felt/shengji/sjbot"
)

// A greedy team (seats 0 and 2 in the first game of each pair) against a
// random one, over whole games.
func ExampleMatch() {
	greedy := func(rng *rand.Rand) sjbot.Player { return sjbot.NewGreedy(rng) }
	random := func(rng *rand.Rand) sjbot.Player { return sjbot.NewRandom(rng) }
	r, err := sjbot.Match(shengji.Standard(), greedy, random, 10, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("greedy won %d of %d games: %s\n", r.AWins, r.Games, r.A)
	// Output: greedy won 10 of 10 games: 1.000 [0.722, 1.000] n=10
}

// Players are shengji.Players: give them to a game's PlayHand.
func ExampleNew() {
	g, err := shengji.NewGame(shengji.Standard(), shengji.NewRand(7))
	if err != nil {
		fmt.Println(err)
		return
	}
	var ps [shengji.NumSeats]shengji.Player
	for s := range ps {
		p, _ := sjbot.New("greedy", rand.New(rand.NewPCG(7, uint64(s))))
		ps[s] = p
	}
	if err := g.PlayHand(ps); err != nil {
		fmt.Println(err)
		return
	}
	sc := g.Hand().Score()
	fmt.Printf("the attackers took %d points\n", sc.AttackerPoints)
	// Output: the attackers took 90 points
}
