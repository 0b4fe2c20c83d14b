package gin

import (
	"math/bits"
	"testing"

	"felt/card"
)

// TestValue_AceOneFacesTenCourtsTen: an ace counts 1, two to nine their face
// value, ten and the court cards 10, in every suit; the zero Card and the
// jokers, which are no card of a Gin Rummy pack, count 0.
func TestValue_AceOneFacesTenCourtsTen(t *testing.T) {
	want := map[card.Rank]int{
		card.Ace: 1, card.Two: 2, card.Three: 3, card.Four: 4, card.Five: 5,
		card.Six: 6, card.Seven: 7, card.Eight: 8, card.Nine: 9,
		card.Ten: 10, card.Jack: 10, card.Queen: 10, card.King: 10,
	}
	for s := card.Suit(0); s < card.NumSuits; s++ {
		for r, v := range want {
			c := card.New(r, s)
			if !c.IsValid() {
				t.Fatalf("New(%v, %v) is not a card", r, s)
			}
			if got := Value(c); got != v {
				t.Errorf("Value(%v) = %d, want %d", c, got, v)
			}
		}
	}
	for _, tt := range []struct {
		in   string
		want int
	}{{"AS", 1}, {"7H", 7}, {"9D", 9}, {"TC", 10}, {"10H", 10}, {"JS", 10}, {"QD", 10}, {"KH", 10}} {
		if got := Value(card.MustParse(tt.in)); got != tt.want {
			t.Errorf("Value(%s) = %d, want %d", tt.in, got, tt.want)
		}
	}
	for _, c := range []card.Card{0, card.SmallJoker, card.BigJoker} {
		if got := Value(c); got != 0 {
			t.Errorf("Value(%v) = %d, want 0", c, got)
		}
	}
	// Every byte that is not one of the 52 counts 0.
	for i := range 256 {
		if c := card.Card(i); !c.IsValid() && Value(c) != 0 {
			t.Errorf("Value(Card(%d)) = %d, want 0", i, Value(c))
		}
	}
}

// TestSum_AddsCardValues: the value of a set of cards is the sum of its
// cards' values; jokers add nothing.
func TestSum_AddsCardValues(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int
	}{
		{"", 0},
		{"AS", 1},
		{"7S 8S 9S", 24},
		{"AS AH AD AC", 4},
		{"TS JH QD KC", 40},
		{"9C TC", 19},
		{"AS 2H 3D 4C 5S 6H 7D 8C 9S TH", 55},
		{"KS KH KD KC QS", 50},
		{"AS 7H TD QC KC", 38},
	} {
		if got := Sum(card.MustParseSet(tt.in)); got != tt.want {
			t.Errorf("Sum(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
	// The full pack: each suit is 1+…+9 + 4*10 = 85.
	if got := Sum(card.FullSet); got != 4*85 {
		t.Errorf("Sum(FullSet) = %d, want 340", got)
	}
	kh := card.MustParseSet("KH AS")
	if got := Sum(kh | card.Jokers); got != 11 {
		t.Errorf("Sum(KH AS SJ BJ) = %d, want 11: jokers count nothing", got)
	}
	// Sum agrees with adding Value card by card for the set of every k-th
	// card of the pack.
	for k := 1; k <= 7; k++ {
		var s card.Set
		sum := 0
		for i, x := range card.Pack() {
			if i%k == 0 {
				s = s.Add(x)
				sum += Value(x)
			}
		}
		if Sum(s) != sum {
			t.Errorf("every %d-th card: Sum %d, want %d", k, Sum(s), sum)
		}
	}
}

// TestMaskValue: the value of a suit's 13-bit rank mask, the solver's
// tables' source, on a table and against the rank values bit by bit for
// every mask.
func TestMaskValue(t *testing.T) {
	for _, tt := range []struct {
		m    uint16
		want int
	}{
		{0, 0},
		{1, 1},             // ace
		{1 << 8, 9},        // nine
		{1 << 9, 10},       // ten
		{1 << 12, 10},      // king
		{0x1FFF, 85},       // whole suit
		{0b111, 1 + 2 + 3}, // A 2 3
	} {
		if got := maskValue(tt.m); got != tt.want {
			t.Errorf("maskValue(%#b) = %d, want %d", tt.m, got, tt.want)
		}
	}
	for m := range maskCount {
		want := 0
		for x := uint16(m); x != 0; x &= x - 1 {
			want += Value(card.New(card.Rank(bits.TrailingZeros16(x)+1), card.Spades))
		}
		if got := maskValue(uint16(m)); got != want || int(maskVal[m]) != want {
			t.Errorf("mask %#b: maskValue %d, table %d, want %d", m, got, maskVal[m], want)
		}
	}
}
