package sjbot

import (
	"math/rand/v2"
	"os"
	"slices"
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
	var cfg [3]int // SJBOT_HARD=samples,width,horizon
	if f := strings.Split(os.Getenv("SJBOT_HARD"), ","); len(f) == 3 {
		for i := range cfg {
			cfg[i], _ = strconv.Atoi(f[i])
		}
	}
	var times []time.Duration
	maker := func(name string) Maker {
		return func(rng *rand.Rand) Player {
			p, err := New(name, rng)
			if err != nil {
				t.Fatal(err)
			}
			if h, ok := p.(*Hard); ok {
				if cfg[0] > 0 {
					h.Samples, h.Width, h.Horizon = cfg[0], cfg[1], cfg[2]
				}
				return timed{p, &times}
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
	if len(times) > 0 {
		slices.Sort(times)
		pc := func(q float64) time.Duration { return times[min(len(times)-1, int(q*float64(len(times))))] }
		t.Logf("hard play decisions: %d, median %s, p90 %s, p99 %s, max %s", len(times), pc(0.5), pc(0.9), pc(0.99), times[len(times)-1])
	}
}

// timed is a player whose play-phase decisions are timed.
type timed struct {
	Player
	times *[]time.Duration
}

func (p timed) Act(o *shengji.Observation) (shengji.Action, bool) {
	if o.Phase != shengji.PlayPhase {
		return p.Player.Act(o)
	}
	start := time.Now()
	a, ok := p.Player.Act(o)
	*p.times = append(*p.times, time.Since(start))
	return a, ok
}
