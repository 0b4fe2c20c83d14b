package sjbot

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"felt/card"
	"felt/shengji"
)

// smallHidden is a small dealing problem: seven unseen cards (a pair of
// aces of spades and of fives of diamonds among them) for seats 1, 2 and
// 3 (two cards each; seat 0 is the seat itself) and a kitty of one; seat 1
// has shown void in the trumps (hearts), seat 2 that it holds no pair of
// diamonds, and seat 3 surely holds the three of clubs (as a card it
// declared, or a failed throw took back, would be).
func smallHidden(t *testing.T) hidden {
	t.Helper()
	ord := shengji.Trump{Suit: card.Hearts, Level: card.Two}.Order()
	h := hidden{ord: ord, n: 4, me: 0, pool: card.MustParseMulti("AS AS KH 5D 5D 3C 9C")}
	h.capa = [shengji.MaxSeats + 1]int{0, 2, 2, 2, 1}
	h.void[1][shengji.Trumps] = true
	h.nopair[2][shengji.Diamonds] = true
	h.must[3] = card.MustParseMulti("3C")
	return h
}

// dealKey names a deal: the hands of seats 1 to 3 and the kitty.
func dealKey(hands *[shengji.MaxSeats]card.Multi, kitty card.Multi) string {
	return fmt.Sprintf("%s|%s|%s|%s", hands[1], hands[2], hands[3], kitty)
}

// bruteDeals counts, for each deal of h, the orders of its cards that
// deal it: every order of the pool less the cards the seats surely hold,
// dealt seat by seat and the kitty last, those that keep every void and
// missing pair counted; each consistent order is equally likely.
func bruteDeals(h hidden) (map[string]int, int) {
	rest := h.pool
	left := h.capa
	var base [shengji.MaxSeats]card.Multi
	for s := range shengji.Seat(h.n) {
		for c := range h.must[s].All() {
			_ = rest.Remove(c)
			_ = base[s].Add(c)
			left[s]--
		}
	}
	cards := rest.Cards()
	counts := map[string]int{}
	total := 0
	var perm func(k int)
	perm = func(k int) {
		if k == len(cards) {
			hands := base
			i := 0
			for s := range shengji.Seat(h.n) {
				if s == h.me {
					continue
				}
				for range left[s] {
					c := cards[i]
					i++
					g := h.ord.Group(c)
					if h.void[s][g] || h.nopair[s][g] && hands[s].Count(c) > 0 {
						return
					}
					_ = hands[s].Add(c)
				}
			}
			var kitty card.Multi
			for _, c := range cards[i:] {
				_ = kitty.Add(c)
			}
			counts[dealKey(&hands, kitty)]++
			total++
			return
		}
		for j := k; j < len(cards); j++ {
			cards[k], cards[j] = cards[j], cards[k]
			perm(k + 1)
			cards[k], cards[j] = cards[j], cards[k]
		}
	}
	perm(0)
	return counts, total
}

// TestDealer_UniformOverConsistentDeals: on a small position the sampler
// draws every deal consistent with what the seat knows as often as brute
// force says (each order of the unseen cards that keeps the voids, the
// missing pairs and the declared cards equally likely), and no other.
func TestDealer_UniformOverConsistentDeals(t *testing.T) {
	h := smallHidden(t)
	want, total := bruteDeals(h)
	if len(want) < 5 {
		t.Fatalf("only %d consistent deals: not a test", len(want))
	}
	d := dealer{rng: rand.New(rand.NewPCG(1, 2))}
	const n = 40000
	got := map[string]int{}
	for range n {
		var hands [shengji.MaxSeats]card.Multi
		var kitty card.Multi
		exact, ok := d.dealHidden(&h, &hands, &kitty)
		if !ok || !exact {
			t.Fatalf("no exact deal (ok %v, exact %v)", ok, exact)
		}
		got[dealKey(&hands, kitty)]++
	}
	for k, c := range got {
		if want[k] == 0 {
			t.Fatalf("dealt %s, which is not consistent", k)
		}
		_ = c
	}
	worst := 0.0
	for k, w := range want {
		p := float64(w) / float64(total)
		sd := math.Sqrt(n * p * (1 - p))
		z := math.Abs(float64(got[k])-n*p) / sd
		worst = max(worst, z)
		if z > 4.5 {
			t.Errorf("deal %s drawn %d times in %d, brute force says %.1f", k, got[k], n, n*p)
		}
	}
	t.Logf("%d consistent deals (%d orders); worst deviation %.2f standard deviations", len(want), total, worst)
}

// TestDealer_BuildsWhenRandomDealsFail: a position few random deals keep
// (every other seat void in most of the unseen suits) is still dealt,
// card by card, consistently.
func TestDealer_BuildsWhenRandomDealsFail(t *testing.T) {
	ord := shengji.Trump{Suit: card.Hearts, Level: card.Two}.Order()
	h := hidden{ord: ord, n: 4, me: 0, pool: card.MustParseMulti("AS KS QS JS TS 9S AD KD QD JD TD 9D AC KC QC JC TC 9C")}
	h.capa = [shengji.MaxSeats + 1]int{0, 6, 6, 6, 0}
	for s := 1; s < 4; s++ {
		for g := range shengji.Group(shengji.Trumps) {
			h.void[s][g] = true
		}
	}
	h.void[1][shengji.Spades], h.void[2][shengji.Diamonds], h.void[3][shengji.Clubs] = false, false, false
	d := dealer{rng: rand.New(rand.NewPCG(3, 4))}
	built := 0
	for range 200 {
		var hands [shengji.MaxSeats]card.Multi
		var kitty card.Multi
		exact, ok := d.dealHidden(&h, &hands, &kitty)
		if !ok {
			t.Fatal("no deal")
		}
		if !exact {
			built++
		}
		for s := 1; s < 4; s++ {
			for c := range hands[s].All() {
				if h.void[s][ord.Group(c)] {
					t.Fatalf("seat %d dealt %s, void in it", s, c)
				}
			}
		}
	}
	if built == 0 {
		t.Fatal("every deal came by rejection: not a test of the construction")
	}
}
