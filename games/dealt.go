package games

import (
	"fmt"
	"math/rand/v2"
)

// HandGame is what Dealt needs of a rules engine's game: whether it is
// over, and the number of the hand being played (0 before the first).
type HandGame interface {
	Over() bool
	HandNumber() int
}

// Dealt is the core of a table engine for a card game played hand by
// hand, each hand dealt from the table's seed: the rules engine's game
// (G, a pointer) and the seed. Hand h's deal is drawn from a stream of its
// own (HandRand), so that replay draws any hand's deal again without
// drawing the hands before it, and a deal record is of the next hand
// only (Due). Both games' table engines embed it.
type Dealt[G HandGame] struct {
	g    G
	seed uint64
}

// NewDealt returns the core of an engine of game g at a table with this
// seed.
func NewDealt[G HandGame](g G, seed uint64) Dealt[G] { return Dealt[G]{g: g, seed: seed} }

// Game returns the game: the full state, for whoever runs the table.
func (d *Dealt[G]) Game() G { return d.g }

// Seed returns the table's seed.
func (d *Dealt[G]) Seed() uint64 { return d.seed }

// Over reports whether the game is over.
func (d *Dealt[G]) Over() bool { return d.g.Over() }

// HandRand returns the stream hand's deal is drawn from.
func (d *Dealt[G]) HandRand(hand int) *rand.Rand {
	return rand.New(rand.NewPCG(d.seed, uint64(hand)))
}

// Due refuses a deal record of hand unless it is the next hand; game
// names the game in the error.
func (d *Dealt[G]) Due(game string, hand int) error {
	if next := d.g.HandNumber() + 1; hand != next {
		return fmt.Errorf("%s: deal of hand %d where hand %d is due", game, hand, next)
	}
	return nil
}
