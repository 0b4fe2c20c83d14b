package gin

import (
	"math/bits"

	"felt/card"
)

// Value returns the card's deadwood value: ace 1, two to nine their face
// value, ten, jack, queen and king 10. Anything that is not one of the 52
// cards (the zero Card, a joker) is worth 0.
func Value(c card.Card) int {
	if !c.IsValid() {
		return 0
	}
	return min(int(c.Rank()), 10)
}

// Sum returns the total deadwood value of the cards of s: the sum of their
// Values. Jokers count nothing.
func Sum(s card.Set) int { return splitSet(s).value() }

// maskValue returns the deadwood value of a 13-bit rank mask (bit rank-1 for
// each rank present). The solver's tables are built from it.
func maskValue(m uint16) int {
	low := uint32(m & 0x1FF) // ace..nine
	v := 10 * bits.OnesCount16(m>>9&0xF)
	for low != 0 {
		i := bits.TrailingZeros32(low)
		v += i + 1
		low &= low - 1
	}
	return v
}
