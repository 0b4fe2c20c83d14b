package sjbot

import (
	"math/rand/v2"
	"testing"

	"felt/internal/stats"
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

// TestMatch_SeatsRotated: each pair of games is the same deal with the
// teams swapped, and the player in a seat draws from the same source
// whichever team it plays for, so swapping the makers swaps the results
// exactly.
func TestMatch_SeatsRotated(t *testing.T) {
	ab, err := Match(shengji.Standard(), greedyMaker, randomMaker, 6, 9)
	if err != nil {
		t.Fatal(err)
	}
	ba, err := Match(shengji.Standard(), randomMaker, greedyMaker, 6, 9)
	if err != nil {
		t.Fatal(err)
	}
	if ab.Games != 6 || ba.Games != 6 {
		t.Fatalf("%d and %d games, want 6", ab.Games, ba.Games)
	}
	if ab.AWins+ba.AWins != ab.Games || ab.Hands != ba.Hands || ab.LevelsUp != [2]int{ba.LevelsUp[1], ba.LevelsUp[0]} ||
		ab.BankHands != [2]int{ba.BankHands[1], ba.BankHands[0]} || ab.Attackers80 != ba.Attackers80 {
		t.Fatalf("swapping the teams does not mirror the match: %+v and %+v", ab, ba)
	}
	if ab.A != stats.Wilson(float64(ab.AWins), ab.Games) {
		t.Errorf("A's interval %v is not Wilson's for %d of %d", ab.A, ab.AWins, ab.Games)
	}
	if odd, _ := Match(shengji.Standard(), greedyMaker, randomMaker, 3, 9); odd.Games != 4 {
		t.Fatalf("3 games asked: %d played, want 4 (pairs)", odd.Games)
	}
}
