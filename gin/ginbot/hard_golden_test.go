package ginbot

import (
	"fmt"
	"hash/fnv"
	"testing"

	"felt/gin"
)

// hardGolden is the digest of every action of the games in
// TestHard_PlaysAsPinned. It changes only when the hard player's play
// changes; a tidy-up must leave it alone.
const hardGolden = 0xae63d81ba7b2b47a

// hardV1Golden is hard-v1's digest over the same games. It is the digest
// hard had when it was frozen as hard-v1, and must never change.
const hardV1Golden = 0x226d60e627e8b4d1

// TestHard_PlaysAsPinned plays hard (with its default settings) against
// simple on fixed seeds and compares every action with the pinned digest.
func TestHard_PlaysAsPinned(t *testing.T) {
	if got := playDigest(t, func(s uint64) Player { return NewHard(gin.NewRand(s)) }); got != hardGolden {
		t.Errorf("hard's play digest %#x, want %#x: hard plays differently", got, uint64(hardGolden))
	}
}

// TestHardV1_PlaysAsPinned: hard-v1 plays exactly as hard did when it was
// frozen, whatever has changed in hard since.
func TestHardV1_PlaysAsPinned(t *testing.T) {
	if got := playDigest(t, func(s uint64) Player { return NewHardV1(gin.NewRand(s)) }); got != hardV1Golden {
		t.Errorf("hard-v1's play digest %#x, want %#x: hard-v1 plays differently", got, uint64(hardV1Golden))
	}
}

// playDigest plays the player made by mk against simple in 40 games on
// fixed seeds and returns the digest of every action.
func playDigest(t *testing.T, mk func(seed uint64) Player) uint64 {
	const games = 40
	h := fnv.New64a()
	for i := range games {
		g, err := gin.NewGame(gin.EAAI(), gin.NewRand(uint64(9000+i/2)))
		if err != nil {
			t.Fatal(err)
		}
		me := gin.Seat(i % 2)
		var players [2]Player
		players[me] = mk(uint64(i))
		players[me.Other()] = NewSimple(gin.NewRand(uint64(i) + 500))
		for !g.Over() {
			hand := g.Hand()
			if hand.Over() {
				if err := g.NextHand(); err != nil {
					t.Fatal(err)
				}
				continue
			}
			seat := hand.Turn()
			obs := g.Observe(seat)
			a := players[seat].Act(&obs)
			if err := g.Apply(seat, a); err != nil {
				t.Fatalf("game %d: %s chose %s: %v", i, players[seat].Name(), a, err)
			}
			fmt.Fprintf(h, "%d %d %d\n", seat, a.Kind, a.Card)
		}
	}
	return h.Sum64()
}
