package gin

import (
	"math/rand/v2"
	"testing"

	"felt/card"
)

func benchHands(n, size int) []card.Set {
	rng := rand.New(rand.NewPCG(7, 7))
	hs := make([]card.Set, n)
	for i := range hs {
		hs[i] = randomHand(rng, size, false)
	}
	return hs
}

func BenchmarkDeadwood10(b *testing.B) {
	hs := benchHands(4096, 10)
	i := 0
	sink := 0
	for b.Loop() {
		sink += Deadwood(hs[i&4095])
		i++
	}
	_ = sink
}

func BenchmarkBestDiscard11(b *testing.B) {
	hs := benchHands(4096, 11)
	i := 0
	sink := 0
	for b.Loop() {
		_, d := BestDiscard(hs[i&4095])
		sink += d
		i++
	}
	_ = sink
}

func BenchmarkMelds10(b *testing.B) {
	hs := benchHands(4096, 10)
	i := 0
	for b.Loop() {
		Melds(hs[i&4095])
		i++
	}
}
