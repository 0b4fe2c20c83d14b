//go:build experiments

// The measurements behind the Shengji players' figures: experiments, not
// tests. They build only with the experiments tag, and run on demand:
//
//	SJBOT_GAMES=1000 SJBOT_PAIR=greedy,random go test -tags experiments -run Long ./shengji/sjbot
//	SJBOT_BURY=2000 go test -tags experiments -run BurySearch ./shengji/sjbot

package sjbot

import (
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"felt/card"
	"felt/shengji"
)

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

// TestHard_BurySearch measures, on demand (SJBOT_BURY=hands), what
// burying by search is worth to a greedy banker: the same deals played
// with Greedy's burial and with Hard's, the attackers' points compared.
func TestHard_BurySearch(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("SJBOT_BURY"))
	if n <= 0 {
		t.Skip("set SJBOT_BURY to run")
	}
	var sum, sq float64
	better, worse := 0, 0
	for seed := range uint64(n) {
		d := float64(buryHand(t, seed, false) - buryHand(t, seed, true))
		sum += d
		sq += d * d
		switch {
		case d > 0:
			better++
		case d < 0:
			worse++
		}
	}
	mean := sum / float64(n)
	sd := math.Sqrt(sq/float64(n) - mean*mean)
	half := 1.96 * sd / math.Sqrt(float64(n))
	t.Logf("burying by search saves the banker %.1f points a hand [%.1f, %.1f] over %d hands (better %d, worse %d)",
		mean, mean-half, mean+half, n, better, worse)
}

// buryBy is a Greedy player that buries as Hard does.
type buryBy struct {
	*Greedy
	h *Hard
}

func (p buryBy) Act(o *shengji.Observation) (shengji.Action, bool) {
	if o.Phase == shengji.BuryPhase {
		return p.h.Act(o)
	}
	return p.Greedy.Act(o)
}

// buryHand plays one hand dealt from seed with seat 0 the banker, greedy
// players everywhere, seat 0 burying by search if search, and returns the
// attackers' points.
func buryHand(t testing.TB, seed uint64, search bool) int {
	deck, err := card.ShuffledPacks(rand.New(rand.NewPCG(seed, 1)), 2, true)
	if err != nil {
		t.Fatal(err)
	}
	h, err := shengji.NewHand(shengji.Standard(), deck, 0, 0, card.Two)
	if err != nil {
		t.Fatal(err)
	}
	var ps [shengji.NumSeats]shengji.Player
	for s := range ps {
		ps[s] = NewGreedy(rand.New(rand.NewPCG(seed, uint64(s))))
	}
	if search {
		hard := NewHard(rand.New(rand.NewPCG(seed, 9)))
		if k, _ := strconv.Atoi(os.Getenv("SJBOT_BURY_SAMPLES")); k > 0 {
			hard.BurySamples = k
		}
		ps[0] = buryBy{NewGreedy(rand.New(rand.NewPCG(seed, 0))), hard}
	}
	if err := h.Play(ps); err != nil {
		t.Fatal(err)
	}
	return h.Score().AttackerPoints
}
