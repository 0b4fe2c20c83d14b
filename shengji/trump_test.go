package shengji

import (
	"encoding/json"
	"errors"
	"testing"

	"felt/card"
)

func TestTrump_JSONRoundTripForAll65(t *testing.T) {
	for s := card.Spades; s <= card.NoSuit; s++ {
		for l := card.Ace; l <= card.King; l++ {
			tr := Trump{s, l}
			b, err := json.Marshal(tr)
			if err != nil {
				t.Fatalf("%v: %v", tr, err)
			}
			var back Trump
			if err := json.Unmarshal(b, &back); err != nil || back != tr {
				t.Errorf("%s -> %v, %v; want %v", b, back, err, tr)
			}
			p, err := ParseTrump(s.String(), LevelString(l))
			if err != nil || p != tr {
				t.Errorf("ParseTrump(%q, %q) = %v, %v", s, LevelString(l), p, err)
			}
		}
	}
}

func TestTrump_ParsesTheContractsForms(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Trump
	}{
		{`{"suit": "S", "level": "2"}`, Trump{card.Spades, card.Two}},
		{`{"suit": "none", "level": "A"}`, Trump{card.NoSuit, card.Ace}},
		{`{"level": "10", "suit": "H"}`, Trump{card.Hearts, card.Ten}},
		{`{"suit": "D", "level": "T"}`, Trump{card.Diamonds, card.Ten}},
		{`{"suit": "c", "level": "k"}`, Trump{card.Clubs, card.King}},
	} {
		var got Trump
		if err := json.Unmarshal([]byte(tt.in), &got); err != nil || got != tt.want {
			t.Errorf("%s -> %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	if b, _ := json.Marshal(Trump{card.Hearts, card.Ten}); string(b) != `{"suit":"H","level":"10"}` {
		t.Errorf("ten prints as %s", b)
	}
}

func TestTrump_RefusesWhatIsNotATrump(t *testing.T) {
	for _, in := range []string{
		`{"suit": "X", "level": "2"}`, `{"suit": "S", "level": "1"}`, `{"suit": "S", "level": "11"}`,
		`{"suit": "S"}`, `{"level": "2"}`, `{"suit": "S", "level": "2", "x": 1}`, `{"Suit": "S", "level": "2"}`, `{"suit": "S", "suit": "H", "level": "2"}`, `"S2"`, `{"suit": 1, "level": "2"}`,
		`{"suit": "NT", "level": "2"}`, `{"suit": "S", "level": "SJ"}`, `{"suit": "S", "level": ""}`,
	} {
		tr := Trump{card.Hearts, card.Five}
		if err := json.Unmarshal([]byte(in), &tr); !errors.Is(err, ErrBadTrump) {
			t.Errorf("%s: error %v, want ErrBadTrump", in, err)
		}
		if tr != (Trump{card.Hearts, card.Five}) {
			t.Errorf("%s: a refused trump changed the value to %v", in, tr)
		}
	}
	if _, err := json.Marshal(Trump{}); err == nil {
		t.Error("the zero Trump marshals")
	}
	if (Trump{}).Order() != nil || (Trump{}).IsValid() {
		t.Error("the zero Trump is valid")
	}
	if _, err := NewTrump(card.Suit(7), card.Two); !errors.Is(err, ErrBadTrump) {
		t.Errorf("NewTrump with suit 7: %v", err)
	}
}
