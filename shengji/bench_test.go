package shengji

import (
	"testing"

	"felt/card"
)

// benchFollow checks one follow out of a 25-card hand over and over.
func benchFollow(b *testing.B, lead, hand, play string) {
	o := order(b, "S", "2")
	l, h, p := multi(b, lead), multi(b, hand), multi(b, play)
	_ = o.CheckFollow(l, h, p)
	b.ReportAllocs()
	for b.Loop() {
		_ = o.CheckFollow(l, h, p)
	}
}

const benchHand = "3H 3H 4H 5H 6H 6H 7H 9H TH TH QH AH 3D 5D 9D KD 4C 4C 8C JC AS 3S 2H SJ BJ"

func BenchmarkCheckFollow_Single(b *testing.B) {
	benchFollow(b, "KH", benchHand, "AH")
}

func BenchmarkCheckFollow_Pair(b *testing.B) {
	benchFollow(b, "KH KH", benchHand, "TH TH")
}

func BenchmarkCheckFollow_Tractor(b *testing.B) {
	benchFollow(b, "8H 8H 9H 9H", benchHand, "3H 3H 6H 6H")
}

func BenchmarkCheckFollow_Throw(b *testing.B) {
	benchFollow(b, "QH QH KH KH 8H", benchHand, "3H 3H 6H 6H 4H")
}

func BenchmarkSplit(b *testing.B) {
	o := order(b, "S", "2")
	h := card.MustParseMulti(benchHand)
	b.ReportAllocs()
	for b.Loop() {
		_ = o.Split(h)
	}
}
