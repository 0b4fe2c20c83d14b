package sjbot

import (
	"math/rand/v2"

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
// and 10 for each tuple it breaks, playing some of its cards but not all
// (5 more where the face makes a tractor of pairs with a neighbour).
func playCost(ord *shengji.Order, hand, m card.Multi) int {
	cost := 0
	for c := range m.All() {
		cost += cardCost(ord, c)
	}
	broken := hand.Two & m.One &^ m.Two
	if hand.Three != 0 {
		broken = 0
		for c := range (hand.Two & m.One).All {
			if m.Count(c) < hand.Count(c) {
				broken = broken.Add(c)
			}
		}
	}
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
	if m.Three|others.Three != 0 {
		// tuples wider than pairs: unit by unit over the rules' split
		var buf [maxSplit]shengji.Unit
		var out card.Multi
		n := 0
		for _, u := range ord.AppendSplit(buf[:0], m) {
			if !beatable(ord, u, others) {
				out, _ = out.Sum(u.Cards)
				n++
			}
		}
		return out, n
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
	calls := v.callValue(m, true)
	if allMaster(ord, m, v.unknown) {
		if g != shengji.Trumps {
			if !v.opponentVoid(g) {
				return 100 + 8*m.Len() + pts + calls
			}
		} else {
			return 40 + 6*m.Len() - cost/4 + calls
		}
	}
	val := -cost - 3*pts + calls
	if m.Len() >= 2 {
		val += 4 * m.Len()
	}
	if g != shengji.Trumps {
		if _, ok := v.allyVoid(g); ok && !v.opponentVoid(g) {
			val += 15
		}
		if v.opponentVoid(g) {
			val -= 10
		}
	}
	return val
}

// The worth of plays that meet, or lead towards, a friend call (Finding
// Friends; see callValue).
const (
	joinValue  = 30 // meeting the call the seat means to meet
	spendCost  = 40 // spending an open call on a seat already on the banker's side
	unwillCost = 60 // joining the banker's side against the seat's will
	findValue  = 20 // the banker's side leading a low card of an open call's suit
)

// callValue is what m is worth for the friend calls, played now: meeting
// the call the seat means to meet is worth joinValue; meeting one
// otherwise costs (spending it on the banker's side, whose side stays
// smaller, or joining a side the seat would rather not); and a lead by
// the banker's side of a low card of a suit whose called card is out is
// worth findValue: the friend may win the trick with it and show itself.
// With fixed partnerships it is 0.
func (v *view) callValue(m card.Multi, lead bool) int {
	if v.ncalls == 0 {
		return 0
	}
	val := 0
	if i, ok := v.meets(m); ok {
		switch {
		case i == v.join:
			val += joinValue
		case v.side.Has(v.me):
			if v.calls[i].out > 0 {
				val -= spendCost
			}
		default:
			val -= unwillCost
		}
	}
	if lead && v.side.Has(v.me) && m.Len() == 1 && !allMaster(v.ord, m, v.unknown) {
		g, _ := v.ord.GroupOf(m)
		for i := range v.ncalls {
			c := &v.calls[i]
			if g != shengji.Trumps && c.out > 0 && c.mayMeet&^v.side != 0 && v.ord.Group(c.card) == g && m.Count(c.card) == 0 {
				val += findValue
				break
			}
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
			cost := cardCost(ord, c) + 3*shengji.CardPoints(c)
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
// and its value: a follow that overtakes a winning ally is left out
// unless every follow does (or it meets the friend call the seat means
// to meet); feeding points to an ally's trick nobody after can take is
// worth their points, winning is worth the trick's points (less if
// someone after may still take it), losing costs the points given; each
// play's cost (the cards' worth and the tuples broken) is taken off, and
// its worth for the friend calls (callValue) added.
func (v *view) scoreFollows(cands []card.Multi, yield func(m card.Multi, val int)) {
	ord, hand := v.ord, v.o.Hand
	pos := v.nplays
	last := pos == v.n-1
	var plays [shengji.MaxSeats]card.Multi
	copy(plays[:], v.plays[:pos])
	cur := v.winner(plays[:pos])
	curSeat := v.trick.Leader.Plus(cur, v.n)
	partnerWins := curSeat != v.me && v.ally(curSeat)
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
		calls := v.callValue(m, false)
		var val int
		switch {
		case partnerWins && win && undercut && calls < joinValue:
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
		yield(m, val+calls)
	}
}

// holds reports whether play, winning at position pos, surely stays
// winning: its units are unbeatable by the unknown cards and, against a
// plain lead, no seat still to play that may be against the seat is void
// in the suit while trumps are unaccounted for.
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
	for i := pos + 1; i < v.n; i++ {
		s := v.trick.Leader.Plus(i, v.n)
		if !v.ally(s) && v.void[s][lg] {
			return false
		}
	}
	return true
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
	ord := o.Order()
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
