package sjbot

import (
	"math/bits"
	"math/rand/v2"
	"slices"

	"felt/card"
	"felt/shengji"
)

// HardV1 is the level "hard-v1": Shengji's hard as it was before it
// searched whole hands (issue 22), frozen for measuring; its play is
// pinned by arena's TestShengjiHardV1_PlaysAsPinned and must not change.
//
// It searches its plays by playouts. At each play it takes Greedy's best
// few candidates (throws of unbeatable units included), deals the cards it
// cannot see among the other seats and the kitty consistently with what
// it knows (how many cards each seat holds, the suit-groups each has shown
// void in, the declarations shown and the cards a failed throw took back,
// the kitty it buried itself as the banker), plays each candidate on each
// such deal with greedy players for every seat for a few tricks, and keeps
// the candidate whose playouts won its team the most points net. The same
// deals serve every candidate. It buries by playouts too (see bury); its
// declarations are Greedy's.
type HardV1 struct {
	// Samples is how many deals of the hidden cards each decision plays
	// out; Width how many candidates it compares; Horizon how many
	// tricks a playout runs.
	Samples, Width, Horizon int
	// BurySamples is how many deals of the other hands each candidate
	// burial is played out on, to the end of the hand; 0 buries as
	// Greedy does.
	BurySamples int

	rng    *rand.Rand
	greedy *Greedy // candidates, declarations and the burial
	policy *Greedy // the playout policy
	cands  []scored
	sim    shengji.Observation
	hands  [shengji.MaxSeats]card.Multi
	kitty  card.Multi
	deal   []card.Card
	idx    []int
}

// scored is a candidate play and Greedy's value of it.
type scored struct {
	m   card.Multi
	val int
}

// NewHardV1 returns a HardV1 player drawing from rng.
func NewHardV1(rng *rand.Rand) *HardV1 {
	return &HardV1{
		Samples: 6, Width: 4, Horizon: 5, BurySamples: 12,
		rng:    rng,
		greedy: NewGreedy(rand.New(rand.NewPCG(rng.Uint64(), rng.Uint64()))),
		policy: NewGreedy(rand.New(rand.NewPCG(rng.Uint64(), rng.Uint64()))),
		deal:   make([]card.Card, 0, shengji.MaxDeck),
	}
}

// Name returns "hard-v1".
func (p *HardV1) Name() string { return "hard-v1" }

// Act picks the action for o's seat.
func (p *HardV1) Act(o *shengji.Observation) (shengji.Action, bool) {
	if o.Phase == shengji.BuryPhase && o.Turn == o.Seat && p.BurySamples > 0 {
		return shengji.BuryAction(p.bury(o)), true
	}
	if o.Phase != shengji.PlayPhase || o.Turn != o.Seat {
		return p.greedy.Act(o)
	}
	v := newView(o)
	p.candidates(&v)
	if len(p.cands) == 0 {
		return p.greedy.Act(o)
	}
	if len(p.cands) == 1 || p.Samples <= 0 {
		return shengji.PlayAction(p.cands[0].m), true
	}
	var total [16]int
	n := 0
	for range p.Samples {
		if !p.sample(&v) {
			continue
		}
		n++
		for i, c := range p.cands {
			total[i] += p.playout(o, c.m, p.Horizon, v.join >= 0)
		}
	}
	best := 0
	for i := range p.cands {
		if n > 0 && total[i] > total[best] {
			best = i
		}
	}
	return shengji.PlayAction(p.cands[best].m), true
}

// candidates puts Greedy's best Width plays for the seat in p.cands, best
// first.
func (p *HardV1) candidates(v *view) {
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
	// the best w, a play drawn twice (sampled follows) counted once
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

// sampleTries is how many deals sample tries per player at the table
// before it gives up (more players, more voids to respect); the last two
// ignore the voids shown.
const sampleTries = 2

// sample deals the cards the seat cannot see into p.hands (the seat's own
// hand as it is) and p.kitty, consistently with the view. It reports false
// if it found no consistent deal.
func (p *HardV1) sample(v *view) bool {
	o := v.o
	me, n := o.Seat, v.n
	var capa [shengji.MaxSeats + 1]int // the seats (the seat's own 0), then the kitty at n
	for s := range shengji.Seat(n) {
		if s != me {
			capa[s] = o.Counts[s]
		}
	}
	if o.Kitty.IsEmpty() && o.Phase == shengji.PlayPhase {
		capa[n] = o.Rules.KittySize() // buried by another seat
	}
	sum := 0
	for _, c := range capa {
		sum += c
	}
	if sum != v.unknown.Len() {
		return false
	}
	// what the seats are known to hold: declarations shown, and the cards
	// a failed throw took back
	var must [shengji.MaxSeats]card.Multi
	for _, b := range o.Bids.All() {
		if b.Seat != me && b.Seat.In(n) {
			must[b.Seat] = must[b.Seat].Union(b.Cards)
		}
	}
	for i := range numTricks(o) {
		t := trickAt(o, i)
		if t.Failed() && t.Leader != me {
			must[t.Leader] = must[t.Leader].Union(t.Attempt.Minus(t.Plays[t.Leader]))
		}
	}
	for s := range must[:n] {
		must[s] = must[s].Minus(playedBy(o, shengji.Seat(s)))
	}
	for tries := 0; tries < sampleTries*n; tries++ {
		left := capa
		pool := v.unknown
		for s := range shengji.Seat(n) {
			p.hands[s] = card.Multi{}
			if s == me {
				p.hands[s] = o.Hand
				continue
			}
			for c := range must[s].Intersect(pool).All() {
				if left[s] == 0 {
					break
				}
				if pool.Count(c) > 0 {
					_ = pool.Remove(c)
					_ = p.hands[s].Add(c)
					left[s]--
				}
			}
		}
		p.kitty = card.Multi{}
		if p.fill(v, pool, &left, tries < sampleTries*n-2) {
			if !o.Kitty.IsEmpty() {
				p.kitty = o.Kitty
			}
			return true
		}
	}
	return false
}

// playedBy returns the cards seat s has played so far.
func playedBy(o *shengji.Observation, s shengji.Seat) card.Multi {
	var m card.Multi
	for i := range numTricks(o) {
		m, _ = m.Sum(trickAt(o, i).Plays[s])
	}
	return m
}

// fill deals pool into p.hands and p.kitty up to the capacities left (the
// kitty's at the number of players), the most constrained cards first;
// with voids false it ignores the voids shown.
func (p *HardV1) fill(v *view, pool card.Multi, left *[shengji.MaxSeats + 1]int, voids bool) bool {
	p.deal = pool.AppendCards(p.deal[:0])
	card.Shuffle(p.rng, p.deal)
	n := v.n
	var elig [shengji.MaxDeck]uint16
	for i, c := range p.deal {
		g := v.ord.Group(c)
		var m uint16
		for s := range shengji.Seat(n) {
			if s != v.me && (!voids || !v.void[s][g]) {
				m |= 1 << s
			}
		}
		m |= 1 << n // the kitty takes anything
		elig[i] = m
	}
	// most constrained first (a stable sort keeps the shuffle's order)
	idx := p.idx[:0]
	for i := range p.deal {
		idx = append(idx, i)
	}
	p.idx = idx
	slices.SortStableFunc(idx, func(a, b int) int {
		return bits.OnesCount16(elig[a]) - bits.OnesCount16(elig[b])
	})
	for _, i := range idx {
		c, m := p.deal[i], elig[i]
		tot := 0
		for k := range n + 1 {
			if m&(1<<k) != 0 {
				tot += left[k]
			}
		}
		if tot == 0 {
			return false
		}
		r := p.rng.IntN(tot)
		for k := range n + 1 {
			if m&(1<<k) == 0 {
				continue
			}
			if r < left[k] {
				left[k]--
				if k == n {
					_ = p.kitty.Add(c)
				} else {
					_ = p.hands[k].Add(c)
				}
				break
			}
			r -= left[k]
		}
	}
	return true
}

// playout plays first for the seat on the sampled deal (or, if first is
// empty, lets the policy play for it), then every seat with the policy for
// horizon tricks (or to the end of the hand), and returns the points the
// seat's side won less those the other side won from now on (the kitty's,
// multiplied, for the attackers winning the last trick). The sides are
// those at the end of the playout, friends joined in it included, and a
// seat holding enough copies of the card of a call still open counted
// on the banker's side (the seat itself only if it means to meet it:
// join).
func (p *HardV1) playout(o *shengji.Observation, first card.Multi, horizon int, join bool) int {
	s := &p.sim
	*s = *o
	hands := p.hands
	me, n := o.Seat, o.Players()
	banker := o.Banker
	friends := o.Rules.Calls() > 0
	ord := o.Order()
	var pts [shengji.MaxSeats]int
	done := 0
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
		_ = s.Tricks.End(t.Winner, t.Points) // a trick is begun
		pts[t.Winner] += t.Points
		s.TeamPoints[t.Winner.Team()] += t.Points
		s.SeatPoints[t.Winner] += t.Points
		if friends && s.Friends.NCalls > 0 {
			var buf [shengji.MaxSeats]shengji.SeatPlay
			s.Friends.EndTrick(t.InOrder(buf[:0]))
			s.Side = s.Friends.Side
		}
		done++
		if hands[t.Winner].IsEmpty() {
			if !s.Side.Has(t.Winner) {
				pts[t.Winner] += shengji.Points(p.kitty) * ord.KittyMultiplier(t.Plays[t.Winner])
			}
			break
		}
		if done >= horizon {
			break
		}
		if s.Tricks.Append(shengji.Trick{Leader: t.Winner, Winner: shengji.NoSeat, Players: n}) != nil {
			break // more tricks than a hand has
		}
		s.Turn = t.Winner
	}
	side := s.Side
	if friends {
		// a seat holding enough copies of an open call's card counts
		// with the banker's side (a greedy player meets the call when
		// it can), the seat itself only if it means to
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
	mine := side
	if !side.Has(me) {
		mine = shengji.AllSeats(n) &^ side
	}
	net := 0
	for st := range shengji.Seat(n) {
		if mine.Has(st) {
			net += pts[st]
		} else {
			net -= pts[st]
		}
	}
	return net
}

// maxBurials is the most burials HardV1 compares.
const maxBurials = 6

// bury chooses the kitty by playouts: Greedy's burial and a few others
// (the cheapest cards without emptying a suit; each plain suit it can
// empty, or two together, filled up with the cheapest cards), each played
// to the end of the hand on the same deals of the other hands, greedy
// players in every seat (in Finding Friends, after the calls Greedy makes
// with what the burial leaves); the burial whose hands won the banker's
// side the most points net is kept (Greedy's on a tie).
func (p *HardV1) bury(o *shengji.Observation) card.Multi {
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
	var calls [maxBurials][]shengji.Call
	if o.Rules.Calls() > 0 {
		co := *o
		co.Phase = shengji.CallPhase
		for i, c := range cands {
			co.Hand, co.Kitty = o.Hand.Minus(c), c
			calls[i] = callFriends(&co)
		}
	}
	var total [maxBurials]int
	for range p.BurySamples {
		if !p.sample(&v) {
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
			total[i] += p.playout(&so, card.Multi{}, o.Rules.HandSize(), false)
		}
	}
	best := 0
	for i := range cands {
		if total[i] > total[best] {
			best = i
		}
	}
	return cands[best]
}

// buryCandidates lists burials of k cards from hand worth comparing,
// Greedy's first, without repeats, at most maxBurials.
func buryCandidates(ord *shengji.Order, hand card.Multi, k int) []card.Multi {
	out := make([]card.Multi, 0, maxBurials)
	add := func(m card.Multi) {
		if m.Len() == k && len(out) < maxBurials && !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	add(bury(ord, hand, k))
	add(cheapest(ord, hand, card.Multi{}, k))
	var suits [shengji.Trumps]card.Multi
	for g := range shengji.Group(shengji.Trumps) {
		suits[g] = hand.Within(ord.Faces(g))
		if n := suits[g].Len(); n > 0 && n <= k {
			add(cheapest(ord, hand, suits[g], k))
		}
	}
	for g := range shengji.Group(shengji.Trumps) {
		for h := g + 1; h < shengji.Trumps; h++ {
			if n := suits[g].Len() + suits[h].Len(); suits[g].Len() > 0 && suits[h].Len() > 0 && n <= k {
				add(cheapest(ord, hand, suits[g].Union(suits[h]), k))
			}
		}
	}
	return out
}

// cheapest returns start with the cheapest cards of hand (by buryCost)
// added up to k.
func cheapest(ord *shengji.Order, hand, start card.Multi, k int) card.Multi {
	out := start
	for out.Len() < k {
		rest := hand.Minus(out)
		var best card.Card
		bestCost := 1 << 30
		for c := range rest.All() {
			if cost := buryCost(ord, rest, c); cost < bestCost {
				best, bestCost = c, cost
			}
		}
		if bestCost == 1<<30 {
			break
		}
		_ = out.Add(best)
	}
	return out
}
