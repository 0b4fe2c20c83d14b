package env_test

import (
	"fmt"
	"math/rand/v2"

	"felt/env"
	"felt/env/envtest"
)

// A batch of four environments of a registered game, stepped with random
// legal actions until ten episodes have ended.
func Example() {
	envtest.Register() // the test game; a program imports felt/games/all
	b, err := env.New(envtest.Name, nil, 4, 2026)
	if err != nil {
		panic(err)
	}
	s := b.Spec()
	out := b.NewBuffers()
	if err := b.Reset(2026, out); err != nil {
		panic(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	actions := make([]int32, b.Len())
	ended, wins := 0, 0
	for ended < 10 {
		env.RandomActions(out.Mask, actions, rng)
		if err := b.Step(actions, out); err != nil {
			panic(err)
		}
		for i := range b.Len() {
			if out.Done[i] == 1 {
				ended++
				if out.Rewards[i*s.Seats] > 0 {
					wins++ // seat 0 won
				}
			}
		}
	}
	fmt.Println(ended, "episodes ended;", s.Obs, "observation values,", s.Actions, "actions")
	// Output: 12 episodes ended; 6 observation values, 3 actions
}
