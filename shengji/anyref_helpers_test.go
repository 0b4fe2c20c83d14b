package shengji

// A brute-force reference for the trick rules with k = 2 … 5 packs, written
// from the working spec ("Units", "Following", "Winning a trick", "Throws",
// "Level table") in the spirit of ref_test.go: the orders are refOrder's
// explicit lists, units are recognised by looking at the cards, and every
// question of what a set of cards holds is answered by trying every choice
// of faces. Nothing here uses the package's step tables, shapes or bit
// tricks; only card.Multi, card parsing, Trump and the Group constants.
//
// The engine is reached only through the eng… adapters at the end of this
// file, so that a change of the engine's API is a change there.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"

	"felt/card"
)

// refCnt counts the copies of each face, indexed by the card's value.
type refCnt [64]int

func refCounts(m card.Multi) refCnt {
	var c refCnt
	for x := range m.All() {
		c[x]++
	}
	return c
}

func (c *refCnt) multi() card.Multi {
	var m card.Multi
	for x, n := range c {
		for range n {
			if err := m.Add(card.Card(x)); err != nil {
				panic(err)
			}
		}
	}
	return m
}

func (c *refCnt) total() int {
	n := 0
	for _, k := range c {
		n += k
	}
	return n
}

// refAllFaces lists the 54 faces: the suits' cards, then the jokers.
func refAllFaces() []card.Card {
	var out []card.Card
	for s := card.Spades; s < card.NumSuits; s++ {
		for r := card.Ace; r <= card.King; r++ {
			out = append(out, card.New(r, s))
		}
	}
	return append(out, card.SmallJoker, card.BigJoker)
}

// refSuitRank is a face's position in ♠♥♦♣ (a joker after clubs).
func refSuitRank(c card.Card) int {
	if c.IsJoker() {
		return int(card.NumSuits)
	}
	return int(c.Suit())
}

// refRule is what the reference's answers depend on: the trump, and the
// table's level_tractors setting (NoLevelTractors: no tractor takes a card
// of the level rank).
type refRule struct {
	Trump
	NoLevelTractors bool
}

// String writes the trump, and "no level tractors" when set.
func (r refRule) String() string {
	if r.NoLevelTractors {
		return r.Trump.String() + " (no level tractors)"
	}
	return r.Trump.String()
}

// refTabK is refOrder's answer laid out by group and step.
type refTabK struct {
	rule  refRule
	place map[card.Card]refPlace
	steps [NumGroups][][]card.Card // each group's steps from the lowest; at a step the faces in ♠♥♦♣ order
	faces [NumGroups][]card.Card   // each group's faces, lowest step first
}

var refTabsK sync.Map // refRule → *refTabK

func refTabFor(t refRule) *refTabK {
	if v, ok := refTabsK.Load(t); ok {
		return v.(*refTabK)
	}
	tb := &refTabK{rule: t, place: refOrder(t.Trump)}
	for _, c := range refAllFaces() {
		p := tb.place[c]
		for len(tb.steps[p.group]) <= p.step {
			tb.steps[p.group] = append(tb.steps[p.group], nil)
		}
		tb.steps[p.group][p.step] = append(tb.steps[p.group][p.step], c)
	}
	for g := range Group(NumGroups) {
		for _, at := range tb.steps[g] {
			slices.SortFunc(at, func(a, b card.Card) int { return refSuitRank(a) - refSuitRank(b) })
			tb.faces[g] = append(tb.faces[g], at...)
		}
	}
	refTabsK.Store(t, tb)
	return tb
}

// groupOf returns the one group all of m's cards are in.
func (tb *refTabK) groupOf(m card.Multi) (Group, bool) {
	cs := m.Cards()
	if len(cs) == 0 {
		return NoGroup, false
	}
	g := tb.place[cs[0]].group
	for _, c := range cs {
		if tb.place[c].group != g {
			return NoGroup, false
		}
	}
	return g, true
}

// inGroup returns the counts of cnt's cards of group g.
func (tb *refTabK) inGroup(cnt *refCnt, g Group) refCnt {
	var out refCnt
	for _, c := range tb.faces[g] {
		out[c] = cnt[c]
	}
	return out
}

// refUnitK is a unit: w identical cards (a tuple; w = 1 a single) or a
// tractor of l ≥ 2 such tuples at l consecutive steps of one group.
type refUnitK struct {
	Group Group
	W, L  int         // width, length (1 for a tuple or single)
	Top   int         // the step of its highest tuple
	Faces []card.Card // one face per step, from the top step down
	Cards card.Multi
}

func (u refUnitK) size() int       { return u.W * u.L }
func (u refUnitK) isTractor() bool { return u.L >= 2 }

func (u refUnitK) String() string {
	return fmt.Sprintf("%s(w%d l%d top %d: %s)", u.Group, u.W, u.L, u.Top, u.Cards)
}

func refUnitOf(g Group, w, top int, faces []card.Card) refUnitK {
	u := refUnitK{Group: g, W: w, L: len(faces), Top: top, Faces: slices.Clone(faces)}
	for _, c := range faces {
		for range w {
			_ = u.Cards.Add(c)
		}
	}
	return u
}

// eachRun calls f with every choice of one face at each of the l
// consecutive steps of g ending at top, each face with at least w cards in
// cnt (and, for a tractor under NoLevelTractors, not of the level rank);
// the faces from the top step down, at a step in ♠♥♦♣ order. f returns
// false to stop, and so does eachRun then.
func (tb *refTabK) eachRun(g Group, cnt *refCnt, w, l, top int, f func(faces []card.Card) bool) bool {
	steps := tb.steps[g]
	low := top - l + 1
	if low < 0 || top >= len(steps) {
		return true
	}
	usable := func(c card.Card) bool {
		if l >= 2 && tb.rule.NoLevelTractors && !c.IsJoker() && c.Rank() == tb.rule.Level {
			return false // the level rank's cards stand in no tractor
		}
		return cnt[c] >= w
	}
	for s := low; s <= top; s++ { // a step without such a face: no run at all
		if !slices.ContainsFunc(steps[s], usable) {
			return true
		}
	}
	var buf [maxRefSteps]card.Card
	faces := buf[:0]
	var rec func(s int) bool
	rec = func(s int) bool {
		if s < low {
			return f(faces)
		}
		for _, c := range steps[s] {
			if usable(c) {
				faces = append(faces, c)
				if !rec(s - 1) {
					return false
				}
				faces = faces[:len(faces)-1]
			}
		}
		return true
	}
	return rec(top)
}

// maxRefSteps bounds a group's steps (sixteen in the trumps).
const maxRefSteps = 16

// refLargerK is the split's greedy order: a before b if a has more cards,
// then a tractor before a tuple, then the wider, then the higher, then at a
// shared step the face of the suit first in ♠♥♦♣.
func refLargerK(a, b refUnitK) bool {
	if a.size() != b.size() {
		return a.size() > b.size()
	}
	if a.isTractor() != b.isTractor() {
		return a.isTractor()
	}
	if a.W != b.W {
		return a.W > b.W
	}
	if a.Top != b.Top {
		return a.Top > b.Top
	}
	for i := range min(len(a.Faces), len(b.Faces)) {
		if x, y := refSuitRank(a.Faces[i]), refSuitRank(b.Faces[i]); x != y {
			return x < y
		}
	}
	return false
}

// largest returns the largest unit cnt's cards of g hold, by trying every
// width, length, top and choice of faces.
func (tb *refTabK) largest(g Group, cnt *refCnt) (refUnitK, bool) {
	var best refUnitK
	found := false
	nsteps := len(tb.steps[g])
	most := 0
	for _, c := range tb.faces[g] {
		most = max(most, cnt[c])
	}
	for w := 1; w <= most; w++ {
		for l := 1; l <= nsteps; l++ {
			if l >= 2 && w < 2 {
				continue // runs of singles are no unit
			}
			for top := l - 1; top < nsteps; top++ {
				tb.eachRun(g, cnt, w, l, top, func(faces []card.Card) bool {
					cand := refUnitK{Group: g, W: w, L: l, Top: top, Faces: faces}
					if !found || refLargerK(cand, best) {
						best, found = refUnitOf(g, w, top, faces), true
					}
					return true
				})
			}
		}
	}
	return best, found
}

// refSplitK is the canonical split: group by group (♠♥♦♣, trumps), the
// largest unit again and again (refLargerK), listed tractors first, then
// tuples, then singles, each in the order taken.
func refSplitK(t refRule, m card.Multi) []refUnitK {
	tb := refTabFor(t)
	cnt := refCounts(m)
	var out []refUnitK
	for g := range Group(NumGroups) {
		var taken []refUnitK
		for {
			u, ok := tb.largest(g, &cnt)
			if !ok {
				break
			}
			for _, c := range u.Faces {
				cnt[c] -= u.W
			}
			taken = append(taken, u)
		}
		for _, kind := range []func(refUnitK) bool{
			func(u refUnitK) bool { return u.L >= 2 },
			func(u refUnitK) bool { return u.L == 1 && u.W >= 2 },
			func(u refUnitK) bool { return u.W == 1 },
		} {
			for _, u := range taken {
				if kind(u) {
					out = append(out, u)
				}
			}
		}
	}
	return out
}

// refFmt is a unit's format: width and length.
type refFmt struct{ W, L int }

// fits reports whether cnt's cards of g hold, disjointly, a unit of each
// format (a tuple from any face with enough copies, several from one face
// if its count allows), by trying every choice. Tuples of one format one
// after the other take faces in list order (the same tuples in another
// order are the same choice).
func (tb *refTabK) fits(g Group, cnt *refCnt, fs []refFmt) bool {
	c := *cnt
	return tb.fitsFrom(g, &c, fs, 0)
}

func (tb *refTabK) fitsFrom(g Group, cnt *refCnt, fs []refFmt, from int) bool {
	if len(fs) == 0 {
		return true
	}
	f := fs[0]
	if f.L == 1 {
		for i := from; i < len(tb.faces[g]); i++ {
			c := tb.faces[g][i]
			if cnt[c] < f.W {
				continue
			}
			next := 0
			if len(fs) > 1 && fs[1] == f {
				next = i
			}
			cnt[c] -= f.W
			ok := tb.fitsFrom(g, cnt, fs[1:], next)
			cnt[c] += f.W
			if ok {
				return true
			}
		}
		return false
	}
	found := false
	for top := f.L - 1; top < len(tb.steps[g]) && !found; top++ {
		tb.eachRun(g, cnt, f.W, f.L, top, func(faces []card.Card) bool {
			for _, c := range faces {
				cnt[c] -= f.W
			}
			found = tb.fitsFrom(g, cnt, fs[1:], 0)
			for _, c := range faces {
				cnt[c] += f.W
			}
			return !found
		})
	}
	return found
}

// bestTop returns the highest top step at which cnt's cards of g hold a
// unit of format f (a single: the highest card), -1 if none.
func (tb *refTabK) bestTop(g Group, cnt *refCnt, f refFmt) int {
	for top := len(tb.steps[g]) - 1; top >= 0; top-- {
		hit := false
		tb.eachRun(g, cnt, f.W, f.L, top, func([]card.Card) bool { hit = true; return false })
		if hit {
			return top
		}
	}
	return -1
}

// answerVector is the lexicographically largest (v1 … vm), 1 ≤ vi ≤ ts[i],
// such that disjoint tuples of those widths fit in cnt's cards of g: every
// vector is tried from the largest down, a prefix given up when it does
// not fit even with ones after it (whatever fits still fits with smaller
// widths).
func (tb *refTabK) answerVector(g Group, cnt *refCnt, ts []int) []int {
	v := make([]int, len(ts))
	fmts := func() []refFmt {
		fs := make([]refFmt, len(v))
		for i, w := range v {
			fs[i] = refFmt{w, 1}
		}
		// Widest first, so that equal formats stand together.
		slices.SortFunc(fs, func(a, b refFmt) int { return b.W - a.W })
		return fs
	}
	var rec func(i int) bool
	rec = func(i int) bool {
		if i == len(ts) {
			return true
		}
		for w := ts[i]; w >= 1; w-- {
			v[i] = w
			for j := i + 1; j < len(v); j++ {
				v[j] = 1
			}
			if tb.fits(g, cnt, fmts()) && rec(i+1) {
				return true
			}
		}
		return false
	}
	if !rec(0) {
		return nil // fewer cards than tuples: no vector at all
	}
	return v
}

// refLeadK is a lead as the following rules see it.
type refLeadK struct {
	g        Group
	n        int
	units    []refUnitK
	tractors []refFmt // in split order
	tuples   []int    // widths, widest first, a tractor counting as its tuples
}

func refLeadOf(t refRule, lead card.Multi) (refLeadK, bool) {
	tb := refTabFor(t)
	g, ok := tb.groupOf(lead)
	if !ok {
		return refLeadK{}, false
	}
	rl := refLeadK{g: g, n: lead.Len(), units: refSplitK(t, lead)}
	for _, u := range rl.units {
		if u.L >= 2 {
			rl.tractors = append(rl.tractors, refFmt{u.W, u.L})
		}
		if u.W >= 2 {
			for range u.L {
				rl.tuples = append(rl.tuples, u.W)
			}
		}
	}
	slices.SortFunc(rl.tuples, func(a, b int) int { return b - a })
	return rl, true
}

// refFollowK holds what a hand owes a lead; legal answers for one play.
type refFollowK struct {
	tb     *refTabK
	lead   refLeadK
	hand   card.Multi
	held   refCnt // the hand's cards of the led group
	short  bool   // the hand holds fewer cards of the group than the lead
	kept   []refFmt
	vector []int
}

func refFollowOf(t refRule, lead, hand card.Multi) (*refFollowK, bool) {
	rl, ok := refLeadOf(t, lead)
	if !ok {
		return nil, false
	}
	tb := refTabFor(t)
	hc := refCounts(hand)
	f := &refFollowK{tb: tb, lead: rl, hand: hand, held: tb.inGroup(&hc, rl.g)}
	if f.held.total() < rl.n {
		f.short = true
		return f, true
	}
	// Tractors in split order, each kept if it fits with those before.
	for _, tr := range rl.tractors {
		if try := append(slices.Clone(f.kept), tr); tb.fits(rl.g, &f.held, try) {
			f.kept = try
		}
	}
	f.vector = tb.answerVector(rl.g, &f.held, rl.tuples)
	return f, true
}

func (f *refFollowK) legal(play card.Multi) bool {
	if !f.hand.Contains(play) || play.Len() != f.lead.n {
		return false
	}
	pc := refCounts(play)
	if f.short {
		return play.Contains(f.held.multi())
	}
	in := f.tb.inGroup(&pc, f.lead.g)
	if in.total() != play.Len() {
		return false // a card of another group
	}
	if !f.tb.fits(f.lead.g, &in, f.kept) {
		return false
	}
	return slices.Equal(f.tb.answerVector(f.lead.g, &in, f.lead.tuples), f.vector)
}

// refFollowLegalK says whether a player holding hand may follow lead with
// play, by the spec's definition (false for a lead of several groups).
func refFollowLegalK(t refRule, lead, hand, play card.Multi) bool {
	f, ok := refFollowOf(t, lead, hand)
	return ok && f.legal(play)
}

// refWinnerK returns the index of the play that wins the trick, plays[0]
// the lead (of one group; every play as many cards).
func refWinnerK(t refRule, plays []card.Multi) int {
	tb := refTabFor(t)
	g, _ := tb.groupOf(plays[0])
	units := refSplitK(t, plays[0])
	var need []refFmt // the lead's tractors and tuples
	singles := 0
	for _, u := range units {
		if u.W == 1 {
			singles++
		} else {
			need = append(need, refFmt{u.W, u.L})
		}
	}
	// The lead's largest unit is the first of its split. (At k = 5 a five
	// has more cards than a tractor of two pairs but is listed after it;
	// the first of the split is taken, see TestAnyRef_SpecTricks.)
	first := refFmt{units[0].W, units[0].L}
	value := func(pg Group, p card.Multi) (int, bool) {
		cnt := refCounts(p)
		if !tb.fits(pg, &cnt, need) {
			return 0, false
		}
		used := 0
		for _, f := range need {
			used += f.W * f.L
		}
		if p.Len()-used < singles {
			return 0, false
		}
		return tb.bestTop(pg, &cnt, first), true
	}
	best, bestG := 0, g
	bestV, _ := value(g, plays[0])
	for i := 1; i < len(plays); i++ {
		pg, ok := tb.groupOf(plays[i])
		if !ok || pg != g && pg != Trumps {
			continue
		}
		v, ok := value(pg, plays[i])
		if !ok {
			continue
		}
		if pg == bestG && v > bestV || pg == Trumps && bestG != Trumps {
			best, bestG, bestV = i, pg, v
		}
	}
	return best
}

// refThrowK decides a throw against the other hands: what the leader plays
// and whether the throw stands.
func refThrowK(t refRule, throw card.Multi, others []card.Multi) (card.Multi, bool) {
	tb := refTabFor(t)
	units := refSplitK(t, throw)
	if len(units) <= 1 {
		return throw, true
	}
	var beaten []refUnitK
	for _, u := range units {
		for _, h := range others {
			cnt := refCounts(h)
			if tb.bestTop(u.Group, &cnt, refFmt{u.W, u.L}) > u.Top {
				beaten = append(beaten, u)
				break
			}
		}
	}
	if len(beaten) == 0 {
		return throw, true
	}
	// The smallest: lowest top, then fewer cards, then the top card's suit
	// first in ♠♥♦♣; on a full tie the first in split order.
	slices.SortStableFunc(beaten, func(a, b refUnitK) int {
		if a.Top != b.Top {
			return a.Top - b.Top
		}
		if a.size() != b.size() {
			return a.size() - b.size()
		}
		return refSuitRank(a.Faces[0]) - refSuitRank(b.Faces[0])
	})
	return beaten[0].Cards, false
}

// refKittyMultiplierK is 2 × the card count of the largest unit of play's
// split, 0 for no cards.
func refKittyMultiplierK(t refRule, play card.Multi) int {
	largest := 0
	for _, u := range refSplitK(t, play) {
		largest = max(largest, u.size())
	}
	return 2 * largest
}

// refLevelUp reads the level table with step s, written out row by row:
// from the row's points (in steps, plus 5 for the second row) the row's
// result; from 5s up, one more level for each further s.
func refLevelUp(points, s int) Result {
	p := max(points, 0)
	rows := []struct {
		from int
		res  Result
	}{
		{0, Result{true, 3}},
		{5, Result{true, 2}},
		{s, Result{true, 1}},
		{2 * s, Result{false, 0}},
		{3 * s, Result{false, 1}},
		{4 * s, Result{false, 2}},
		{5 * s, Result{false, 3}},
	}
	var res Result
	for _, r := range rows {
		if p >= r.from {
			res = r.res
		}
	}
	if p >= 5*s {
		res.LevelsUp = 3 + (p-5*s)/s
	}
	return res
}

// Random positions for k packs.

// akDeck is what is left of k packs.
type akDeck struct{ cnt refCnt }

func newAkDeck(k int) *akDeck {
	d := &akDeck{}
	for _, c := range refAllFaces() {
		d.cnt[c] = k
	}
	return d
}

// draw takes n cards at random among the deck's cards that keep says yes
// to (fewer if there are not so many).
func (d *akDeck) draw(rng *rand.Rand, n int, keep func(card.Card) bool) card.Multi {
	var all []card.Card
	for x, k := range d.cnt {
		if k > 0 && keep(card.Card(x)) {
			for range k {
				all = append(all, card.Card(x))
			}
		}
	}
	rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	var m card.Multi
	for _, c := range all[:min(max(n, 0), len(all))] {
		_ = m.Add(c)
		d.cnt[c]--
	}
	return m
}

func (d *akDeck) take(m card.Multi) {
	for c := range m.All() {
		d.cnt[c]--
	}
}

// akPool draws the faces of a crowded pool: six ranks in one or two suits
// (often the trump suit), some of the level cards, the jokers half the time.
func akPool(rng *rand.Rand, t refRule) card.Set {
	var s card.Set
	suits := []card.Suit{card.Suit(rng.IntN(4)), card.Suit(rng.IntN(4))}
	if rng.IntN(2) == 0 && !t.IsNoTrump() {
		suits[0] = t.Suit
	}
	lo := rng.IntN(13)
	for _, su := range suits[:1+rng.IntN(2)] {
		for i := range 6 {
			s = s.Add(card.New(card.Rank(1+(lo+i)%13), su))
		}
	}
	for su := range card.Suit(card.NumSuits) {
		if rng.IntN(2) == 0 {
			s = s.Add(card.New(t.Level, su))
		}
	}
	if rng.IntN(2) == 0 {
		s = s.Add(card.SmallJoker).Add(card.BigJoker)
	}
	return s
}

// akUnit takes from the deck a random unit of format f (any width up to k
// and length up to 3 when f is zero) among the faces of g in pool, ok false
// if there is none.
func (d *akDeck) unit(rng *rand.Rand, tb *refTabK, g Group, pool card.Set, f refFmt) (card.Multi, bool) {
	var in refCnt
	for _, c := range tb.faces[g] {
		if pool.Has(c) {
			in[c] = d.cnt[c]
		}
	}
	var cands [][]card.Card
	for top := range len(tb.steps[g]) {
		tb.eachRun(g, &in, f.W, f.L, top, func(faces []card.Card) bool {
			cands = append(cands, slices.Clone(faces))
			return true
		})
	}
	if len(cands) == 0 {
		return card.Multi{}, false
	}
	u := refUnitOf(g, f.W, 0, cands[rng.IntN(len(cands))])
	d.take(u.Cards)
	return u.Cards, true
}

// akLead draws a lead of one group from the pool: one to maxUnits units
// (singles, tuples up to k wide, tractors of two or three tuples), at most
// maxCards cards.
func (d *akDeck) lead(rng *rand.Rand, tb *refTabK, pool card.Set, k, maxUnits, maxCards int) card.Multi {
	var groups []Group
	for g := range Group(NumGroups) {
		for _, c := range tb.faces[g] {
			if pool.Has(c) && d.cnt[c] > 0 {
				groups = append(groups, g)
				break
			}
		}
	}
	if len(groups) == 0 {
		return card.Multi{}
	}
	g := groups[rng.IntN(len(groups))]
	var lead card.Multi
	units := 1 + rng.IntN(maxUnits)
	for range units {
		var f refFmt
		switch r := rng.IntN(10); {
		case r < 2:
			f = refFmt{1, 1}
		case r < 6:
			f = refFmt{2 + rng.IntN(k-1), 1}
		default:
			f = refFmt{2 + rng.IntN(k-1), 2 + rng.IntN(2)}
		}
		for {
			if lead.Len()+f.W*f.L <= maxCards {
				if u, ok := d.unit(rng, tb, g, pool, f); ok {
					lead, _ = lead.Sum(u)
					break
				}
			}
			switch {
			case f.L > 2:
				f.L--
			case f.W > 2:
				f.W--
			case f.L == 2:
				f.L = 1
			case f.W == 2:
				f.W = 1
			default:
				f.W = 0
			}
			if f.W == 0 {
				break
			}
		}
	}
	return lead
}

// akSubMultis returns every sub-multiset of m of n cards.
func akSubMultis(m card.Multi, n int) []card.Multi {
	cnt := refCounts(m)
	var faces []card.Card
	for x, k := range cnt {
		if k > 0 {
			faces = append(faces, card.Card(x))
		}
	}
	var out []card.Multi
	var rec func(i, left int, acc card.Multi)
	rec = func(i, left int, acc card.Multi) {
		if left == 0 {
			out = append(out, acc)
			return
		}
		if i == len(faces) {
			return
		}
		c := faces[i]
		for j := 0; j <= min(cnt[c], left); j++ {
			a := acc
			for range j {
				_ = a.Add(c)
			}
			rec(i+1, left-j, a)
		}
	}
	rec(0, n, card.Multi{})
	return out
}

func akUnitsString(us []refUnitK) string {
	var b strings.Builder
	for i, u := range us {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(u.String())
	}
	return b.String()
}

// The engine adapters: the only calls into the package's rules code. They
// take k so that a generalized engine can be reached with the packs.

// engOrder is the engine's order for the rule: Rules.Order of a table
// with its level_tractors setting.
func engOrder(t refRule) *Order {
	return Rules{StartLevel: card.Two, NoLevelTractors: t.NoLevelTractors}.Order(t.Trump)
}

// engSplitK is the engine's split as reference units, each unit's top
// given as the reference's step of its top face (the engine numbers its
// steps its own way).
func engSplitK(t refRule, _ int, m card.Multi) []refUnitK {
	o, tb := engOrder(t), refTabFor(t)
	var out []refUnitK
	for _, u := range o.Split(m) {
		top := first(u.Cards.Within(o.AtStep(u.Group, u.Top)))
		out = append(out, refUnitK{Group: u.Group, W: u.Width, L: u.Steps, Top: tb.place[top].step, Cards: u.Cards})
	}
	return out
}

func engFollowK(t refRule, _ int, lead, hand, play card.Multi) error {
	return engOrder(t).CheckFollow(lead, hand, play)
}

func engWinnerK(t refRule, _ int, plays []card.Multi) (int, error) {
	return engOrder(t).Winner(plays)
}

func engThrowK(t refRule, _ int, throw card.Multi, others []card.Multi) (card.Multi, bool, error) {
	return engOrder(t).Throw(throw, others)
}

func engKittyK(t refRule, _ int, play card.Multi) int {
	return engOrder(t).KittyMultiplier(play)
}

// engLevelUp is LevelUp with a step.
func engLevelUp(points, step int) Result { return LevelUp(points, step) }
