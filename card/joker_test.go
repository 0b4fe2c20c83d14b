package card_test

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"felt/card"
)

// faces54 returns the 54 faces: the 52 cards in pack order, then the jokers.
func faces54() []card.Card {
	return append(card.Pack(), card.SmallJoker, card.BigJoker)
}

func TestJoker_ParsesAndPrintsAsSJAndBJ(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want card.Card
	}{
		{"SJ", card.SmallJoker}, {"sj", card.SmallJoker}, {"sJ", card.SmallJoker}, {" SJ\t", card.SmallJoker},
		{"BJ", card.BigJoker}, {"bj", card.BigJoker}, {"Bj", card.BigJoker},
	} {
		got, err := card.Parse(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("Parse(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	if card.SmallJoker.String() != "SJ" || card.BigJoker.String() != "BJ" {
		t.Errorf("jokers print as %q and %q, want SJ and BJ", card.SmallJoker, card.BigJoker)
	}
	if card.SmallJoker.Pretty() != "SJ" || card.BigJoker.Pretty() != "BJ" {
		t.Errorf("jokers' Pretty = %q and %q, want SJ and BJ", card.SmallJoker.Pretty(), card.BigJoker.Pretty())
	}
}

func TestJoker_LookalikesRefused(t *testing.T) {
	// Only the ASCII letters S/B then J: no Unicode case folding ("ſJ"), no
	// suits on a joker, no other letters.
	for _, in := range []string{"ſJ", "SJJ", "S J", "SJS", "J", "LJ", "RJ", "XJ", "SK", "B", "JK", "10J"} {
		c, err := card.Parse(in)
		if err == nil {
			t.Errorf("Parse(%q) = %v, want an error", in, c)
		} else if !errors.Is(err, card.ErrInvalidCard) {
			t.Errorf("Parse(%q) error %v is not ErrInvalidCard", in, err)
		}
	}
}

func TestJoker_HasNoSuitAndNoRank(t *testing.T) {
	for _, j := range []card.Card{card.SmallJoker, card.BigJoker} {
		if j.Suit() != card.NoSuit || j.Rank() != card.NoRank {
			t.Errorf("%v: suit %v rank %v, want NoSuit and NoRank", j, j.Suit(), j.Rank())
		}
		if !j.IsJoker() || !j.In54() {
			t.Errorf("%v: IsJoker %v In54 %v, want both true", j, j.IsJoker(), j.In54())
		}
		if j.IsValid() || j.Index() != -1 {
			t.Errorf("%v: IsValid %v Index %d; a joker is not one of the 52", j, j.IsValid(), j.Index())
		}
	}
	if card.NoSuit.String() != "none" || card.NoSuit.Name() != "none" {
		t.Errorf("NoSuit prints %q / %q, want none", card.NoSuit, card.NoSuit.Name())
	}
}

func TestIn54_ExactlyThe52AndTwoJokers(t *testing.T) {
	n := 0
	for i := range 256 {
		x := card.Card(i)
		if x.In54() != (x.IsValid() || x == card.SmallJoker || x == card.BigJoker) {
			t.Errorf("Card(%d).In54() = %v", i, x.In54())
		}
		if x.In54() {
			n++
		}
		if x.IsJoker() && x != card.SmallJoker && x != card.BigJoker {
			t.Errorf("Card(%d) claims to be a joker", i)
		}
	}
	if n != card.NumFaces {
		t.Errorf("%d faces, want %d", n, card.NumFaces)
	}
}

// TestFaces_RoundTrip is the round-trip property over all 54 faces: String,
// Pretty, lower case, MarshalText and JSON all parse back to the same face,
// and each face has its own bit in a Set.
func TestFaces_RoundTrip(t *testing.T) {
	var all card.Set
	for _, c := range faces54() {
		for _, form := range []string{c.String(), c.Pretty(), strings.ToLower(c.String())} {
			back, err := card.Parse(form)
			if err != nil || back != c {
				t.Errorf("Parse(%q) = %v, %v; want %v", form, back, err, c)
			}
		}
		b, err := c.MarshalText()
		if err != nil || string(b) != c.String() {
			t.Errorf("%v.MarshalText() = %q, %v", c, b, err)
		}
		var u card.Card
		if err := u.UnmarshalText(b); err != nil || u != c {
			t.Errorf("UnmarshalText(%q) = %v, %v", b, u, err)
		}
		js, err := json.Marshal(map[string]card.Card{"c": c})
		if err != nil {
			t.Fatalf("json.Marshal %v: %v", c, err)
		}
		var m map[string]card.Card
		if err := json.Unmarshal(js, &m); err != nil || m["c"] != c {
			t.Errorf("JSON round trip of %v: %s -> %v, %v", c, js, m["c"], err)
		}
		b1 := card.Bit(c)
		if b1 == 0 || all&b1 != 0 {
			t.Errorf("%v: bit %#x is empty or shared", c, uint64(b1))
		}
		all |= b1
		if !card.AllFaces.Has(c) {
			t.Errorf("AllFaces lacks %v", c)
		}
	}
	if all != card.AllFaces || all.Len() != card.NumFaces {
		t.Errorf("the 54 bits = %#x (len %d), want AllFaces", uint64(all), all.Len())
	}
	if card.FullSet.Len() != 52 || card.FullSet.Has(card.SmallJoker) || card.FullSet.Has(card.BigJoker) {
		t.Errorf("FullSet must stay the 52 cards")
	}
	if got := all.Cards(); !slices.Equal(got, faces54()) {
		t.Errorf("AllFaces.Cards() = %v, want the pack then SJ BJ", got)
	}
}

func TestSet_JokersComeLast(t *testing.T) {
	s := card.SetOf(card.BigJoker, card.MustParse("KS"), card.SmallJoker, card.MustParse("AH"))
	if got := s.String(); got != "KS AH SJ BJ" {
		t.Errorf("String = %q, want KS AH SJ BJ", got)
	}
	var viaAll []card.Card
	for c := range s.All {
		viaAll = append(viaAll, c)
	}
	if !slices.Equal(viaAll, s.Cards()) {
		t.Errorf("All yields %v, Cards %v", viaAll, s.Cards())
	}
	// Stopping early after the small joker does not yield the big one.
	n := 0
	for c := range s.All {
		n++
		if c == card.SmallJoker {
			break
		}
	}
	if n != 3 {
		t.Errorf("stopped after %d cards, want 3", n)
	}
	if s.SuitMask(card.Spades) != 1<<12 {
		t.Errorf("jokers leak into the spades mask: %#x", s.SuitMask(card.Spades))
	}
}

// TestParseList_RefusesJokers: ParseList and ParseSet read one 52-card pack,
// which is what Gin Rummy's input paths rely on, so a joker is refused there
// with a message naming it.
func TestParseList_RefusesJokers(t *testing.T) {
	for _, in := range []string{"SJ", "7S BJ", "bj 7S 8S"} {
		_, err := card.ParseList(in)
		if err == nil || !errors.Is(err, card.ErrInvalidCard) {
			t.Fatalf("ParseList(%q) error = %v, want ErrInvalidCard", in, err)
		}
		if msg := err.Error(); !strings.Contains(msg, "joker") || !strings.Contains(strings.ToUpper(msg), "J\"") {
			t.Errorf("ParseList(%q) error %q does not name the joker", in, msg)
		}
		if _, err := card.ParseSet(in); err == nil {
			t.Errorf("ParseSet(%q) accepted a joker", in)
		}
	}
}
