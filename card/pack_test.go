package card_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"felt/card"
)

func TestPack_FixedOrderAll52Distinct(t *testing.T) {
	p := card.Pack()
	if len(p) != card.PackSize || card.PackSize != 52 {
		t.Fatalf("Pack has %d cards, PackSize %d; want 52", len(p), card.PackSize)
	}
	for i, x := range p {
		if !x.IsValid() {
			t.Errorf("Pack[%d] = %d is not a card", i, uint8(x))
		}
		if x.Index() != i {
			t.Errorf("Pack[%d] = %v has Index %d (want spades A–K, then hearts, diamonds, clubs)", i, x, x.Index())
		}
	}
	if card.SetOf(p...) != card.FullSet {
		t.Errorf("Pack is not the full set")
	}
	if p[0] != card.MustParse("AS") || p[12] != card.MustParse("KS") || p[13] != card.MustParse("AH") || p[51] != card.MustParse("KC") {
		t.Errorf("Pack order: %v", p)
	}
	// Each call returns a fresh slice.
	q := card.Pack()
	q[0] = 0
	if card.Pack()[0] != card.MustParse("AS") {
		t.Error("Pack returns shared storage")
	}
}

func TestShuffle_IsAPermutation(t *testing.T) {
	for seed := uint64(0); seed < 50; seed++ {
		p := card.Shuffled(rand.New(rand.NewPCG(seed, 1)))
		if len(p) != 52 {
			t.Fatalf("seed %d: %d cards", seed, len(p))
		}
		if card.SetOf(p...) != card.FullSet {
			t.Fatalf("seed %d: shuffled pack is not the 52 cards: %v", seed, p)
		}
	}
	// Shuffle works on any slice, including short ones.
	rng := rand.New(rand.NewPCG(3, 4))
	card.Shuffle(rng, nil)
	one := []card.Card{card.MustParse("7S")}
	card.Shuffle(rng, one)
	if one[0] != card.MustParse("7S") {
		t.Errorf("shuffling one card changed it to %v", one[0])
	}
	hand := cards(t, "AS 2S 3S 4S 5S")
	card.Shuffle(rng, hand)
	if card.SetOf(hand...) != card.MustParseSet("AS 2S 3S 4S 5S") || len(hand) != 5 {
		t.Errorf("shuffled hand %v lost or gained cards", hand)
	}
}

func TestShuffle_SameSeedSameOrder(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		a := card.Shuffled(rand.New(rand.NewPCG(seed, 99)))
		b := card.Shuffled(rand.New(rand.NewPCG(seed, 99)))
		if !slices.Equal(a, b) {
			t.Errorf("seed %d gave two orders:\n%v\n%v", seed, a, b)
		}
		// Shuffle on a Pack with the same seed agrees with Shuffled.
		c := card.Pack()
		card.Shuffle(rand.New(rand.NewPCG(seed, 99)), c)
		if !slices.Equal(a, c) {
			t.Errorf("seed %d: Shuffle(Pack) %v != Shuffled %v", seed, c, a)
		}
	}
}

func TestShuffle_DifferentSeedsDifferentOrders(t *testing.T) {
	seen := make(map[string]uint64)
	for seed := uint64(0); seed < 2000; seed++ {
		k := card.Format(card.Shuffled(rand.New(rand.NewPCG(seed, 7))))
		if prev, ok := seen[k]; ok {
			t.Fatalf("seeds %d and %d gave the same order %s", prev, seed, k)
		}
		seen[k] = seed
	}
	// The second PCG word counts too.
	a := card.Shuffled(rand.New(rand.NewPCG(1, 2)))
	b := card.Shuffled(rand.New(rand.NewPCG(1, 3)))
	if slices.Equal(a, b) {
		t.Error("PCG(1,2) and PCG(1,3) gave the same order")
	}
	// A shuffle actually moves cards: the identity order is (almost) never kept.
	if slices.Equal(a, card.Pack()) || slices.Equal(b, card.Pack()) {
		t.Error("shuffled pack is in Pack order")
	}
}

func TestShuffled_ReturnsFreshSlice(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	a := card.Shuffled(rng)
	b := card.Shuffled(rng)
	if slices.Equal(a, b) {
		t.Error("two successive Shuffled calls on one rng gave the same order")
	}
	a[0] = 0
	if b[0] == 0 || card.Pack()[0] == 0 {
		t.Error("Shuffled slices share storage")
	}
}

func TestDeal_OneAtATimeInTurn(t *testing.T) {
	pack := card.Pack()
	hands, rest, err := card.Deal(pack, 2, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(hands) != 2 {
		t.Fatalf("%d hands, want 2", len(hands))
	}
	// Hand 0 gets cards 0, 2, 4, …; hand 1 gets 1, 3, 5, ….
	for h := 0; h < 2; h++ {
		if len(hands[h]) != 10 {
			t.Fatalf("hand %d has %d cards", h, len(hands[h]))
		}
		for i, x := range hands[h] {
			if want := pack[2*i+h]; x != want {
				t.Errorf("hand %d card %d = %v, want %v", h, i, x, want)
			}
		}
	}
	if want := pack[20:]; !slices.Equal(rest, want) {
		t.Errorf("rest = %v, want %v", rest, want)
	}
	// Gin deal: the 21st card (the upcard) is the first of the rest.
	if rest[0] != pack[20] || len(rest) != 32 {
		t.Errorf("rest starts %v with %d cards, want %v with 32", rest[0], len(rest), pack[20])
	}

	// Three players, three cards each, from a shuffled pack.
	deck := card.Shuffled(rand.New(rand.NewPCG(11, 12)))
	hands, rest, err = card.Deal(deck, 3, 3)
	if err != nil {
		t.Fatal(err)
	}
	for h := 0; h < 3; h++ {
		want := []card.Card{deck[h], deck[h+3], deck[h+6]}
		if !slices.Equal(hands[h], want) {
			t.Errorf("hand %d = %v, want %v", h, hands[h], want)
		}
	}
	if !slices.Equal(rest, deck[9:]) {
		t.Errorf("rest = %v, want %v", rest, deck[9:])
	}
	// Nothing is lost or duplicated.
	all := slices.Concat(hands[0], hands[1], hands[2], rest)
	if len(all) != 52 || card.SetOf(all...) != card.FullSet {
		t.Errorf("hands+rest = %d cards, not the full pack", len(all))
	}
}

func TestDeal_EdgeCounts(t *testing.T) {
	pack := card.Pack()
	// Zero cards each: empty hands, everything left.
	hands, rest, err := card.Deal(pack, 2, 0)
	if err != nil || len(hands) != 2 || len(hands[0]) != 0 || len(hands[1]) != 0 || len(rest) != 52 {
		t.Errorf("Deal(2, 0) = %v, %d left, %v", hands, len(rest), err)
	}
	// Exactly enough: 4 × 13.
	hands, rest, err = card.Deal(pack, 4, 13)
	if err != nil || len(rest) != 0 {
		t.Fatalf("Deal(4, 13) = %d left, %v", len(rest), err)
	}
	for h := range hands {
		if len(hands[h]) != 13 {
			t.Errorf("hand %d has %d cards", h, len(hands[h]))
		}
	}
	// One player takes cards in order.
	hands, rest, err = card.Deal(pack[:5], 1, 5)
	if err != nil || !slices.Equal(hands[0], pack[:5]) || len(rest) != 0 {
		t.Errorf("Deal(1, 5) = %v, %v, %v", hands, rest, err)
	}
}

func TestDeal_ErrorsWhenNotEnoughCards(t *testing.T) {
	pack := card.Pack()
	for _, tt := range []struct {
		name       string
		cards      []card.Card
		players, n int
	}{
		{"2x27 from 52", pack, 2, 27},
		{"4x14 from 52", pack, 4, 14},
		{"53x1 from 52", pack, 53, 1},
		{"2x10 from 19", pack[:19], 2, 10},
		{"1x1 from none", nil, 1, 1},
		{"no players", pack, 0, 10},
		{"negative players", pack, -1, 10},
		{"negative count", pack, 2, -1},
		// players*n overflows int: must still be refused, not panic.
		{"overflowing count", pack, 2, math.MaxInt/2 + 1},
		{"overflowing players", pack, math.MaxInt/2 + 1, 2},
		{"huge both", pack, math.MaxInt, math.MaxInt},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var (
				hands [][]card.Card
				rest  []card.Card
				err   error
			)
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("Deal panicked: %v", r)
					}
				}()
				hands, rest, err = card.Deal(tt.cards, tt.players, tt.n)
			}()
			if err == nil {
				t.Fatalf("Deal(%d cards, %d, %d) = %v, %v; want an error", len(tt.cards), tt.players, tt.n, hands, rest)
			}
			if hands != nil || rest != nil {
				t.Errorf("Deal returned hands %v rest %v with its error", hands, rest)
			}
		})
	}
	_, _, err := card.Deal(pack, 2, 27)
	if err == nil || !strings.Contains(err.Error(), "not enough") {
		t.Errorf("Deal(2, 27) error %v does not say there are not enough cards", err)
	}
	if errors.Is(err, card.ErrDuplicate) || errors.Is(err, card.ErrInvalidCard) {
		t.Errorf("Deal error %v claims an unrelated sentinel", err)
	}
}
