package sjbot

import (
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

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
		// the slowest decision again, to tell its own cost from a stall
		// of a loaded machine
		h := NewHard(rand.New(rand.NewPCG(1, 1)))
		if cfg[0] > 0 {
			h.Samples, h.Width, h.Horizon = cfg[0], cfg[1], cfg[2]
		}
		again := time.Duration(1 << 62)
		for range 3 {
			start := time.Now()
			h.Act(&slowest.o)
			again = min(again, time.Since(start))
		}
		t.Logf("the slowest decision (%s) again: %s", slowest.d, again)
		if len(buryTimes) > 0 {
			slices.Sort(buryTimes)
			t.Logf("hard burials: %d, median %s, p99 %s, max %s", len(buryTimes), buryTimes[len(buryTimes)/2],
				buryTimes[min(len(buryTimes)-1, len(buryTimes)*99/100)], buryTimes[len(buryTimes)-1])
		}
	}
}

// buryTimes are the burials timed.
var buryTimes []time.Duration

// slowest is the slowest decision timed.
var slowest struct {
	d time.Duration
	o shengji.Observation
}

// timed is a player whose play-phase decisions are timed.
type timed struct {
	Player
	times *[]time.Duration
}

func (p timed) Act(o *shengji.Observation) (shengji.Action, bool) {
	if o.Phase == shengji.BuryPhase {
		start := time.Now()
		a, ok := p.Player.Act(o)
		buryTimes = append(buryTimes, time.Since(start))
		return a, ok
	}
	if o.Phase != shengji.PlayPhase {
		return p.Player.Act(o)
	}
	start := time.Now()
	a, ok := p.Player.Act(o)
	d := time.Since(start)
	*p.times = append(*p.times, d)
	if d > slowest.d {
		slowest.d, slowest.o = d, *o
	}
	return a, ok
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
