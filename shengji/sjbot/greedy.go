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
	switch o.Phase {
	case shengji.DealPhase, shengji.BidPhase:
		return declare(o)
	case shengji.BuryPhase:
		if o.Turn != o.Seat {
			return shengji.Action{}, false
		}
		return shengji.BuryAction(bury(o.Order(), o.Hand, o.Rules.KittySize())), true
	case shengji.CallPhase:
		if o.Seat != o.Banker {
			return shengji.Action{}, false
		}
		return shengji.CallAction(callFriends(o)...), true
	case shengji.PlayPhase:
		if o.Turn != o.Seat {
			return shengji.Action{}, false
		}
		v := newView(o)
		var m card.Multi
		if v.nplays == 0 {
			m = p.lead(&v)
		} else {
			m = p.follow(&v)
		}
		if m.IsEmpty() {
			// no listed play (cannot happen while the listings are
			// whole): a legal one found by trying
			var ok bool
			if m, ok = fallbackPlay(p.rng, o); !ok {
				return shengji.Action{}, false
			}
		}
		return shengji.PlayAction(m), true
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
// worth it). It never overrides its partner (with fixed partnerships),
// always reinforces its own standing declaration with every copy it holds
// (a single into a pair), and otherwise declares a suit when its trumps in
// that suit are a large enough share of its cards.
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
	if standing && st.Seat != o.Seat && o.Rules.Calls() == 0 && o.Seat.Parity(o.Players()).Has(st.Seat) {
		return none, after // a partner's
	}
	held := o.Hand.Len()
	best, bestScore := -1, 0.0
	reinforce, most := -1, 0
	for i, d := range ds {
		r, suit, count, ok := shengji.Declaration(d.Cards, o.Level)
		if !ok {
			continue
		}
		if standing && st.Seat == o.Seat {
			// our own declaration standing: reinforce it with as many
			// copies as we hold, nothing else
			if d.Cards.One == st.Cards.One && count > max(st.Cards.Len(), most) {
				reinforce, most = i, count
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
			case after || held >= o.Rules.HandSize()*4/5:
				need = 0.36
			case held < 6:
				continue
			}
			if share < need {
				continue
			}
		}
		score := share + 0.01*float64(r) + 0.001*float64(count) // the most copies of a kind
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	switch {
	case reinforce >= 0:
		return ds[reinforce], true
	case best < 0:
		return none, after
	}
	return ds[best], true
}

// bury chooses the k cards to bury from hand (eight at the standard
// table): first every card of the shortest plain suits it can empty
// entirely with cheap cards (no pairs, no points, no ace), then the
// cheapest cards left, keeping trumps, tuples and point cards to the last.
func bury(ord *shengji.Order, hand card.Multi, k int) card.Multi {
	var out card.Multi
	left := k
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
	case shengji.CardPoints(c) > 0:
		cost += 100 + shengji.CardPoints(c)
	case s == ord.Steps(g)-1:
		cost += 60
	}
	return cost
}
