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
const hardGolden = 0x1521294a624824b3

// hardGoldenShort is the digest of the first raceGames of those games,
// which is all the test plays under the race detector (hard is slow
// there, and plays in one goroutine).
const hardGoldenShort = 0xc077f622f91b9c36

// raceGames is how many of the pinned games TestHard_PlaysAsPinned plays
// under the race detector.
const raceGames = 10

// hardV1Golden is hard-v1's digest over the same games. It is the digest
// hard had when it was frozen as hard-v1, and must never change.
const hardV1Golden = 0x226d60e627e8b4d1

// TestHard_PlaysAsPinned plays hard (with its default settings) against
// simple on fixed seeds and compares every action with the pinned
// digests: of the first raceGames games (hardGoldenShort) and of all
// digestGames (hardGolden), which under the race detector it does not
// play.
func TestHard_PlaysAsPinned(t *testing.T) {
	games := digestGames
	if raceEnabled {
		games = raceGames
	}
	got := playDigests(t, func(s uint64) Player { return NewHard(gin.NewRand(s)) }, games)
	if d := got[raceGames-1]; d != hardGoldenShort {
		t.Errorf("hard's play digest over %d games %#x, want %#x: hard plays differently", raceGames, d, uint64(hardGoldenShort))
	}
	if d := got[len(got)-1]; len(got) == digestGames && d != hardGolden {
		t.Errorf("hard's play digest over %d games %#x, want %#x: hard plays differently", digestGames, d, uint64(hardGolden))
	}
}

// TestHardV1_PlaysAsPinned: hard-v1 plays exactly as hard did when it was
// frozen, whatever has changed in hard since.
func TestHardV1_PlaysAsPinned(t *testing.T) {
	got := playDigests(t, func(s uint64) Player { return NewHardV1(gin.NewRand(s)) }, digestGames)
	if got := got[digestGames-1]; got != hardV1Golden {
		t.Errorf("hard-v1's play digest %#x, want %#x: hard-v1 plays differently", got, uint64(hardV1Golden))
	}
}

// digestGames is how many games the pinned digests are over.
const digestGames = 40

// playDigests plays the player made by mk against simple in the first
// games of the digestGames games on fixed seeds and returns, after each
// game, the digest of every action so far.
func playDigests(t *testing.T, mk func(seed uint64) Player, games int) []uint64 {
	h := fnv.New64a()
	var sums []uint64
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
		sums = append(sums, h.Sum64())
	}
	return sums
}
