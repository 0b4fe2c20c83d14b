package sjbot

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"felt/card"
	"felt/shengji"
)

// Player is a Shengji computer player: it chooses a seat's actions from
// the seat's observation alone, and has a name. The table seats it
// through games/shengji (its Act as the seat's controller).
type Player interface {
	// Act returns the action of o.Seat. While the cards are dealt it is
	// asked whenever it may declare, and ok false declines (for now);
	// otherwise it must act. It may read o during the call only.
	Act(o *shengji.Observation) (a shengji.Action, ok bool)
	// Name returns the player's level name, e.g. "greedy".
	Name() string
}

// Levels lists the built-in player names, weakest first.
func Levels() []string { return []string{"random", "greedy", "hard-v1", "hard", "expert"} }

// New returns the built-in player with the given name, drawing its
// randomness from rng.
func New(name string, rng *rand.Rand) (Player, error) {
	switch name {
	case "random":
		return NewRandom(rng), nil
	case "greedy":
		return NewGreedy(rng), nil
	case "hard":
		return NewHard(rng), nil
	case "hard-v1":
		return NewHardV1(rng), nil
	case "expert":
		return NewExpert(rng), nil
	}
	return nil, fmt.Errorf("sjbot: no player %q (have %v)", name, Levels())
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

// NewRandom returns a Random player drawing from rng, declaring with
// probability 1/20 at each chance and throwing with probability 1/10.
func NewRandom(rng *rand.Rand) *Random {
	return &Random{Rng: rng, DeclareChance: 0.05, ThrowChance: 0.1}
}

// Name returns "random".
func (r *Random) Name() string { return "random" }

// Act picks a random legal action for o's seat.
func (r *Random) Act(o *shengji.Observation) (shengji.Action, bool) {
	switch o.Phase {
	case shengji.DealPhase:
		if r.Rng.Float64() >= r.DeclareChance {
			return shengji.Action{}, false
		}
		var buf [16]shengji.Action
		ds := o.AppendDeclarations(buf[:0])
		if len(ds) == 0 {
			return shengji.Action{}, false
		}
		return ds[r.Rng.IntN(len(ds))], true
	case shengji.BidPhase:
		var buf [16]shengji.Action
		ds := append(o.AppendDeclarations(buf[:0]), shengji.PassAction())
		return ds[r.Rng.IntN(len(ds))], true
	case shengji.CallPhase:
		if o.Seat != o.Banker {
			return shengji.Action{}, false
		}
		return shengji.CallAction(randomCalls(r.Rng, o)...), true
	case shengji.BuryPhase:
		var buf [shengji.MaxHandSize + shengji.MaxKitty]card.Card
		cs := o.Hand.AppendCards(buf[:0])
		var m card.Multi
		for i := range o.Rules.KittySize() {
			j := i + r.Rng.IntN(len(cs)-i)
			cs[i], cs[j] = cs[j], cs[i]
			_ = m.Add(cs[i])
		}
		return shengji.BuryAction(m), true
	case shengji.PlayPhase:
		if o.Leading() && r.Rng.Float64() < r.ThrowChance {
			if m, ok := r.throw(o); ok {
				return shengji.PlayAction(m), true
			}
		}
		n := o.CountPlays()
		if n == 0 {
			m, ok := fallbackPlay(r.Rng, o)
			return shengji.PlayAction(m), ok
		}
		m, ok := o.NthPlay(r.Rng.IntN(n))
		return shengji.PlayAction(m), ok
	}
	return shengji.Action{}, false
}

// throw draws a random throw: some of the hand's cards of a random
// suit-group it holds at least two of.
func (r *Random) throw(o *shengji.Observation) (card.Multi, bool) {
	ord := o.Order()
	var gs [shengji.NumGroups]shengji.Group
	n := 0
	for g := range shengji.Group(shengji.NumGroups) {
		if o.Hand.Within(ord.Faces(g)).Len() >= 2 {
			gs[n] = g
			n++
		}
	}
	if n == 0 {
		return card.Multi{}, false
	}
	var buf [shengji.MaxHandSize + shengji.MaxKitty]card.Card
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

// randomCalls returns the friend calls of a random banker: each a random
// card that is neither a joker nor of the level rank, a random copy, no
// copy twice.
func randomCalls(rng *rand.Rand, o *shengji.Observation) []shengji.Call {
	calls := make([]shengji.Call, o.Rules.Calls())
	for i := range calls {
		for {
			c := card.Card(rng.IntN(card.NumFaces))
			if !c.IsJoker() && c.IsValid() && c.Rank() != o.Level {
				calls[i] = shengji.Call{Card: c, Ordinal: 1 + rng.IntN(o.Rules.Packs())}
				if !slices.Contains(calls[:i], calls[i]) { // no copy called twice
					break
				}
			}
		}
	}
	return calls
}
