package shengji

import (
	"errors"
	"fmt"
	"strings"

	"felt/card"
)

// Rule names a rule of following that a play breaks.
type Rule uint8

// The rules of following, in the order they are checked.
const (
	// SameCount: play as many cards as the lead.
	SameCount Rule = iota
	// FollowGroup: holding enough cards of the led suit-group, play only
	// those.
	FollowGroup
	// ShortGroup: holding too few, play all of them (then anything).
	ShortGroup
	// MatchTractors: answer each led tractor with one of the same width and
	// length, as far as the hand allows, largest first.
	MatchTractors
	// MatchPairs: answer the lead's tuples (a tractor counting as its
	// tuples), widest first, each with the widest tuple no wider than it the
	// hand still holds, else a card of the group. With two packs: play as
	// many pairs as the lead has, or as the hand holds if fewer.
	MatchPairs
)

var ruleNames = [...]string{"same-count", "follow-group", "short-group", "match-tractors", "match-pairs"}

// String returns the rule's short name, e.g. "match-pairs".
func (r Rule) String() string {
	if int(r) < len(ruleNames) {
		return ruleNames[r]
	}
	return fmt.Sprintf("Rule(%d)", uint8(r))
}

// ErrIllegalFollow is matched (errors.Is) by every FollowError.
var ErrIllegalFollow = errors.New("shengji: illegal follow")

// ErrBadLead is returned when a lead is empty or spans several suit-groups.
var ErrBadLead = errors.New("shengji: a lead is one or more cards of one suit-group")

// ErrNotHeld is returned when a play holds a card the hand does not.
var ErrNotHeld = errors.New("shengji: card not in hand")

// FollowError is a play that breaks a rule of following: which rule, and
// why in plain words ("you hold the pair 9♥ 9♥: a led pair must be followed
// with a pair").
type FollowError struct {
	Rule   Rule
	Reason string
}

// Error returns the reason, prefixed with the package name.
func (e *FollowError) Error() string { return "shengji: " + e.Reason }

// Is makes errors.Is(err, ErrIllegalFollow) true.
func (e *FollowError) Is(target error) bool { return target == ErrIllegalFollow }

func broken(r Rule, format string, args ...any) error {
	return &FollowError{r, fmt.Sprintf(format, args...)}
}

// CheckFollow says whether a player holding hand (the whole hand before
// playing) may follow lead with play. It returns nil for a legal play, a
// *FollowError naming the broken rule, ErrBadLead for a lead that is not
// one suit-group, or ErrNotHeld if play is not part of hand.
//
// The rules: play as many cards as the lead. Holding at least that many
// cards of the led suit-group, play only cards of it and match the lead's
// structure as far as the hand allows. First the tractors: of the lead's
// tractors, taken in the order Split takes them (largest first), those the
// hand's cards of the group can hold together, each kept if it fits with
// those kept before, must be held together by the play, each by a tractor
// of the same width and length (which may come out of a longer or wider
// one). Then the tuples: the lead's tuples widest first, a tractor counting
// as its tuples, t1 ≥ t2 ≥ …; the hand's answer is the lexicographically
// largest (v1, v2, …) with 1 ≤ vi ≤ ti such that disjoint tuples of those
// widths fit in its cards of the group (several may come out of one face,
// a pair out of a triple), and the play's answer, the same computed on its
// cards, must be the hand's. With two packs this is: as many pairs in all
// as the lead has, or as the hand holds if fewer; singles fill the rest.
// Holding fewer cards of the group than the lead, play all of them and any
// other cards.
func (o *Order) CheckFollow(lead, hand, play card.Multi) error {
	g, ok := o.GroupOf(lead)
	if !ok {
		return ErrBadLead
	}
	if !hand.Contains(play) {
		return fmt.Errorf("%w: %s", ErrNotHeld, first(play.Minus(hand)))
	}
	n := lead.Len()
	if m := play.Len(); m != n {
		return broken(SameCount, "the lead has %s: play %d, not %d", cards(n), n, m)
	}
	held := hand.Within(o.groups[g])
	if h := held.Len(); h < n {
		if !play.Contains(held) {
			return broken(ShortGroup, "you hold only %s of %s (%s): play all of them before any other card",
				cards(h), g.Name(), o.Pretty(held))
		}
		return nil
	}
	if out := play.Minus(play.Within(o.groups[g])); !out.IsEmpty() {
		return broken(FollowGroup, "you hold %s of %s: play only %s, not %s",
			cards(held.Len()), g.Name(), g.Name(), first(out).Pretty())
	}
	sh := o.shapeOf(lead, g)
	if sh.pairs == 0 {
		return nil
	}
	if sh.wide || held.Three != 0 {
		return o.checkTuples(&sh, g, held, play)
	}
	if sh.ntr > 0 {
		hcnt, hmask := o.pairCounts(held, g)
		var need [maxSteps]int8
		k := lexmax(&hcnt, sh.lens[:sh.ntr], &need)
		pcnt, _ := o.pairCounts(play, g)
		if k > 0 && !embed(&pcnt, need[:k]) {
			if sh.isUnit() {
				l := int(need[0])
				return broken(MatchTractors, "you hold the tractor %s: a led tractor of %d pairs must be followed with a tractor of %d pairs",
					o.Pretty(o.tractorAt(held, g, topOfRun(hmask, l), l)), l, l)
			}
			return broken(MatchTractors, "your %s hold tractors of %s to answer the throw's tractors of %s: play them",
				g.Name(), lengths(need[:k]), lengths(sh.lens[:sh.ntr]))
		}
	}
	hp := (held.Two & card.AllFaces).Len()
	need := min(sh.pairs, hp)
	if pp := (play.Two & card.AllFaces).Len(); pp < need {
		var what string
		if hp == 1 {
			what = "the pair " + o.Pretty(card.Double(held.Two))
		} else {
			what = fmt.Sprintf("%d pairs of %s (%s)", hp, g.Name(), o.pairList(held.Two))
		}
		return broken(MatchPairs, "you hold %s: %s must be followed with %s",
			what, describe(&sh), plural(need, "a pair", "pairs"))
	}
	return nil
}

// checkTuples checks the structure of a play (all of group g, out of held,
// the hand's cards of g) against a lead of shape sh that has tuples, where
// some card is held three times or more: the lead's tractors the hand can
// answer together, in the order taken, must be answered, and the play's
// answer vector to the lead's tuples must be the hand's.
func (o *Order) checkTuples(sh *shape, g Group, held, play card.Multi) error {
	if sh.ntr > 0 {
		hf := o.facesOf(held, g)
		var kept [maxUnits]format
		k := 0
		for _, t := range sh.tractors[:sh.ntr] {
			kept[k] = t
			if hf.fit(kept[:k+1], nil) {
				k++
			}
		}
		pf := o.facesOf(play, g)
		if k > 0 && !pf.fit(kept[:k], nil) {
			if sh.isUnit() {
				t := kept[0]
				w, l := int(t.w), int(t.l)
				return broken(MatchTractors, "you hold the tractor %s: a led %s must be followed with a %s",
					o.Pretty(o.runAt(held, g, w, topOfRun(o.widthMask(held, g, w), l), l)), formatName(w, l), formatName(w, l))
			}
			return broken(MatchTractors, "your %s hold tractors of %s to answer the throw's tractors of %s: play them",
				g.Name(), formats(kept[:k]), formats(sh.tractors[:sh.ntr]))
		}
	}
	hf := o.facesOf(held, g)
	hb := hf.bins()
	v := answer(&hb, &sh.tuples)
	pf := o.facesOf(play, g)
	pb := pf.bins()
	if !fitTuples(&pb, &v) {
		return broken(MatchPairs, "you hold %s: %s must be followed with %s",
			o.tupleList(held, g), describe(sh), tuples(&v))
	}
	return nil
}

// tupleList writes the faces of m's group g held two or more times, from
// the highest: "the triple K♥ K♥ K♥" for one, "2 tuples of hearts (A♥ A♥
// A♥ A♥, 9♥ 9♥)" for several.
func (o *Order) tupleList(m card.Multi, g Group) string {
	m = m.Within(o.groups[g] & m.Two)
	cs := o.Sorted(m)
	var b strings.Builder
	n := 0
	for i := len(cs) - 1; i >= 0; i-- {
		if i < len(cs)-1 {
			if cs[i] != cs[i+1] {
				b.WriteString(", ")
				n++
			} else {
				b.WriteByte(' ')
			}
		}
		b.WriteString(cs[i].Pretty())
	}
	if n == 0 {
		return "the " + tupleName(m.Len(), false) + " " + b.String()
	}
	return fmt.Sprintf("%d tuples of %s (%s)", n+1, g.Name(), b.String())
}

// tuples writes the tuples counted in v, widest first: "a triple", "a
// triple and 2 pairs".
func tuples(v *[card.MaxCopies + 1]int8) string {
	var parts []string
	for w := card.MaxCopies; w >= 2; w-- {
		if n := int(v[w]); n > 0 {
			parts = append(parts, plural(n, "a "+tupleName(w, false), tupleName(w, true)))
		}
	}
	return andList(parts)
}

// andList joins phrases: "a", "a and b", "a, b and c".
func andList(parts []string) string {
	var b strings.Builder
	for i, p := range parts {
		switch {
		case i == 0:
		case i == len(parts)-1:
			b.WriteString(" and ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(p)
	}
	return b.String()
}

// formats writes tractor formats: "3 and 2 pairs" when all are of one
// width, else each with its width: "2 triples and 3 pairs".
func formats(fs []format) string {
	same := true
	for _, f := range fs {
		same = same && f.w == fs[0].w
	}
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = fmt.Sprint(f.l)
		if !same || i == len(fs)-1 {
			parts[i] += " " + tupleName(int(f.w), true)
		}
	}
	return andList(parts)
}

// tractorAt returns the tractor of m's pairs of group g at the l steps up to
// top, taking at a shared step the pair of the suit first in ♠♥♦♣.
func (o *Order) tractorAt(m card.Multi, g Group, top, l int) card.Multi {
	var u card.Multi
	for s := top - l + 1; s <= top && s >= 0; s++ {
		f := lowest(m.Two & o.steps[g][s])
		u.One |= f
		u.Two |= f
	}
	return u
}

// pairList writes pairs from the highest: "K♥ K♥, 9♥ 9♥".
func (o *Order) pairList(pairs card.Set) string {
	cs := o.Sorted(card.Multi{One: pairs})
	var b strings.Builder
	for i := len(cs) - 1; i >= 0; i-- {
		if i < len(cs)-1 {
			b.WriteString(", ")
		}
		b.WriteString(cs[i].Pretty() + " " + cs[i].Pretty())
	}
	return b.String()
}

// describe names a lead: "a led pair", "a led tractor of 3 pairs", "a
// led triple", "a throw with 3 pairs", "a throw with a triple and a pair".
func describe(sh *shape) string {
	if sh.isUnit() {
		return "a led " + formatName(int(sh.big.w), int(sh.big.l))
	}
	if sh.wide && sh.ntr > 0 {
		return fmt.Sprintf("a throw with tractors of %s (%s in all)", formats(sh.tractors[:sh.ntr]), tuples(&sh.tuples))
	}
	if sh.wide {
		return "a throw with " + tuples(&sh.alone)
	}
	if sh.ntr > 0 {
		return fmt.Sprintf("a throw with tractors of %s and %s in all", lengths(sh.lens[:sh.ntr]), plural(sh.pairs, "one pair", "pairs"))
	}
	return "a throw with " + plural(sh.pairs, "a pair", "pairs")
}

// lengths writes tractor lengths: "3 and 2 pairs", "2 pairs".
func lengths(ls []int8) string {
	var b strings.Builder
	for i, l := range ls {
		switch {
		case i == 0:
		case i == len(ls)-1:
			b.WriteString(" and ")
		default:
			b.WriteString(", ")
		}
		fmt.Fprint(&b, l)
	}
	return b.String() + " pairs"
}

// plural writes n things: one (for n == 1) or "n many".
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// cards writes "1 card" or "n cards".
func cards(n int) string { return plural(n, "1 card", "cards") }

// first returns the first card of m in Set order.
func first(m card.Multi) card.Card {
	for c := range m.All() {
		return c
	}
	return 0
}

// embed reports whether tractors of the given lengths fit, one pair per
// step each, disjointly into cnt (pairs per step).
func embed(cnt *[maxSteps]uint8, lens []int8) bool {
	if len(lens) == 0 {
		return true
	}
	l := int(lens[0])
	for s := 0; s+l <= maxSteps; s++ {
		fits := true
		for i := s; i < s+l; i++ {
			if cnt[i] == 0 {
				fits = false
				break
			}
		}
		if !fits {
			continue
		}
		for i := s; i < s+l; i++ {
			cnt[i]--
		}
		ok := embed(cnt, lens[1:])
		for i := s; i < s+l; i++ {
			cnt[i]++
		}
		if ok {
			return true
		}
	}
	return false
}

// lexmax chooses, longest first, the led tractors (lens, longest first) a
// hand with pairs cnt can answer together: each one is taken if it fits with
// those taken before. It writes their lengths to need and returns how many.
// Since whatever fits still fits without one of its tractors, this is the
// best answer in the order longest first.
func lexmax(cnt *[maxSteps]uint8, lens []int8, need *[maxSteps]int8) int {
	k := 0
	for _, l := range lens {
		need[k] = l
		if embed(cnt, need[:k+1]) {
			k++
		}
	}
	return k
}
