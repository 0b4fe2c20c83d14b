package sjbot

import (
	"math/rand/v2"
	"testing"

	"felt/shengji"
)

func greedyMaker(rng *rand.Rand) Player { return NewGreedy(rng) }
func randomMaker(rng *rand.Rand) Player { return NewRandom(rng) }

func TestMatch_GreedyBeatsRandom(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 10
	}
	r, err := Match(shengji.Standard(), greedyMaker, randomMaker, n, 1)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("greedy vs random: %s, %d hands, levels %v, bank %v, attackers80 %d", r.A, r.Hands, r.LevelsUp, r.BankHands, r.Attackers80)
	if r.A.Mean < 0.8 {
		t.Errorf("greedy won %s of games against random, want at least 0.8", r.A)
	}
}
