package shengji

// Reference implementations for the tests, written from the rules page
// without the package's step tables or bit tricks: orders as explicit lists,
// units recognised by looking at the cards, legality and throws by trying
// every subset.

import (
	"math/rand/v2"
	"slices"

	"felt/card"
)

// refPlace is a card's place: its suit-group and its step from the lowest.
type refPlace struct {
	group Group
	step  int
}

// refOrder lists, for a trump, every face's place, built by writing each
// group's order out from the lowest.
func refOrder(t Trump) map[card.Card]refPlace {
	out := map[card.Card]refPlace{}
	const lowToHigh = "23456789TJQKA"
	suitRanks := func(s card.Suit) []card.Card {
		var cs []card.Card
		for _, r := range lowToHigh {
			c := card.MustParse(string(r) + s.String())
			if c.Rank() != t.Level {
				cs = append(cs, c)
			}
		}
		return cs
	}
	var trumps [][]card.Card // steps from the lowest, each a list of equal cards
	for s := card.Spades; s < card.NumSuits; s++ {
		if s == t.Suit {
			for _, c := range suitRanks(s) {
				trumps = append(trumps, []card.Card{c})
			}
			continue
		}
		for i, c := range suitRanks(s) {
			out[c] = refPlace{Group(s), i}
		}
	}
	if t.Level != LevelNT { // level NT has no level rank
		var offLevel []card.Card
		for s := card.Spades; s < card.NumSuits; s++ {
			if s != t.Suit {
				offLevel = append(offLevel, card.New(t.Level, s))
			}
		}
		trumps = append(trumps, offLevel)
	}
	if !t.IsNoTrump() {
		trumps = append(trumps, []card.Card{card.New(t.Level, t.Suit)})
	}
	trumps = append(trumps, []card.Card{card.SmallJoker}, []card.Card{card.BigJoker})
	for step, cs := range trumps {
		for _, c := range cs {
			out[c] = refPlace{Trumps, step}
		}
	}
	return out
}

// refUnit recognises a unit by its cards: a single, a pair, or a tractor of
// n pairs (n identical-card pairs at n consecutive distinct steps of one
// group). It returns its kind, pairs and top step, ok false if the cards
// are no unit.
func refUnit(places map[card.Card]refPlace, cs []card.Card) (k Kind, pairs, top int, ok bool) {
	if len(cs) == 1 {
		return Single, 0, places[cs[0]].step, true
	}
	if len(cs)%2 != 0 {
		return 0, 0, 0, false
	}
	count := map[card.Card]int{}
	for _, c := range cs {
		count[c]++
	}
	var steps []int
	g := places[cs[0]].group
	for c, n := range count {
		if n != 2 || places[c].group != g {
			return 0, 0, 0, false
		}
		steps = append(steps, places[c].step)
	}
	slices.Sort(steps)
	for i := 1; i < len(steps); i++ {
		if steps[i] != steps[i-1]+1 {
			return 0, 0, 0, false
		}
	}
	if len(steps) == 1 {
		return Tuple, 1, steps[0], true
	}
	return Tractor, len(steps), steps[len(steps)-1], true
}

// subsets calls f with every sub-multiset of m of n cards.
func subsets(m card.Multi, n int, f func(card.Multi)) {
	faces := m.One.Cards()
	var rec func(i, left int, acc card.Multi)
	rec = func(i, left int, acc card.Multi) {
		if left == 0 {
			f(acc)
			return
		}
		if i == len(faces) {
			return
		}
		c := faces[i]
		rec(i+1, left, acc)
		a1 := acc
		_ = a1.Add(c)
		rec(i+1, left-1, a1)
		if m.Count(c) == 2 && left >= 2 {
			a2 := a1
			_ = a2.Add(c)
			rec(i+1, left-2, a2)
		}
	}
	rec(0, n, card.Multi{})
}

// refTractorsFit reports whether tractors of the given lengths can be taken,
// disjointly, from the cards of m in group g, by trying every choice of
// pairs for each.
func refTractorsFit(places map[card.Card]refPlace, m card.Multi, g Group, lens []int) bool {
	if len(lens) == 0 {
		return true
	}
	var pairs []card.Card
	for _, c := range m.Two.Cards() {
		if places[c].group == g {
			pairs = append(pairs, c)
		}
	}
	found := false
	var pick func(i int, chosen []card.Card)
	pick = func(i int, chosen []card.Card) {
		if found {
			return
		}
		if len(chosen) == lens[0] {
			var cs []card.Card
			for _, c := range chosen {
				cs = append(cs, c, c)
			}
			if k, n, _, ok := refUnit(places, cs); ok && k == Tractor && n == lens[0] {
				rest, _ := card.MultiOf(cs...)
				if refTractorsFit(places, m.Minus(rest), g, lens[1:]) {
					found = true
				}
			}
			return
		}
		if i == len(pairs) {
			return
		}
		pick(i+1, append(slices.Clone(chosen), pairs[i]))
		pick(i+1, chosen)
	}
	pick(0, nil)
	return found
}

// refScore is what the following rules maximise: cards of the led group
// (up to the lead's count), which of the lead's tractors are answered (as a
// vector, longest first), and pairs up to the lead's pairs.
type refScore struct {
	inGroup  int
	answered []bool
	pairs    int
}

func (a refScore) cmp(b refScore) int {
	if a.inGroup != b.inGroup {
		return a.inGroup - b.inGroup
	}
	for i := range a.answered {
		if a.answered[i] != b.answered[i] {
			if a.answered[i] {
				return 1
			}
			return -1
		}
	}
	return a.pairs - b.pairs
}

// refLead is a lead's structure, found by the reference: its group, its
// tractors' lengths (longest first) and its pairs in all.
type refLead struct {
	g        Group
	tractors []int
	pairs    int
	n        int
}

func refScoreOf(places map[card.Card]refPlace, lead refLead, play card.Multi) refScore {
	var sc refScore
	in := card.Multi{}
	for c := range play.All() {
		if places[c].group == lead.g {
			_ = in.Add(c)
		}
	}
	sc.inGroup = min(in.Len(), lead.n)
	sc.pairs = min(in.Pairs().Len(), lead.pairs)
	// The lexicographically best answered vector over all subsets of the
	// lead's tractors that fit together.
	k := len(lead.tractors)
	var best []bool
	for mask := range 1 << k {
		var lens []int
		vec := make([]bool, k)
		for i := range k {
			if mask&(1<<i) != 0 {
				lens = append(lens, lead.tractors[i])
				vec[i] = true
			}
		}
		if !refTractorsFit(places, in, lead.g, lens) {
			continue
		}
		if best == nil || (refScore{answered: vec}).cmp(refScore{answered: best}) > 0 {
			best = vec
		}
	}
	sc.answered = best
	return sc
}

// refLegalFollows returns every sub-multiset of hand of the lead's size
// whose score is the best any such subset reaches.
func refLegalFollows(places map[card.Card]refPlace, lead refLead, hand card.Multi) (legal, all []card.Multi) {
	var scores []refScore
	subsets(hand, lead.n, func(p card.Multi) {
		all = append(all, p)
		scores = append(scores, refScoreOf(places, lead, p))
	})
	var top refScore
	for i, s := range scores {
		if i == 0 || s.cmp(top) > 0 {
			top = s
		}
	}
	for i, s := range scores {
		if s.cmp(top) == 0 {
			legal = append(legal, all[i])
		}
	}
	return legal, all
}

// randomTrump draws one of the 66 trumps: one time in 14 level NT (the
// no-trump top rank's, without a level rank), else one of the 65 of a
// suit (or none) and a level rank.
func randomTrump(rng *rand.Rand) Trump {
	if rng.IntN(14) == 0 {
		return Trump{card.NoSuit, LevelNT}
	}
	return Trump{card.Suit(rng.IntN(5)), card.Rank(1 + rng.IntN(13))}
}

// crowdedPool draws a small pool of faces, each twice, from few groups, so
// that pairs and tractors are common: a few ranks around the level in two
// suits, the level cards and the jokers.
func crowdedPool(rng *rand.Rand, t Trump) card.Multi {
	var s card.Set
	suits := []card.Suit{card.Suit(rng.IntN(4)), card.Suit(rng.IntN(4))}
	if rng.IntN(2) == 0 && !t.IsNoTrump() {
		suits[0] = t.Suit
	}
	lo := rng.IntN(13)
	for _, su := range suits {
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
		s |= card.Jokers
	}
	return card.Double(s)
}

// refSplitLead finds a lead's structure the rules' way: in its group,
// repeatedly the longest tractor (the highest on a tie) by trying every set
// of its pairs, then its pairs in all.
func refSplitLead(places map[card.Card]refPlace, lead card.Multi) (refLead, bool) {
	var rl refLead
	cs := lead.Cards()
	if len(cs) == 0 {
		return rl, false
	}
	rl.g = places[cs[0]].group
	for _, c := range cs {
		if places[c].group != rl.g {
			return rl, false
		}
	}
	rl.n = len(cs)
	rl.pairs = lead.Two.Len()
	rest := lead
	for {
		pairs := rest.Two.Cards()
		bestLen, bestTop := 0, -1
		var best card.Multi
		for mask := 1; mask < 1<<len(pairs); mask++ {
			var u []card.Card
			for i, c := range pairs {
				if mask&(1<<i) != 0 {
					u = append(u, c, c)
				}
			}
			k, n, top, ok := refUnit(places, u)
			if !ok || k != Tractor {
				continue
			}
			if n > bestLen || n == bestLen && top > bestTop {
				bestLen, bestTop = n, top
				best, _ = card.MultiOf(u...)
			}
		}
		if bestLen == 0 {
			break
		}
		rl.tractors = append(rl.tractors, bestLen)
		rest = rest.Minus(best)
	}
	return rl, true
}

// refThrow decides a throw by trying, for every unit of it, every set of as
// many cards from every other hand.
func refThrow(places map[card.Card]refPlace, units []Unit, others []card.Multi) (card.Multi, bool) {
	var beaten []Unit
	for _, u := range units {
		k, pairs, top, _ := refUnit(places, u.Cards.Cards())
		hit := false
		for _, h := range others {
			subsets(h, u.Len(), func(p card.Multi) {
				if hit {
					return
				}
				cs := p.Cards()
				if places[cs[0]].group != u.Group {
					return
				}
				k2, pairs2, top2, ok := refUnit(places, cs)
				if ok && k2 == k && pairs2 == pairs && top2 > top {
					hit = true
				}
			})
		}
		if hit {
			beaten = append(beaten, u)
		}
	}
	if len(units) == 1 || len(beaten) == 0 {
		var all card.Multi
		for _, u := range units {
			all, _ = all.Sum(u.Cards)
		}
		return all, true
	}
	suitOf := func(u Unit) int {
		for c := range u.Cards.All() {
			if places[c].step == u.Top {
				if c.IsJoker() {
					return 4
				}
				return int(c.Suit())
			}
		}
		return 5
	}
	slices.SortStableFunc(beaten, func(a, b Unit) int {
		if a.Top != b.Top {
			return a.Top - b.Top
		}
		if a.Len() != b.Len() {
			return a.Len() - b.Len()
		}
		return suitOf(a) - suitOf(b)
	})
	return beaten[0].Cards, false
}
