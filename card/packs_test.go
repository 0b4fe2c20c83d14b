package card_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"felt/card"
)

func TestPacks_TwoPacksWithJokersAre108Cards(t *testing.T) {
	p, err := card.Packs(2, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(p) != 108 {
		t.Fatalf("%d cards, want 108", len(p))
	}
	m, err := card.MultiOf(p...)
	if err != nil {
		t.Fatalf("two packs do not make a multiset: %v", err)
	}
	if m != card.Double(card.AllFaces) {
		t.Errorf("two packs with jokers = %v, want every face twice", m)
	}
	want := append(faces54(), faces54()...)
	if !slices.Equal(p, want) {
		t.Errorf("order: %v", p)
	}
}

func TestPacks_WithoutJokersRepeatThePack(t *testing.T) {
	for n := 1; n <= card.MaxPacks; n++ {
		p, err := card.Packs(n, false)
		if err != nil || len(p) != 52*n {
			t.Fatalf("Packs(%d, false): %d cards, %v", n, len(p), err)
		}
		for i := range n {
			if !slices.Equal(p[52*i:52*i+52], card.Pack()) {
				t.Errorf("Packs(%d, false): pack %d out of order", n, i)
			}
		}
	}
	one, _ := card.Packs(1, true)
	if len(one) != 54 || one[52] != card.SmallJoker || one[53] != card.BigJoker {
		t.Errorf("Packs(1, true) = %v", one)
	}
}

func TestPacks_RefusesBadCounts(t *testing.T) {
	for _, n := range []int{-1, 0, card.MaxPacks + 1, 1 << 40} {
		if p, err := card.Packs(n, true); err == nil || p != nil {
			t.Errorf("Packs(%d) = %d cards, %v; want an error", n, len(p), err)
		}
		if p, err := card.ShuffledPacks(rand.New(rand.NewPCG(1, 1)), n, false); err == nil || p != nil {
			t.Errorf("ShuffledPacks(%d) = %d cards, %v; want an error", n, len(p), err)
		}
	}
}

// TestShuffledPacks_SameShuffleAsShuffle: a pack of packs is dealt from the
// same seeded Fisher–Yates shuffle as a single pack: same seed, same order,
// and the cards are a permutation of Packs.
func TestShuffledPacks_SameShuffleAsShuffle(t *testing.T) {
	a, err := card.ShuffledPacks(rand.New(rand.NewPCG(7, 8)), 2, true)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := card.Packs(2, true)
	card.Shuffle(rand.New(rand.NewPCG(7, 8)), b)
	if !slices.Equal(a, b) {
		t.Fatal("ShuffledPacks differs from Shuffle of Packs with the same seed")
	}
	c, _ := card.ShuffledPacks(rand.New(rand.NewPCG(7, 9)), 2, true)
	if slices.Equal(a, c) {
		t.Error("different seeds gave the same order")
	}
	m, err := card.MultiOf(a...)
	if err != nil || m != card.Double(card.AllFaces) {
		t.Errorf("shuffled packs are not a permutation: %v", err)
	}
	hands, kitty, err := card.Deal(a, 4, 25)
	if err != nil || len(kitty) != 8 {
		t.Fatalf("deal 4x25 from 108: kitty %d, %v", len(kitty), err)
	}
	for i, h := range hands {
		if len(h) != 25 || h[0] != a[i] {
			t.Errorf("hand %d: %d cards, first %v, want one at a time from the top", i, len(h), h[0])
		}
	}
}
