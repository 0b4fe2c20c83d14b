package card_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"felt/card"
)

// This file checks that Shuffle is fair, and that the checks themselves can
// fail: each statistic is also run on deliberately broken shuffles, which it
// must reject.
//
// Every run is seeded, so the outcome is deterministic; the bounds are set so
// that a correct shuffle would fail them for a random choice of seeds with
// probability below about 1e-8.

const (
	fairShuffles = 52000 // 1000 expected per card/position cell
	// zLimit bounds the normalised chi-square statistic. P(|Z| > 7) ≈ 2.6e-12.
	zLimit = 7.0
	// cellSigmas bounds each cell of the position table: P(|dev| > 7σ) ≈
	// 2.6e-12 per cell, ≈ 7e-9 over the 2,704 cells.
	cellSigmas = 7.0
)

type shuffleFunc func(rng *rand.Rand, cards []card.Card)

// naiveShuffle swaps each position with any position: a classic biased
// shuffle (n^n equally likely paths onto n! orders).
func naiveShuffle(rng *rand.Rand, cards []card.Card) {
	for i := range cards {
		j := rng.IntN(len(cards))
		cards[i], cards[j] = cards[j], cards[i]
	}
}

// sattoloShuffle is Fisher–Yates with an off-by-one range: it only makes
// single-cycle permutations, so no card ever stays in place.
func sattoloShuffle(rng *rand.Rand, cards []card.Card) {
	for i := len(cards) - 1; i > 0; i-- {
		j := rng.IntN(i)
		cards[i], cards[j] = cards[j], cards[i]
	}
}

// shortLoopShuffle is Fisher–Yates that stops one step early, so the first
// two positions are never swapped with each other: a bias confined to a few
// cells of the table.
func shortLoopShuffle(rng *rand.Rand, cards []card.Card) {
	for i := len(cards) - 1; i > 1; i-- {
		j := rng.IntN(i + 1)
		cards[i], cards[j] = cards[j], cards[i]
	}
}

// rotateShuffle cuts the pack at a random point. Every card is equally likely
// in every position, so the position table cannot see it; only 52 of the 52!
// orders ever occur, which the permutation-frequency test sees.
func rotateShuffle(rng *rand.Rand, cards []card.Card) {
	k := rng.IntN(len(cards))
	tmp := append([]card.Card(nil), cards...)
	for i := range cards {
		cards[i] = tmp[(i+k)%len(cards)]
	}
}

// positionTable shuffles a fresh pack n times, each with its own seeded rng,
// and counts how often card c (by Index) lands in position p.
func positionTable(shuffle shuffleFunc, n int, stream uint64) *[card.PackSize][card.PackSize]int {
	var tab [card.PackSize][card.PackSize]int
	pack := card.Pack()
	buf := make([]card.Card, card.PackSize)
	src := rand.NewPCG(0, 0)
	rng := rand.New(src)
	for i := 0; i < n; i++ {
		copy(buf, pack)
		src.Seed(uint64(i), stream) // same as rand.New(rand.NewPCG(i, stream))
		shuffle(rng, buf)
		for p, c := range buf {
			tab[c.Index()][p]++
		}
	}
	return &tab
}

// wilsonHilferty turns a chi-square value with k degrees of freedom into an
// approximately standard normal z.
func wilsonHilferty(chi2 float64, k float64) float64 {
	v := 2 / (9 * k)
	return (math.Cbrt(chi2/k) - (1 - v)) / math.Sqrt(v)
}

// positionFairness returns the z score of the chi-square statistic of a
// card/position table built from n shuffles, and the largest deviation of a
// cell from its expected count, in standard deviations.
//
// For uniformly random permutations of m cards, the Pearson statistic over the
// m×m table is asymptotically m/(m-1) times a chi-square with (m-1)² degrees
// of freedom (row and column sums are fixed; the remaining (m-1)² directions
// each have variance m/(m-1)).
func positionFairness(tab *[card.PackSize][card.PackSize]int, n int) (z, worstSigma float64) {
	const m = card.PackSize
	p := 1.0 / m
	e := float64(n) * p
	sd := math.Sqrt(float64(n) * p * (1 - p))
	chi2 := 0.0
	for c := 0; c < m; c++ {
		for q := 0; q < m; q++ {
			d := float64(tab[c][q]) - e
			chi2 += d * d / e
			worstSigma = max(worstSigma, math.Abs(d)/sd)
		}
	}
	k := float64((m - 1) * (m - 1))
	return wilsonHilferty(chi2*(m-1)/m, k), worstSigma
}

// checkPositionFair reports why a table is not what a fair shuffle gives, or
// nil.
func checkPositionFair(tab *[card.PackSize][card.PackSize]int, n int) error {
	z, worst := positionFairness(tab, n)
	if math.Abs(z) > zLimit {
		return fmt.Errorf("chi-square z = %.1f, beyond ±%.0f", z, zLimit)
	}
	if worst > cellSigmas {
		return fmt.Errorf("a cell is %.1fσ from its expected count, beyond %.0fσ", worst, cellSigmas)
	}
	return nil
}

// permutationFairness shuffles 4 cards n times and returns the z score of
// the chi-square statistic over the 24 possible orders (23 degrees of
// freedom), and how many orders never occurred.
func permutationFairness(shuffle shuffleFunc, n int, stream uint64) (z float64, missing int) {
	counts := make(map[[4]card.Card]int)
	base := card.Pack()[:4]
	buf := make([]card.Card, 4)
	src := rand.NewPCG(0, 0)
	rng := rand.New(src)
	for i := 0; i < n; i++ {
		copy(buf, base)
		src.Seed(uint64(i), stream)
		shuffle(rng, buf)
		counts[[4]card.Card(buf)]++
	}
	e := float64(n) / 24
	chi2 := 0.0
	for _, o := range counts {
		d := float64(o) - e
		chi2 += d * d / e
	}
	missing = 24 - len(counts)
	chi2 += float64(missing) * e // orders never seen contribute (0-e)²/e
	return wilsonHilferty(chi2, 23), missing
}

func checkPermutationFair(shuffle shuffleFunc, n int, stream uint64) error {
	z, missing := permutationFairness(shuffle, n, stream)
	if missing > 0 {
		return fmt.Errorf("%d of the 24 orders of 4 cards never occurred in %d shuffles", missing, n)
	}
	// With 23 degrees of freedom Wilson–Hilferty is accurate to well under
	// 0.1 in z; z > 6 has probability about 1e-9.
	if z > 6 || z < -6 {
		return fmt.Errorf("chi-square over the 24 orders: z = %.1f, beyond ±6", z)
	}
	return nil
}

func TestShuffle_FairPositions(t *testing.T) {
	tab := positionTable(card.Shuffle, fairShuffles, 0x5eed)
	z, worst := positionFairness(tab, fairShuffles)
	t.Logf("Shuffle: chi-square z = %.2f, worst cell %.2fσ", z, worst)
	if err := checkPositionFair(tab, fairShuffles); err != nil {
		t.Errorf("Shuffle is not fair: %v", err)
	}
	// Every row and column sums to the number of shuffles (a sanity check
	// on the counting itself).
	for i := 0; i < card.PackSize; i++ {
		row, col := 0, 0
		for j := 0; j < card.PackSize; j++ {
			row += tab[i][j]
			col += tab[j][i]
		}
		if row != fairShuffles || col != fairShuffles {
			t.Fatalf("row/column %d sums to %d/%d, want %d", i, row, col, fairShuffles)
		}
	}
}

func TestShuffle_FairOrders(t *testing.T) {
	const n = 48000 // 2000 expected per order
	z, missing := permutationFairness(card.Shuffle, n, 0xcafe)
	t.Logf("Shuffle on 4 cards: chi-square z = %.2f, %d orders missing", z, missing)
	if err := checkPermutationFair(card.Shuffle, n, 0xcafe); err != nil {
		t.Errorf("Shuffle is not fair: %v", err)
	}
}

// TestFairnessChecks_RejectBiasedShuffles makes sure the statistics above can
// fail: run on known-bad shuffles, with the same sizes and bounds, they must
// reject them.
func TestFairnessChecks_RejectBiasedShuffles(t *testing.T) {
	for _, tt := range []struct {
		name    string
		shuffle shuffleFunc
	}{
		{"naive swap-with-any", naiveShuffle},
		{"Sattolo (off-by-one)", sattoloShuffle},
		{"loop stops early", shortLoopShuffle},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tab := positionTable(tt.shuffle, fairShuffles, 0x5eed)
			z, worst := positionFairness(tab, fairShuffles)
			t.Logf("chi-square z = %.1f, worst cell %.1fσ", z, worst)
			if err := checkPositionFair(tab, fairShuffles); err == nil {
				t.Errorf("position test accepted a biased shuffle (z = %.2f, worst %.2fσ)", z, worst)
			}
			// Each of these biases is large enough that the chi-square
			// statistic alone rejects it, not only the per-cell bound.
			if z <= zLimit {
				t.Errorf("chi-square z = %.2f, want > %.0f", z, zLimit)
			}
		})
	}

	for _, tt := range []struct {
		name    string
		shuffle shuffleFunc
	}{
		{"naive swap-with-any", naiveShuffle},
		{"Sattolo (off-by-one)", sattoloShuffle},
		{"cut at random", rotateShuffle},
	} {
		t.Run("orders/"+tt.name, func(t *testing.T) {
			if err := checkPermutationFair(tt.shuffle, 48000, 0xcafe); err == nil {
				z, missing := permutationFairness(tt.shuffle, 48000, 0xcafe)
				t.Errorf("order test accepted a biased shuffle (z = %.2f, %d missing)", z, missing)
			}
		})
	}
}
