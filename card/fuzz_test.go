package card_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"felt/card"
)

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"7S", "TD", "10D", "10d", "ah", "AH", "Q♥", "K♣", "2♤", "3♡", "4♢", "5♧",
		" 9c ", "\t10♠\n", "", " ", "1S", "11D", "7X", "7", "10", "S7", "7SS", "ZZ",
		"100S", "\xff", "7\xe2\x99", "♠", "T♠♠", "1\u00a0", "\u00857S\u2028",
		"SJ", "bj", " Sj ", "SJ♠", "ſJ",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := card.Parse(s)
		if err != nil {
			if c != 0 {
				t.Errorf("Parse(%q) returned card %d with error %v", s, uint8(c), err)
			}
			if !errors.Is(err, card.ErrInvalidCard) {
				t.Errorf("Parse(%q) error %v is not ErrInvalidCard", s, err)
			}
			if q := fmt.Sprintf("%q", s); !strings.Contains(err.Error(), q) {
				t.Errorf("Parse(%q) error %q does not name the input", s, err)
			}
			return
		}
		if !c.In54() {
			t.Fatalf("Parse(%q) = %d, not one of the 54 faces", s, uint8(c))
		}
		str := c.String()
		if len(str) != 2 {
			t.Errorf("Parse(%q).String() = %q, not two letters", s, str)
		}
		for _, form := range []string{str, strings.ToLower(str), c.Pretty()} {
			back, err := card.Parse(form)
			if err != nil {
				t.Fatalf("Parse(%q) = %v, whose form %q does not parse: %v", s, c, form, err)
			}
			if back != c {
				t.Fatalf("Parse(%q) = %v, but Parse(%q) = %v", s, c, form, back)
			}
		}
		// Text marshalling agrees with String and Parse.
		b, err := c.MarshalText()
		if err != nil || string(b) != str {
			t.Errorf("MarshalText of %v = %q, %v", c, b, err)
		}
		var u card.Card
		if err := u.UnmarshalText([]byte(s)); err != nil || u != c {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", s, u, err, c)
		}
		// The index is in range and inverts (jokers have none).
		if c.IsJoker() {
			if c.Index() != -1 {
				t.Errorf("joker %v has index %d", c, c.Index())
			}
		} else if i := c.Index(); i < 0 || i >= card.PackSize || card.FromIndex(i) != c {
			t.Errorf("%v.Index() = %d does not invert", c, i)
		}
	})
}

func FuzzParseList(f *testing.F) {
	for _, s := range []string{
		"", " ", ",", "7S 8S 9S", "7S,8S,9S", "7s, 8♠ ,9S", "AS\t2S\t3S",
		"7S 7S", "TD 10D", "QH q♥", "7S 8X", "7S;8S", "7S\n8S", "10 D",
		"AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
		"\xff 7S", "7S \u00a08S",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		cards, err := card.ParseList(s)
		set, setErr := card.ParseSet(s)
		if (err == nil) != (setErr == nil) {
			t.Fatalf("ParseList(%q) error %v but ParseSet error %v", s, err, setErr)
		}
		if err != nil {
			if cards != nil {
				t.Errorf("ParseList(%q) returned %v with error %v", s, cards, err)
			}
			if set != 0 {
				t.Errorf("ParseSet(%q) returned %v with error %v", s, set, setErr)
			}
			if !errors.Is(err, card.ErrInvalidCard) && !errors.Is(err, card.ErrDuplicate) {
				t.Errorf("ParseList(%q) error %v is neither ErrInvalidCard nor ErrDuplicate", s, err)
			}
			return
		}
		var seen card.Set
		for _, c := range cards {
			if !c.IsValid() {
				t.Fatalf("ParseList(%q) gave invalid card %d", s, uint8(c))
			}
			if seen.Has(c) {
				t.Fatalf("ParseList(%q) gave %v twice: %v", s, c, cards)
			}
			seen = seen.Add(c)
		}
		if set != seen || set.Len() != len(cards) {
			t.Errorf("ParseSet(%q) = %v (len %d), want %v (len %d)", s, set, set.Len(), seen, len(cards))
		}
		// Formatting and re-parsing round-trips, keeping the order.
		formatted := card.Format(cards)
		back, err := card.ParseList(formatted)
		if err != nil {
			t.Fatalf("ParseList(%q) = %v; its Format %q does not parse: %v", s, cards, formatted, err)
		}
		if !slices.Equal(back, cards) {
			t.Fatalf("ParseList(%q) = %v; re-parsed %q = %v", s, cards, formatted, back)
		}
		if card.Format(back) != formatted {
			t.Errorf("Format is not stable: %q then %q", formatted, card.Format(back))
		}
		// So does the set's String.
		if got, err := card.ParseSet(set.String()); err != nil || got != set {
			t.Errorf("ParseSet(%q) = %v, %v; want %v", set.String(), got, err, set)
		}
	})
}
