package arena

import (
	"math/rand/v2"
	"testing"

	"felt/program"
)

// The arena's seeds come from seed.Mix, which can be undone: these
// functions are the attack issue 18 reproduced, recovering a match seed
// from the seed PlayerSeed gives a player.

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

// TestProgramSeedRevealsNoDeal: from the seed PlayerSeed gives (which
// the start line carried before issue 18) the attack recovers the match
// seed, and so every deal; from the seed the start line carries now
// (program.StartSeed of it, SHA-256) it recovers nothing of the match.
func TestProgramSeedRevealsNoDeal(t *testing.T) {
	r := rand.New(rand.NewPCG(18, 4))
	found, maxCandidates := 0, 0
	const matches = 300
	for range matches {
		match, i, slot := r.Uint64(), r.IntN(1000), r.IntN(2)
		old := PlayerSeed(match, i, slot)
		ms := recoverMatch(old, uint64(i), 2, uint64(slot))
		maxCandidates = max(maxCandidates, len(ms))
		for _, m := range ms {
			if m == match {
				found++
				break
			}
		}
		given := program.StartSeed(old)
		if given == old {
			t.Fatalf("match %d, game %d: the start line's seed is PlayerSeed's", match, i)
		}
		for _, m := range recoverMatch(given, uint64(i), 2, uint64(slot)) {
			if m == match || DealSeed(m, i) == DealSeed(match, i) {
				t.Fatalf("match %d, game %d: the start line's seed %d gives away the match seed", match, i, given)
			}
		}
	}
	// The attack works on Mix: the test has teeth.
	if found != matches {
		t.Fatalf("the attack on Mix recovered %d match seeds of %d", found, matches)
	}
	t.Logf("from PlayerSeed the attack recovers every match seed, among at most %d candidates; from the start line's seed, none", maxCandidates)
}
