package card

import (
	"fmt"
	"math/rand/v2"
)

// MaxPacks is the largest number of packs Packs puts together.
const MaxPacks = 8

// Packs returns n packs one after the other, each in Pack's order followed,
// with jokers, by the small and the big joker: 52n or 54n cards. It refuses n
// outside [1, MaxPacks].
func Packs(n int, jokers bool) ([]Card, error) {
	if n < 1 || n > MaxPacks {
		return nil, fmt.Errorf("card: %d packs, want 1 to %d", n, MaxPacks)
	}
	size := PackSize
	if jokers {
		size = NumFaces
	}
	out := make([]Card, 0, n*size)
	for range n {
		out = append(out, Pack()...)
		if jokers {
			out = append(out, SmallJoker, BigJoker)
		}
	}
	return out, nil
}

// ShuffledPacks returns Packs(n, jokers) shuffled with rng by Shuffle, so the
// same seed gives the same order.
func ShuffledPacks(rng *rand.Rand, n int, jokers bool) ([]Card, error) {
	p, err := Packs(n, jokers)
	if err != nil {
		return nil, err
	}
	Shuffle(rng, p)
	return p, nil
}
