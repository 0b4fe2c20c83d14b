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
	for i := range o.NTricks {
		t := &o.Tricks[i]
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
	if u.Pairs == 0 {
		return highestStep(ord, others, u.Group) > u.Top
	}
	mask := stepPairs(ord, others, u.Group)
	run := 0
	for s := 0; s < ord.Steps(u.Group); s++ {
		if mask&(1<<uint(s)) == 0 {
			run = 0
			continue
		}
		run++
		if run >= u.Pairs && s > u.Top {
			return true
		}
	}
	return false
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
