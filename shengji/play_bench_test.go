package shengji

import (
	"math/rand/v2"
	"testing"

	"felt/card"
)

// BenchmarkHand_RandomPlayers plays whole hands (deal with declarations, kitty, all
// the tricks, scoring) by four random legal players, on one core.
func BenchmarkHand_RandomPlayers(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	var players [NumSeats]Player
	for s := range players {
		players[s] = NewRandom(rand.New(rand.NewPCG(uint64(s), 3)))
	}
	deck, _ := card.Packs(2, true)
	b.ReportAllocs()
	for b.Loop() {
		card.Shuffle(rng, deck)
		h, err := NewHand(Standard(), deck, 0, NoSeat, card.Two)
		if err != nil {
			b.Fatal(err)
		}
		if err := h.Play(players); err != nil {
			b.Fatal(err)
		}
	}
}
