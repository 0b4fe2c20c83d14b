package sjbot

import (
	"felt/card"
	"felt/shengji"
)

// view is what a seat can work out from its observation: the order, the
// cards others (or the kitty) may still hold, the suit-groups each seat has
// shown itself void in, the trick in progress with its plays in turn order
// from the leader, and who is surely on its side, who surely against it
// (the rest may be either: in Finding Friends, a friend not yet shown).
type view struct {
	o       *shengji.Observation
	ord     *shengji.Order
	me      shengji.Seat
	n       int        // players at the table
	unknown card.Multi // cards not in the seat's hand, not played, not in its own buried kitty
	void    [shengji.MaxSeats][shengji.NumGroups]bool
	trick   shengji.Trick
	plays   [shengji.MaxSeats]card.Multi // the current trick's plays from its leader
	nplays  int
	// allies are the seats surely on the seat's side, the seat among
	// them (its team with fixed partnerships; see sides for Finding
	// Friends), foes the seats surely on the other side.
	allies, foes shengji.Seats
	// side is the banker's side as far as the seat knows (with the
	// friends the trick in progress makes once it ends).
	side shengji.Seats
	// calls are the friend calls still open once the trick in progress
	// ends, as the seat sees them; ncalls how many.
	calls  [shengji.MaxCalls]openCall
	ncalls int
	// join is the open call the seat means to meet, joining the banker's
	// side (a friend not yet shown), -1 for none.
	join int
}

// openCall is a friend call not met yet: its card, how many more copies
// of it make the called one (the next copy played, for 1), and how many
// copies the seat holds and the others (or the kitty) may hold.
type openCall struct {
	card      card.Card
	need      int
	held, out int
	mayMeet   shengji.Seats // the other seats that may still hold a copy
}

// trickAt returns the i-th trick of o, from 0. Every read of an
// observation's trick log in this package goes through trickAt and
// numTricks.
func trickAt(o *shengji.Observation, i int) shengji.Trick { return o.Tricks.At(i) }

// numTricks returns how many tricks o's hand has begun.
func numTricks(o *shengji.Observation) int { return o.Tricks.Len() }

// newView works out a view from o.
func newView(o *shengji.Observation) view {
	v := view{o: o, ord: o.Order(), me: o.Seat, n: o.Players(), join: -1}
	// the unknown cards: every copy, less the seat's hand, its kitty and
	// every card played (taking them out one play at a time, as they
	// are all different copies, costs less than adding them up)
	v.unknown = card.Times(card.AllFaces, o.Rules.Packs()).Minus(o.Hand)
	if !o.Kitty.IsEmpty() {
		v.unknown = v.unknown.Minus(o.Kitty)
	}
	for i := range numTricks(o) {
		t := trickAt(o, i)
		lead := t.Lead()
		g, ok := v.ord.GroupOf(lead)
		n := lead.Len()
		for s := range shengji.Seat(v.n) {
			p := t.Plays[s]
			if p.IsEmpty() {
				continue
			}
			v.unknown = v.unknown.Minus(p)
			if ok && s != t.Leader && p.Within(v.ord.Faces(g)).Len() < n {
				v.void[s][g] = true
			}
		}
	}
	if t, ok := o.Trick(); ok {
		v.trick = t
		for i := range t.Count {
			v.plays[i] = t.Plays[t.Leader.Plus(i, v.n)]
		}
		v.nplays = t.Count
	}
	v.sides()
	return v
}

// sides works out the seat's allies and foes. With fixed partnerships
// they are its team and the other team. In Finding Friends the banker's
// side is the banker and the friends who have joined (or will, when the
// trick in progress ends); a seat not on it that holds enough copies of
// an open call's card to meet it means to join (see wantsToJoin); the
// seats that may still meet an open call (a copy of its card is unseen,
// and they have not shown void in its suit-group) are neither allies nor
// foes of anybody but themselves, and every other seat is on one side or
// the other for sure.
func (v *view) sides() {
	o := v.o
	all := shengji.AllSeats(v.n)
	me := shengji.SeatsOf(v.me)
	switch {
	case o.Banker == shengji.NoSeat:
		v.allies = me
		return
	case o.Rules.Calls() == 0:
		v.side = o.Side
		v.allies = v.me.Parity(v.n)
		v.foes = all &^ v.allies
		return
	}
	side := shengji.SeatsOf(o.Banker)
	f := &o.Friends
	if f.NCalls > 0 {
		side |= f.Side
	}
	for i := range f.NCalls {
		if f.Met[i] != shengji.NoSeat {
			continue
		}
		c := f.Calls[i]
		played := f.Played[i]
		met := false
		for k := range v.nplays { // the trick in progress, in order
			played += v.plays[k].Count(c.Card)
			if played >= c.Ordinal {
				side |= shengji.SeatsOf(v.trick.Leader.Plus(k, v.n))
				met = true
				break
			}
		}
		if met {
			continue
		}
		oc := openCall{card: c.Card, need: c.Ordinal - played, held: o.Hand.Count(c.Card), out: v.unknown.Count(c.Card)}
		if oc.out > 0 {
			g := v.ord.Group(c.Card)
			for s := range shengji.Seat(v.n) {
				if s != v.me && !v.void[s][g] {
					oc.mayMeet |= shengji.SeatsOf(s)
				}
			}
		}
		v.calls[v.ncalls] = oc
		v.ncalls++
	}
	v.side = side
	if !side.Has(v.me) && v.wantsToJoin(side) {
		for i := range v.ncalls {
			if c := &v.calls[i]; c.held >= c.need {
				v.join = i
				break
			}
		}
	}
	var may shengji.Seats // other seats that may still join
	for i := range v.ncalls {
		if i != v.join {
			may |= v.calls[i].mayMeet
		}
	}
	may &^= side | me
	switch {
	case side.Has(v.me) || v.join >= 0:
		v.allies = side | me
		v.foes = all &^ v.allies &^ may
	default:
		v.foes = side
		v.allies = all &^ side &^ may
	}
}

// wantsToJoin reports whether the seat, not on the banker's side (side),
// would join it by meeting a call: unless the attackers, the seat among
// them, have taken enough points already to take the bank from it.
func (v *view) wantsToJoin(side shengji.Seats) bool {
	att := v.o.Penalty
	for s := range shengji.Seat(v.n) {
		if !side.Has(s) {
			att += v.o.SeatPoints[s]
		}
	}
	return att < 2*v.o.Rules.LevelStep()
}

// ally reports whether s is surely on the seat's side.
func (v *view) ally(s shengji.Seat) bool { return v.allies.Has(s) }

// meets returns the open call the seat would meet by playing m now (its
// copies of the call's card bring the count to the called one), ok
// false if none.
func (v *view) meets(m card.Multi) (int, bool) {
	for i := range v.ncalls {
		if c := &v.calls[i]; m.Count(c.card) >= c.need {
			return i, true
		}
	}
	return 0, false
}

// maxSplit is room for the units of a hand: a split on the stack of this
// size does not allocate.
const maxSplit = shengji.MaxHandSize + shengji.MaxKitty

// stepPairs returns, for group g of m, a mask of the steps at which m
// holds some face twice.
func stepPairs(ord *shengji.Order, m card.Multi, g shengji.Group) uint32 {
	var mask uint32
	for s := range ord.Steps(g) {
		if m.Two&ord.AtStep(g, s) != 0 {
			mask |= 1 << uint(s)
		}
	}
	return mask
}

// stepTuples returns, for group g of m, a mask of the steps at which m
// holds some face at least w times.
func stepTuples(ord *shengji.Order, m card.Multi, g shengji.Group, w int) uint32 {
	var mask uint32
	for s := range ord.Steps(g) {
		if m.AtLeast(w)&ord.AtStep(g, s) != 0 {
			mask |= 1 << uint(s)
		}
	}
	return mask
}

// highestStep returns the highest step of m's cards of group g, -1 if none.
func highestStep(ord *shengji.Order, m card.Multi, g shengji.Group) int {
	for s := ord.Steps(g) - 1; s >= 0; s-- {
		if m.One&ord.AtStep(g, s) != 0 {
			return s
		}
	}
	return -1
}

// beatable reports whether cards in others (taken as one hand, which is
// conservative) could make a strictly higher unit of u's kind in its group.
func beatable(ord *shengji.Order, u shengji.Unit, others card.Multi) bool {
	if u.Width < 2 {
		return highestStep(ord, others, u.Group) > u.Top
	}
	return runAbove(stepTuples(ord, others, u.Group, u.Width), ord.Steps(u.Group), u.Steps, u.Top)
}

// runAbove reports whether mask has n consecutive steps set ending above
// step top.
func runAbove(mask uint32, steps, n, top int) bool {
	run := 0
	for s := range steps {
		if mask&(1<<uint(s)) == 0 {
			run = 0
			continue
		}
		run++
		if run >= n && s > top {
			return true
		}
	}
	return false
}

// allMaster reports whether no unit of m (split as the rules split a
// play) could be beaten by a unit of others, taken as one hand. It does
// not allocate.
func allMaster(ord *shengji.Order, m, others card.Multi) bool {
	if m.Three|others.Three != 0 {
		// tuples wider than pairs: unit by unit over the rules' split
		var buf [maxSplit]shengji.Unit
		for _, u := range ord.AppendSplit(buf[:0], m) {
			if beatable(ord, u, others) {
				return false
			}
		}
		return true
	}
	for g := range shengji.Group(shengji.NumGroups) {
		if mg := m.Within(ord.Faces(g)); !mg.IsEmpty() && !groupMaster(ord, mg, others, g) {
			return false
		}
	}
	return true
}

// groupMaster is allMaster for m's cards of group g.
func groupMaster(ord *shengji.Order, m, others card.Multi, g shengji.Group) bool {
	n := ord.Steps(g)
	var pairs [32]int8
	lowSingle := n
	for s := range n {
		f := ord.AtStep(g, s)
		pairs[s] = int8((m.Two & f).Len())
		if lowSingle == n && (m.One&^m.Two)&f != 0 {
			lowSingle = s
		}
	}
	if lowSingle < n && highestStep(ord, others, g) > lowSingle {
		return false
	}
	opp := stepPairs(ord, others, g)
	// tractors: the longest run again and again, the highest on a tie
	for {
		bestLen, bestTop, run := 0, 0, 0
		for s := range n {
			if pairs[s] == 0 {
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
		if runAbove(opp, n, bestLen, bestTop) {
			return false
		}
		for s := bestTop - bestLen + 1; s <= bestTop; s++ {
			pairs[s]--
		}
	}
	for s := range n {
		if pairs[s] > 0 && runAbove(opp, n, 1, s) {
			return false
		}
	}
	return true
}

// opponentVoid reports whether a seat not surely on the seat's side is
// known to be void in group g.
func (v *view) opponentVoid(g shengji.Group) bool {
	for s := range shengji.Seat(v.n) {
		if !v.ally(s) && v.void[s][g] {
			return true
		}
	}
	return false
}

// allyVoid returns an ally of the seat (not the seat) known to be void in
// group g, ok false if none.
func (v *view) allyVoid(g shengji.Group) (shengji.Seat, bool) {
	for s := range shengji.Seat(v.n) {
		if s != v.me && v.ally(s) && v.void[s][g] {
			return s, true
		}
	}
	return shengji.NoSeat, false
}

// winner returns the position (from the leader) of the play winning plays.
func (v *view) winner(plays []card.Multi) int {
	w, err := v.ord.Winner(plays)
	if err != nil {
		return 0
	}
	return w
}
