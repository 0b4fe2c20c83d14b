package sjbot

import (
	"math/bits"
	"math/rand/v2"
	"slices"

	"felt/card"
	"felt/shengji"
)

// hidden is what a seat knows of the cards it cannot see, as a dealing
// problem: the pool of those cards, how many each other seat holds and
// the kitty (at index n), the cards some seats surely hold (declarations
// shown, a failed throw's cards taken back), the suit-groups each seat has
// shown void in, and the suit-groups in which a seat holds no pair (it
// followed a lead of pairs in that group with fewer pairs than it asked).
type hidden struct {
	ord    *shengji.Order
	n      int
	me     shengji.Seat
	pool   card.Multi
	capa   [shengji.MaxSeats + 1]int
	must   [shengji.MaxSeats]card.Multi
	void   [shengji.MaxSeats][shengji.NumGroups]bool
	nopair [shengji.MaxSeats][shengji.NumGroups]bool
}

// newHidden works out the dealing problem of v's seat. ok is false when
// the counts do not add up (which the engine's observations never give).
func newHidden(v *view) (h hidden, ok bool) {
	o := v.o
	h = hidden{ord: v.ord, n: v.n, me: v.me, pool: v.unknown, void: v.void}
	for s := range shengji.Seat(v.n) {
		if s != v.me {
			h.capa[s] = o.Counts[s]
		}
	}
	if o.Kitty.IsEmpty() && o.Phase == shengji.PlayPhase {
		h.capa[v.n] = o.Rules.KittySize() // buried by another seat
	}
	sum := 0
	for _, c := range h.capa {
		sum += c
	}
	if sum != v.unknown.Len() {
		return h, false
	}
	for _, b := range o.Bids.All() {
		if b.Seat != v.me && b.Seat.In(v.n) {
			h.must[b.Seat] = h.must[b.Seat].Union(b.Cards)
		}
	}
	for i := range numTricks(o) {
		t := trickAt(o, i)
		if t.Failed() && t.Leader != v.me {
			h.must[t.Leader] = h.must[t.Leader].Union(t.Attempt.Minus(t.Plays[t.Leader]))
		}
		lead := t.Lead()
		g, gok := v.ord.GroupOf(lead)
		if !gok || lead.Three != 0 {
			continue // the pair rule read only for leads of singles and pairs
		}
		faces := v.ord.Faces(g)
		need := (lead.Two & faces).Len()
		if need == 0 {
			continue
		}
		for s := range shengji.Seat(v.n) {
			p := t.Plays[s]
			if s == t.Leader || s == v.me || p.IsEmpty() {
				continue
			}
			if (p.Two & faces).Len() < need {
				h.nopair[s][g] = true // it would have had to play its pairs
			}
		}
	}
	for s := range shengji.Seat(v.n) {
		h.must[s] = h.must[s].Minus(playedBy(o, s)).Intersect(h.pool)
	}
	return h, true
}

// dealer deals hidden cards; it keeps its buffers from deal to deal.
type dealer struct {
	rng  *rand.Rand
	deal []card.Card
	idx  []int
}

// rejectTries is how many uniformly random deals dealer.deal tries before
// it builds one card by card.
const rejectTries = 24

// deal deals h's pool into hands (the seat's own left as it is) and kitty:
// a deal drawn uniformly among those consistent with h when one of
// rejectTries random deals is (exact true), else one built card by card,
// the most constrained cards first (consistent with the voids and the
// pairs, but not drawn uniformly), else one that ignores the pairs, then
// the voids. ok is false when it found none.
func (d *dealer) dealHidden(h *hidden, hands *[shengji.MaxSeats]card.Multi, kitty *card.Multi) (exact, ok bool) {
	n := h.n
	left := h.capa
	pool := h.pool
	var base [shengji.MaxSeats]card.Multi
	for s := range shengji.Seat(n) {
		if s == h.me {
			continue
		}
		for c := range h.must[s].All() { // every copy
			if left[s] > 0 && pool.Count(c) > 0 {
				_ = pool.Remove(c)
				_ = base[s].Add(c)
				left[s]--
			}
		}
	}
	d.deal = pool.AppendCards(d.deal[:0])
	for range rejectTries {
		card.Shuffle(d.rng, d.deal)
		if d.split(h, &base, &left, hands, kitty) {
			return true, true
		}
	}
	for try := range 3 * n {
		card.Shuffle(d.rng, d.deal)
		if d.fill(h, &base, left, hands, kitty, try < 2*n, try < 3*n-1) {
			return false, true
		}
	}
	return false, false
}

// split deals d.deal in its order: the first cards to the first seat's
// count, and so on, the kitty last; false if a seat breaks a void or a
// pair it was shown not to hold.
func (d *dealer) split(h *hidden, base *[shengji.MaxSeats]card.Multi, left *[shengji.MaxSeats + 1]int, hands *[shengji.MaxSeats]card.Multi, kitty *card.Multi) bool {
	i := 0
	for s := range shengji.Seat(h.n) {
		if s == h.me {
			continue
		}
		m := base[s]
		for range left[s] {
			c := d.deal[i]
			i++
			g := h.ord.Group(c)
			if h.void[s][g] || h.nopair[s][g] && m.Count(c) > 0 {
				return false
			}
			_ = m.Add(c)
		}
		hands[s] = m
	}
	var k card.Multi
	for _, c := range d.deal[i:] {
		_ = k.Add(c)
	}
	*kitty = k
	return true
}

// fill deals d.deal card by card, the most constrained first (a stable
// sort keeps the shuffle's order otherwise), each to a seat that may hold
// it (or the kitty) drawn in proportion to the room left; with pairs false
// it ignores the pair rule, with voids false the voids too.
func (d *dealer) fill(h *hidden, base *[shengji.MaxSeats]card.Multi, left [shengji.MaxSeats + 1]int, hands *[shengji.MaxSeats]card.Multi, kitty *card.Multi, pairs, voids bool) bool {
	n := h.n
	var elig [shengji.MaxDeck]uint16
	for i, c := range d.deal {
		g := h.ord.Group(c)
		var m uint16
		for s := range shengji.Seat(n) {
			if s != h.me && (!voids || !h.void[s][g]) {
				m |= 1 << s
			}
		}
		elig[i] = m | 1<<n // the kitty takes anything
	}
	d.idx = d.idx[:0]
	for i := range d.deal {
		d.idx = append(d.idx, i)
	}
	slices.SortStableFunc(d.idx, func(a, b int) int {
		return bits.OnesCount16(elig[a]) - bits.OnesCount16(elig[b])
	})
	for s := range shengji.Seat(n) {
		if s != h.me {
			hands[s] = base[s]
		}
	}
	*kitty = card.Multi{}
	for _, i := range d.idx {
		c, m := d.deal[i], elig[i]
		g := h.ord.Group(c)
		tot := 0
		for k := range n + 1 {
			if m&(1<<k) != 0 && pairs && k < n && h.nopair[k][g] && hands[k].Count(c) > 0 {
				m &^= 1 << k
			}
			if m&(1<<k) != 0 {
				tot += left[k]
			}
		}
		if tot == 0 {
			return false
		}
		r := d.rng.IntN(tot)
		for k := range n + 1 {
			if m&(1<<k) == 0 {
				continue
			}
			if r < left[k] {
				left[k]--
				if k == n {
					_ = kitty.Add(c)
				} else {
					_ = hands[k].Add(c)
				}
				break
			}
			r -= left[k]
		}
	}
	return true
}
