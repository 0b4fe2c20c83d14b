//go:build experiments

// Paired hands at any table: an experiment, not a test. It builds only with
// the experiments tag, and runs on demand:
//
//	SJBOT_HANDS=400 SJBOT_RULES=friends-6 SJBOT_PAIR=hard,greedy go test -tags experiments -run PairedHands ./shengji/sjbot
//
// Each deal is played twice, every seat greedy but one, the seat under test
// (a different one each deal, and the banker another), which plays the
// first player of SJBOT_PAIR in one game and the second in the other. What
// the seat gains is compared: whether its side won the hand and the levels
// it went up. The same deal and the same other players make the pairs far
// less noisy than whole games. With SJBOT_SEATS=parity the player under
// test takes every seat of the seat's parity, as in the arena (a team at
// four players), and the outcome is their mean. A name ending in +lik is
// the level weighing its deals by the play model (Hard.PlayLikelihood:
// SJBOT_LIK, 0.25 by default) and the declarations not made
// (Hard.BidLikelihood: SJBOT_BIDLIK, none by default), e.g.
// SJBOT_PAIR=hard+lik,hard; one ending in -lik weighs nothing.

package sjbot

import (
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"felt/card"
	"felt/shengji"
)

// TestFriends_PairedHands plays SJBOT_HANDS paired hands (see above).
func TestFriends_PairedHands(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("SJBOT_HANDS"))
	if n <= 0 {
		t.Skip("set SJBOT_HANDS to run")
	}
	name := os.Getenv("SJBOT_RULES")
	if name == "" {
		name = "friends-6"
	}
	rules, err := shengji.ResolveRules(name)
	if err != nil {
		t.Fatal(err)
	}
	pair := strings.Split(os.Getenv("SJBOT_PAIR"), ",")
	if len(pair) != 2 {
		pair = []string{"hard", "greedy"}
	}
	parity := os.Getenv("SJBOT_SEATS") == "parity"
	var won, levels [2]float64
	var dWin, dWin2, dLev, dLev2 float64
	var joined, unmet, spent, calls [2]int
	for seed := range uint64(n) {
		var out [2]handOutcome
		for i, name := range pair {
			out[i] = pairedHand(t, rules, seed, name, parity)
			won[i] += out[i].won
			levels[i] += out[i].levels
			joined[i] += out[i].joined
			unmet[i] += out[i].unmet
			spent[i] += out[i].spent
			calls[i] += out[i].calls
		}
		d := out[0].won - out[1].won
		dWin += d
		dWin2 += d * d
		d = out[0].levels - out[1].levels
		dLev += d
		dLev2 += d * d
	}
	f := float64(n)
	ci := func(sum, sq float64) (float64, float64) {
		m := sum / f
		return m, 1.96 * math.Sqrt((sq/f-m*m)/f)
	}
	mw, hw := ci(dWin, dWin2)
	ml, hl := ci(dLev, dLev2)
	t.Logf("%s: %d paired hands, the seat under test played %s / %s", name, n, pair[0], pair[1])
	t.Logf("its side won %.1f%% / %.1f%% of the hands: difference %+.1f%% ± %.1f", 100*won[0]/f, 100*won[1]/f, 100*mw, 100*hw)
	t.Logf("it went up %.3f / %.3f levels a hand: difference %+.3f ± %.3f", levels[0]/f, levels[1]/f, ml, hl)
	for i := range pair {
		t.Logf("%s games: %d calls, %d met by a friend joining, %d spent on the banker's side, %d never met",
			pair[i], calls[i], joined[i], spent[i], unmet[i])
	}
}

// handOutcome is what a paired hand gave the seat under test.
type handOutcome struct {
	won, levels                 float64
	calls, joined, spent, unmet int
}

// pairedHand plays the deal of seed under rules with greedy players but
// for the seat under test (and, with parity, every seat of its parity),
// which plays name, and returns its outcome (their mean).
func pairedHand(t testing.TB, rules shengji.Rules, seed uint64, name string, parity bool) handOutcome {
	np := rules.NumPlayers()
	deck, err := card.ShuffledPacks(rand.New(rand.NewPCG(seed, 1)), rules.Packs(), true)
	if err != nil {
		t.Fatal(err)
	}
	banker := shengji.Seat(seed % uint64(np))
	seat := banker.Plus(1+int(seed/uint64(np))%(np-1), np) // never the banker
	if seed%5 == 0 {
		seat = banker // now and then the banker
	}
	h, err := shengji.NewHand(rules, deck, banker, banker, card.Two)
	if err != nil {
		t.Fatal(err)
	}
	ps := make([]actor, np)
	for s := range ps {
		ps[s] = NewGreedy(rand.New(rand.NewPCG(seed, uint64(s))))
	}
	tested := shengji.SeatsOf(seat)
	if parity {
		tested = seat.Parity(np)
	}
	for s := range tested.All() {
		// NAME+lik is the level weighing its deals by the play model
		// (Hard.PlayLikelihood, SJBOT_LIK or 0.25) and the declarations
		// not made (Hard.BidLikelihood, SJBOT_BIDLIK or none); NAME-lik
		// the level weighing nothing.
		base, lik := strings.CutSuffix(name, "+lik")
		base, nolik := strings.CutSuffix(base, "-lik")
		p, err := New(base, rand.New(rand.NewPCG(seed, 99+uint64(s))))
		if err != nil {
			t.Fatal(err)
		}
		if h, ok := p.(*Hard); ok && lik {
			h.PlayLikelihood, h.BidLikelihood = 0.25, 0
			if x, err := strconv.ParseFloat(os.Getenv("SJBOT_LIK"), 64); err == nil {
				h.PlayLikelihood = x
			}
			if x, err := strconv.ParseFloat(os.Getenv("SJBOT_BIDLIK"), 64); err == nil {
				h.BidLikelihood = x
			}
		}
		if h, ok := p.(*Hard); ok && nolik {
			h.PlayLikelihood, h.BidLikelihood = 0, 0
		}
		if h, ok := p.(*Hard); ok {
			// SJBOT_HARD=samples,width,budget tries another search
			if f := strings.Split(os.Getenv("SJBOT_HARD"), ","); len(f) == 3 {
				h.Samples, _ = strconv.Atoi(f[0])
				h.Width, _ = strconv.Atoi(f[1])
				h.Budget, _ = strconv.Atoi(f[2])
			}
		}
		ps[s] = p
	}
	if err := playHand(&h, &h, ps); err != nil {
		t.Fatal(err)
	}
	sc := h.Score()
	side := sc.Side(rules)
	var out handOutcome
	for s := range tested.All() {
		if side.Has(s) == sc.Result.BankersKeep {
			out.won++
			out.levels += float64(sc.Result.LevelsUp)
		}
	}
	out.won /= float64(tested.Len())
	out.levels /= float64(tested.Len())
	var o shengji.Observation
	h.Observe(seat, &o)
	f := o.Friends
	out.calls = f.NCalls
	for i := range f.NCalls {
		switch {
		case f.Met[i] == shengji.NoSeat:
			out.unmet++
		case sc.Friends.Has(f.Met[i]) && f.Met[i] != banker && firstMet(&f, i):
			out.joined++
		default:
			out.spent++
		}
	}
	return out
}

// firstMet reports whether call i is the first call its seat met (a
// seat meeting two calls joins once).
func firstMet(f *shengji.Friendship, i int) bool {
	for j := range i {
		if f.Met[j] == f.Met[i] {
			return false
		}
	}
	return true
}
