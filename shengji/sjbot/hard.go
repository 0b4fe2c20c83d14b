package sjbot

import "math/rand/v2"

// NewHard returns a Hard player drawing from rng.
func NewHard(rng *rand.Rand) *Greedy { return NewGreedy(rng) }
