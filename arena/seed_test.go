package arena

import (
	"math/rand/v2"
	"testing"

	"felt/games"
	"felt/program"
	"felt/table"
)

// The seeds of a match's players come from seed.Mix (games.Game.SeatSeed),
// which can be undone: these functions are the attack issue 18
// reproduced, recovering a match seed from a player's seed.

const golden = 0x9E3779B97F4A7C15

// unfinalize inverts the SplitMix64 finalizer of seed.Mix.
func unfinalize(z uint64) uint64 {
	z ^= z>>31 ^ z>>62
	z *= 0x319642b2d24d8ec3 // the inverse of 0x94D049BB133111EB
	z ^= z>>27 ^ z>>54
	z *= 0x96de1b173f119089 // the inverse of 0xBF58476D1CE4E5B9
	z ^= z>>30 ^ z>>60
	return z
}

// unfold returns every h with h ^ (x + golden + h<<6 + h>>2) == p: bit k
// of the left side depends on h's bits up to k+2 only, so the two lowest
// bits are guessed and each higher one follows.
func unfold(p, x uint64) []uint64 {
	g := func(h uint64) uint64 { return h ^ (x + golden + h<<6 + h>>2) }
	var hs []uint64
	for low := range uint64(4) {
		h := low
		for k := range 62 {
			if (g(h)^p)>>k&1 != 0 {
				h ^= 1 << (k + 2)
			}
		}
		if g(h) == p {
			hs = append(hs, h)
		}
	}
	return hs
}

// recoverMatch returns every match seed m with seed.Mix(m, xs...) == s.
func recoverMatch(s uint64, xs ...uint64) []uint64 {
	hs := []uint64{s}
	for i := len(xs) - 1; i >= 0; i-- {
		var prev []uint64
		for _, h := range hs {
			prev = append(prev, unfold(unfinalize(h), xs[i])...)
		}
		hs = prev
	}
	var ms []uint64
	g := uint64(golden)
	for _, h := range hs {
		// h = finalize(golden ^ (m + golden + golden<<6 + golden>>2))
		ms = append(ms, (unfinalize(h)^g)-(g+g<<6+g>>2))
	}
	return ms
}

// TestProgramSeedRevealsNoDeal: for every registered game, from the seed
// SeatSeed gives a seat's player (which the start line carried before
// issue 18) the attack recovers the match seed, and so every deal,
// guessing only the last of Mix's inputs (a seat or a side, 0 to 3); from
// the seed the start line carries now (program.StartSeed of it, SHA-256)
// it recovers nothing of the match, whatever it guesses.
func TestProgramSeedRevealsNoDeal(t *testing.T) {
	for _, g := range games.All() {
		t.Run(g.About().Name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(18, 4))
			seats := g.About().Seats[0]
			found, maxCandidates := 0, 0
			const matches = 300
			for range matches {
				match, i, s := r.Uint64(), r.IntN(1000), table.Seat(r.IntN(seats))
				side := 1
				if ASeats(i, seats).Has(s) {
					side = 0
				}
				old := g.SeatSeed(match, i, s, side)
				hit := false
				for k := range uint64(4) {
					ms := recoverMatch(old, uint64(i), 2, k)
					maxCandidates = max(maxCandidates, len(ms))
					for _, m := range ms {
						hit = hit || m == match
					}
				}
				if hit {
					found++
				}
				given := program.StartSeed(old)
				if given == old {
					t.Fatalf("match %d, game %d: the start line's seed is SeatSeed's", match, i)
				}
				for k := range uint64(4) {
					for _, m := range recoverMatch(given, uint64(i), 2, k) {
						if m == match || DealSeed(m, i) == DealSeed(match, i) {
							t.Fatalf("match %d, game %d: the start line's seed %d gives away the match seed", match, i, given)
						}
					}
				}
			}
			// The attack works on the seeds SeatSeed makes: the test has teeth.
			if found != matches {
				t.Fatalf("the attack on SeatSeed recovered %d match seeds of %d", found, matches)
			}
			t.Logf("from SeatSeed the attack recovers every match seed, among at most %d candidates; from the start line's seed, none", maxCandidates)
		})
	}
}
