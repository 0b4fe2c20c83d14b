package sjbot

import (
	"math"
	"math/rand/v2"
	"slices"

	"felt/card"
	"felt/shengji"
)

// Hard searches whole hands over what the other seats could hold. At each
// play it takes Greedy's best few candidates (throws of unbeatable units
// included), deals the cards it cannot see among the other seats and the
// kitty consistently with everything its seat has seen (see hidden: the
// cards each seat holds, the voids and the missing pairs they have shown,
// their declarations and failed throws, its own buried kitty), leaning to
// the deals that make the other seats' past plays and the declarations
// they did not make likely (PlayLikelihood, BidLikelihood), and plays
// each candidate on each deal to the end of the hand, greedy players in
// every seat, the same deals for every candidate. A playout is worth what
// its hand's end is to the seat's side: the levels gained or given and the
// bank (see outcome), the kitty counted with its multiplier and a failed
// throw's penalty. With few cards left (Endgame) and the sides settled it
// solves each deal exactly instead (see solver). Deals are cheap early,
// when a hand has many tricks to play, and more late: each decision plays
// about Budget tricks in all. It buries by the same playouts, declares by
// the worth of its hand under each trump it may declare (see declare),
// and calls as Greedy.
type Hard struct {
	// Budget is about how many tricks a decision plays out, over its
	// deals and candidates; Samples and MaxSamples bound its deals.
	Budget, Samples, MaxSamples int
	// Width is how many candidates it compares.
	Width int
	// Horizon is how many tricks a playout runs while more than Full
	// tricks are left (valued by the points its side takes, net); from
	// Full tricks left on, playouts run to the end of the hand (valued
	// by outcome).
	Horizon, Full int
	// GreedyBids declares as Greedy does (for measuring).
	GreedyBids bool
	// Margin is how much better on average (in points) a candidate must
	// do than Greedy's choice to be played instead.
	Margin float64
	// Endgame is how many cards the seat holds at most for the exact
	// endgame (0: never), on EndgameSamples deals.
	Endgame, EndgameSamples int
	// BurySamples is how many deals each candidate burial is played out
	// on, to the end of the hand; 0 buries as Greedy does.
	BurySamples int
	// LevelWeight is how much the levels a hand's end gives weigh
	// against its points (see outcome).
	LevelWeight float64
	// PlayLikelihood, above 0, leans the deals to those that make the
	// other seats' past plays likely (see likelihood and sampleLikely):
	// each throw-away follow a deal makes unlikely multiplies its weight
	// by it, and (with BidLikelihood above 0) so does each reinforcement
	// of its own declaration it would have let a seat make and that seat
	// did not. 0 draws every
	// consistent deal alike. NewHard's is 0.05.
	PlayLikelihood float64
	// BidLikelihood, above 0 with PlayLikelihood, weighs the declarations
	// not made too (see heldBack): each overturn of another seat's
	// declaration a deal would have let a seat make multiplies its weight
	// by it. NewHard's is 0.5. Over 1,500 paired hands at greedy tables
	// (the experiments' TestFriends_PairedHands, standard rules, a team
	// of hard in the even seats), hard with both won 2.7% ± 2.4 more of
	// the hands than hard with neither and went up 0.028 ± 0.029 levels a
	// hand more; with PlayLikelihood alone, over 3,000, 1.5% ± 1.7 and
	// 0.024 ± 0.020.
	BidLikelihood float64

	name   string
	rng    *rand.Rand
	greedy *Greedy // candidates and the calls
	policy *Greedy // the playout policy
	dealer dealer
	solver solver
	cands  []scored
	follow []cheapFollow // the throw-away plays seen, for PlayLikelihood
	held   []heldBack    // the declarations not made, for BidLikelihood
	sim    shengji.Observation
	hands  [shengji.MaxSeats]card.Multi
	kitty  card.Multi
	last   Search
}

// Search is what Hard's last decision searched: its deals, whether it
// solved them exactly, and the best candidate's average worth (see
// outcome) against the next best, which it names.
type Search struct {
	Deals      int
	Exact      bool
	Candidates int
	Best, Next float64
	NextCards  card.Multi
	// LevelPoints is what a level is worth in these values, in points.
	LevelPoints float64
}

// NewHard returns a Hard player drawing from rng.
func NewHard(rng *rand.Rand) *Hard {
	return &Hard{
		Budget: 240, Samples: 4, MaxSamples: 24, Width: 4, Horizon: 5, Full: 6, Margin: 3,
		Endgame: 3, EndgameSamples: 12, BurySamples: 10, LevelWeight: 1,
		PlayLikelihood: 0.05, BidLikelihood: 0.5,
		rng:    rng,
		greedy: NewGreedy(rand.New(rand.NewPCG(rng.Uint64(), rng.Uint64()))),
		policy: NewGreedy(rand.New(rand.NewPCG(rng.Uint64(), rng.Uint64()))),
		dealer: dealer{rng: rand.New(rand.NewPCG(rng.Uint64(), rng.Uint64())), deal: make([]card.Card, 0, shengji.MaxDeck)},
	}
}

// NewExpert returns the level "expert": Hard searching four times as
// many deals and solving the last four tricks exactly.
func NewExpert(rng *rand.Rand) *Hard {
	h := NewHard(rng)
	h.Budget, h.Samples, h.MaxSamples, h.Width = 1000, 8, 64, 5
	h.Endgame, h.EndgameSamples, h.BurySamples = 4, 24, 24
	h.name = "expert"
	return h
}

// Name returns "hard" ("expert" for NewExpert's).
func (p *Hard) Name() string {
	if p.name != "" {
		return p.name
	}
	return "hard"
}

// LastSearch returns what the last play decision searched.
func (p *Hard) LastSearch() Search { return p.last }

// Act picks the action for o's seat.
func (p *Hard) Act(o *shengji.Observation) (shengji.Action, bool) {
	switch {
	case (o.Phase == shengji.DealPhase || o.Phase == shengji.BidPhase) && p.GreedyBids:
		return declare(o)
	case o.Phase == shengji.DealPhase || o.Phase == shengji.BidPhase:
		return declareByValue(o)
	case o.Phase == shengji.BuryPhase && o.Turn == o.Seat && p.BurySamples > 0:
		return shengji.BuryAction(p.bury(o)), true
	case o.Phase != shengji.PlayPhase || o.Turn != o.Seat:
		return p.greedy.Act(o)
	}
	p.last = Search{}
	v := newView(o)
	p.candidates(&v)
	if len(p.cands) == 0 {
		return p.greedy.Act(o)
	}
	p.last.Candidates = len(p.cands)
	if len(p.cands) == 1 {
		return shengji.PlayAction(p.cands[0].m), true
	}
	h, ok := newHidden(&v)
	if !ok {
		return shengji.PlayAction(p.cands[0].m), true
	}
	exact := p.Endgame > 0 && o.Hand.Len() <= p.Endgame && settled(o)
	left := max(1, o.Hand.Len()) // about the tricks left
	horizon := 0                 // to the end
	if left > p.Full && p.Horizon > 0 {
		horizon, left = p.Horizon, p.Horizon
	}
	deals := min(max(p.Budget/(len(p.cands)*left), p.Samples), p.MaxSamples)
	if exact {
		deals = p.EndgameSamples
	}
	p.follow, p.held = p.follow[:0], p.held[:0]
	if p.PlayLikelihood > 0 {
		p.follow = throwAways(p.follow, &v)
		if p.BidLikelihood > 0 {
			p.held = heldBacks(p.held, &v)
		}
	}
	var total [16]float64
	n := 0
	for range deals {
		if !p.sampleLikely(o, &h, &v) {
			continue
		}
		n++
		for i, c := range p.cands {
			if exact {
				total[i] += p.endgame(o, &v, c.m)
			} else {
				total[i] += p.playout(o, c.m, v.join >= 0, horizon)
			}
		}
	}
	best := 0
	for i := range p.cands {
		if n > 0 && total[i] > total[best]+1e-9 {
			best = i
		}
	}
	if n > 0 && (total[best]-total[0])/float64(n) < p.Margin {
		best = 0
	}
	p.last.Deals, p.last.Exact = n, exact
	p.last.LevelPoints = p.LevelWeight * float64(o.Rules.LevelStep())
	if n > 0 {
		p.last.Best = total[best] / float64(n)
		p.last.Next = math.Inf(-1)
		for i := range p.cands {
			if i != best && total[i]/float64(n) > p.last.Next {
				p.last.Next, p.last.NextCards = total[i]/float64(n), p.cands[i].m
			}
		}
	}
	return shengji.PlayAction(p.cands[best].m), true
}

// likelyDraws is how many deals sampleLikely draws for each it keeps.
const likelyDraws = 4

// sampleLikely is sample, but for the throw-away plays and the
// declarations not made seen (p.follow and p.held, with PlayLikelihood
// and BidLikelihood): it draws likelyDraws deals and keeps one of them
// with a chance in proportion to its weight by the model (likelihood and
// bidLikelihood), so that the deals played out lean to those the other
// seats' plays and declarations make likely, at the cost of drawing more
// of them.
func (p *Hard) sampleLikely(o *shengji.Observation, h *hidden, v *view) bool {
	if len(p.follow) == 0 && len(p.held) == 0 {
		return p.sample(o, h)
	}
	var keep [shengji.MaxSeats]card.Multi
	var keepKitty card.Multi
	sum, ok := 0.0, false
	for range likelyDraws {
		if !p.sample(o, h) {
			continue
		}
		w := likelihood(v.ord, p.follow, &p.hands, p.PlayLikelihood) *
			bidLikelihood(o, p.held, &p.hands, p.PlayLikelihood, p.BidLikelihood)
		sum += w
		if !ok || p.rng.Float64()*sum < w {
			keep, keepKitty, ok = p.hands, p.kitty, true
		}
	}
	p.hands, p.kitty = keep, keepKitty
	return ok
}

// sample deals the cards o's seat cannot see into p.hands (the seat's own
// hand as it is) and p.kitty (the seat's own buried kitty as it is), as
// h allows; false if it found no deal.
func (p *Hard) sample(o *shengji.Observation, h *hidden) bool {
	if _, ok := p.dealer.dealHidden(h, &p.hands, &p.kitty); !ok {
		return false
	}
	p.hands[o.Seat] = o.Hand
	if !o.Kitty.IsEmpty() {
		p.kitty = o.Kitty
	}
	return true
}

// settled reports whether the sides are known for the rest of the hand:
// fixed partnerships, or every friend call met.
func settled(o *shengji.Observation) bool {
	if o.Rules.Calls() == 0 {
		return true
	}
	f := &o.Friends
	if f.NCalls == 0 {
		return false
	}
	for i := range f.NCalls {
		if f.Met[i] == shengji.NoSeat {
			return false
		}
	}
	return true
}

// candidates puts Greedy's best Width plays for the seat in p.cands, best
// first (as HardV1 does).
func (p *Hard) candidates(v *view) {
	p.cands = p.cands[:0]
	g := p.greedy
	if v.nplays == 0 {
		g.cands = v.ord.AppendLeads(g.cands[:0], v.o.Hand)
		for gr := range shengji.Group(shengji.NumGroups) {
			if m, n := masters(v.ord, v.o.Hand, v.unknown, gr); n >= 2 {
				g.cands = append(g.cands, m)
			}
		}
		for _, m := range g.cands {
			p.cands = append(p.cands, scored{m, v.leadValue(m)})
		}
	} else {
		g.cands = g.follows(v, g.cands[:0])
		v.scoreFollows(g.cands, func(m card.Multi, val int) {
			p.cands = append(p.cands, scored{m, val})
		})
	}
	slices.SortStableFunc(p.cands, func(a, b scored) int { return b.val - a.val })
	w := max(1, min(p.Width, 16))
	n := 0
	for _, c := range p.cands {
		if n == w {
			break
		}
		if !slices.ContainsFunc(p.cands[:n], func(d scored) bool { return d.m == c.m }) {
			p.cands[n] = c
			n++
		}
	}
	p.cands = p.cands[:n]
}

// endgame solves the deal in p.hands and p.kitty exactly after the seat
// plays first, and returns its worth to the seat's side.
func (p *Hard) endgame(o *shengji.Observation, v *view, first card.Multi) float64 {
	s := &p.solver
	s.ord, s.rules, s.n, s.full, s.lw = v.ord, o.Rules, v.n, false, p.LevelWeight
	s.hands, s.kitty, s.bank = p.hands, p.kitty, o.Side
	if o.Rules.Calls() > 0 {
		s.bank = o.Friends.Side | shengji.SeatsOf(o.Banker)
	}
	att := o.Penalty
	for st := range shengji.Seat(v.n) {
		if !s.bank.Has(st) {
			att += o.SeatPoints[st]
		}
	}
	t := trickState{leader: v.trick.Leader, count: v.nplays}
	copy(t.plays[:], v.plays[:v.nplays])
	play := first
	if t.count == 0 {
		var others [shengji.MaxSeats - 1]card.Multi
		for i := range v.n - 1 {
			others[i] = p.hands[o.Seat.Plus(i+1, v.n)]
		}
		if f, stands, err := v.ord.Throw(first, others[:v.n-1]); err == nil && !stands {
			play = f
			if s.bank.Has(o.Seat) {
				att += o.Rules.ThrowPenalty
			} else {
				att -= o.Rules.ThrowPenalty
			}
		}
	}
	s.hands[o.Seat] = s.hands[o.Seat].Minus(play)
	t.plays[t.count] = play
	t.count++
	val := s.solve(t, att, math.Inf(-1), math.Inf(1), 0)
	if !s.bank.Has(o.Seat) {
		val = -val
	}
	return val
}

// playout plays first for the seat on the sampled deal in p.hands and
// p.kitty (or, if first is empty, lets the policy play for it), then every
// seat with the policy for horizon tricks or to the end of the hand (0),
// and returns the hand's worth to the seat's side (outcome), or if cut
// short the points its side took from now on, net. The sides are those at the end of
// the playout, friends joined in it included, and a seat holding enough
// copies of the card of a call still open counted on the banker's side
// (the seat itself only if it means to meet it: join).
func (p *Hard) playout(o *shengji.Observation, first card.Multi, join bool, horizon int) float64 {
	s := &p.sim
	*s = *o
	hands := p.hands
	me, n := o.Seat, o.Players()
	banker := o.Banker
	friends := o.Rules.Calls() > 0
	ord := o.Order()
	pts := o.SeatPoints
	penalty := o.Penalty
	var last shengji.Trick
	finished, done := false, 0
	for m := first; ; m = (card.Multi{}) {
		seat := s.Turn
		if m.IsEmpty() {
			s.Seat, s.Hand, s.Kitty = seat, hands[seat], card.Multi{}
			if seat == banker {
				s.Kitty = p.kitty
			}
			a, ok := p.policy.Act(s)
			if !ok || a.Kind != shengji.Play || a.Cards.IsEmpty() || !hands[seat].Contains(a.Cards) {
				break
			}
			m = a.Cards
		}
		t, _ := s.Tricks.Last()
		var attempt card.Multi // a failed throw this play shows
		if t.Count == 0 {
			var others [shengji.MaxSeats - 1]card.Multi
			for i := range n - 1 {
				others[i] = hands[seat.Plus(i+1, n)]
			}
			if f, stands, err := ord.Throw(m, others[:n-1]); err == nil && !stands {
				attempt, m = m, f
				if s.Side.Has(seat) {
					penalty += o.Rules.ThrowPenalty
				} else {
					penalty -= o.Rules.ThrowPenalty
				}
			}
		}
		if s.Tricks.AddPlay(seat, m, attempt) != nil {
			break // not a play of this trick
		}
		hands[seat] = hands[seat].Minus(m)
		t.Plays[seat] = m
		t.Count++
		s.Counts[seat] = hands[seat].Len()
		s.Turn = seat.NextOf(n)
		if !t.Done() {
			continue
		}
		var plays [shengji.MaxSeats]card.Multi
		for i := range n {
			plays[i] = t.Plays[t.Leader.Plus(i, n)]
		}
		w, _ := ord.Winner(plays[:n])
		t.Winner = t.Leader.Plus(w, n)
		for _, pl := range plays[:n] {
			t.Points += shengji.Points(pl)
		}
		_ = s.Tricks.End(t.Winner, t.Points)
		pts[t.Winner] += t.Points
		s.TeamPoints[t.Winner.Team()] += t.Points
		s.SeatPoints[t.Winner] += t.Points
		if friends && s.Friends.NCalls > 0 {
			var buf [shengji.MaxSeats]shengji.SeatPlay
			s.Friends.EndTrick(t.InOrder(buf[:0]))
			s.Side = s.Friends.Side
		}
		if hands[t.Winner].IsEmpty() {
			last, finished = t, true
			break
		}
		if done++; done == horizon {
			break
		}
		if s.Tricks.Append(shengji.Trick{Leader: t.Winner, Winner: shengji.NoSeat, Players: n}) != nil {
			break // more tricks than a hand has
		}
		s.Turn = t.Winner
	}
	side := s.Side
	if friends {
		if side == 0 {
			side = shengji.SeatsOf(banker)
		}
		f := &s.Friends
		for i := range f.NCalls {
			if f.Met[i] != shengji.NoSeat {
				continue
			}
			need := f.Calls[i].Ordinal - f.Played[i]
			for st := range shengji.Seat(n) {
				if hands[st].Count(f.Calls[i].Card) >= need && (st != me || join) {
					side |= shengji.SeatsOf(st)
				}
			}
		}
	}
	att := penalty
	for st := range shengji.Seat(n) {
		if !side.Has(st) {
			att += pts[st]
		}
	}
	if finished && !side.Has(last.Winner) {
		mult := 2
		if o.Rules.KittyMultiplier == shengji.KittyByFormat {
			mult = ord.KittyMultiplier(last.Plays[last.Winner])
		}
		att += shengji.Points(p.kitty) * mult
	}
	val := outcome(o.Rules, att, p.LevelWeight)
	if !finished {
		// cut short: the points taken from now on, net
		val = float64(o.Penalty - penalty)
		for st := range shengji.Seat(n) {
			if side.Has(st) {
				val += float64(pts[st] - o.SeatPoints[st])
			} else {
				val -= float64(pts[st] - o.SeatPoints[st])
			}
		}
	}
	if !side.Has(me) {
		val = -val
	}
	return val
}

// bury chooses the kitty by playouts: Greedy's burial and a few others
// (the cheapest cards without emptying a suit; each plain suit it can
// empty, or two together, filled up with the cheapest cards), each played
// to the end of the hand on the same deals of the other hands, greedy
// players in every seat (in Finding Friends, after the calls Greedy makes
// with what the burial leaves); the burial worth the most to the banker's
// side is kept (Greedy's on a tie).
func (p *Hard) bury(o *shengji.Observation) card.Multi {
	ord := o.Order()
	k := o.Rules.KittySize()
	cands := buryCandidates(ord, o.Hand, k)
	if len(cands) == 1 {
		return cands[0]
	}
	v := newView(o)
	so := *o
	so.Phase, so.Banker, so.Turn = shengji.PlayPhase, o.Seat, o.Seat
	so.Tricks = shengji.TrickLog{}
	_ = so.Tricks.Append(shengji.Trick{Leader: o.Seat, Winner: shengji.NoSeat, Players: v.n}) // an empty log takes a trick
	so.Counts[o.Seat] = o.Rules.HandSize()
	if o.Rules.Calls() == 0 {
		so.Side = o.Seat.Parity(v.n)
	} else {
		so.Side = shengji.SeatsOf(o.Seat)
	}
	var calls [maxBurials][]shengji.Call
	if o.Rules.Calls() > 0 {
		co := *o
		co.Phase = shengji.CallPhase
		for i, c := range cands {
			co.Hand, co.Kitty = o.Hand.Minus(c), c
			calls[i] = callFriends(&co)
		}
	}
	h, ok := newHidden(&v)
	if !ok {
		return cands[0]
	}
	h.capa[v.n] = 0 // the kitty is the seat's own
	var total [maxBurials]float64
	for range p.BurySamples {
		var kitty card.Multi
		if _, ok := p.dealer.dealHidden(&h, &p.hands, &kitty); !ok {
			continue
		}
		for i, c := range cands {
			p.hands[o.Seat] = o.Hand.Minus(c)
			p.kitty = c
			so.Hand, so.Kitty = p.hands[o.Seat], c
			if calls[i] != nil {
				so.Friends = shengji.NewFriendship(o.Seat, calls[i])
				so.Side = so.Friends.Side
			}
			total[i] += p.playout(&so, card.Multi{}, false, 0)
		}
	}
	best := 0
	for i := range cands {
		if total[i] > total[best]+1e-9 {
			best = i
		}
	}
	return cands[best]
}
