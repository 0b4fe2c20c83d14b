package sjbot

import (
	"math/rand/v2"

	"felt/card"
	"felt/shengji"
)

// standardTable reports whether o's table is the one Greedy and Hard were
// built for: four players in fixed partnerships, two packs.
func standardTable(o *shengji.Observation) bool {
	r := o.Rules
	return r.NumPlayers() == shengji.NumSeats && r.Packs() == 2 && r.Calls() == 0
}

// anyTable is how Greedy and Hard act at any other table (more players,
// more packs, Finding Friends), for now: legally and simply. It declares
// the strongest declaration it may show once a quarter of its cards are
// dealt, buries its lowest plain cards, calls DefaultCalls, leads its
// highest single-unit lead and follows at random among the legal follows.
func anyTable(rng *rand.Rand, o *shengji.Observation) (shengji.Action, bool) {
	switch o.Phase {
	case shengji.DealPhase, shengji.BidPhase:
		var buf [32]shengji.Action
		ds := o.AppendDeclarations(buf[:0])
		hand := o.Rules.HandSize()
		if len(ds) > 0 && (o.Phase == shengji.BidPhase || o.Hand.Len() >= hand/4) {
			return ds[len(ds)-1], true
		}
		if o.Phase == shengji.BidPhase {
			return shengji.PassAction(), true
		}
		return shengji.Action{}, false
	case shengji.BuryPhase:
		if o.Turn != o.Seat {
			return shengji.Action{}, false
		}
		return shengji.BuryAction(lowest(o.Trump.Order(), o.Hand, o.Rules.KittySize())), true
	case shengji.CallPhase:
		if o.Seat != o.Banker {
			return shengji.Action{}, false
		}
		return shengji.CallAction(shengji.DefaultCalls(o)...), true
	case shengji.PlayPhase:
		n := o.CountPlays()
		if n == 0 {
			m, ok := fallbackPlay(rng, o)
			return shengji.PlayAction(m), ok
		}
		k := rng.IntN(n)
		if o.Leading() {
			k = n - 1
		}
		m, ok := o.NthPlay(k)
		return shengji.PlayAction(m), ok
	}
	return shengji.Action{}, false
}

// lowest returns k cards of hand to bury: plain cards without points
// first, lowest first, then plain point cards, then trumps.
func lowest(ord *shengji.Order, hand card.Multi, k int) card.Multi {
	var out card.Multi
	var buf [shengji.MaxHandSize + shengji.MaxKitty]card.Card
	cs := hand.AppendCards(buf[:0])
	for pass := range 3 {
		for _, c := range cs {
			if out.Len() == k {
				return out
			}
			trump := ord.Group(c) == shengji.Trumps
			pts := shengji.Points(card.Multi{One: card.Bit(c)}) > 0
			if pass == 0 && !trump && !pts || pass == 1 && !trump && pts || pass == 2 && trump {
				if out.Count(c) < hand.Count(c) {
					_ = out.Add(c)
				}
			}
		}
	}
	return out
}

// randomCalls returns the friend calls of a random banker: each a random
// card that is neither a joker nor of the level rank, a random copy.
func randomCalls(rng *rand.Rand, o *shengji.Observation) []shengji.Call {
	calls := make([]shengji.Call, o.Rules.Calls())
	for i := range calls {
		for {
			c := card.Card(rng.IntN(card.NumFaces))
			if !c.IsJoker() && c.IsValid() && c.Rank() != o.Level {
				calls[i] = shengji.Call{Card: c, Ordinal: 1 + rng.IntN(o.Rules.Packs())}
				break
			}
		}
	}
	return calls
}

// fallbackPlay finds a legal follow when the listed follows are none (the
// lists do not yet know every tuple of three packs and more): the hand's
// cards of the led group, all of them if they are too few (then other
// cards), else random choices of them, each checked against the rules.
func fallbackPlay(rng *rand.Rand, o *shengji.Observation) (card.Multi, bool) {
	t, ok := o.Trick()
	if !ok || o.Turn != o.Seat || t.Count == 0 {
		return card.Multi{}, false
	}
	ord := o.Trump.Order()
	lead := t.Lead()
	need := lead.Len()
	g, _ := ord.GroupOf(lead)
	in := o.Hand.Within(ord.Faces(g))
	var buf [shengji.MaxHandSize + shengji.MaxKitty]card.Card
	pick := func(from card.Multi, base card.Multi, k int) card.Multi {
		cs := from.AppendCards(buf[:0])
		m := base
		for i := range min(k, len(cs)) {
			j := i + rng.IntN(len(cs)-i)
			cs[i], cs[j] = cs[j], cs[i]
			_ = m.Add(cs[i])
		}
		return m
	}
	for range 2000 {
		var m card.Multi
		if in.Len() <= need {
			m = pick(o.Hand.Minus(in), in, need-in.Len())
		} else {
			m = pick(in, card.Multi{}, need)
		}
		if o.CheckPlay(m) == nil {
			return m, true
		}
	}
	return card.Multi{}, false
}
