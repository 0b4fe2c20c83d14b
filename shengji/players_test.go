package shengji

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"felt/card"
)

// The rules play no games themselves: the table (package table) and the
// computer players (shengji/sjbot) do. The tests play hands with these
// helpers.

// player chooses a seat's actions from its observations in the tests:
// while the cards are dealt ok false declines (for now); otherwise it
// must act.
type player interface {
	Act(o *Observation) (a Action, ok bool)
}

// board is what the tests play on: a Hand, or a Game, whose observations
// carry its hand number and levels.
type board interface {
	Observe(Seat, *Observation)
	Apply(Seat, Action) error
	Deal() error
}

// playStep takes one step of the hand h of board b (h itself, or a
// Game's current hand) with players, as the table does: while the cards
// are dealt, every seat that may declare is asked once, in seat order, and
// then a card is dealt; after the deal the seat in turn acts, and a
// player that declines its turn is an error.
func playStep(b board, h *Hand, players *[MaxSeats]player) error {
	if h.Phase() == DealPhase {
		for s := range Seat(h.players()) {
			if !h.ToAct().Has(s) {
				continue
			}
			var o Observation
			b.Observe(s, &o)
			if a, ok := players[s].Act(&o); ok {
				if err := b.Apply(s, a); err != nil {
					return err
				}
			}
		}
		return b.Deal()
	}
	s := h.Turn()
	var o Observation
	b.Observe(s, &o)
	a, ok := players[s].Act(&o)
	if !ok {
		return fmt.Errorf("seat %s declined in the %s phase", s, h.Phase())
	}
	return b.Apply(s, a)
}

// playHand plays the hand h of board b to its end with players (see
// playStep).
func playHand(b board, h *Hand, players [MaxSeats]player) error {
	for !h.Over() {
		if err := playStep(b, h, &players); err != nil {
			return err
		}
	}
	return nil
}

// randomPlayer picks uniformly at random among its legal actions: among
// its declarations with probability declareChance each time it may
// declare during the deal (among passing and its declarations after the
// deal), eight of its cards to bury, among its single-unit leads or, with
// probability throwChance, a random throw (two or more cards of one
// suit-group), and among its legal follows. (sjbot.Random, the computer
// level "random", plays so too; the rules' tests cannot import it.)
type randomPlayer struct {
	rng           *rand.Rand
	declareChance float64
	throwChance   float64
}

// newRandomPlayer returns a random player drawing from rng, declaring
// with probability 1/20 at each chance and throwing with probability 1/10.
func newRandomPlayer(rng *rand.Rand) *randomPlayer {
	return &randomPlayer{rng: rng, declareChance: 0.05, throwChance: 0.1}
}

// randomPlayers returns a random player for every seat of the largest
// table, seeded from seed.
func randomPlayers(seed uint64) [MaxSeats]player {
	var ps [MaxSeats]player
	for s := range ps {
		ps[s] = newRandomPlayer(rand.New(rand.NewPCG(seed, uint64(s))))
	}
	return ps
}

func (r *randomPlayer) Act(o *Observation) (Action, bool) {
	switch o.Phase {
	case DealPhase:
		if r.rng.Float64() >= r.declareChance {
			return Action{}, false
		}
		var buf [16]Action
		ds := o.AppendDeclarations(buf[:0])
		if len(ds) == 0 {
			return Action{}, false
		}
		return ds[r.rng.IntN(len(ds))], true
	case BidPhase:
		var buf [16]Action
		ds := append(o.AppendDeclarations(buf[:0]), PassAction())
		return ds[r.rng.IntN(len(ds))], true
	case BuryPhase:
		var buf [MaxHandSize + MaxKitty]card.Card
		cs := o.Hand.AppendCards(buf[:0])
		var m card.Multi
		for i := range o.Rules.KittySize() {
			j := i + r.rng.IntN(len(cs)-i)
			cs[i], cs[j] = cs[j], cs[i]
			_ = m.Add(cs[i])
		}
		return BuryAction(m), true
	case CallPhase:
		return CallAction(r.calls(o)...), true
	case PlayPhase:
		if o.Leading() && r.rng.Float64() < r.throwChance {
			if m, ok := r.throw(o); ok {
				return PlayAction(m), true
			}
		}
		n := o.CountPlays()
		if n == 0 {
			return Action{}, false
		}
		m, ok := o.NthPlay(r.rng.IntN(n))
		return PlayAction(m), ok
	}
	return Action{}, false
}

// throw draws a random throw: some of the hand's cards of a random
// suit-group it holds at least two of.
func (r *randomPlayer) throw(o *Observation) (card.Multi, bool) {
	ord := o.Trump.Order()
	var gs [NumGroups]Group
	n := 0
	for g := range Group(NumGroups) {
		if o.Hand.Within(ord.Faces(g)).Len() >= 2 {
			gs[n] = g
			n++
		}
	}
	if n == 0 {
		return card.Multi{}, false
	}
	var buf [MaxHandSize]card.Card
	cs := o.Hand.Within(ord.Faces(gs[r.rng.IntN(n)])).AppendCards(buf[:0])
	k := 2 + r.rng.IntN(len(cs)-1)
	var m card.Multi
	for i := range k {
		j := i + r.rng.IntN(len(cs)-i)
		cs[i], cs[j] = cs[j], cs[i]
		_ = m.Add(cs[i])
	}
	return m, true
}

// calls draws the banker's friend calls: each a random card of the 52
// that is not of the level rank (perhaps one the banker holds), with a
// random ordinal from 1 to the packs.
func (r *randomPlayer) calls(o *Observation) []Call {
	var cs []Call
	for len(cs) < o.Rules.Calls() {
		c := card.FromIndex(r.rng.IntN(card.PackSize))
		for c.Rank() == o.Level {
			c = card.FromIndex(r.rng.IntN(card.PackSize))
		}
		if call := (Call{Card: c, Ordinal: 1 + r.rng.IntN(o.Rules.Packs())}); !slices.Contains(cs, call) {
			cs = append(cs, call) // no copy called twice
		}
	}
	return cs
}
