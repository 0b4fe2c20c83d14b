package sjbot

import (
	"math/rand/v2"
	"testing"

	"felt/card"
	"felt/shengji"
)

// TestHard_BuryCandidates: every burial compared is eight of the hand's
// cards, Greedy's first, none twice.
func TestHard_BuryCandidates(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	deck := card.Double(card.AllFaces).Cards()
	for range 500 {
		card.Shuffle(rng, deck)
		var hand card.Multi
		for _, c := range deck[:shengji.HandSize+shengji.KittySize] {
			_ = hand.Add(c)
		}
		ord := shengji.Trump{Suit: card.Suit(rng.IntN(5)), Level: card.Rank(1 + rng.IntN(13))}.Order()
		cs := buryCandidates(ord, hand, shengji.KittySize)
		if len(cs) == 0 || cs[0] != bury(ord, hand, shengji.KittySize) {
			t.Fatalf("candidates %v do not start with greedy's burial", cs)
		}
		for i, c := range cs {
			if c.Len() != shengji.KittySize || !hand.Contains(c) {
				t.Fatalf("candidate %s is not eight cards of %s", c, hand)
			}
			for _, d := range cs[:i] {
				if c == d {
					t.Fatalf("candidate %s twice", c)
				}
			}
		}
	}
}
