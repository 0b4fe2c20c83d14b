package shengji

import (
	"fmt"
	"math/bits"
	"strings"

	"felt/card"
)

// Kind is the kind of a unit: a single card, a tuple (two or more identical
// cards: a pair, a triple …) or a tractor.
type Kind uint8

// The kinds of unit.
const (
	Single Kind = iota
	Tuple
	Tractor
)

// String returns "single", "tuple" or "tractor".
func (k Kind) String() string {
	switch k {
	case Single:
		return "single"
	case Tuple:
		return "tuple"
	case Tractor:
		return "tractor"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Unit is one unit of a play: a single card, a tuple (Width identical
// cards: a pair, a triple, a four, a five) or a tractor (tuples of one width
// at Steps consecutive steps of one suit-group, one face a step).
type Unit struct {
	Cards card.Multi // the unit's cards
	Group Group      // its suit-group
	Width int        // cards a step: 1 for a single, 2 for a pair (or a tractor of pairs), 3 for a triple …
	Steps int        // 1 for a single or a tuple, the tractor's length
	Top   int        // the step of its highest card
}

// Kind returns the unit's kind.
func (u Unit) Kind() Kind {
	switch {
	case u.Steps >= 2:
		return Tractor
	case u.Width >= 2:
		return Tuple
	}
	return Single
}

// Len returns the number of cards in the unit.
func (u Unit) Len() int { return max(1, u.Width) * max(1, u.Steps) }

// Name names the unit in words: "single", "pair", "triple", "four",
// "five", "tractor of 2 pairs", "tractor of 3 triples".
func (u Unit) Name() string { return formatName(max(1, u.Width), max(1, u.Steps)) }

// tupleNames name the tuples by width, one and several.
var tupleNames = [card.MaxCopies + 1][2]string{
	{"card", "cards"}, {"single", "singles"}, {"pair", "pairs"}, {"triple", "triples"}, {"four", "fours"}, {"five", "fives"},
}

// tupleName returns the name of a tuple of width w ("pair"), plural if
// many ("pairs").
func tupleName(w int, many bool) string {
	if w < 0 || w >= len(tupleNames) {
		return fmt.Sprintf("%d-tuple", w)
	}
	if many {
		return tupleNames[w][1]
	}
	return tupleNames[w][0]
}

// formatName names a unit of width w and length l: "pair", "tractor of 2
// triples".
func formatName(w, l int) string {
	if l >= 2 {
		return fmt.Sprintf("tractor of %d %s", l, tupleName(w, true))
	}
	return tupleName(w, false)
}

// Split divides m into units, group by group in the order spades, hearts,
// diamonds, clubs, trumps. Within a group it takes, again and again, the
// largest unit the cards left hold: the most cards; on equal size a tractor
// before a tuple; of tractors the wider; then the highest; at a step several
// faces share (the off-suit level cards), the face of the suit first in
// ♠♥♦♣. A tuple may come out of a larger count (a pair out of a triple).
// When no tuple is left, the rest are singles. Each group's units are
// listed tractors first, then tuples, then singles, each in the order taken
// (so from the largest, then the highest). With two packs this is: the
// longest tractor again and again (the highest on a tie), then the pairs
// from the highest, then the singles from the highest. Cards that are not
// faces are ignored.
func (o *Order) Split(m card.Multi) []Unit { return o.AppendSplit(nil, m) }

// AppendSplit appends the units of m, as Split divides it, to dst and
// returns it: with room enough in dst it does not allocate.
func (o *Order) AppendSplit(dst []Unit, m card.Multi) []Unit {
	for g := range Group(NumGroups) {
		dst = o.appendUnits(dst, m, g)
	}
	return dst
}

// appendUnits appends the units of m's cards of group g, tractors, then
// tuples, then singles.
func (o *Order) appendUnits(out []Unit, m card.Multi, g Group) []Unit {
	m = m.Within(o.groups[g])
	firstTuple := len(out)
	for {
		u, ok := o.largest(m, g)
		if !ok {
			break
		}
		m = m.Minus(u.Cards)
		if u.Steps >= 2 && firstTuple < len(out) {
			// a tractor taken after a larger tuple (a five before a
			// tractor of two pairs) is still listed before the tuples
			out = append(out, Unit{})
			copy(out[firstTuple+1:], out[firstTuple:])
			out[firstTuple] = u
			firstTuple++
			continue
		}
		out = append(out, u)
		if u.Steps >= 2 {
			firstTuple = len(out)
		}
	}
	for s := int(o.nsteps[g]) - 1; s >= 0; s-- {
		for p := m.One & o.steps[g][s]; p != 0; p &^= lowest(p) {
			out = append(out, Unit{Cards: card.Multi{One: lowest(p)}, Group: g, Width: 1, Steps: 1, Top: s})
		}
	}
	return out
}

// largest returns the largest tuple or tractor (width ≥ 2) of m's cards,
// all of group g, in the order Split takes them, ok false if m holds no
// face twice.
func (o *Order) largest(m card.Multi, g Group) (Unit, bool) {
	maxc := m.MaxCount()
	if maxc < 2 {
		return Unit{}, false
	}
	tw, tl, ttop := 0, 0, -1
	for w := maxc; w >= 2; w-- {
		n, top := longestRun(o.widthMask(m, g, w))
		if n >= 2 && w*n > tw*tl {
			tw, tl, ttop = w, n, top
		}
	}
	if tw*tl >= maxc {
		return Unit{Cards: o.runAt(m, g, tw, ttop, tl), Group: g, Width: tw, Steps: tl, Top: ttop}, true
	}
	top := highestIn(o.widthMask(m, g, maxc))
	f := lowest(m.AtLeast(maxc) & o.steps[g][top])
	return Unit{Cards: card.Times(f, maxc), Group: g, Width: maxc, Steps: 1, Top: top}, true
}

// runAt returns the tractor of width w of m's cards of group g at the l
// steps up to top, taking at a shared step the face of the suit first in
// ♠♥♦♣ among those held w times.
func (o *Order) runAt(m card.Multi, g Group, w, top, l int) card.Multi {
	var f card.Set
	for s := top - l + 1; s <= top && s >= 0; s++ {
		f |= lowest(m.AtLeast(w) & o.steps[g][s])
	}
	if w == 2 {
		return card.Multi{One: f, Two: f}
	}
	return card.Times(f, w)
}

// highestIn returns the highest step in mask, -1 if it is empty.
func highestIn(mask uint32) int { return 31 - bits.LeadingZeros32(mask) }

// lowest returns the lowest bit of s: of cards at one step, the one of the
// suit first in ♠♥♦♣.
func lowest(s card.Set) card.Set { return s & -s }

// Sorted returns m's cards from the lowest to the highest: by group
// (spades, hearts, diamonds, clubs, trumps), then step, then suit in ♠♥♦♣
// order, the copies of a face together.
func (o *Order) Sorted(m card.Multi) []card.Card {
	out := make([]card.Card, 0, m.Len())
	for g := range Group(NumGroups) {
		for s := range int(o.nsteps[g]) {
			at := m.Within(o.steps[g][s])
			for p := uint64(at.One); p != 0; p &= p - 1 {
				c := card.Card(bits.TrailingZeros64(p))
				for range at.Count(c) {
					out = append(out, c)
				}
			}
		}
	}
	return out
}

// Format writes m's cards from the lowest to the highest (see Sorted),
// separated by spaces: "QS QS KS KS".
func (o *Order) Format(m card.Multi) string { return card.Format(o.Sorted(m)) }

// Pretty writes m's cards like Format with suit symbols: "Q♠ Q♠ K♠ K♠".
func (o *Order) Pretty(m card.Multi) string {
	var b strings.Builder
	for i, c := range o.Sorted(m) {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.Pretty())
	}
	return b.String()
}

// maxUnits bounds the tractors of one play's group.
const maxUnits = 16

// format is a unit's format: its width and length (1, 1 for a single).
type format struct{ w, l int8 }

// size returns the cards of a unit of format f.
func (f format) size() int { return int(f.w) * int(f.l) }

// shape is the structure of a lead's cards of one group, as Split divides
// them.
type shape struct {
	tractors [maxUnits]format // the tractors in the order taken; ntr of them
	lens     [maxUnits]int8   // their lengths (for the two-pack path)
	ntr      int
	alone    [card.MaxCopies + 1]int8 // tuples of each width, not in a tractor
	tuples   [card.MaxCopies + 1]int8 // tuples of each width, a tractor counting as its steps
	pairs    int                      // tuples in all, a tractor counting as its steps
	n        int                      // cards
	units    int                      // units, singles included
	big      format                   // the largest unit (the first taken)
	wide     bool                     // some unit is wider than a pair
}

// shapeOf returns the shape of m's cards of group g, splitting them into
// units without allocating.
func (o *Order) shapeOf(m card.Multi, g Group) shape {
	var sh shape
	m = m.Within(o.groups[g])
	sh.n = m.Len()
	sh.big = format{1, 1}
	if m.Three == 0 {
		o.pairShape(&sh, m, g)
		return sh
	}
	for {
		u, ok := o.largest(m, g)
		if !ok {
			break
		}
		m = m.Minus(u.Cards)
		if sh.units == 0 {
			sh.big = format{int8(u.Width), int8(u.Steps)}
		}
		sh.units++
		sh.wide = sh.wide || u.Width > 2
		sh.tuples[u.Width] += int8(u.Steps)
		sh.pairs += u.Steps
		if u.Steps == 1 {
			sh.alone[u.Width]++
			continue
		}
		if sh.ntr < maxUnits {
			sh.tractors[sh.ntr] = format{int8(u.Width), int8(u.Steps)}
			sh.lens[sh.ntr] = int8(u.Steps)
			sh.ntr++
		}
	}
	sh.units += m.Len()
	return sh
}

// pairShape fills sh for cards m of group g that hold no face three times
// (two packs): the longest tractor again and again, then the pairs.
func (o *Order) pairShape(sh *shape, m card.Multi, g Group) {
	for {
		_, mask := o.pairCounts(m, g)
		n, top := longestRun(mask)
		if n < 2 {
			break
		}
		m = m.Minus(o.runAt(m, g, 2, top, n))
		if sh.ntr < maxUnits {
			sh.tractors[sh.ntr] = format{2, int8(n)}
			sh.lens[sh.ntr] = int8(n)
			sh.ntr++
		}
		sh.tuples[2] += int8(n)
		sh.pairs += n
		sh.units++
	}
	pairs := (m.Two & card.AllFaces).Len()
	sh.alone[2] = int8(pairs)
	sh.tuples[2] += int8(pairs)
	sh.pairs += pairs
	sh.units += pairs + (m.One &^ m.Two & card.AllFaces).Len()
	switch {
	case sh.ntr > 0:
		sh.big = format{2, sh.tractors[0].l}
	case pairs > 0:
		sh.big = format{2, 1}
	}
}

// isUnit reports whether the shape is one unit (not a throw).
func (sh *shape) isUnit() bool { return sh.units == 1 }

// widthMask returns the mask of the steps of group g at which m holds some
// face at least w times.
func (o *Order) widthMask(m card.Multi, g Group, w int) uint32 {
	var mask uint32
	for p := uint64(m.AtLeast(w) & o.groups[g]); p != 0; p &= p - 1 {
		mask |= 1 << uint(o.step[bits.TrailingZeros64(p)])
	}
	return mask
}

// maxAtStep bounds the faces at one step: the four level cards with no
// trump.
const maxAtStep = 4

// stepFaces is, for one group of a multiset, the copies of each face at each
// step: what tractors and tuples are cut from.
type stepFaces struct {
	n [maxSteps]int8            // faces at the step
	c [maxSteps][maxAtStep]int8 // their copies (left)
}

// facesOf returns m's copies of the faces of group g by step.
func (o *Order) facesOf(m card.Multi, g Group) stepFaces {
	var sf stepFaces
	for p := uint64(m.One & o.groups[g]); p != 0; p &= p - 1 {
		c := card.Card(bits.TrailingZeros64(p))
		s := o.step[c]
		if sf.n[s] < maxAtStep {
			sf.c[s][sf.n[s]] = int8(m.Count(c))
			sf.n[s]++
		}
	}
	return sf
}

// bins returns how many faces have exactly c copies left, for c = 0 … 5.
func (sf *stepFaces) bins() (b [card.MaxCopies + 1]int) {
	for s := range maxSteps {
		for i := range sf.n[s] {
			b[sf.c[s][i]]++
		}
	}
	return b
}

// fit reports whether tractors of the formats in list, and then (if tuples
// is not nil) tuples of the widths counted in tuples, can all be cut
// disjointly from sf: a tractor (w, l) takes w copies of one face at each of
// l consecutive steps, a tuple of width w takes w copies of one face. sf is
// left as it was.
func (sf *stepFaces) fit(list []format, tuples *[card.MaxCopies + 1]int8) bool {
	if len(list) == 0 {
		if tuples == nil {
			return true
		}
		b := sf.bins()
		return fitTuples(&b, tuples)
	}
	l := int(list[0].l)
	for s := 0; s+l <= maxSteps; s++ {
		if sf.place(s, s+l, list[0].w, list[1:], tuples) {
			return true
		}
	}
	return false
}

// place takes w copies of one face at each step lo … hi-1, trying every
// face that has them, and then fits the rest.
func (sf *stepFaces) place(lo, hi int, w int8, rest []format, tuples *[card.MaxCopies + 1]int8) bool {
	if lo == hi {
		return sf.fit(rest, tuples)
	}
	for i := range sf.n[lo] {
		if sf.c[lo][i] < w {
			continue
		}
		sf.c[lo][i] -= w
		ok := sf.place(lo+1, hi, w, rest, tuples)
		sf.c[lo][i] += w
		if ok {
			return true
		}
	}
	return false
}

// fitTuples reports whether tuples of the widths counted in parts (parts[w]
// of width w, for w ≥ 2) can be cut disjointly from faces with the copies
// counted in bins (bins[c] faces of c copies). A face holds at most one
// tuple of three or more (3 + 3 > 5), so the wide tuples go first, each
// where it costs the fewest pairs: a five into a face of five, a four into
// a face of four, else five; a triple into a face of three, else five,
// else four; then the pairs fill what is left, two from a face of four or
// more.
func fitTuples(bins *[card.MaxCopies + 1]int, parts *[card.MaxCopies + 1]int8) bool {
	b := *bins
	into := func(n, from, left int) int { // put n tuples into faces of from copies, leaving left
		x := min(n, b[from])
		b[from] -= x
		b[left] += x
		return n - x
	}
	if into(int(parts[5]), 5, 0) > 0 {
		return false
	}
	if into(into(int(parts[4]), 4, 0), 5, 1) > 0 {
		return false
	}
	if into(into(into(int(parts[3]), 3, 0), 5, 2), 4, 1) > 0 {
		return false
	}
	return b[2]+b[3]+2*b[4]+2*b[5] >= int(parts[2])
}

// answer returns the answer vector of a hand whose group cards have the
// copies counted in bins to a lead with the tuples counted in lead (a
// tractor counting as its steps): going through the lead's tuples widest
// first, each answered by the widest tuple, no wider than it, that fits
// with those chosen before, or by a single card (not counted). It is the
// lexicographically largest answer the hand holds.
func answer(bins *[card.MaxCopies + 1]int, lead *[card.MaxCopies + 1]int8) (v [card.MaxCopies + 1]int8) {
	x := card.MaxCopies
	for w := card.MaxCopies; w >= 2; w-- {
		x = min(x, w)
		for range lead[w] {
			// a tuple that did not fit at width x will not fit later either
			for ; x >= 2; x-- {
				v[x]++
				if fitTuples(bins, &v) {
					break
				}
				v[x]--
			}
			if x < 2 {
				return v
			}
		}
	}
	return v
}
