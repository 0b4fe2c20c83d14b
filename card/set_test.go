package card_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"felt/card"
)

func cards(t *testing.T, s string) []card.Card {
	t.Helper()
	l, err := card.ParseList(s)
	if err != nil {
		t.Fatalf("ParseList(%q): %v", s, err)
	}
	return l
}

func TestSet_ZeroIsEmpty(t *testing.T) {
	var s card.Set
	if s.Len() != 0 || s.String() != "" || len(s.Cards()) != 0 {
		t.Errorf("zero Set: Len %d String %q Cards %v", s.Len(), s.String(), s.Cards())
	}
	for _, x := range card.Pack() {
		if s.Has(x) {
			t.Errorf("zero Set has %v", x)
		}
	}
}

func TestSet_AddHasRemove(t *testing.T) {
	var s card.Set
	pack := card.Pack()
	for i, x := range pack {
		s2 := s.Add(x)
		if !s2.Has(x) {
			t.Fatalf("after Add(%v), Has is false", x)
		}
		if s.Has(x) {
			t.Fatalf("Add modified the receiver: old set has %v", x)
		}
		if s2.Len() != i+1 {
			t.Fatalf("after adding %d cards Len = %d", i+1, s2.Len())
		}
		if s2.Add(x) != s2 {
			t.Fatalf("adding %v twice changed the set", x)
		}
		s = s2
	}
	if s != card.FullSet {
		t.Errorf("all 52 added = %#x, want FullSet %#x", uint64(s), uint64(card.FullSet))
	}
	for i, x := range pack {
		s = s.Remove(x)
		if s.Has(x) {
			t.Fatalf("after Remove(%v), Has is true", x)
		}
		if s.Len() != 51-i {
			t.Fatalf("after removing %d cards Len = %d", i+1, s.Len())
		}
		// The cards not yet removed are all still there.
		for _, y := range pack[i+1:] {
			if !s.Has(y) {
				t.Fatalf("Remove(%v) also removed %v", x, y)
			}
		}
	}
	if s != 0 {
		t.Errorf("all removed = %#x, want 0", uint64(s))
	}
	if got := card.Set(0).Remove(card.MustParse("7S")); got != 0 {
		t.Errorf("Remove from empty = %#x", uint64(got))
	}
}

func TestSet_InvalidCardsIgnored(t *testing.T) {
	seven := card.MustParse("7S")
	for _, bad := range []card.Card{0, card.Card(0x1E), card.Card(0x1F), card.Card(0x40 | 1), card.Card(0xFF)} {
		if got := card.Bit(bad); got != 0 {
			t.Errorf("Bit(%d) = %#x, want empty", uint8(bad), uint64(got))
		}
		if got := card.Set(0).Add(bad); got != 0 {
			t.Errorf("Add(%d) = %#x, want empty", uint8(bad), uint64(got))
		}
		if card.FullSet.Has(bad) {
			t.Errorf("FullSet has invalid card %d", uint8(bad))
		}
		if card.SetOf(seven, bad) != card.SetOf(seven) {
			t.Errorf("SetOf(7S, %d) differs from SetOf(7S)", uint8(bad))
		}
		if got := card.FullSet.Remove(bad); got != card.FullSet {
			t.Errorf("FullSet.Remove(%d) changed the set", uint8(bad))
		}
	}
	// A set with stray bits outside the 52 still counts and lists only cards.
	stray := card.Set(1) | card.Set(1)<<31 | card.Set(1)<<63 | card.SetOf(seven)
	if stray.Len() != 1 || !slices.Equal(stray.Cards(), []card.Card{seven}) {
		t.Errorf("stray-bit set: Len %d Cards %v, want 1 [7S]", stray.Len(), stray.Cards())
	}
	// Has never reports an invalid card, even when its bit is set.
	for _, bad := range []card.Card{0, card.Card(0x1F)} {
		if stray.Has(bad) {
			t.Errorf("stray-bit set Has(%d) = true for an invalid card", uint8(bad))
		}
	}
}

func TestSet_Len(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int
	}{
		{"", 0},
		{"7S", 1},
		{"7S 8S 9S", 3},
		{"AS AH AD AC", 4},
		{"AS 2H 3D 4C 5S 6H 7D 8C 9S TH", 10},
	} {
		if got := card.MustParseSet(tt.in).Len(); got != tt.want {
			t.Errorf("Len(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
	if card.FullSet.Len() != 52 {
		t.Errorf("FullSet.Len() = %d", card.FullSet.Len())
	}
}

func TestSet_SuitMask(t *testing.T) {
	s := card.MustParseSet("AS 3S KS 2H TD QC KC")
	for _, tt := range []struct {
		su   card.Suit
		want uint16
	}{
		{card.Spades, 1<<0 | 1<<2 | 1<<12},
		{card.Hearts, 1 << 1},
		{card.Diamonds, 1 << 9},
		{card.Clubs, 1<<11 | 1<<12},
	} {
		if got := s.SuitMask(tt.su); got != tt.want {
			t.Errorf("SuitMask(%v) = %#b, want %#b", tt.su, got, tt.want)
		}
	}
	for su := card.Suit(0); su < card.NumSuits; su++ {
		if got := card.FullSet.SuitMask(su); got != 0x1FFF {
			t.Errorf("FullSet.SuitMask(%v) = %#x", su, got)
		}
	}
}

func TestSet_CardsOrderSuitThenRank(t *testing.T) {
	s := card.SetOf(cards(t, "KC 2H AS TD 7S QC AH 3D")...)
	want := cards(t, "AS 7S AH 2H 3D TD QC KC")
	if got := s.Cards(); !slices.Equal(got, want) {
		t.Errorf("Cards() = %v, want %v", got, want)
	}
	if got := card.FullSet.Cards(); !slices.Equal(got, card.Pack()) {
		t.Errorf("FullSet.Cards() = %v, want Pack order", got)
	}
	// AppendCards keeps what is already in dst.
	dst := []card.Card{card.MustParse("9S")}
	if got := card.MustParseSet("2D AD").AppendCards(dst); !slices.Equal(got, cards(t, "9S AD 2D")) {
		t.Errorf("AppendCards = %v, want [9S AD 2D]", got)
	}
}

func TestSet_AllYieldsInOrderAndStops(t *testing.T) {
	s := card.MustParseSet("KC 2H AS TD")
	var got []card.Card
	for x := range s.All {
		got = append(got, x)
	}
	if !slices.Equal(got, s.Cards()) {
		t.Errorf("All yields %v, want %v", got, s.Cards())
	}
	got = got[:0]
	for x := range s.All {
		got = append(got, x)
		if len(got) == 2 {
			break
		}
	}
	if !slices.Equal(got, cards(t, "AS 2H")) {
		t.Errorf("All with break after 2 = %v, want [AS 2H]", got)
	}
}

func TestSet_Contains(t *testing.T) {
	hand := card.MustParseSet("7S 8S 9S KH")
	for _, tt := range []struct {
		sub  string
		want bool
	}{
		{"", true},
		{"7S", true},
		{"7S 8S 9S", true},
		{"7S 8S 9S KH", true},
		{"TS", false},
		{"7S TS", false},
		{"7S 8S 9S KH QH", false},
		{"KD", false},
	} {
		if got := hand.Contains(card.MustParseSet(tt.sub)); got != tt.want {
			t.Errorf("%v Contains(%q) = %v, want %v", hand, tt.sub, got, tt.want)
		}
	}
	if !card.FullSet.Contains(hand) || hand.Contains(card.FullSet) {
		t.Error("FullSet/hand containment wrong")
	}
}

func TestSet_UnionIntersectMinus(t *testing.T) {
	a := card.MustParseSet("AS 2S 3S 7H")
	b := card.MustParseSet("3S 7H 9D")
	if got, want := a.Union(b), card.MustParseSet("AS 2S 3S 7H 9D"); got != want {
		t.Errorf("Union = %v, want %v", got, want)
	}
	if got, want := a.Intersect(b), card.MustParseSet("3S 7H"); got != want {
		t.Errorf("Intersect = %v, want %v", got, want)
	}
	if got, want := a.Minus(b), card.MustParseSet("AS 2S"); got != want {
		t.Errorf("Minus = %v, want %v", got, want)
	}
	if got, want := b.Minus(a), card.MustParseSet("9D"); got != want {
		t.Errorf("b.Minus(a) = %v, want %v", got, want)
	}
}

func TestSet_String(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", ""},
		{"7s", "7S"},
		{"9S 8S 7S", "7S 8S 9S"},
		{"KC,AH 10d 2♠", "2S AH TD KC"},
	} {
		if got := card.MustParseSet(tt.in).String(); got != tt.want {
			t.Errorf("String of %q = %q, want %q", tt.in, got, tt.want)
		}
	}
	if got := card.FullSet.String(); got != card.Format(card.Pack()) || strings.Count(got, " ") != 51 {
		t.Errorf("FullSet.String() = %q", got)
	}
}

func TestFormat(t *testing.T) {
	for _, tt := range []struct {
		in   []card.Card
		want string
	}{
		{nil, ""},
		{[]card.Card{card.MustParse("TD")}, "TD"},
		// Format keeps the given order (unlike Set.String).
		{[]card.Card{card.MustParse("9S"), card.MustParse("AS"), card.MustParse("10h")}, "9S AS TH"},
		{[]card.Card{0, card.MustParse("AS")}, "?? AS"},
	} {
		if got := card.Format(tt.in); got != tt.want {
			t.Errorf("Format(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestParseList_Separators(t *testing.T) {
	want := []card.Card{card.MustParse("7S"), card.MustParse("8S"), card.MustParse("9S")}
	for _, in := range []string{
		"7S 8S 9S",
		"7S,8S,9S",
		"7S, 8S, 9S",
		"  7S\t8S   9S  ",
		"7s ,8♠,,9S,",
	} {
		got, err := card.ParseList(in)
		if err != nil {
			t.Errorf("ParseList(%q): %v", in, err)
			continue
		}
		if !slices.Equal(got, want) {
			t.Errorf("ParseList(%q) = %v, want %v", in, got, want)
		}
	}
	// Order is kept.
	if got := cards(t, "KC AS TD"); card.Format(got) != "KC AS TD" {
		t.Errorf("ParseList kept order %v, want KC AS TD", got)
	}
	for _, in := range []string{"", "   ", ",,", "\t"} {
		got, err := card.ParseList(in)
		if err != nil || len(got) != 0 {
			t.Errorf("ParseList(%q) = %v, %v; want empty, nil", in, got, err)
		}
	}
}

func TestParseList_RefusesDuplicates(t *testing.T) {
	for _, tt := range []struct{ in, dup string }{
		{"7S 7S", "7S"},
		{"7S 8S 7s", "7S"},
		{"TD 10D", "TD"},
		{"QH Q♥", "QH"},
		{"AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS", "AS"},
	} {
		got, err := card.ParseList(tt.in)
		if err == nil {
			t.Errorf("ParseList(%q) = %v, want a duplicate error", tt.in, got)
			continue
		}
		if got != nil {
			t.Errorf("ParseList(%q) returned %v with its error", tt.in, got)
		}
		if !errors.Is(err, card.ErrDuplicate) {
			t.Errorf("ParseList(%q) error %v is not ErrDuplicate", tt.in, err)
		}
		if errors.Is(err, card.ErrInvalidCard) {
			t.Errorf("ParseList(%q) duplicate error %v also claims ErrInvalidCard", tt.in, err)
		}
		if !strings.Contains(err.Error(), tt.dup) {
			t.Errorf("ParseList(%q) error %q does not name %s", tt.in, err, tt.dup)
		}
		if _, err := card.ParseSet(tt.in); !errors.Is(err, card.ErrDuplicate) {
			t.Errorf("ParseSet(%q) error %v is not ErrDuplicate", tt.in, err)
		}
	}
}

func TestParseList_RefusesMalformed(t *testing.T) {
	for _, tt := range []struct{ in, bad string }{
		{"7S 8X 9S", "8X"},
		{"7S 1S", "1S"},
		{"11D", "11D"},
		{"7S 7", "7"},
		{"7S;8S", "7S;8S"},
		{"7S\n8S", "7S\n8S"},
		{"ZZ 7S 7S", "ZZ"}, // the malformed card comes first
	} {
		got, err := card.ParseList(tt.in)
		if err == nil {
			t.Errorf("ParseList(%q) = %v, want an error", tt.in, got)
			continue
		}
		if got != nil {
			t.Errorf("ParseList(%q) returned %v with its error", tt.in, got)
		}
		if !errors.Is(err, card.ErrInvalidCard) {
			t.Errorf("ParseList(%q) error %v is not ErrInvalidCard", tt.in, err)
		}
		var pe *card.ParseError
		if !errors.As(err, &pe) || pe.Input != tt.bad {
			t.Errorf("ParseList(%q) error %v does not name the bad card %q", tt.in, err, tt.bad)
		}
		if s, err := card.ParseSet(tt.in); !errors.Is(err, card.ErrInvalidCard) || s != 0 {
			t.Errorf("ParseSet(%q) = %v, %v; want empty, ErrInvalidCard", tt.in, s, err)
		}
	}
}

func TestParseSet_MatchesSetOf(t *testing.T) {
	in := "9H 2C AS TD"
	s, err := card.ParseSet(in)
	if err != nil {
		t.Fatal(err)
	}
	if want := card.SetOf(cards(t, in)...); s != want {
		t.Errorf("ParseSet(%q) = %v, want %v", in, s, want)
	}
	if s.Len() != 4 {
		t.Errorf("Len = %d, want 4", s.Len())
	}
}

func TestMustParseSet_PanicsOnDuplicate(t *testing.T) {
	defer func() {
		r := recover()
		err, ok := r.(error)
		if !ok || !errors.Is(err, card.ErrDuplicate) {
			t.Errorf("MustParseSet(\"7S 7S\") panicked with %v, want ErrDuplicate", r)
		}
	}()
	card.MustParseSet("7S 7S")
}
