package shengji

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"felt/card"
)

// Tests of the evaluation with three to five packs (a card up to five
// times), from the examples of the any-table spec.

func TestSplit_KPacks_LargestUnitFirst(t *testing.T) {
	runUnits(t, []unitsCase{
		{"a tractor of pairs before a triple and a pair", "S", "5", "3H 3H 3H 4H 4H", []string{"3H 3H 4H 4H", "3H"}},
		{"a tractor of triples and a pair", "S", "5", "AH AH AH KH KH KH QH QH", []string{"KH KH KH AH AH AH", "QH QH"}},
		{"a longer tractor of pairs before a five", "S", "5", "AH AH AH AH AH KH KH QH QH", []string{"QH QH KH KH AH AH", "AH AH AH"}},
		{"a tractor before a four of equal size", "S", "5", "AH AH AH AH KH KH", []string{"KH KH AH AH", "AH AH"}},
		{"the wider tractor of equal size", "S", "5", "2H 2H 2H 3H 3H 3H 6H 6H 7H 7H 8H 8H", []string{"2H 2H 2H 3H 3H 3H", "6H 6H 7H 7H 8H 8H"}},
		{"the longer tractor when larger", "S", "5", "2H 2H 2H 3H 3H 3H 6H 6H 7H 7H 8H 8H 9H 9H", []string{"6H 6H 7H 7H 8H 8H 9H 9H", "2H 2H 2H 3H 3H 3H"}},
		{"a four, a triple, pairs from the highest", "S", "5", "9H 9H 9H 9H 3H 3H 3H AH AH QH QH 4H", []string{"9H 9H 9H 9H", "3H 3H 3H", "AH AH", "QH QH", "4H"}},
		{"a five is taken before a smaller tractor but listed after it", "S", "5", "AH AH AH AH AH JH JH QH QH", []string{"JH JH QH QH", "AH AH AH AH AH"}},
		{"a triple out of a five in a tractor", "S", "5", "QH QH QH KH KH KH KH KH", []string{"QH QH QH KH KH KH", "KH KH"}},
		{"off-suit level triples: the suit first in ♠♥♦♣, one face a step", "S", "5", "5H 5H 5H 5D 5D 5D AS AS AS", []string{"AS AS AS 5H 5H 5H", "5D 5D 5D"}},
	})
}

func TestUnit_NamesInWords(t *testing.T) {
	for _, tt := range []struct {
		u    Unit
		want string
	}{
		{Unit{Width: 1, Steps: 1}, "single"},
		{Unit{Width: 2, Steps: 1}, "pair"},
		{Unit{Width: 3, Steps: 1}, "triple"},
		{Unit{Width: 4, Steps: 1}, "four"},
		{Unit{Width: 5, Steps: 1}, "five"},
		{Unit{Width: 2, Steps: 3}, "tractor of 3 pairs"},
		{Unit{Width: 3, Steps: 2}, "tractor of 2 triples"},
	} {
		if got := tt.u.Name(); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.u, got, tt.want)
		}
	}
	if k := (Unit{Width: 3, Steps: 1}).Kind(); k != Tuple {
		t.Errorf("a triple is a %v", k)
	}
	if n := (Unit{Width: 3, Steps: 2}).Len(); n != 6 {
		t.Errorf("a tractor of 2 triples has %d cards", n)
	}
}

func TestFollow_KPacks_TuplesWidestFirst(t *testing.T) {
	runFollow(t, []followCase{
		{name: "a triple led: a pair and a card of the suit", suit: "S", level: "5", lead: "9H 9H 9H", hand: "AH AH 4H 3H 7C", play: "AH AH 4H", legal: true},
		{name: "a triple led: the pair owed", suit: "S", level: "5", lead: "9H 9H 9H", hand: "AH AH 4H 3H 7C", play: "AH 4H 3H",
			rule: MatchPairs, reason: "a led triple must be followed with a pair"},
		{name: "a triple led: the triple owed", suit: "S", level: "5", lead: "9H 9H 9H", hand: "KH KH KH AH AH", play: "AH AH KH",
			rule: MatchPairs, reason: "you hold 2 tuples of hearts (A♥ A♥, K♥ K♥ K♥): a led triple must be followed with a triple"},
		{name: "a triple led: the triple played", suit: "S", level: "5", lead: "9H 9H 9H", hand: "KH KH KH AH AH", play: "KH KH KH", legal: true},
		{name: "a triple led: a triple out of a four", suit: "S", level: "5", lead: "9H 9H 9H", hand: "KH KH KH KH 3H", play: "KH KH KH", legal: true},
		{name: "a pair led: a pair out of a triple", suit: "S", level: "5", lead: "9H 9H", hand: "KH KH KH 3H", play: "KH KH", legal: true},
		{name: "a pair led: the pair in a triple owed", suit: "S", level: "5", lead: "9H 9H", hand: "KH KH KH 3H", play: "KH 3H",
			rule: MatchPairs, reason: "you hold the triple K♥ K♥ K♥: a led pair must be followed with a pair"},
		{name: "a triple and a pair thrown: the triple and a card, not two pairs", suit: "S", level: "5", lead: "QH QH QH 9H 9H", hand: "AH AH AH AH 3H 4H", play: "AH AH AH 3H 4H", legal: true},
		{name: "a triple and a pair thrown: a pair and cards are less", suit: "S", level: "5", lead: "QH QH QH 9H 9H", hand: "AH AH AH AH 3H 4H 6H", play: "AH AH 3H 4H 6H",
			rule: MatchPairs, reason: "you hold the four A♥ A♥ A♥ A♥: a throw with a triple and a pair must be followed with a triple"},
		{name: "a triple and a pair thrown: the four holds the triple", suit: "S", level: "5", lead: "QH QH QH 9H 9H", hand: "AH AH AH AH 3H 4H 6H", play: "AH AH AH AH 3H", legal: true},
		{name: "two pairs out of a four", suit: "S", level: "5", lead: "3H 3H 8H 8H", hand: "AH AH AH AH 4H 6H", play: "AH AH AH AH", legal: true},
		{name: "two pairs out of a four owed", suit: "S", level: "5", lead: "3H 3H 8H 8H", hand: "AH AH AH AH 4H 6H", play: "AH AH 4H 6H",
			rule: MatchPairs, reason: "must be followed with 2 pairs"},
		{name: "short: all of the group then anything", suit: "S", level: "5", lead: "9H 9H 9H", hand: "AH AH 3C 3C 3C", play: "AH AH 3C", legal: true},
	})
}

func TestFollow_KPacks_TractorsByWidthAndLength(t *testing.T) {
	runFollow(t, []followCase{
		{name: "a tractor of triples held must be played", suit: "S", level: "5", lead: "3H 3H 3H 4H 4H 4H", hand: "9H 9H 9H TH TH TH 6H 7H", play: "9H 9H 9H TH 6H 7H",
			rule: MatchTractors, reason: "you hold the tractor 9♥ 9♥ 9♥ T♥ T♥ T♥: a led tractor of 2 triples must be followed with a tractor of 2 triples"},
		{name: "a tractor of triples played", suit: "S", level: "5", lead: "3H 3H 3H 4H 4H 4H", hand: "9H 9H 9H TH TH TH 6H 7H", play: "9H 9H 9H TH TH TH", legal: true},
		{name: "a tractor of pairs does not answer one of triples: triples owed", suit: "S", level: "5", lead: "3H 3H 3H 4H 4H 4H", hand: "9H 9H TH TH KH KH KH 6H", play: "9H 9H TH TH 6H KH",
			rule: MatchPairs, reason: "must be followed with a triple and a pair"},
		{name: "no tractor of triples: a triple and a pair", suit: "S", level: "5", lead: "3H 3H 3H 4H 4H 4H", hand: "9H 9H TH TH KH KH KH 6H", play: "9H 9H KH KH KH 6H", legal: true},
		{name: "a tractor of pairs out of triples", suit: "S", level: "5", lead: "3H 3H 4H 4H", hand: "9H 9H 9H TH TH TH 6H", play: "9H 9H TH TH", legal: true},
		{name: "a tractor of pairs out of triples owed", suit: "S", level: "5", lead: "3H 3H 4H 4H", hand: "9H 9H 9H TH TH TH 6H", play: "9H 9H 9H 6H",
			rule: MatchTractors, reason: "a led tractor of 2 pairs must be followed with a tractor of 2 pairs"},
		{name: "two tractors of pairs out of one face run of fours", suit: "S", level: "5", lead: "3H 3H 4H 4H 6H 6H 7H 7H", hand: "9H 9H 9H 9H TH TH TH TH 6H", play: "9H 9H 9H 9H TH TH TH TH", legal: true},
	})
}

func TestTrick_KPacks_ByTheLeadsLargestUnit(t *testing.T) {
	for _, tt := range []struct {
		name        string
		suit, level string
		plays       []string
		want        int
	}{
		{"a higher triple wins", "S", "5", []string{"9H 9H 9H", "KH KH KH", "AH AH 3H", "4H 4H 4H"}, 1},
		{"a pair and a card do not compete with a triple", "S", "5", []string{"9H 9H 9H", "AH AH KH", "3H 3H 3H", "4H 6H 7H"}, 0},
		{"a triple out of a four competes", "S", "5", []string{"9H 9H 9H", "3H 3H 4H", "AH AH AH", "KH KH KH"}, 2},
		{"a trump triple beats", "S", "5", []string{"AH AH AH", "3S 3S 3S", "KH KH KH", "4S 4S 6S"}, 1},
		{"equal trump triples: the first played wins", "S", "5", []string{"9H 9H 9H", "5C 5C 5C", "5D 5D 5D", "3H 4H 6H"}, 1},
		{"a tractor of triples beaten by a higher one, ten players", "S", "5", []string{"3H 3H 3H 4H 4H 4H",
			"6H 6H 7H 7H 8H 8H", "9H 9H 9H TH TH TH", "KH KH KH AH AH AH", "JH JH JH KH KH KH", "6C 6C 6C 7C 7C 7C",
			"2S 2S 2S 3S 3S 3S", "QH QH QH JH JH JH", "2C 2C 2C 3C 3C 3C", "4D 4D 4D 6D 6D 6D"}, 6},
		{"a throw compared by its largest unit", "S", "5", []string{"QH QH QH 3H", "AH AH KH KH", "KH KH KH 4H", "6S 6S 6S 7S"}, 3},
	} {
		t.Run(tt.name, func(t *testing.T) {
			o := order(t, tt.suit, tt.level)
			var plays []card.Multi
			for _, p := range tt.plays {
				plays = append(plays, multi(t, p))
			}
			got, err := o.Winner(plays)
			if err != nil || got != tt.want {
				t.Fatalf("Winner = %d, %v; want %d", got, err, tt.want)
			}
		})
	}
}

func TestThrow_KPacks_BeatenBySameFormat(t *testing.T) {
	for _, tt := range []struct {
		name   string
		throw  string
		others []string
		play   string
		stands bool
	}{
		{"a triple beaten by a higher triple", "QH QH QH AH", []string{"KH KH KH", "3H"}, "QH QH QH", false},
		{"the smallest beaten unit: a single below a triple", "QH QH QH 9H", []string{"KH KH KH", "3H"}, "9H", false},
		{"a triple not beaten by a higher pair", "QH QH QH AH", []string{"KH KH 3H", "4H"}, "QH QH QH AH", true},
		{"a triple beaten by a triple out of a four", "QH QH QH AH", []string{"KH KH KH KH"}, "QH QH QH", false},
		{"a tractor of triples beaten by a higher run of triples out of a longer one", "3H 3H 3H 4H 4H 4H AH", []string{"6H 6H 6H 7H 7H 7H 8H 8H 8H"}, "3H 3H 3H 4H 4H 4H", false},
		{"a tractor of triples not beaten by a tractor of pairs", "3H 3H 3H 4H 4H 4H AH", []string{"6H 6H 7H 7H 8H 8H"}, "3H 3H 3H 4H 4H 4H AH", true},
		{"the smallest beaten unit: the lowest top", "3H 3H 3H 9H 9H AH", []string{"TH TH TH", "JH JH"}, "3H 3H 3H", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			o := order(t, "S", "5")
			var others []card.Multi
			for _, h := range tt.others {
				others = append(others, multi(t, h))
			}
			play, stands, err := o.Throw(multi(t, tt.throw), others)
			if err != nil || stands != tt.stands || play != multi(t, tt.play) {
				t.Fatalf("Throw = %s, %v, %v; want %s, %v", play, stands, err, tt.play, tt.stands)
			}
		})
	}
}

func TestKittyMultiplier_KPacks_TwiceTheLargestUnit(t *testing.T) {
	o := order(t, "S", "5")
	for _, tt := range []struct {
		play string
		want int
	}{
		{"3H 3H 3H", 6},
		{"3H 3H 3H 3H", 8},
		{"3H 3H 3H 4H 4H 4H", 12},
		{"3H 3H 3H 4H 4H", 8},
		{"3H 3H 3H 4H 4H 4H 9S 9S 9S 9S 9S", 12},
		{"AH AH AH AH AH JH JH QH QH", 10},
	} {
		if got := o.KittyMultiplier(multi(t, tt.play)); got != tt.want {
			t.Errorf("KittyMultiplier(%s) = %d, want %d", tt.play, got, tt.want)
		}
	}
}

func TestLevelUp_StepScalesWithThePacks(t *testing.T) {
	for _, tt := range []struct {
		packs, points int
		want          Result
	}{
		{3, 55, Result{true, 2}}, {3, 60, Result{true, 1}}, {3, 119, Result{true, 1}}, {3, 120, Result{false, 0}},
		{3, 180, Result{false, 1}}, {3, 300, Result{false, 3}}, {3, 360, Result{false, 4}},
		{4, 159, Result{true, 1}}, {4, 160, Result{false, 0}},
		{5, 0, Result{true, 3}}, {5, 99, Result{true, 2}}, {5, 200, Result{false, 0}}, {5, 500, Result{false, 3}},
		{2, 80, Result{false, 0}},
	} {
		if got := LevelUp(tt.points, LevelStep(tt.packs)); got != tt.want {
			t.Errorf("%d packs, %d points: %+v, want %+v", tt.packs, tt.points, got, tt.want)
		}
	}
	if LevelStep(2) != 40 || LevelStep(5) != 100 || LevelStep(0) != 40 || LevelUp(100, 0) != LevelUp(100, 40) {
		t.Errorf("LevelStep or a bad step")
	}
}

// TestFitTuples_AgainstBruteForce compares the greedy packing of tuples
// into faces with trying every assignment.
func TestFitTuples_AgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		var faces []int
		var bins [card.MaxCopies + 1]int
		for range rng.IntN(6) {
			c := 1 + rng.IntN(5)
			faces = append(faces, c)
			bins[c]++
		}
		var parts [card.MaxCopies + 1]int8
		var list []int
		for range rng.IntN(6) {
			w := 2 + rng.IntN(4)
			parts[w]++
			list = append(list, w)
		}
		var brute func(i int) bool
		brute = func(i int) bool {
			if i == len(list) {
				return true
			}
			for j := range faces {
				if faces[j] >= list[i] {
					faces[j] -= list[i]
					ok := brute(i + 1)
					faces[j] += list[i]
					if ok {
						return true
					}
				}
			}
			return false
		}
		if got, want := fitTuples(&bins, &parts), brute(0); got != want {
			t.Fatalf("faces %v tuples %v: fitTuples %v, brute force %v", faces, list, got, want)
		}
	}
}

// kSubMultis calls f with every sub-multiset of m of n cards (any count of
// each face up to m's).
func kSubMultis(m card.Multi, n int, f func(card.Multi)) {
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
		for x := 0; x <= min(m.Count(c), left); x++ {
			next := acc
			for range x {
				_ = next.Add(c)
			}
			rec(i+1, left-x, next)
		}
	}
	rec(0, n, card.Multi{})
}

// kSituation draws, for k packs, a trump, a lead of one group (a unit or a
// throw) and a follower's hand crowded with copies of a few faces of the
// lead's group, the hand of at most maxHand cards.
func kSituation(rng *rand.Rand, k, maxHand int) (Trump, card.Multi, card.Multi) {
	tr := Trump{card.Suit(rng.IntN(5)), card.Rank(1 + rng.IntN(13))}
	o := tr.Order()
	g := Group(rng.IntN(NumGroups))
	for o.Faces(g) == 0 {
		g = Group(rng.IntN(NumGroups))
	}
	var pool card.Multi
	faces := o.Faces(g).Cards()
	rng.Shuffle(len(faces), func(i, j int) { faces[i], faces[j] = faces[j], faces[i] })
	for _, c := range faces[:min(len(faces), 3+rng.IntN(4))] {
		pool, _ = pool.Sum(card.Times(card.Bit(c), k))
	}
	for range 1 + rng.IntN(3) {
		c := card.AllFaces.Cards()[rng.IntN(card.NumFaces)]
		if pool.Count(c) < k {
			_ = pool.Add(c)
		}
	}
	draw := func(from card.Multi, n int, only card.Set) card.Multi {
		var out card.Multi
		for out.Len() < n {
			cs := slices.DeleteFunc(from.Minus(out).Cards(), func(c card.Card) bool { return !only.Has(c) })
			if len(cs) == 0 {
				break
			}
			c := cs[rng.IntN(len(cs))]
			for range 1 + rng.IntN(k) {
				if out.Len() < n && from.Minus(out).Has(c) {
					_ = out.Add(c)
				}
			}
		}
		return out
	}
	lead := draw(pool, 1+rng.IntN(7), o.Faces(g))
	if lead.IsEmpty() {
		lead = card.Multi{One: card.Bit(faces[0])}
	}
	hand := draw(pool, lead.Len()+rng.IntN(max(1, maxHand-lead.Len()+1)), card.AllFaces)
	return tr, lead, hand
}

// TestFollows_KPacks_ListingsAgreeWithCheckFollow: for random situations
// with three to five packs, the legal follows listed are exactly the
// sub-multisets of the hand of the lead's size that CheckFollow accepts,
// counted by CountFollows and numbered by NthFollow, and there is always
// one.
func TestFollows_KPacks_ListingsAgreeWithCheckFollow(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 500
	}
	rng := rand.New(rand.NewPCG(11, 3))
	checked, legalSeen := 0, 0
	for i := range n {
		k := 3 + i%3
		tr, lead, hand := kSituation(rng, k, 11)
		if hand.Len() < lead.Len() {
			continue
		}
		o := tr.Order()
		var want []card.Multi
		kSubMultis(hand, lead.Len(), func(p card.Multi) {
			err := o.CheckFollow(lead, hand, p)
			if err != nil && !errors.Is(err, ErrIllegalFollow) {
				t.Fatalf("%v lead %s hand %s play %s: %v is not a FollowError", tr, lead, hand, p, err)
			}
			if err == nil {
				want = append(want, p)
			}
			checked++
		})
		if len(want) == 0 {
			t.Fatalf("%v lead %s hand %s: no legal follow", tr, lead, hand)
		}
		legalSeen += len(want)
		got := o.AppendFollows(nil, lead, hand)
		if !slices.Equal(kSorted(got), kSorted(want)) {
			t.Fatalf("%v lead %s hand %s: listed %v, CheckFollow accepts %v", tr, lead, hand, got, want)
		}
		if c := o.CountFollows(lead, hand); c != len(got) {
			t.Fatalf("%v lead %s hand %s: CountFollows %d, listed %d", tr, lead, hand, c, len(got))
		}
		for j, p := range got {
			if q, ok := o.NthFollow(lead, hand, j); !ok || q != p {
				t.Fatalf("%v lead %s hand %s: NthFollow(%d) = %s, listed %s", tr, lead, hand, j, q, p)
			}
		}
		if _, ok := o.NthFollow(lead, hand, len(got)); ok {
			t.Fatalf("NthFollow past the end")
		}
		j := 0
		o.EachFollow(lead, hand, func(p card.Multi) bool {
			if p != got[j] {
				t.Fatalf("EachFollow %d: %s, listed %s", j, p, got[j])
			}
			j++
			return true
		})
	}
	t.Logf("%d plays checked, %d legal", checked, legalSeen)
}

func kSorted(ms []card.Multi) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	slices.Sort(out)
	return out
}

// TestFollows_KPacks_SomeFollowIsLegalInBigHands: hands of 26 cards dealt
// from three to five packs always have a legal follow, which CheckFollow
// accepts, and the listing does not blow up.
func TestFollows_KPacks_SomeFollowIsLegalInBigHands(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for i := range 600 {
		k := 3 + i%3
		var deck []card.Card
		for range k {
			deck = append(deck, card.AllFaces.Cards()...)
		}
		rng.Shuffle(len(deck), func(a, b int) { deck[a], deck[b] = deck[b], deck[a] })
		hand, _ := card.MultiOf(deck[:26]...)
		other, _ := card.MultiOf(deck[26:52]...)
		tr := Trump{card.Suit(rng.IntN(5)), card.Rank(1 + rng.IntN(13))}
		o := tr.Order()
		leads := o.AppendLeads(nil, other)
		if len(leads) != o.CountLeads(other) {
			t.Fatalf("CountLeads %d, listed %d", o.CountLeads(other), len(leads))
		}
		lead := leads[rng.IntN(len(leads))]
		if rng.IntN(3) == 0 { // a throw: a lead's whole group in the other hand, up to 8 cards
			g, _ := o.GroupOf(lead)
			if all := other.Within(o.Faces(g)); all.Len() <= 8 {
				lead = all
			}
		}
		c := o.CountFollows(lead, hand)
		if c == 0 {
			t.Fatalf("%v lead %s hand %s: no legal follow", tr, lead, hand)
		}
		p, ok := o.NthFollow(lead, hand, rng.IntN(c))
		if !ok {
			t.Fatalf("NthFollow failed")
		}
		if err := o.CheckFollow(lead, hand, p); err != nil {
			t.Fatalf("%v lead %s hand %s: listed %s is refused: %v", tr, lead, hand, p, err)
		}
	}
}

// TestLeads_KPacks_EachListedLeadIsOneUnit: with three to five packs the
// leads listed are exactly the sub-multisets of the hand that Split makes
// one unit of.
func TestLeads_KPacks_EachListedLeadIsOneUnit(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 2))
	for i := range 300 {
		k := 3 + i%3
		tr, _, hand := kSituation(rng, k, 10)
		o := tr.Order()
		var want []card.Multi
		for n := 1; n <= hand.Len(); n++ {
			kSubMultis(hand, n, func(p card.Multi) {
				if len(o.Split(p)) == 1 {
					want = append(want, p)
				}
			})
		}
		got := o.AppendLeads(nil, hand)
		if !slices.Equal(kSorted(got), kSorted(want)) {
			t.Fatalf("%v hand %s: leads %v, one-unit sub-multisets %v", tr, hand, got, want)
		}
		if o.CountLeads(hand) != len(got) {
			t.Fatalf("CountLeads %d, listed %d", o.CountLeads(hand), len(got))
		}
		for j, p := range got {
			if q, ok := o.NthLead(hand, j); !ok || q != p {
				t.Fatalf("NthLead(%d) = %s, listed %s", j, q, p)
			}
		}
	}
}

// TestAnswer_IsTheLexicographicallyLargest compares the answer vector with
// trying every vector (v1 … vm), 1 ≤ vi ≤ ti, by brute-force packing.
func TestAnswer_IsTheLexicographicallyLargest(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	for range 5000 {
		var faces []int
		var bins [card.MaxCopies + 1]int
		for range rng.IntN(6) {
			c := 1 + rng.IntN(5)
			faces = append(faces, c)
			bins[c]++
		}
		var lead [card.MaxCopies + 1]int8
		var ts []int
		for range 1 + rng.IntN(4) {
			w := 2 + rng.IntN(4)
			lead[w]++
			ts = append(ts, w)
		}
		slices.Sort(ts)
		slices.Reverse(ts)
		var fits func(parts []int) bool
		fits = func(parts []int) bool {
			if len(parts) == 0 {
				return true
			}
			if parts[0] == 1 {
				return fits(parts[1:]) // a single card: enough cards are taken for granted
			}
			for j := range faces {
				if faces[j] >= parts[0] {
					faces[j] -= parts[0]
					ok := fits(parts[1:])
					faces[j] += parts[0]
					if ok {
						return true
					}
				}
			}
			return false
		}
		// vectors in lexicographic order from the largest: the first that fits
		var best []int
		v := make([]int, len(ts))
		var rec func(i int) bool
		rec = func(i int) bool {
			if i == len(ts) {
				if fits(v) {
					best = slices.Clone(v)
					return true
				}
				return false
			}
			for x := ts[i]; x >= 1; x-- {
				v[i] = x
				if rec(i + 1) {
					return true
				}
			}
			return false
		}
		rec(0)
		var want [card.MaxCopies + 1]int8
		for _, x := range best {
			if x >= 2 {
				want[x]++
			}
		}
		if got := answer(&bins, &lead); got != want {
			t.Fatalf("faces %v lead tuples %v: answer %v, brute force %v", faces, ts, got, best)
		}
	}
}

// A three-pack hand of 26 cards and a throw of its suit.
const benchHand3 = "3H 3H 3H 4H 4H 5H 6H 6H 6H 7H 9H TH TH QH AH AH 3D 5D 9D KD 4C 4C 8C JC SJ BJ"

func BenchmarkCheckFollow_ThreePacks(b *testing.B) {
	o := order(b, "S", "2")
	l, h, p := multi(b, "8H 8H 8H 9H 9H 9H"), multi(b, benchHand3), multi(b, "3H 3H 3H 6H 6H 6H")
	b.ReportAllocs()
	for b.Loop() {
		_ = o.CheckFollow(l, h, p)
	}
}

func BenchmarkFollows_CountThreePacks(b *testing.B) {
	o := order(b, "S", "2")
	l, h := multi(b, "8H 8H 8H 9H 9H 9H"), multi(b, benchHand3)
	b.ReportAllocs()
	for b.Loop() {
		_ = o.CountFollows(l, h)
	}
}

func BenchmarkFollows_CountFivePacksVoid(b *testing.B) {
	o := order(b, "S", "2")
	l := multi(b, "8H 8H 8H 8H 9H 9H 9H 9H KH KH")
	h := multi(b, "3D 3D 3D 3D 4D 4D 4D 5D 5D 6D 7D 7D 9C 9C 9C 9C 9C TC JC JC QC QC QC KC SJ BJ")
	b.ReportAllocs()
	for b.Loop() {
		_ = o.CountFollows(l, h)
	}
}
