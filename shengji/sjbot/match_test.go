package sjbot

import (
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

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

// TestMatch_Long is the measurement behind the players' figures, run on
// demand: SJBOT_GAMES=1000 SJBOT_PAIR=greedy,random go test -run Long.
func TestMatch_Long(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("SJBOT_GAMES"))
	if n <= 0 {
		t.Skip("set SJBOT_GAMES to run")
	}
	pair := strings.Split(os.Getenv("SJBOT_PAIR"), ",")
	if len(pair) != 2 {
		pair = []string{"greedy", "random"}
	}
	maker := func(name string) Maker {
		return func(rng *rand.Rand) Player {
			p, err := New(name, rng)
			if err != nil {
				t.Fatal(err)
			}
			return p
		}
	}
	start := time.Now()
	r, err := Match(shengji.Standard(), maker(pair[0]), maker(pair[1]), n, 20261130)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s vs %s: %s; %d hands; levels gained %v; bank held %v hands; attackers reached 80 in %d hands; %s",
		pair[0], pair[1], r.A, r.Hands, r.LevelsUp, r.BankHands, r.Attackers80, time.Since(start))
}
