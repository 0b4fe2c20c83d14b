package sjbot

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"felt/card"
	"felt/shengji"
)

// The players play no games themselves: the table does (games/shengji,
// which this package's own tests cannot import, being below it). The
// tests that need the players' observations play hands with playHand.

// actor is a player, or a test's wrapper of one.
type actor interface {
	Act(o *shengji.Observation) (shengji.Action, bool)
}

// board is what the tests play on: a Hand, or a Game, whose observations
// carry its hand number and levels.
type board interface {
	Observe(shengji.Seat, *shengji.Observation)
	Apply(shengji.Seat, shengji.Action) error
	Deal() error
}

// playHand plays the hand h of board b (h itself, or a Game's current
// hand) to its end with players, one a seat, as the table does: while the cards are
// dealt, every seat that may declare is asked once before each card, in
// seat order; after the deal the seat in turn acts, and a player that
// declines its turn is an error.
func playHand(b board, h *shengji.Hand, players []actor) error {
	for !h.Over() {
		if h.Phase() == shengji.DealPhase {
			for s := range shengji.Seat(len(players)) {
				if !h.ToAct().Has(s) {
					continue
				}
				var o shengji.Observation
				b.Observe(s, &o)
				if a, ok := players[s].Act(&o); ok {
					if err := b.Apply(s, a); err != nil {
						return err
					}
				}
			}
			if err := b.Deal(); err != nil {
				return err
			}
			continue
		}
		s := h.Turn()
		var o shengji.Observation
		b.Observe(s, &o)
		a, ok := players[s].Act(&o)
		if !ok {
			return fmt.Errorf("seat %s declined in the %s phase", s, h.Phase())
		}
		if err := b.Apply(s, a); err != nil {
			return err
		}
	}
	return nil
}

// greedyHand deals a standard hand from seed (the deck drawn from stream
// stream of it) with dealer dealing and the banker, and a Greedy player
// for every seat, each seeded with seed and its seat.
func greedyHand(t testing.TB, seed, stream uint64, dealer shengji.Seat) (*shengji.Hand, []actor) {
	t.Helper()
	deck, err := card.ShuffledPacks(rand.New(rand.NewPCG(seed, stream)), 2, true)
	if err != nil {
		t.Fatal(err)
	}
	h, err := shengji.NewHand(shengji.Standard(), deck, dealer, dealer, card.Two)
	if err != nil {
		t.Fatal(err)
	}
	ps := make([]actor, shengji.NumSeats)
	for s := range ps {
		ps[s] = NewGreedy(rand.New(rand.NewPCG(seed, uint64(s))))
	}
	return &h, ps
}
