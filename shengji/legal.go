package shengji

import (
	"math/bits"

	"felt/card"
)

// Listing legal plays, for computer players and tests.
//
// A legal follow is built, not searched for: it is some cards every follow
// must hold (base), then some faces of a pool taken twice (a set Q of the
// pool's pairs) and some faces taken once (a set S of the pool's other
// faces), so that it has as many cards as the lead. Holding fewer cards of
// the led suit-group than the lead has, base is all of them and the pool
// the rest of the hand, with no condition on Q. Holding enough, base is
// empty, the pool is the hand's cards of the group, and Q must hold as many
// pairs as the lead asks for (min of the lead's pairs and the hand's) and
// the tractors the hand can answer the lead's with (see CheckFollow). S is
// then any set of the pool's faces outside Q of the size left over. Each
// follow arises from exactly one (Q, S), so the follows can be counted (a
// sum of binomials over Q) and the k-th one built directly.
//
// Leads are listed as units only (singles, pairs, tractors): any cards of
// one suit-group are a legal lead (several units are a throw, settled by
// Order.Throw when played), and there are too many throws to list, so
// choosing one is left to the player.

// maxPool bounds the faces of a pool: a hand of at most 33 cards.
const maxPool = 64

// binom holds the binomial coefficients C(n, k) for n, k ≤ maxPool.
var binom = func() (t [maxPool + 1][maxPool + 1]uint64) {
	for n := range t {
		t[n][0] = 1
		for k := 1; k <= n; k++ {
			t[n][k] = t[n-1][k-1] + t[n-1][k]
		}
	}
	return t
}()

// choose returns C(n, k), 0 for k outside [0, n].
func choose(n, k int) uint64 {
	if k < 0 || k > n || n > maxPool {
		return 0
	}
	return binom[n][k]
}

// followSpace is the set of legal follows of a hand to a lead, as above.
type followSpace struct {
	o        *Order
	g        Group
	base     card.Multi
	pool     card.Multi
	m        int                // cards to choose from the pool
	pairs    [maxPool]card.Set  // the pool's pair faces, one bit each
	steps    [maxPool]int8      // the step of each pair face
	np       int                // how many pair faces
	minPairs int                // Q holds at least this many pairs
	need     [maxSteps]int8     // tractor lengths Q must answer, longest first
	k        int                // how many
	ok       bool               // the lead is a lead and the hand big enough
	faces    [maxPool]card.Card // scratch: the faces S is chosen from
	combo    [maxPool]int8      // scratch: a combination's indices

	// With some card three times or more (three packs or more), Q is a
	// choice of faces each taken 2 … (copies) times: see multiSpace.
	multi  bool
	short  bool                     // the hand is short in the led group: no condition on Q
	mfaces [maxPool]card.Set        // the pool's faces held twice or more
	mcount [maxPool]int8            // their copies
	nm     int                      // how many
	kept   [maxUnits]format         // the tractors Q must answer
	nk     int                      // how many
	vec    [card.MaxCopies + 1]int8 // the tuples Q must hold, by width
}

// space sets f to the legal follows of hand to lead.
func (o *Order) space(f *followSpace, lead, hand card.Multi) {
	f.o, f.ok = o, false
	g, ok := o.GroupOf(lead)
	n := lead.Len()
	if !ok || hand.Len() < n {
		return
	}
	f.g, f.ok = g, true
	if lead.Three != 0 || hand.Three != 0 {
		f.multiSpace(lead, hand, n)
		return
	}
	f.multi = false
	held := hand.Within(o.groups[g])
	f.minPairs, f.k = 0, 0
	if h := held.Len(); h < n {
		f.short, f.base, f.pool, f.m = true, held, hand.Minus(held), n-h
	} else {
		f.short, f.base, f.pool, f.m = false, card.Multi{}, held, n
		sh := o.shapeOf(lead, g)
		if sh.pairs > 0 {
			f.minPairs = min(sh.pairs, (held.Two & card.AllFaces).Len())
		}
		if sh.ntr > 0 {
			hcnt, _ := o.pairCounts(held, g)
			f.k = lexmax(&hcnt, sh.lens[:sh.ntr], &f.need)
		}
	}
	f.np = 0
	for p := f.pool.Two & card.AllFaces; p != 0; p &= p - 1 {
		b := card.Set(1) << uint(bits.TrailingZeros64(uint64(p)))
		f.pairs[f.np] = b
		f.steps[f.np] = o.step[bits.TrailingZeros64(uint64(p))]
		f.np++
	}
}

// valid reports whether the pairs of mask q (bit i for f.pairs[i]) meet
// the lead's demands, and returns them as a set.
func (f *followSpace) valid(q uint64) (card.Set, bool) {
	nq := bits.OnesCount64(q)
	if nq < f.minPairs || 2*nq > f.m {
		return 0, false
	}
	var set card.Set
	var cnt [maxSteps]uint8
	for r := q; r != 0; r &= r - 1 {
		i := bits.TrailingZeros64(r)
		set |= f.pairs[i]
		cnt[f.steps[i]]++
	}
	if f.k > 0 && !embed(&cnt, f.need[:f.k]) {
		return 0, false
	}
	return set, true
}

// singles returns the faces S is chosen from once Q is taken, and how many
// S holds.
func (f *followSpace) singles(q card.Set) (card.Set, int) {
	return f.pool.One &^ q & card.AllFaces, f.m - 2*q.Len()
}

// count returns the number of legal follows.
func (f *followSpace) count() uint64 {
	if !f.ok {
		return 0
	}
	if f.multi {
		var total uint64
		f.walk(0, card.Multi{}, 0, func(q card.Multi, used int) bool {
			total += choose((f.pool.One &^ q.One & card.AllFaces).Len(), f.m-used)
			return true
		})
		return total
	}
	var total uint64
	for q := uint64(0); q < 1<<uint(f.np); q++ {
		set, ok := f.valid(q)
		if !ok {
			continue
		}
		free, r := f.singles(set)
		total += choose(free.Len(), r)
	}
	return total
}

// each calls yield with every legal follow, in the order nth numbers them,
// until yield returns false.
func (f *followSpace) each(yield func(card.Multi) bool) bool {
	if !f.ok {
		return true
	}
	if f.multi {
		return f.walk(0, card.Multi{}, 0, func(q card.Multi, used int) bool {
			return f.combos(f.base.Union(q), f.pool.One&^q.One&card.AllFaces, f.m-used, yield)
		})
	}
	for q := uint64(0); q < 1<<uint(f.np); q++ {
		set, ok := f.valid(q)
		if !ok {
			continue
		}
		free, r := f.singles(set)
		fixed := f.base
		fixed.One |= set
		fixed.Two |= set
		if !f.combos(fixed, free, r, yield) {
			return false
		}
	}
	return true
}

// nth returns the k-th legal follow (from 0) in the order each yields
// them, ok false if there are not that many.
func (f *followSpace) nth(k uint64) (card.Multi, bool) {
	if !f.ok {
		return card.Multi{}, false
	}
	if f.multi {
		var play card.Multi
		found := false
		f.walk(0, card.Multi{}, 0, func(q card.Multi, used int) bool {
			free, r := f.pool.One&^q.One&card.AllFaces, f.m-used
			if c := choose(free.Len(), r); k >= c {
				k -= c
				return true
			}
			play, found = f.unrank(f.base.Union(q), free, r, k), true
			return false
		})
		return play, found
	}
	for q := uint64(0); q < 1<<uint(f.np); q++ {
		set, ok := f.valid(q)
		if !ok {
			continue
		}
		free, r := f.singles(set)
		nf := free.Len()
		c := choose(nf, r)
		if k >= c {
			k -= c
			continue
		}
		play := f.base
		play.One |= set
		play.Two |= set
		// unrank the k-th r-combination of the free faces
		idx := 0
		for p := free; r > 0; p &= p - 1 {
			below := choose(nf-idx-1, r-1) // combinations taking this face
			if k < below {
				play.One |= card.Set(1) << uint(bits.TrailingZeros64(uint64(p)))
				r--
			} else {
				k -= below
			}
			idx++
		}
		return play, true
	}
	return card.Multi{}, false
}

// multiSpace sets f to the legal follows of hand to lead (of group f.g, n
// cards, hand holding at least n) where some card is held three times or
// more. A follow is again some cards every follow must hold (base), a
// choice Q of the pool's faces held twice or more, each taken 2 … (its
// copies) times, and a set S of other faces of the pool taken once; Q must
// hold the tractors the hand can answer the lead's with and the hand's
// answer vector to the lead's tuples (see CheckFollow), as singles serve
// neither.
func (f *followSpace) multiSpace(lead, hand card.Multi, n int) {
	o, g := f.o, f.g
	f.multi, f.nk, f.vec = true, 0, [card.MaxCopies + 1]int8{}
	held := hand.Within(o.groups[g])
	if h := held.Len(); h < n {
		f.short, f.base, f.pool, f.m = true, held, hand.Minus(held), n-h
	} else {
		f.short, f.base, f.pool, f.m = false, card.Multi{}, held, n
		sh := o.shapeOf(lead, g)
		hf := o.facesOf(held, g)
		for _, t := range sh.tractors[:sh.ntr] {
			f.kept[f.nk] = t
			if hf.fit(f.kept[:f.nk+1], nil) {
				f.nk++
			}
		}
		hb := hf.bins()
		f.vec = answer(&hb, &sh.tuples)
	}
	f.nm = 0
	for p := f.pool.Two & card.AllFaces; p != 0; p &= p - 1 {
		b := p & -p
		f.mfaces[f.nm] = b
		f.mcount[f.nm] = int8(f.pool.Count(card.Card(bits.TrailingZeros64(uint64(b)))))
		f.nm++
	}
}

// walk calls leaf with every valid Q (see multiSpace) and the cards it
// takes, until leaf returns false: from face i on, each face left out (it
// may still be in S), then taken 2, 3 … times, the cards of Q at most f.m.
func (f *followSpace) walk(i int, q card.Multi, used int, leaf func(card.Multi, int) bool) bool {
	if i == f.nm {
		if !f.short && !f.validMulti(q) {
			return true
		}
		return leaf(q, used)
	}
	if !f.walk(i+1, q, used, leaf) {
		return false
	}
	for x := 2; x <= int(f.mcount[i]) && used+x <= f.m; x++ {
		if !f.walk(i+1, q.Union(card.Times(f.mfaces[i], x)), used+x, leaf) {
			return false
		}
	}
	return true
}

// validMulti reports whether Q holds the tractors and the tuples a follow
// owes.
func (f *followSpace) validMulti(q card.Multi) bool {
	qf := f.o.facesOf(q, f.g)
	if f.nk > 0 && !qf.fit(f.kept[:f.nk], nil) {
		return false
	}
	b := qf.bins()
	return fitTuples(&b, &f.vec)
}

// combos yields fixed with every r faces of free added once, in
// lexicographic order of the combinations, until yield returns false.
func (f *followSpace) combos(fixed card.Multi, free card.Set, r int, yield func(card.Multi) bool) bool {
	nf := 0
	for p := free; p != 0; p &= p - 1 {
		f.faces[nf] = card.Card(bits.TrailingZeros64(uint64(p)))
		nf++
	}
	if r > nf || r < 0 {
		return true
	}
	for i := range r {
		f.combo[i] = int8(i)
	}
	for {
		play := fixed
		for i := range r {
			play.One |= card.Bit(f.faces[f.combo[i]])
		}
		if !yield(play) {
			return false
		}
		i := r - 1
		for i >= 0 && int(f.combo[i]) == nf-r+i {
			i--
		}
		if i < 0 {
			return true
		}
		f.combo[i]++
		for j := i + 1; j < r; j++ {
			f.combo[j] = f.combo[j-1] + 1
		}
	}
}

// unrank returns fixed with the k-th (from 0) r-combination of the faces of
// free added once, in the order combos yields them.
func (f *followSpace) unrank(fixed card.Multi, free card.Set, r int, k uint64) card.Multi {
	nf := free.Len()
	idx := 0
	for p := free; r > 0 && p != 0; p &= p - 1 {
		below := choose(nf-idx-1, r-1) // combinations taking this face
		if k < below {
			fixed.One |= card.Set(1) << uint(bits.TrailingZeros64(uint64(p)))
			r--
		} else {
			k -= below
		}
		idx++
	}
	return fixed
}

// CountFollows returns the number of legal follows of a player holding hand
// (the whole hand before playing) to lead: the plays of lead's size out of
// hand that CheckFollow accepts. It is 0 when lead is not one suit-group or
// hand holds too few cards. It does not allocate.
func (o *Order) CountFollows(lead, hand card.Multi) int {
	var f followSpace
	o.space(&f, lead, hand)
	return int(f.count())
}

// AppendFollows appends every legal follow of hand to lead (see
// CountFollows) to dst and returns it, in the order NthFollow numbers them.
// The count can be large when the lead has many cards and the hand is void
// in its suit-group; CountFollows tells first.
func (o *Order) AppendFollows(dst []card.Multi, lead, hand card.Multi) []card.Multi {
	var f followSpace
	o.space(&f, lead, hand)
	f.each(func(m card.Multi) bool {
		dst = append(dst, m)
		return true
	})
	return dst
}

// EachFollow calls yield with every legal follow of hand to lead, in the
// order NthFollow numbers them, until yield returns false.
func (o *Order) EachFollow(lead, hand card.Multi, yield func(card.Multi) bool) {
	var f followSpace
	o.space(&f, lead, hand)
	f.each(yield)
}

// NthFollow returns the k-th legal follow of hand to lead, from 0, in the
// order AppendFollows lists them, without listing the others; ok is false
// if k is out of range. With k drawn uniformly below CountFollows it draws
// a legal follow uniformly at random.
func (o *Order) NthFollow(lead, hand card.Multi, k int) (play card.Multi, ok bool) {
	if k < 0 {
		return card.Multi{}, false
	}
	var f followSpace
	o.space(&f, lead, hand)
	return f.nth(uint64(k))
}

// AppendLeads appends to dst every lead of one unit hand may make and
// returns it: within each suit-group (spades, hearts, diamonds, clubs,
// trumps) its singles, its pairs, its triples and wider tuples (a tuple may
// come out of a larger count: a pair out of a triple), then its tractors of
// pairs, of triples and so on, each from the lowest. A tractor takes one
// face at each of its steps, so where several faces share a step (the
// off-suit level-rank cards) each choice is listed. Throws, any several
// units of one group, are legal leads too but are not listed.
func (o *Order) AppendLeads(dst []card.Multi, hand card.Multi) []card.Multi {
	o.eachLead(hand, func(m card.Multi) bool {
		dst = append(dst, m)
		return true
	})
	return dst
}

// NthLead returns the k-th lead AppendLeads lists, from 0, ok false if k
// is out of range.
func (o *Order) NthLead(hand card.Multi, k int) (lead card.Multi, ok bool) {
	if k < 0 {
		return card.Multi{}, false
	}
	o.eachLead(hand, func(m card.Multi) bool {
		if k == 0 {
			lead, ok = m, true
			return false
		}
		k--
		return true
	})
	return lead, ok
}

// eachLead calls yield with every single-unit lead, in AppendLeads' order,
// until it returns false.
func (o *Order) eachLead(hand card.Multi, yield func(card.Multi) bool) bool {
	for g := range Group(NumGroups) {
		held := hand.Within(o.groups[g])
		if held.IsEmpty() {
			continue
		}
		maxc := held.MaxCount()
		for w := 1; w <= maxc; w++ {
			for p := held.AtLeast(w) & card.AllFaces; p != 0; p &= p - 1 {
				if !yield(card.Times(p&-p, w)) {
					return false
				}
			}
		}
		for w := 2; w <= maxc; w++ {
			mask := o.widthMask(held, g, w)
			for lo := 0; lo < maxSteps; lo++ {
				for hi := lo + 1; hi < maxSteps && mask&(1<<uint(hi)) != 0 && mask&(1<<uint(lo)) != 0; hi++ {
					if !o.eachTractor(held, g, w, lo, hi, card.Multi{}, yield) {
						return false
					}
				}
			}
		}
	}
	return true
}

// eachTractor yields the tractors of width w of held's cards of group g
// over steps lo to hi, one face held at least w times a step, every choice
// at a shared step, added to acc's tuples of the steps below lo.
func (o *Order) eachTractor(held card.Multi, g Group, w, lo, hi int, acc card.Multi, yield func(card.Multi) bool) bool {
	if lo > hi {
		return yield(acc)
	}
	for p := held.AtLeast(w) & o.steps[g][lo]; p != 0; p &= p - 1 {
		if !o.eachTractor(held, g, w, lo+1, hi, acc.Union(card.Times(p&-p, w)), yield) {
			return false
		}
	}
	return true
}

// CountLeads returns the number of single-unit leads AppendLeads lists.
func (o *Order) CountLeads(hand card.Multi) int {
	n := 0
	for g := range Group(NumGroups) {
		held := hand.Within(o.groups[g])
		if held.IsEmpty() {
			continue
		}
		maxc := held.MaxCount()
		for w := 1; w <= maxc; w++ {
			n += (held.AtLeast(w) & card.AllFaces).Len()
		}
		for w := 2; w <= maxc; w++ {
			var cnt [maxSteps]uint8
			for p := uint64(held.AtLeast(w) & o.groups[g]); p != 0; p &= p - 1 {
				cnt[o.step[bits.TrailingZeros64(p)]]++
			}
			for lo := 0; lo < maxSteps; lo++ {
				ways := int(cnt[lo])
				for hi := lo + 1; hi < maxSteps && ways > 0 && cnt[hi] > 0; hi++ {
					ways *= int(cnt[hi])
					n += ways
				}
			}
		}
	}
	return n
}

// FollowExtensions returns the faces c such that sel with one more copy
// of c is part of some legal follow of hand to lead (sel itself part of
// hand): what a player building its follow one card at a time may add
// next. It is empty when sel is part of no legal follow, or already has
// the lead's size. Every legal follow is built by adding its cards in any
// order, each allowed when added. It does not allocate.
func (o *Order) FollowExtensions(lead, hand, sel card.Multi) card.Set {
	var f followSpace
	o.space(&f, lead, hand)
	if !f.ok || sel.Len() >= lead.Len() || !hand.Contains(sel) {
		return 0
	}
	if f.short {
		// no condition but the base: any m cards of the pool with it
		in := sel.Minus(f.base)
		ext := f.base.Minus(sel).One
		if in.Len() < f.m {
			ext |= f.pool.Minus(in).One
		}
		return ext & card.AllFaces
	}
	if !f.pool.Contains(sel) {
		return 0
	}
	var ext card.Set
	if f.multi {
		f.walk(0, card.Multi{}, 0, func(q card.Multi, used int) bool {
			if !q.Contains(sel.Within(q.One)) || sel.Two&^q.One != 0 {
				return true
			}
			u := (sel.One &^ q.One).Len()
			slack := f.m - used - u
			if slack < 0 {
				return true
			}
			ext |= q.Minus(sel).One
			if slack > 0 {
				ext |= f.pool.One &^ q.One &^ sel.One
			}
			return true
		})
		return ext & card.AllFaces
	}
	for q := uint64(0); q < 1<<uint(f.np); q++ {
		set, ok := f.valid(q)
		if !ok || sel.Two&^set != 0 {
			continue
		}
		free, r := f.singles(set)
		slack := r - (sel.One &^ set).Len()
		if slack < 0 {
			continue
		}
		ext |= set &^ sel.Two
		if slack > 0 {
			ext |= free &^ sel.One
		}
	}
	return ext & card.AllFaces
}
