package sjbot

import (
	"felt/card"
	"felt/shengji"
)

// maxListed is the most legal follows a player lists; beyond it (big
// throws answered by a void hand) it samples.
const maxListed = 400

// samples is how many follows a player draws when there are too many.
const samples = 160

// cardCost is how much a card is worth keeping in play: its step, trumps
// above every plain card.
func cardCost(ord *shengji.Order, c card.Card) int {
	s := ord.Step(c)
	if ord.Group(c) == shengji.Trumps {
		return 14 + 2*s
	}
	return s
}

// playCost is how much playing m out of hand gives up: its cards' worth,
// and 10 for each pair it breaks (5 more where the pair is part of a
// tractor).
func playCost(ord *shengji.Order, hand, m card.Multi) int {
	cost := 0
	for c := range m.All() {
		cost += cardCost(ord, c)
	}
	broken := hand.Two & m.One &^ m.Two
	for b := broken; b != 0; b &= b - 1 {
		cost += 10
		c := lowCard(b)
		g, s := ord.Group(c), ord.Step(c)
		mask := stepPairs(ord, hand, g)
		if s > 0 && mask&(1<<uint(s-1)) != 0 || mask&(1<<uint(s+1)) != 0 {
			cost += 5
		}
	}
	return cost
}

// lowCard returns the card of the lowest bit of s.
func lowCard(s card.Set) card.Card {
	for c := range (s & -s).All {
		return c
	}
	return 0
}

// masters returns the units of hand in group g (split as the rules split
// a play) that nothing in others could beat, together, and how many they
// are. It does not allocate.
func masters(ord *shengji.Order, hand, others card.Multi, g shengji.Group) (card.Multi, int) {
	m := hand.Within(ord.Faces(g))
	if m.IsEmpty() {
		return card.Multi{}, 0
	}
	steps := ord.Steps(g)
	oppTop := highestStep(ord, others, g)
	opp := stepPairs(ord, others, g)
	pairs := m.Two
	var out card.Multi
	n := 0
	for {
		bestLen, bestTop, run := 0, 0, 0
		for s := range steps {
			if pairs&ord.AtStep(g, s) == 0 {
				run = 0
				continue
			}
			run++
			if run >= bestLen {
				bestLen, bestTop = run, s
			}
		}
		if bestLen < 2 {
			break
		}
		var u card.Set
		for s := bestTop - bestLen + 1; s <= bestTop; s++ {
			f := pairs & ord.AtStep(g, s)
			u |= f & -f
		}
		pairs &^= u
		if !runAbove(opp, steps, bestLen, bestTop) {
			out = out.Union(card.Double(u))
			n++
		}
	}
	for s := range steps {
		for f := pairs & ord.AtStep(g, s); f != 0; f &= f - 1 {
			if !runAbove(opp, steps, 1, s) {
				out = out.Union(card.Double(f & -f))
				n++
			}
		}
		for f := (m.One &^ m.Two) & ord.AtStep(g, s); f != 0; f &= f - 1 {
			if oppTop <= s {
				out = out.Union(card.Multi{One: f & -f})
				n++
			}
		}
	}
	return out, n
}

// lead chooses a lead: a throw of every unbeatable unit of a group, or the
// best single-unit lead: an unbeatable unit (not in a plain suit an
// opponent has shown void in), else the cheapest unit, preferring pairs
// and a suit the partner can trump.
func (p *Greedy) lead(v *view) card.Multi {
	ord, hand := v.ord, v.o.Hand
	p.cands = ord.AppendLeads(p.cands[:0], hand)
	for g := range shengji.Group(shengji.NumGroups) {
		if m, n := masters(ord, hand, v.unknown, g); n >= 2 {
			p.cands = append(p.cands, m)
		}
	}
	best, bestVal := card.Multi{}, -1<<30
	for _, m := range p.cands {
		if val := v.leadValue(m); val > bestVal {
			best, bestVal = m, val
		}
	}
	return best
}

// leadValue scores leading m.
func (v *view) leadValue(m card.Multi) int {
	ord, hand := v.ord, v.o.Hand
	g, _ := ord.GroupOf(m)
	pts := shengji.Points(m)
	cost := playCost(ord, hand, m)
	if allMaster(ord, m, v.unknown) {
		if g != shengji.Trumps {
			if !v.opponentVoid(g) {
				return 100 + 8*m.Len() + pts
			}
		} else {
			return 40 + 6*m.Len() - cost/4
		}
	}
	val := -cost - 3*pts
	if m.Len() >= 2 {
		val += 4 * m.Len()
	}
	if g != shengji.Trumps {
		if v.void[v.me.Partner()][g] && !v.opponentVoid(g) {
			val += 15
		}
		if v.opponentVoid(g) {
			val -= 10
		}
	}
	return val
}

// follow chooses a follow: among the legal follows (or a sample of them),
// never overtaking a partner who is winning unless it must, feeding points
// to a partner's trick nobody after can take, otherwise winning as cheaply
// as it can when the trick is worth it, else giving up as little as it
// can.
func (p *Greedy) follow(v *view) card.Multi {
	p.cands = p.follows(v, p.cands[:0])
	return p.bestFollow(v, p.cands)
}

// follows appends the legal follows of the seat to dst: all of them, or a
// sample and a cheap construction when there are too many.
func (p *Greedy) follows(v *view, dst []card.Multi) []card.Multi {
	ord, hand, lead := v.ord, v.o.Hand, v.plays[0]
	n := ord.CountFollows(lead, hand)
	if n <= maxListed {
		return ord.AppendFollows(dst, lead, hand)
	}
	for range samples {
		if m, ok := ord.NthFollow(lead, hand, p.rng.IntN(n)); ok {
			dst = append(dst, m)
		}
	}
	if m, ok := cheapFill(ord, lead, hand); ok {
		dst = append(dst, m)
	}
	return dst
}

// cheapFill builds the follow of a hand short in the led group: all its
// cards of the group, then its cheapest other cards (plain before trumps,
// singles before pairs, no points first). ok is false when the hand holds
// enough of the group or the construction is not legal.
func cheapFill(ord *shengji.Order, lead, hand card.Multi) (card.Multi, bool) {
	g, ok := ord.GroupOf(lead)
	if !ok {
		return card.Multi{}, false
	}
	m := hand.Within(ord.Faces(g))
	if m.Len() >= lead.Len() {
		return card.Multi{}, false
	}
	for m.Len() < lead.Len() {
		rest := hand.Minus(m)
		var best card.Card
		bestCost := 1 << 30
		for c := range rest.All() {
			cost := cardCost(ord, c) + 3*cardPoints(c)
			if rest.Two.Has(c) {
				cost += 10
			}
			if cost < bestCost {
				best, bestCost = c, cost
			}
		}
		_ = m.Add(best)
	}
	if ord.CheckFollow(lead, hand, m) != nil {
		return card.Multi{}, false
	}
	return m, true
}

// bestFollow scores each candidate follow and returns the best.
func (p *Greedy) bestFollow(v *view, cands []card.Multi) card.Multi {
	best, bestVal := card.Multi{}, -1<<30
	v.scoreFollows(cands, func(m card.Multi, val int) {
		if val > bestVal {
			best, bestVal = m, val
		}
	})
	return best
}

// scoreFollows calls yield with each candidate follow worth considering
// and its value: a follow that overtakes a winning partner is left out
// unless every follow does; feeding points to a partner's trick nobody
// after can take is worth their points, winning is worth the trick's
// points (less if someone after may still take it), losing costs the
// points given; each play's cost (the cards' worth and the pairs broken)
// is taken off.
func (v *view) scoreFollows(cands []card.Multi, yield func(m card.Multi, val int)) {
	ord, hand := v.ord, v.o.Hand
	pos := v.nplays
	last := pos == shengji.NumSeats-1
	var plays [shengji.NumSeats]card.Multi
	copy(plays[:], v.plays[:pos])
	cur := v.winner(plays[:pos])
	curSeat := (v.trick.Leader + shengji.Seat(cur)) % shengji.NumSeats
	partnerWins := curSeat == v.me.Partner()
	trickPts := 0
	for _, m := range plays[:pos] {
		trickPts += shengji.Points(m)
	}
	safe := partnerWins && (last || v.holds(plays[cur], pos))
	// never overtake a winning partner, unless every follow does
	undercut := false
	if partnerWins {
		for _, m := range cands {
			plays[pos] = m
			if v.winner(plays[:pos+1]) != pos {
				undercut = true
				break
			}
		}
	}
	for _, m := range cands {
		plays[pos] = m
		win := v.winner(plays[:pos+1]) == pos
		pts := shengji.Points(m)
		cost := playCost(ord, hand, m)
		var val int
		switch {
		case partnerWins && win && undercut:
			continue
		case partnerWins && safe:
			val = 3*pts - cost
		case partnerWins:
			val = -pts - cost
		case win:
			val = 20 + 2*(trickPts+pts) - cost
			if !last && !v.holds(m, pos) {
				val -= 10 + trickPts + pts
			}
		default:
			val = -3*pts - cost
		}
		yield(m, val)
	}
}

// holds reports whether play, winning at position pos, surely stays
// winning: its units are unbeatable by the unknown cards and, against a
// plain lead, no opponent still to play is void in the suit while trumps
// are unaccounted for.
func (v *view) holds(play card.Multi, pos int) bool {
	if !allMaster(v.ord, play, v.unknown) {
		return false
	}
	lg, _ := v.ord.GroupOf(v.plays[0])
	pg, _ := v.ord.GroupOf(play)
	if lg == shengji.Trumps || pg != lg {
		return true
	}
	if v.unknown.Within(v.ord.Faces(shengji.Trumps)).IsEmpty() {
		return true
	}
	for i := pos + 1; i < shengji.NumSeats; i++ {
		s := (v.trick.Leader + shengji.Seat(i)) % shengji.NumSeats
		if s.Team() != v.me.Team() && v.void[s][lg] {
			return false
		}
	}
	return true
}
