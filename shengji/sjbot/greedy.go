package sjbot

import (
	"math/rand/v2"

	"felt/card"
	"felt/shengji"
)

// Greedy is a one-trick-ahead player. It declares when it holds enough
// trumps for the suit (never over its partner), buries low plain cards
// that carry no points (emptying a short suit where it can) while keeping
// its trumps, pairs and tractors, leads its unbeatable units (and throws
// them together), otherwise something cheap, wins a trick as cheaply as it
// can, never overtakes a partner who is winning, feeds points to a
// partner's trick once nobody after it can take it, and keeps its pairs
// and tractors together. It uses its random source only to sample
// follows when there are too many to list.
type Greedy struct {
	rng   *rand.Rand
	cands []card.Multi
}

// NewGreedy returns a Greedy player drawing from rng.
func NewGreedy(rng *rand.Rand) *Greedy {
	return &Greedy{rng: rng, cands: make([]card.Multi, 0, 512)}
}

// Name returns "greedy".
func (p *Greedy) Name() string { return "greedy" }

// Act picks the action for o's seat.
func (p *Greedy) Act(o *shengji.Observation) (shengji.Action, bool) {
	if !standardTable(o) {
		return anyTable(p.rng, o)
	}
	switch o.Phase {
	case shengji.DealPhase, shengji.BidPhase:
		return declare(o)
	case shengji.BuryPhase:
		if o.Turn != o.Seat {
			return shengji.Action{}, false
		}
		return shengji.BuryAction(bury(o.Trump.Order(), o.Hand)), true
	case shengji.PlayPhase:
		if o.Turn != o.Seat {
			return shengji.Action{}, false
		}
		v := newView(o)
		if v.nplays == 0 {
			return shengji.PlayAction(p.lead(&v)), true
		}
		return shengji.PlayAction(p.follow(&v)), true
	}
	return shengji.Action{}, false
}

// trumpCount returns how many of hand's cards are trumps under t.
func trumpCount(hand card.Multi, t shengji.Trump) int {
	ord := t.Order()
	if ord == nil {
		return 0
	}
	return hand.Within(ord.Faces(shengji.Trumps)).Len()
}

// declare decides on a declaration: while the cards are dealt (ok false
// declines for now) or in turn after the deal (passing if nothing is
// worth it). It never overrides its partner, always reinforces its own
// single into a pair, and otherwise declares a suit when its trumps in that
// suit are a large enough share of its cards.
func declare(o *shengji.Observation) (shengji.Action, bool) {
	var buf [16]shengji.Action
	ds := o.AppendDeclarations(buf[:0])
	after := o.Phase == shengji.BidPhase
	none := shengji.Action{}
	if after {
		none = shengji.PassAction()
	}
	if len(ds) == 0 {
		return none, after
	}
	st, standing := o.Bids.Last()
	if standing && st.Seat == o.Seat.Partner() {
		return none, after
	}
	held := o.Hand.Len()
	best, bestScore := -1, 0.0
	for i, d := range ds {
		r, suit, ok := shengji.DeclarationRank(d.Cards, o.Level)
		if !ok {
			continue
		}
		if standing && st.Seat == o.Seat {
			// our own single standing: reinforce it, nothing else
			if suit == o.Trump.Suit && r == shengji.BidPair {
				return d, true
			}
			continue
		}
		t := shengji.Trump{Suit: suit, Level: o.Level}
		n := trumpCount(o.Hand, t)
		share := float64(n) / float64(max(held, 1))
		if suit == card.NoSuit {
			// no trump: jokers and level cards only; worth it to take
			// the trump from the other team when short in its suit
			if !standing || trumpCount(o.Hand, o.Trump) > held*3/10 || n < 4+held/5 {
				continue
			}
			share = 0.5
		} else {
			need := 0.42
			switch {
			case after || held >= 20:
				need = 0.36
			case held < 6:
				continue
			}
			if share < need {
				continue
			}
		}
		score := share + 0.01*float64(r)
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	if best < 0 {
		return none, after
	}
	return ds[best], true
}

// bury chooses the eight cards to bury from hand: first every card of the
// shortest plain suits it can empty entirely with cheap cards (no pairs, no
// points, no ace), then the cheapest cards left, keeping trumps, pairs and
// point cards to the last.
func bury(ord *shengji.Order, hand card.Multi) card.Multi {
	var out card.Multi
	left := shengji.KittySize
	// empty short cheap suits, shortest first
	for left > 0 {
		bestG, bestN := shengji.NoGroup, 99
		for g := range shengji.Group(shengji.Trumps) {
			held := hand.Minus(out).Within(ord.Faces(g))
			n := held.Len()
			if n == 0 || n > left || n >= bestN || !cheapSuit(ord, held, g) {
				continue
			}
			bestG, bestN = g, n
		}
		if bestG == shengji.NoGroup {
			break
		}
		held := hand.Minus(out).Within(ord.Faces(bestG))
		out, _ = out.Sum(held)
		left -= bestN
	}
	for ; left > 0; left-- {
		rest := hand.Minus(out)
		var best card.Card
		bestCost := 1 << 30
		for c := range rest.All() {
			if cost := buryCost(ord, rest, c); cost < bestCost {
				best, bestCost = c, cost
			}
		}
		_ = out.Add(best)
	}
	return out
}

// cheapSuit reports whether held (cards of plain group g) has no pair, no
// point card and not the group's top card.
func cheapSuit(ord *shengji.Order, held card.Multi, g shengji.Group) bool {
	if held.Two != 0 || shengji.Points(held) > 0 {
		return false
	}
	return highestStep(ord, held, g) < ord.Steps(g)-1
}

// buryCost is how much keeping c in rest is worth: trumps most, then pairs,
// point cards and aces, then the step.
func buryCost(ord *shengji.Order, rest card.Multi, c card.Card) int {
	g, s := ord.Group(c), ord.Step(c)
	cost := s
	switch {
	case g == shengji.Trumps:
		cost += 1000
	case rest.Two.Has(c):
		cost += 200
	case cardPoints(c) > 0:
		cost += 100 + cardPoints(c)
	case s == ord.Steps(g)-1:
		cost += 60
	}
	return cost
}

// cardPoints returns c's points: 5 for a five, 10 for a ten or a king.
func cardPoints(c card.Card) int {
	if c.IsJoker() {
		return 0
	}
	switch c.Rank() {
	case card.Five:
		return 5
	case card.Ten, card.King:
		return 10
	}
	return 0
}
