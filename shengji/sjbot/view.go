package sjbot

import (
	"felt/card"
	"felt/shengji"
)

// view is what a seat can work out from its observation: the order, the
// cards others (or the kitty) may still hold, the suit-groups each seat has
// shown itself void in, and the trick in progress with its plays in turn
// order from the leader.
type view struct {
	o       *shengji.Observation
	ord     *shengji.Order
	me      shengji.Seat
	unknown card.Multi // cards not in the seat's hand, not played, not in its own buried kitty
	void    [shengji.NumSeats][shengji.NumGroups]bool
	trick   shengji.Trick
	plays   [shengji.NumSeats]card.Multi // the current trick's plays from its leader
	nplays  int
}

// all is every card of the two packs.
var all = card.Double(card.AllFaces)

// newView works out a view from o.
func newView(o *shengji.Observation) view {
	v := view{o: o, ord: o.Trump.Order(), me: o.Seat}
	known := o.Hand.Union(o.Kitty)
	if o.Kitty.IsEmpty() {
		known = o.Hand
	} else if k, err := o.Hand.Sum(o.Kitty); err == nil {
		known = k
	}
	played := o.Played()
	if k, err := known.Sum(played); err == nil {
		known = k
	}
	v.unknown = all.Minus(known)
	for _, t := range o.Tricks.All() {
		lead := t.Lead()
		g, ok := v.ord.GroupOf(lead)
		if !ok {
			continue
		}
		n := lead.Len()
		for s := range shengji.Seat(shengji.NumSeats) {
			if s == t.Leader {
				continue
			}
			p := t.Plays[s]
			if p.IsEmpty() {
				continue
			}
			if p.Within(v.ord.Faces(g)).Len() < n {
				v.void[s][g] = true
			}
		}
	}
	if t, ok := o.Trick(); ok {
		v.trick = t
		for i := range t.Count {
			v.plays[i] = t.Plays[(t.Leader+shengji.Seat(i))%shengji.NumSeats]
		}
		v.nplays = t.Count
	}
	return v
}

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

// opponentVoid reports whether an opponent of the seat is known to be void
// in group g.
func (v *view) opponentVoid(g shengji.Group) bool {
	return v.void[v.me.Next()][g] || v.void[v.me.Partner().Next()][g]
}

// winner returns the position (from the leader) of the play winning plays.
func (v *view) winner(plays []card.Multi) int {
	w, err := v.ord.Winner(plays)
	if err != nil {
		return 0
	}
	return w
}
