//go:build experiments

// The measurements behind the Shengji players' figures: experiments, not
// tests. They build only with the experiments tag, and run on demand:
//
//	SJBOT_BURY=2000 go test -tags experiments -run BurySearch ./shengji/sjbot
//
// (and experiments_match_test.go's match, TestMatch_Long).

package sjbot

import (
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"felt/shengji"
)

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
	h, ps := greedyHand(t, seed, 1, 0)
	if search {
		hard := NewHard(rand.New(rand.NewPCG(seed, 9)))
		if k, _ := strconv.Atoi(os.Getenv("SJBOT_BURY_SAMPLES")); k > 0 {
			hard.BurySamples = k
		}
		ps[0] = buryBy{NewGreedy(rand.New(rand.NewPCG(seed, 0))), hard}
	}
	if err := playHand(h, h, ps); err != nil {
		t.Fatal(err)
	}
	return h.Score().AttackerPoints
}
