package shengji

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"felt/card"
)

// Player chooses a seat's actions from its observations.
type Player interface {
	// Act returns the action of o.Seat. While the cards are dealt it is
	// asked whenever it may declare, and ok false declines (for now);
	// otherwise it must act.
	Act(o *Observation) (a Action, ok bool)
}

// table is what the drivers play on: a Hand, a Game or a Recorder.
type table interface {
	current() *Hand
	Deal() error
	Apply(Seat, Action) error
	observe(Seat, *Observation)
}

func (h *Hand) current() *Hand { return h }

func (g *Game) current() *Hand { return &g.hand }

func (g *Game) observe(s Seat, o *Observation) {
	g.hand.observe(s, o)
	o.HandNumber, o.Levels = g.handNo, g.levels
}

// ErrNoAction is returned when a player declines to act in its turn.
var ErrNoAction = errors.New("no action where one is due")

// drive plays the current hand to its end with players: while the cards are
// dealt, before each card every seat that may declare is asked once, in
// turn order from seat 0 (from the seat after the last declaration shown at
// this card, in a resumed game, so that resuming asks as the original game
// did); after the deal, the seat in turn acts. A refused action stops the
// hand with its error.
func drive(t table, players *[NumSeats]Player) error {
	h := t.current()
	o := new(Observation) // one for every decision: players get a pointer
	for !h.Over() {
		if h.Phase() == DealPhase {
			act := h.ToAct()
			// each seat is asked once a card; if some seat has declared
			// at this card already (a resumed game), the seats after it
			start := Seat(0)
			if st, ok := h.standing(); ok && st.Dealt == h.Dealt() {
				start = st.Seat + 1
			}
			for s := start; s < NumSeats; s++ {
				if !act.Has(s) {
					continue
				}
				t.observe(s, o)
				if a, ok := players[s].Act(o); ok {
					if err := t.Apply(s, a); err != nil {
						return err
					}
					act = h.ToAct()
				}
			}
			if err := t.Deal(); err != nil {
				return err
			}
			continue
		}
		s := h.Turn()
		t.observe(s, o)
		a, ok := players[s].Act(o)
		if !ok {
			return fmt.Errorf("shengji: seat %s in the %s phase: %w", s, h.Phase(), ErrNoAction)
		}
		if err := t.Apply(s, a); err != nil {
			return err
		}
	}
	return nil
}

// Play plays the hand to its end with players (see Game.PlayHand).
func (h *Hand) Play(players [NumSeats]Player) error { return drive(h, &players) }

// PlayHand plays the current hand to its end with players: while the cards
// are dealt, before each card every seat that may declare is asked in turn
// order (and may decline); after the deal each seat acts in its turn. A
// refused action or a player that declines its turn stops it with an error.
func (g *Game) PlayHand(players [NumSeats]Player) error {
	if g.over {
		return fmt.Errorf("shengji: play: %w", ErrGameOver)
	}
	if g.hand.Over() {
		return fmt.Errorf("shengji: play: %w (deal the next one with NextHand)", ErrHandOver)
	}
	return drive(g, &players)
}

// Random is a player that picks uniformly at random among its legal
// actions, from its own random source: among its declarations with
// probability DeclareChance each time it may declare during the deal
// (among passing and its declarations after the deal), eight of its cards
// to bury, among its single-unit leads or, with probability ThrowChance, a
// random throw (two or more cards of one suit-group), and among its legal
// follows.
type Random struct {
	Rng           *rand.Rand
	DeclareChance float64
	ThrowChance   float64
}

// NewRandom returns a random player drawing from rng, declaring with
// probability 1/20 at each chance and throwing with probability 1/10.
func NewRandom(rng *rand.Rand) *Random {
	return &Random{Rng: rng, DeclareChance: 0.05, ThrowChance: 0.1}
}

// Act picks the action.
func (r *Random) Act(o *Observation) (Action, bool) {
	switch o.Phase {
	case DealPhase:
		if r.Rng.Float64() >= r.DeclareChance {
			return Action{}, false
		}
		var buf [16]Action
		ds := o.AppendDeclarations(buf[:0])
		if len(ds) == 0 {
			return Action{}, false
		}
		return ds[r.Rng.IntN(len(ds))], true
	case BidPhase:
		var buf [16]Action
		ds := append(o.AppendDeclarations(buf[:0]), PassAction())
		return ds[r.Rng.IntN(len(ds))], true
	case BuryPhase:
		var buf [HandSize + KittySize]card.Card
		cs := o.Hand.AppendCards(buf[:0])
		var m card.Multi
		for i := range KittySize {
			j := i + r.Rng.IntN(len(cs)-i)
			cs[i], cs[j] = cs[j], cs[i]
			_ = m.Add(cs[i])
		}
		return BuryAction(m), true
	case PlayPhase:
		if o.Leading() && r.Rng.Float64() < r.ThrowChance {
			if m, ok := r.throw(o); ok {
				return PlayAction(m), true
			}
		}
		n := o.CountPlays()
		if n == 0 {
			return Action{}, false
		}
		m, ok := o.NthPlay(r.Rng.IntN(n))
		return PlayAction(m), ok
	}
	return Action{}, false
}

// throw draws a random throw: some of the hand's cards of a random
// suit-group it holds at least two of.
func (r *Random) throw(o *Observation) (card.Multi, bool) {
	ord := o.order()
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
	var buf [HandSize]card.Card
	cs := o.Hand.Within(ord.Faces(gs[r.Rng.IntN(n)])).AppendCards(buf[:0])
	k := 2 + r.Rng.IntN(len(cs)-1)
	var m card.Multi
	for i := range k {
		j := i + r.Rng.IntN(len(cs)-i)
		cs[i], cs[j] = cs[j], cs[i]
		_ = m.Add(cs[i])
	}
	return m, true
}
