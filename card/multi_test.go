package card_test

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"felt/card"
)

// counts is the reference model of a multiset: a count per card code.
type counts [64]int

func countsOf(cards []card.Card) counts {
	var c counts
	for _, x := range cards {
		c[x]++
	}
	return c
}

func countsOfMulti(m card.Multi) counts {
	var c counts
	for _, x := range faces54() {
		c[x] = m.Count(x)
	}
	return c
}

func TestMulti_HoldsACardAtMostFiveTimes(t *testing.T) {
	var m card.Multi
	nine := card.MustParse("9H")
	for i := range 2 {
		if err := m.Add(nine); err != nil {
			t.Fatalf("copy %d: %v", i+1, err)
		}
	}
	if m.Count(nine) != 2 || m.Len() != 2 || m.Pairs() != card.Bit(nine) || m.Singles() != 0 || m.MaxCount() != 2 {
		t.Errorf("two 9H: count %d len %d pairs %v singles %v", m.Count(nine), m.Len(), m.Pairs(), m.Singles())
	}
	for i := 2; i < card.MaxCopies; i++ {
		if err := m.Add(nine); err != nil {
			t.Fatalf("copy %d: %v", i+1, err)
		}
	}
	before := m
	err := m.Add(nine)
	if !errors.Is(err, card.ErrTooMany) || !strings.Contains(err.Error(), "9H") {
		t.Errorf("sixth 9H: error %v, want ErrTooMany naming 9H", err)
	}
	if m != before {
		t.Errorf("a refused Add changed the multiset to %v", m)
	}
	if m.Count(nine) != 5 || m.Len() != 5 || m.AtLeast(5) != card.Bit(nine) || m.Exactly(4) != 0 || m.MaxCount() != 5 {
		t.Errorf("five 9H: count %d len %d", m.Count(nine), m.Len())
	}
	if got := card.Times(card.Bit(nine), 3); got.Count(nine) != 3 || got.Len() != 3 {
		t.Errorf("Times(9H, 3) = %v", got)
	}
}

func TestMulti_RemoveAbsentIsRefused(t *testing.T) {
	m := card.MustParseMulti("7S 7S BJ")
	before := m
	if err := m.Remove(card.SmallJoker); !errors.Is(err, card.ErrAbsent) || !strings.Contains(err.Error(), "SJ") {
		t.Errorf("Remove(SJ) = %v, want ErrAbsent naming SJ", err)
	}
	if err := m.Remove(0); !errors.Is(err, card.ErrAbsent) {
		t.Errorf("Remove(zero card) = %v, want ErrAbsent", err)
	}
	if m != before {
		t.Errorf("refused Remove changed %v to %v", before, m)
	}
	for _, step := range []struct {
		c    card.Card
		want string
	}{{card.MustParse("7S"), "7S BJ"}, {card.MustParse("7S"), "BJ"}, {card.BigJoker, ""}} {
		if err := m.Remove(step.c); err != nil {
			t.Fatalf("Remove(%v) from %v: %v", step.c, m, err)
		}
		if m.String() != step.want {
			t.Errorf("after Remove(%v): %q, want %q", step.c, m, step.want)
		}
	}
	if !m.IsEmpty() || m != (card.Multi{}) {
		t.Errorf("everything removed, left %#v", m)
	}
}

func TestMulti_AddRefusesNonCards(t *testing.T) {
	var m card.Multi
	for _, bad := range []card.Card{0, card.Card(0x1E), card.Card(0x41), card.Card(0xFF)} {
		if err := m.Add(bad); !errors.Is(err, card.ErrInvalidCard) {
			t.Errorf("Add(%d) = %v, want ErrInvalidCard", uint8(bad), err)
		}
	}
	if !m.IsEmpty() {
		t.Errorf("refused Adds left %v", m)
	}
}

func TestParseMulti_SixthCopyNamesTheCard(t *testing.T) {
	for _, tt := range []struct{ in, card string }{
		{"9H 9H 9H 9H 9H 9H", "9H"},
		{"SJ sj SJ SJ SJ SJ", "SJ"},
		{"TD 10D td TD TD TD", "TD"},
		{"AS BJ BJ 2C BJ BJ BJ BJ", "BJ"},
	} {
		_, err := card.ParseMulti(tt.in)
		if !errors.Is(err, card.ErrTooMany) || !strings.Contains(err.Error(), tt.card) {
			t.Errorf("ParseMulti(%q) = %v, want ErrTooMany naming %s", tt.in, err, tt.card)
		}
		if strings.Count(err.Error(), "card:") != 1 {
			t.Errorf("ParseMulti(%q): error %q repeats itself", tt.in, err)
		}
	}
	if _, err := card.ParseMulti("7S 7X"); !errors.Is(err, card.ErrInvalidCard) || !strings.Contains(err.Error(), "7X") {
		t.Errorf("malformed card: %v", err)
	}
}

func TestParseMulti_PrintsInSetOrderPairsTogether(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", ""},
		{"BJ 7S SJ 7S 2H AS BJ", "AS 7S 7S 2H SJ BJ BJ"},
		{"10c,tc kd", "KD TC TC"},
		{"A♠ a♠", "AS AS"},
	} {
		m, err := card.ParseMulti(tt.in)
		if err != nil || m.String() != tt.want {
			t.Errorf("ParseMulti(%q) = %q, %v; want %q", tt.in, m, err, tt.want)
		}
	}
}

func TestMulti_SetAlgebraAgainstCounts(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		a, ca := randomMulti(rng)
		b, cb := randomMulti(rng)
		sum, err := a.Sum(b)
		over := false
		for i := range ca {
			if ca[i]+cb[i] > card.MaxCopies {
				over = true
			}
		}
		if over != (err != nil) {
			t.Fatalf("%v + %v: error %v, overflow %v", a, b, err, over)
		}
		if err != nil && !errors.Is(err, card.ErrTooMany) {
			t.Fatalf("Sum error %v is not ErrTooMany", err)
		}
		contains := true
		for _, x := range faces54() {
			i := x
			if !over && sum.Count(x) != ca[i]+cb[i] {
				t.Fatalf("Sum count of %v: %d, want %d", x, sum.Count(x), ca[i]+cb[i])
			}
			if got, want := a.Minus(b).Count(x), max(ca[i]-cb[i], 0); got != want {
				t.Fatalf("%v - %v: count of %v %d, want %d", a, b, x, got, want)
			}
			// one copy of each face of b (the quick way for singles)
			if got, want := a.Minus(card.Multi{One: b.One}).Count(x), max(ca[i]-min(cb[i], 1), 0); got != want {
				t.Fatalf("%v - the faces of %v: count of %v %d, want %d", a, b, x, got, want)
			}
			if got, want := a.Union(b).Count(x), max(ca[i], cb[i]); got != want {
				t.Fatalf("Union count of %v %d, want %d", x, got, want)
			}
			if got, want := a.Intersect(b).Count(x), min(ca[i], cb[i]); got != want {
				t.Fatalf("Intersect count of %v %d, want %d", x, got, want)
			}
			if cb[i] > ca[i] {
				contains = false
			}
		}
		if a.Contains(b) != contains {
			t.Fatalf("%v.Contains(%v) = %v, want %v", a, b, a.Contains(b), contains)
		}
		if !a.Contains(a.Intersect(b)) || !a.Union(b).Contains(a) {
			t.Fatalf("Contains inconsistent with Intersect/Union for %v, %v", a, b)
		}
		if a.Len() != len(a.Cards()) || countsOf(a.Cards()) != ca || countsOfMulti(a) != ca {
			t.Fatalf("%v: Len %d Cards %v disagree with counts", a, a.Len(), a.Cards())
		}
		for _, m := range []card.Multi{a, b, sum, a.Minus(b), a.Minus(card.Multi{One: b.One}), a.Union(b), a.Intersect(b)} {
			if m.Two&^m.One != 0 || m.Three&^m.Two != 0 || m.Four&^m.Three != 0 || m.Five&^m.Four != 0 {
				t.Fatalf("%#v: a plane outside the one before", m)
			}
		}
	}
}

// randomMulti draws a multiset of up to five packs with jokers: mostly
// of two packs, sometimes of more.
func randomMulti(rng *rand.Rand) (card.Multi, counts) {
	var m card.Multi
	var c counts
	top := 3
	if rng.IntN(2) == 0 {
		top = card.MaxCopies + 1
	}
	for _, x := range faces54() {
		n := rng.IntN(top)
		for range n {
			if err := m.Add(x); err != nil {
				panic(err)
			}
		}
		c[x] = n
	}
	return m, c
}

// TestMulti_RoundTrip is the property that every multiset of the 108 cards
// prints, parses, marshals and iterates back to itself.
func TestMulti_RoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 1000 {
		m, _ := randomMulti(rng)
		back, err := card.ParseMulti(m.String())
		if err != nil || back != m {
			t.Fatalf("ParseMulti(%q) = %v, %v", m, back, err)
		}
		js, err := json.Marshal(struct{ H card.Multi }{m})
		if err != nil {
			t.Fatal(err)
		}
		var u struct{ H card.Multi }
		if err := json.Unmarshal(js, &u); err != nil || u.H != m {
			t.Fatalf("JSON %s -> %v, %v", js, u.H, err)
		}
		var viaAll []card.Card
		for c := range m.All() {
			viaAll = append(viaAll, c)
		}
		if !slices.Equal(viaAll, m.Cards()) {
			t.Fatalf("All %v, Cards %v", viaAll, m.Cards())
		}
		rebuilt, err := card.MultiOf(m.Cards()...)
		if err != nil || rebuilt != m {
			t.Fatalf("MultiOf(Cards) = %v, %v; want %v", rebuilt, err, m)
		}
	}
	full := card.Double(card.AllFaces)
	if full.Len() != 108 || len(full.Cards()) != 108 {
		t.Errorf("two packs with jokers: %d cards", full.Len())
	}
}

func TestMulti_UnmarshalKeepsValueOnError(t *testing.T) {
	m := card.MustParseMulti("AS AS")
	if err := m.UnmarshalText([]byte("KS KS KS KS KS KS")); !errors.Is(err, card.ErrTooMany) {
		t.Errorf("UnmarshalText sixth KS: %v", err)
	}
	if m.String() != "AS AS" {
		t.Errorf("refused UnmarshalText changed the value to %v", m)
	}
}

func TestMulti_Within(t *testing.T) {
	m := card.MustParseMulti("7S 7S 8H SJ SJ BJ")
	spadesAndJokers := card.FullSet&0xFFFF | card.Jokers
	if got := m.Within(spadesAndJokers).String(); got != "7S 7S SJ SJ BJ" {
		t.Errorf("Within = %q", got)
	}
}

func FuzzParseMulti(f *testing.F) {
	for _, s := range []string{
		"", "SJ SJ BJ BJ", "9H 9H 9H", "7s, 7S ,BJ", "10D TD", "sj sj sj", "SJ\tBJ", "J", "S J", "AS AS AH ZZ",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := card.ParseMulti(s)
		if err != nil {
			if m != (card.Multi{}) {
				t.Errorf("ParseMulti(%q) returned %v with error %v", s, m, err)
			}
			if !errors.Is(err, card.ErrInvalidCard) && !errors.Is(err, card.ErrTooMany) {
				t.Errorf("ParseMulti(%q) error %v is neither ErrInvalidCard nor ErrTooMany", s, err)
			}
			return
		}
		if m.Two&^m.One != 0 || m.One&^card.AllFaces != 0 {
			t.Fatalf("ParseMulti(%q) = %#v breaks the planes' invariant", s, m)
		}
		back, err := card.ParseMulti(m.String())
		if err != nil || back != m {
			t.Fatalf("ParseMulti(%q) = %v does not round-trip: %v, %v", s, m, back, err)
		}
		// Removing every card empties it; each removal succeeds once per copy.
		for _, c := range m.Cards() {
			if err := m.Remove(c); err != nil {
				t.Fatalf("Remove(%v): %v", c, err)
			}
		}
		if !m.IsEmpty() {
			t.Fatalf("left %v after removing every card", m)
		}
	})
}
