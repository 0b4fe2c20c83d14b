package shengji

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"felt/card"
)

// allSubMultis calls f with every sub-multiset of m of n cards, by brute
// force: every count 0, 1 or 2 of every face.
func allSubMultis(m card.Multi, n int, f func(card.Multi)) {
	faces := m.Faces().Cards()
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
		one := acc
		one.One = one.One.Add(c)
		rec(i+1, left-1, one)
		if m.Count(c) == 2 && left >= 2 {
			two := one
			two.Two = two.Two.Add(c)
			rec(i+1, left-2, two)
		}
	}
	rec(0, n, card.Multi{})
}

// lgKey orders multisets for comparing lists.
func lgKey(m card.Multi) string { return fmt.Sprintf("%016x%016x", uint64(m.One), uint64(m.Two)) }

func lgSorted(ms []card.Multi) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = lgKey(m)
	}
	slices.Sort(out)
	return out
}

// lgSituation draws a trump, a lead and a follower's hand (of at most
// maxHand cards) crowded around the lead's suit-group, so that pairs,
// tractors and short groups are frequent.
func lgSituation(rng *rand.Rand, maxHand int) (Trump, card.Multi, card.Multi) {
	t := Trump{card.Suit(rng.IntN(5)), card.Rank(1 + rng.IntN(13))}
	o := t.Order()
	// a pool of two copies of a few faces, mostly of one group
	g := Group(rng.IntN(NumGroups))
	for o.Faces(g) == 0 {
		g = Group(rng.IntN(NumGroups))
	}
	var pool card.Multi
	faces := o.Faces(g).Cards()
	rng.Shuffle(len(faces), func(i, j int) { faces[i], faces[j] = faces[j], faces[i] })
	for _, c := range faces[:min(len(faces), 3+rng.IntN(6))] {
		pool.One, pool.Two = pool.One.Add(c), pool.Two.Add(c)
	}
	for range 2 + rng.IntN(4) {
		c := card.AllFaces.Cards()[rng.IntN(card.NumFaces)]
		pool.One, pool.Two = pool.One.Add(c), pool.Two.Add(c)
	}
	cards := pool.Cards()
	rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	// the lead: a unit or a throw of the pool's group-g cards
	var lead card.Multi
	var groupCards []card.Card
	for _, c := range cards {
		if o.Group(c) == g {
			groupCards = append(groupCards, c)
		}
	}
	if rng.IntN(2) == 0 {
		var leadHand card.Multi
		for _, c := range groupCards[:min(len(groupCards), 8)] {
			_ = leadHand.Add(c)
		}
		leads := o.AppendLeads(nil, leadHand)
		lead = leads[rng.IntN(len(leads))]
	} else {
		for _, c := range groupCards[:1+rng.IntN(min(len(groupCards), 6))] {
			_ = lead.Add(c)
		}
	}
	rest := card.Double(pool.One).Minus(lead)
	rc := rest.Cards()
	rng.Shuffle(len(rc), func(i, j int) { rc[i], rc[j] = rc[j], rc[i] })
	var hand card.Multi
	for _, c := range rc[:min(len(rc), lead.Len()+rng.IntN(maxHand-lead.Len()+1))] {
		_ = hand.Add(c)
	}
	return t, lead, hand
}

// TestFollows_AgainstBruteForce compares the follow generator with trying every
// sub-multiset of the hand of the lead's size against CheckFollow: the same
// plays, counted right, and NthFollow numbering them as AppendFollows lists
// them.
func TestFollows_AgainstBruteForce(t *testing.T) {
	n := 10000
	if testing.Short() {
		n = 2000
	}
	rng := rand.New(rand.NewPCG(8, 1))
	nonTrivial := 0
	for i := range n {
		tr, lead, hand := lgSituation(rng, 12)
		o := tr.Order()
		var want []card.Multi
		allSubMultis(hand, lead.Len(), func(p card.Multi) {
			if o.CheckFollow(lead, hand, p) == nil {
				want = append(want, p)
			}
		})
		got := o.AppendFollows(nil, lead, hand)
		if !slices.Equal(lgSorted(got), lgSorted(want)) {
			t.Fatalf("situation %d: trump %s, lead %s, hand %s: generated %d follows, CheckFollow accepts %d\ngot  %v\nwant %v",
				i, tr, lead, hand, len(got), len(want), got, want)
		}
		if c := o.CountFollows(lead, hand); c != len(got) {
			t.Fatalf("situation %d: CountFollows %d, listed %d", i, c, len(got))
		}
		for k, p := range got {
			if q, ok := o.NthFollow(lead, hand, k); !ok || q != p {
				t.Fatalf("situation %d: NthFollow(%d) = %s %v, AppendFollows has %s", i, k, q, ok, p)
			}
		}
		if _, ok := o.NthFollow(lead, hand, len(got)); ok {
			t.Fatalf("situation %d: NthFollow past the end", i)
		}
		if len(want) > 1 && len(want) < allCount(hand, lead.Len()) {
			nonTrivial++
		}
	}
	// the situations must exercise the rules, not only "anything goes"
	if nonTrivial < n/4 {
		t.Fatalf("only %d of %d situations restrict the follows", nonTrivial, n)
	}
}

func allCount(hand card.Multi, n int) int {
	c := 0
	allSubMultis(hand, n, func(card.Multi) { c++ })
	return c
}

// TestLeads_EveryUnitAndOnlyUnits checks that every listed lead is one unit of one
// suit-group, that CountLeads counts them, and that every single-unit
// sub-multiset of the hand is listed (brute force over the small hands).
func TestLeads_EveryUnitAndOnlyUnits(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 2))
	n := 3000
	if testing.Short() || raceOn {
		n = 600
	}
	for i := range n {
		tr, lead, hand := lgSituation(rng, 10)
		o := tr.Order()
		hand, _ = hand.Sum(lead)
		leads := o.AppendLeads(nil, hand)
		if c := o.CountLeads(hand); c != len(leads) {
			t.Fatalf("situation %d: CountLeads %d, listed %d", i, c, len(leads))
		}
		var want []card.Multi
		for n := 1; n <= hand.Len(); n++ {
			allSubMultis(hand, n, func(p card.Multi) {
				if us := o.Split(p); len(us) == 1 {
					want = append(want, p)
				}
			})
		}
		if !slices.Equal(lgSorted(leads), lgSorted(want)) {
			t.Fatalf("situation %d: trump %s, hand %s: leads %v, want the units %v", i, tr, hand, leads, want)
		}
	}
}
