package shengji

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"felt/card"
)

// TestOrder_AgreesWithTheWrittenOutOrders checks every face's group and step
// for all 65 trumps against the orders written out as lists.
func TestOrder_AgreesWithTheWrittenOutOrders(t *testing.T) {
	faces := card.AllFaces.Cards()
	for s := card.Spades; s <= card.NoSuit; s++ {
		for l := card.Ace; l <= card.King; l++ {
			tr := Trump{s, l}
			o, ref := tr.Order(), refOrder(tr)
			for _, c := range faces {
				if got, want := (refPlace{o.Group(c), o.Step(c)}), ref[c]; got != want {
					t.Errorf("%v: %v at %v step %d, want %v step %d", tr, c, got.group, got.step, want.group, want.step)
				}
				if tr.IsTrump(c) != (o.Group(c) == Trumps) {
					t.Errorf("%v: IsTrump(%v) = %v but group %v", tr, c, tr.IsTrump(c), o.Group(c))
				}
			}
			if o.Group(0) != NoGroup || o.Step(0) != -1 || o.Group(card.Card(0x1E)) != NoGroup {
				t.Errorf("%v: a non-card has a group", tr)
			}
		}
	}
}

type unitsCase struct {
	name        string
	suit, level string
	cards       string
	units       []string
}

func runUnits(t *testing.T, cases []unitsCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			o := order(t, tt.suit, tt.level)
			var got []string
			for _, u := range o.Split(multi(t, tt.cards)) {
				got = append(got, o.Format(u.Cards))
			}
			if !slices.Equal(got, tt.units) {
				t.Errorf("Split(%s) with trump %s %s = %q, want %q", tt.cards, tt.suit, tt.level, got, tt.units)
			}
		})
	}
}

func TestTractor_AcrossTheSkippedLevelRank(t *testing.T) {
	runUnits(t, []unitsCase{
		{"the spec's example: level 4", "S", "4", "3H 3H 5H 5H", []string{"3H 3H 5H 5H"}},
		{"not at level 2", "S", "2", "3H 3H 5H 5H", []string{"5H 5H", "3H 3H"}},
		{"in the trump suit", "H", "4", "3H 3H 5H 5H 6H 6H", []string{"3H 3H 5H 5H 6H 6H"}},
		{"across the skipped ace at level A", "C", "A", "KD KD 2D 2D", []string{"KD KD", "2D 2D"}},
		{"no wrap from ace to two", "C", "9", "AD AD 2D 2D", []string{"AD AD", "2D 2D"}},
		{"no trump: plain suits skip the level too", "none", "5", "4H 4H 6H 6H", []string{"4H 4H 6H 6H"}},
	})
}

func TestTractor_TheTrumpChain(t *testing.T) {
	runUnits(t, []unitsCase{
		{"trump ace, off-suit level, trump level, jokers", "S", "2", "AS AS 2H 2H 2S 2S SJ SJ BJ BJ",
			[]string{"AS AS 2H 2H 2S 2S SJ SJ BJ BJ"}},
		{"trump ace to off-suit level", "S", "2", "AS AS 2D 2D", []string{"AS AS 2D 2D"}},
		{"off-suit level to trump level", "S", "2", "2C 2C 2S 2S", []string{"2C 2C 2S 2S"}},
		{"trump level to small joker", "H", "7", "7H 7H SJ SJ", []string{"7H 7H SJ SJ"}},
		{"small to big joker", "H", "7", "SJ SJ BJ BJ", []string{"SJ SJ BJ BJ"}},
		{"off-suit level does not reach the small joker", "H", "7", "7C 7C SJ SJ", []string{"SJ SJ", "7C 7C"}},
		{"at level A the trump king is next below the off-suit aces", "H", "A", "KH KH AS AS AH AH", []string{"KH KH AS AS AH AH"}},
		{"at level A the trump queen is not", "H", "A", "QH QH AS AS", []string{"AS AS", "QH QH"}},
	})
}

func TestTractor_OffSuitLevelPairsOfDifferentSuitsAreNotOne(t *testing.T) {
	runUnits(t, []unitsCase{
		{"two off-suit level pairs", "S", "2", "2H 2H 2D 2D", []string{"2H 2H", "2D 2D"}},
		{"three, in ♠♥♦♣ order", "S", "2", "2C 2C 2H 2H 2D 2D", []string{"2H 2H", "2D 2D", "2C 2C"}},
		{"one chains, the others stay pairs, taken in ♠♥♦♣ order", "S", "2", "AS AS 2C 2C 2D 2D 2H 2H",
			[]string{"AS AS 2H 2H", "2D 2D", "2C 2C"}},
		{"two tractors through the shared step", "S", "2", "AS AS 2D 2D 2H 2H 2S 2S",
			[]string{"AS AS 2H 2H 2S 2S", "2D 2D"}},
		{"no trump: level pairs of two suits", "none", "2", "2H 2H 2D 2D", []string{"2H 2H", "2D 2D"}},
		{"no trump: two level cards of two suits are no pair", "none", "2", "2H 2D", []string{"2H", "2D"}},
	})
}

func TestNoTrump_Order(t *testing.T) {
	runUnits(t, []unitsCase{
		{"level pairs directly below the small joker", "none", "5", "5H 5H SJ SJ BJ BJ", []string{"5H 5H SJ SJ BJ BJ"}},
		{"any suit's level pair", "none", "5", "5C 5C SJ SJ", []string{"5C 5C SJ SJ"}},
		{"plain aces are not trumps", "none", "5", "AH AH 5H 5H", []string{"AH AH", "5H 5H"}},
	})
	o := order(t, "none", "5")
	for _, c := range []string{"5S", "5H", "5D", "5C"} {
		if o.Group(card.MustParse(c)) != Trumps || o.Step(card.MustParse(c)) != 0 {
			t.Errorf("no trump: %s at %v step %d, want the lowest trump step", c, o.Group(card.MustParse(c)), o.Step(card.MustParse(c)))
		}
	}
	if o.Step(card.SmallJoker) != 1 || o.Step(card.BigJoker) != 2 || o.Steps(Trumps) != 3 {
		t.Errorf("no trump: jokers at %d, %d of %d steps", o.Step(card.SmallJoker), o.Step(card.BigJoker), o.Steps(Trumps))
	}
	if o.Group(card.MustParse("AS")) != Spades {
		t.Errorf("no trump: AS is a trump")
	}
}

func TestSplit_LongestTractorFirstThenPairsThenSingles(t *testing.T) {
	runUnits(t, []unitsCase{
		{"the contract's example", "S", "2", "QS QS KS KS AS", []string{"QS QS KS KS", "AS"}},
		{"longest first", "S", "2", "3H 3H 4H 4H 7H 7H 8H 8H 9H 9H", []string{"7H 7H 8H 8H 9H 9H", "3H 3H 4H 4H"}},
		{"the highest on a tie", "S", "2", "3H 3H 4H 4H 7H 7H 8H 8H", []string{"7H 7H 8H 8H", "3H 3H 4H 4H"}},
		{"pairs from the highest, then singles from the highest", "S", "2", "3H 3H 9H 9H KH 5H AH", []string{"9H 9H", "3H 3H", "AH", "KH", "5H"}},
		{"groups in order ♠♥♦♣ trumps", "C", "2", "BJ 3C 3D 3D 4H AS", []string{"AS", "4H", "3D 3D", "BJ", "3C"}},
	})
}

// TestSplit_Properties: on random plays, the units put together are the
// play, each is a unit as the reference recognises it, tractors come
// longest first, and what is left after the tractors chains no further.
func TestSplit_Properties(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for range 5000 {
		tr := randomTrump(rng)
		o, ref := tr.Order(), refOrder(tr)
		pool := crowdedPool(rng, tr)
		play := drawPairy(rng, &pool, 1+rng.IntN(14))
		units := o.Split(play)
		var sum card.Multi
		last := map[Group]int{}
		var pairSteps, singles = map[Group][]int{}, map[Group][]card.Card{}
		for _, u := range units {
			var err error
			if sum, err = sum.Sum(u.Cards); err != nil {
				t.Fatalf("%s: units overlap: %v", play, err)
			}
			k, n, top, ok := refUnit(ref, u.Cards.Cards())
			if !ok || k != u.Kind() || n != pairsOf(u) || top != u.Top || ref[u.Cards.Cards()[0]].group != u.Group {
				t.Fatalf("%v %s: unit %s is %v/%d/%d, the reference says %v/%d/%d ok=%v", tr, play, u.Cards, u.Kind(), pairsOf(u), u.Top, k, n, top, ok)
			}
			if u.Kind() == Tractor {
				if l, seen := last[u.Group]; seen && l < u.Steps {
					t.Fatalf("%v %s: tractor of %d after one of %d", tr, play, u.Steps, l)
				}
				last[u.Group] = u.Steps
			}
			if u.Kind() == Tuple {
				pairSteps[u.Group] = append(pairSteps[u.Group], u.Top)
			}
			if u.Kind() == Single {
				singles[u.Group] = append(singles[u.Group], u.Cards.Cards()[0])
			}
		}
		if sum != play {
			t.Fatalf("%s: units add up to %s", play, sum)
		}
		for g, steps := range pairSteps {
			for _, a := range steps {
				for _, b := range steps {
					if a == b+1 {
						t.Fatalf("%v %s: pairs at steps %d and %d of %v left unchained", tr, play, b, a, g)
					}
				}
			}
		}
		for _, cs := range singles {
			for i := range cs {
				for j := range i {
					if cs[i] == cs[j] {
						t.Fatalf("%s: %v split into two singles", play, cs[i])
					}
				}
			}
		}
	}
}

func TestSorted_LowToHighBySuitAtEqualSteps(t *testing.T) {
	o := order(t, "S", "2")
	got := o.Format(multi(t, "BJ 2C 2H AS 2S 3S KH"))
	if want := "KH 3S AS 2H 2C 2S BJ"; got != want {
		t.Errorf("Format = %q, want %q", got, want)
	}
	if p := o.Pretty(multi(t, "9H 9H")); p != "9♥ 9♥" {
		t.Errorf("Pretty = %q", p)
	}
	if !strings.Contains(Spades.Name()+Trumps.Name()+Trumps.String(), "spadestrumpstrump") {
		t.Errorf("group names %q %q %q", Spades.Name(), Trumps.Name(), Trumps.String())
	}
}

// pairsOf returns a two-pack unit's pairs: 0 for a single, 1 for a pair,
// the tractor's length.
func pairsOf(u Unit) int {
	if u.Width < 2 {
		return 0
	}
	return u.Steps
}
