package card_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"felt/card"
)

// parseOK runs Parse on each input of a table and checks the rank and suit.
func parseOK(t *testing.T, tests []struct {
	in   string
	rank card.Rank
	suit card.Suit
}) {
	t.Helper()
	for _, tt := range tests {
		got, err := card.Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): unexpected error %v", tt.in, err)
			continue
		}
		if got.Rank() != tt.rank || got.Suit() != tt.suit {
			t.Errorf("Parse(%q) = %v (rank %d suit %d), want rank %d suit %d",
				tt.in, got, got.Rank(), got.Suit(), tt.rank, tt.suit)
		}
		if !got.IsValid() {
			t.Errorf("Parse(%q) = %v is not valid", tt.in, got)
		}
	}
}

func TestParse_TwoLetterForm(t *testing.T) {
	parseOK(t, []struct {
		in   string
		rank card.Rank
		suit card.Suit
	}{
		{"AS", card.Ace, card.Spades},
		{"2H", card.Two, card.Hearts},
		{"3D", card.Three, card.Diamonds},
		{"4C", card.Four, card.Clubs},
		{"5S", card.Five, card.Spades},
		{"6H", card.Six, card.Hearts},
		{"7S", card.Seven, card.Spades},
		{"8D", card.Eight, card.Diamonds},
		{"9C", card.Nine, card.Clubs},
		{"TD", card.Ten, card.Diamonds},
		{"JS", card.Jack, card.Spades},
		{"QH", card.Queen, card.Hearts},
		{"KC", card.King, card.Clubs},
	})
}

func TestParse_AcceptsTenAs10(t *testing.T) {
	parseOK(t, []struct {
		in   string
		rank card.Rank
		suit card.Suit
	}{
		{"10S", card.Ten, card.Spades},
		{"10H", card.Ten, card.Hearts},
		{"10D", card.Ten, card.Diamonds},
		{"10C", card.Ten, card.Clubs},
		{"10d", card.Ten, card.Diamonds},
		{"10♣", card.Ten, card.Clubs},
	})
	// "10D" and "TD" are the same card.
	if card.MustParse("10D") != card.MustParse("TD") {
		t.Errorf("10D and TD parse to different cards")
	}
}

func TestParse_LowerCase(t *testing.T) {
	parseOK(t, []struct {
		in   string
		rank card.Rank
		suit card.Suit
	}{
		{"as", card.Ace, card.Spades},
		{"ah", card.Ace, card.Hearts},
		{"7d", card.Seven, card.Diamonds},
		{"9c", card.Nine, card.Clubs},
		{"td", card.Ten, card.Diamonds},
		{"js", card.Jack, card.Spades},
		{"qh", card.Queen, card.Hearts},
		{"kc", card.King, card.Clubs},
		{"Qs", card.Queen, card.Spades}, // mixed case
		{"tH", card.Ten, card.Hearts},
	})
}

func TestParse_SuitSymbols(t *testing.T) {
	parseOK(t, []struct {
		in   string
		rank card.Rank
		suit card.Suit
	}{
		{"A♠", card.Ace, card.Spades},
		{"7♥", card.Seven, card.Hearts},
		{"T♦", card.Ten, card.Diamonds},
		{"K♣", card.King, card.Clubs},
		{"q♥", card.Queen, card.Hearts},
		// outline forms
		{"2♤", card.Two, card.Spades},
		{"3♡", card.Three, card.Hearts},
		{"4♢", card.Four, card.Diamonds},
		{"5♧", card.Five, card.Clubs},
	})
}

func TestParse_IgnoresSurroundingSpace(t *testing.T) {
	parseOK(t, []struct {
		in   string
		rank card.Rank
		suit card.Suit
	}{
		{" 7S", card.Seven, card.Spades},
		{"7S ", card.Seven, card.Spades},
		{"\t10D\n", card.Ten, card.Diamonds},
	})
}

func TestParse_RejectsMalformed(t *testing.T) {
	for _, in := range []string{
		"",
		" ",
		"1S",
		"11D",
		"7X",
		"7",
		"10",
		"S7",
		"7SS",
		"7 S",
		"ZZ",
		"0S",
		"1",
		"100S",
		"10DD",
		"TT",
		"AA",
		"♠A",
		"7♠♠",
		"X",
		"7S,",
		"7S 8S",
		"7\x00",
		"\xff\xfe",
		"ＡS", // full-width A
	} {
		got, err := card.Parse(in)
		if err == nil {
			t.Errorf("Parse(%q) = %v, want an error", in, got)
			continue
		}
		if got != 0 {
			t.Errorf("Parse(%q) returned card %v with its error, want the zero Card", in, got)
		}
		if !errors.Is(err, card.ErrInvalidCard) {
			t.Errorf("Parse(%q) error %v is not ErrInvalidCard", in, err)
		}
		var pe *card.ParseError
		if !errors.As(err, &pe) {
			t.Errorf("Parse(%q) error %T is not a *ParseError", in, err)
		} else if pe.Input != in {
			t.Errorf("Parse(%q): ParseError.Input = %q", in, pe.Input)
		}
		if q := fmt.Sprintf("%q", in); !strings.Contains(err.Error(), q) {
			t.Errorf("Parse(%q) error %q does not name the input %s", in, err, q)
		}
	}
}

func TestParse_ErrorReasons(t *testing.T) {
	for _, tt := range []struct{ in, reason string }{
		{"", "empty"},
		{"7", "missing suit"},
		{"10", "missing suit"},
		{"7X", "unknown suit"},
		{"ZZ", "unknown rank"},
		{"1S", "unknown rank"},
	} {
		_, err := card.Parse(tt.in)
		if err == nil || !strings.Contains(err.Error(), tt.reason) {
			t.Errorf("Parse(%q) error = %v, want it to say %q", tt.in, err, tt.reason)
		}
	}
}

func TestMustParse_PanicsOnMalformed(t *testing.T) {
	if got := card.MustParse("QH"); got != card.New(card.Queen, card.Hearts) {
		t.Errorf("MustParse(QH) = %v", got)
	}
	defer func() {
		r := recover()
		if r == nil {
			t.Fatal("MustParse(\"7X\") did not panic")
		}
		if err, ok := r.(error); !ok || !errors.Is(err, card.ErrInvalidCard) {
			t.Errorf("MustParse panicked with %v, want an ErrInvalidCard error", r)
		}
	}()
	card.MustParse("7X")
}

func TestString_TwoLetterForm(t *testing.T) {
	for _, tt := range []struct {
		c    card.Card
		want string
	}{
		{card.New(card.Ace, card.Spades), "AS"},
		{card.New(card.Two, card.Hearts), "2H"},
		{card.New(card.Seven, card.Spades), "7S"},
		{card.New(card.Nine, card.Clubs), "9C"},
		{card.New(card.Ten, card.Diamonds), "TD"},
		{card.New(card.Jack, card.Hearts), "JH"},
		{card.New(card.Queen, card.Clubs), "QC"},
		{card.New(card.King, card.Diamonds), "KD"},
	} {
		if got := tt.c.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
		if got := fmt.Sprint(tt.c); got != tt.want {
			t.Errorf("fmt.Sprint = %q, want %q", got, tt.want)
		}
	}
}

func TestString_AllCardsAreTwoUpperCaseLetters(t *testing.T) {
	seen := map[string]bool{}
	for _, x := range card.Pack() {
		s := x.String()
		if len(s) != 2 || !strings.ContainsRune("A23456789TJQK", rune(s[0])) || !strings.ContainsRune("SHDC", rune(s[1])) {
			t.Errorf("%d prints as %q, want rank letter + suit letter", uint8(x), s)
		}
		if seen[s] {
			t.Errorf("two cards print as %q", s)
		}
		seen[s] = true
	}
}

func TestPretty_UsesSuitSymbols(t *testing.T) {
	for _, tt := range []struct {
		in, want string
	}{
		{"7H", "7♥"}, {"TC", "T♣"}, {"AS", "A♠"}, {"KD", "K♦"},
	} {
		if got := card.MustParse(tt.in).Pretty(); got != tt.want {
			t.Errorf("%s.Pretty() = %q, want %q", tt.in, got, tt.want)
		}
		// The pretty form parses back.
		if back, err := card.Parse(tt.want); err != nil || back != card.MustParse(tt.in) {
			t.Errorf("Parse(%q) = %v, %v; want %s", tt.want, back, err, tt.in)
		}
	}
	if got := card.Card(0).Pretty(); got != "??" {
		t.Errorf("zero Card Pretty() = %q, want ??", got)
	}
}

func TestRoundTrip_PrintParseAll52(t *testing.T) {
	pack := card.Pack()
	if len(pack) != 52 {
		t.Fatalf("Pack has %d cards", len(pack))
	}
	for _, x := range pack {
		for _, form := range []string{x.String(), strings.ToLower(x.String()), x.Pretty()} {
			got, err := card.Parse(form)
			if err != nil {
				t.Errorf("Parse(%q): %v", form, err)
				continue
			}
			if got != x {
				t.Errorf("Parse(%q) = %v, want %v", form, got, x)
			}
		}
	}
}

func TestMarshalText_JSONRoundTrip(t *testing.T) {
	hand := []card.Card{card.MustParse("7S"), card.MustParse("TD"), card.MustParse("AH"), card.MustParse("KC")}
	b, err := json.Marshal(hand)
	if err != nil {
		t.Fatal(err)
	}
	if want := `["7S","TD","AH","KC"]`; string(b) != want {
		t.Errorf("json.Marshal = %s, want %s", b, want)
	}
	var back []card.Card
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back, hand) {
		t.Errorf("round trip = %v, want %v", back, hand)
	}

	// Every card, as a struct field and as a map key.
	type holder struct {
		C card.Card `json:"c"`
	}
	for _, x := range card.Pack() {
		b, err := json.Marshal(holder{x})
		if err != nil {
			t.Fatalf("Marshal %v: %v", x, err)
		}
		if want := `{"c":"` + x.String() + `"}`; string(b) != want {
			t.Errorf("Marshal = %s, want %s", b, want)
		}
		var h holder
		if err := json.Unmarshal(b, &h); err != nil || h.C != x {
			t.Errorf("Unmarshal(%s) = %v, %v; want %v", b, h.C, err, x)
		}
	}
	m := map[card.Card]int{card.MustParse("QH"): 10, card.MustParse("2C"): 2}
	b, err = json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var mb map[card.Card]int
	if err := json.Unmarshal(b, &mb); err != nil {
		t.Fatal(err)
	}
	if len(mb) != 2 || mb[card.MustParse("QH")] != 10 || mb[card.MustParse("2C")] != 2 {
		t.Errorf("map round trip: %s -> %v", b, mb)
	}

	// Unmarshal accepts what Parse accepts.
	var h holder
	if err := json.Unmarshal([]byte(`{"c":"10d"}`), &h); err != nil || h.C != card.MustParse("TD") {
		t.Errorf(`Unmarshal "10d" = %v, %v; want TD`, h.C, err)
	}
}

// The zero Card, "no card", marshals as the empty string and reads back
// from it, so values that hold no card yet (nothing drawn, nothing taken)
// marshal.
func TestMarshalText_ZeroCardIsEmptyString(t *testing.T) {
	var zero card.Card
	b, err := zero.MarshalText()
	if err != nil || string(b) != "" {
		t.Errorf("zero Card MarshalText = %q, %v; want \"\", nil", b, err)
	}
	type holder struct {
		C  card.Card   `json:"c"`
		Cs []card.Card `json:"cs"`
	}
	in := holder{Cs: []card.Card{card.MustParse("7S"), 0}}
	j, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"c":"","cs":["7S",""]}`; string(j) != want {
		t.Errorf("json.Marshal = %s, want %s", j, want)
	}
	out := holder{C: card.MustParse("KD")}
	if err := json.Unmarshal(j, &out); err != nil || out.C != 0 || !slices.Equal(out.Cs, in.Cs) {
		t.Errorf("round trip of %s = %+v, %v; want %+v", j, out, err, in)
	}
	// Parse still refuses the empty string: "" means no card only in JSON.
	if _, err := card.Parse(""); !errors.Is(err, card.ErrInvalidCard) {
		t.Errorf(`Parse("") = %v, want ErrInvalidCard`, err)
	}
}

func TestMarshalText_RejectsInvalid(t *testing.T) {
	for _, x := range []card.Card{card.Card(0x1E), card.Card(0x4<<4 | 1), card.Card(0xFF)} {
		b, err := x.MarshalText()
		if err == nil || !errors.Is(err, card.ErrInvalidCard) {
			t.Errorf("Card(%d).MarshalText() = %q, %v; want ErrInvalidCard", uint8(x), b, err)
		}
		if _, err := json.Marshal(x); err == nil || !errors.Is(err, card.ErrInvalidCard) {
			t.Errorf("json.Marshal(Card(%d)) error = %v, want ErrInvalidCard", uint8(x), err)
		}
	}
}

func TestUnmarshalText_RejectsMalformedAndKeepsValue(t *testing.T) {
	x := card.MustParse("9H")
	for _, in := range []string{" ", "7X", "1S", "S7"} {
		err := x.UnmarshalText([]byte(in))
		if !errors.Is(err, card.ErrInvalidCard) {
			t.Errorf("UnmarshalText(%q) = %v, want ErrInvalidCard", in, err)
		}
		if x != card.MustParse("9H") {
			t.Errorf("UnmarshalText(%q) changed the card to %v", in, x)
		}
	}
	var h struct{ C card.Card }
	if err := json.Unmarshal([]byte(`{"C":"ZZ"}`), &h); !errors.Is(err, card.ErrInvalidCard) {
		t.Errorf("json.Unmarshal of ZZ: error %v, want ErrInvalidCard", err)
	}
}

func TestZeroCard_IsInvalidAndPrintsQuestionMarks(t *testing.T) {
	var z card.Card
	if z.IsValid() {
		t.Error("zero Card is valid")
	}
	if got := z.String(); got != "??" {
		t.Errorf("zero Card String() = %q, want ??", got)
	}
	if got := z.Rank(); got != card.NoRank {
		t.Errorf("zero Card Rank() = %v, want NoRank", got)
	}
	if got := z.Index(); got != -1 {
		t.Errorf("zero Card Index() = %d, want -1", got)
	}
}

func TestIsValid_ExactlyThe52(t *testing.T) {
	n := 0
	for i := 0; i < 256; i++ {
		x := card.Card(i)
		valid := x.IsValid()
		want := x.Rank() >= card.Ace && x.Rank() <= card.King && x.Suit() < card.NumSuits
		if valid != want {
			t.Errorf("Card(%d).IsValid() = %v, want %v", i, valid, want)
		}
		if valid {
			n++
		} else {
			if s := x.String(); s != "??" && !x.IsJoker() {
				t.Errorf("invalid Card(%d) prints %q, want ??", i, s)
			}
			if x.Index() != -1 {
				t.Errorf("invalid Card(%d).Index() = %d, want -1", i, x.Index())
			}
		}
	}
	if n != 52 {
		t.Errorf("%d byte values are valid cards, want 52", n)
	}
}

func TestNew_OutOfRangeIsZero(t *testing.T) {
	for _, tt := range []struct {
		r card.Rank
		s card.Suit
	}{
		{card.NoRank, card.Spades},
		{card.King + 1, card.Hearts},
		{card.Ace, card.NumSuits},
		{card.Ace, 255},
		{255, card.Clubs},
	} {
		if got := card.New(tt.r, tt.s); got != 0 {
			t.Errorf("New(%d, %d) = %d, want the zero Card", tt.r, tt.s, uint8(got))
		}
	}
	for s := card.Suit(0); s < card.NumSuits; s++ {
		for r := card.Ace; r <= card.King; r++ {
			x := card.New(r, s)
			if x.Rank() != r || x.Suit() != s || !x.IsValid() {
				t.Errorf("New(%v, %v) = %v: rank %v suit %v valid %v", r, s, x, x.Rank(), x.Suit(), x.IsValid())
			}
		}
	}
}

func TestIndex_FromIndexRoundTrip(t *testing.T) {
	seen := make(map[int]card.Card)
	for i := 0; i < card.PackSize; i++ {
		x := card.FromIndex(i)
		if !x.IsValid() {
			t.Fatalf("FromIndex(%d) = %d is not valid", i, uint8(x))
		}
		if got := x.Index(); got != i {
			t.Errorf("FromIndex(%d).Index() = %d", i, got)
		}
		seen[i] = x
	}
	for _, x := range card.Pack() {
		i := x.Index()
		if i < 0 || i >= card.PackSize {
			t.Fatalf("%v.Index() = %d, out of range", x, i)
		}
		if card.FromIndex(i) != x {
			t.Errorf("FromIndex(%v.Index()) = %v", x, card.FromIndex(i))
		}
	}
	// Index is suit*13 + rank-1.
	for _, tt := range []struct {
		in   string
		want int
	}{{"AS", 0}, {"KS", 12}, {"AH", 13}, {"TD", 35}, {"KC", 51}} {
		if got := card.MustParse(tt.in).Index(); got != tt.want {
			t.Errorf("%s.Index() = %d, want %d", tt.in, got, tt.want)
		}
	}
	for _, i := range []int{-1, 52, 53, 1000, -1000} {
		if got := card.FromIndex(i); got != 0 {
			t.Errorf("FromIndex(%d) = %v, want the zero Card", i, got)
		}
	}
}

func TestSuit_Forms(t *testing.T) {
	for _, tt := range []struct {
		s                    card.Suit
		letter, symbol, name string
		red                  bool
	}{
		{card.Spades, "S", "♠", "spades", false},
		{card.Hearts, "H", "♥", "hearts", true},
		{card.Diamonds, "D", "♦", "diamonds", true},
		{card.Clubs, "C", "♣", "clubs", false},
	} {
		if got := tt.s.String(); got != tt.letter {
			t.Errorf("Suit(%d).String() = %q, want %q", tt.s, got, tt.letter)
		}
		if got := tt.s.Symbol(); got != tt.symbol {
			t.Errorf("Suit(%d).Symbol() = %q, want %q", tt.s, got, tt.symbol)
		}
		if got := tt.s.Name(); got != tt.name {
			t.Errorf("Suit(%d).Name() = %q, want %q", tt.s, got, tt.name)
		}
		if got := tt.s.IsRed(); got != tt.red {
			t.Errorf("Suit(%d).IsRed() = %v, want %v", tt.s, got, tt.red)
		}
	}
	bad := card.Suit(7)
	if bad.String() != "Suit(7)" || bad.Symbol() != "?" || bad.Name() != "Suit(7)" || bad.IsRed() {
		t.Errorf("Suit(7): String %q Symbol %q Name %q IsRed %v", bad.String(), bad.Symbol(), bad.Name(), bad.IsRed())
	}
}

func TestRank_String(t *testing.T) {
	want := []string{"?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"}
	for r, w := range want {
		if got := card.Rank(r).String(); got != w {
			t.Errorf("Rank(%d).String() = %q, want %q", r, got, w)
		}
	}
	if got := card.Rank(14).String(); got != "Rank(14)" {
		t.Errorf("Rank(14).String() = %q", got)
	}
}
