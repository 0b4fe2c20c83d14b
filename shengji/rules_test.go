package shengji

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"felt/card"
)

func TestRules_JSONFieldNames(t *testing.T) {
	b, err := json.Marshal(Standard())
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"start_level":"2","bid_after_deal":false,"no_bid":"no-trump","throw_penalty":0}`; string(b) != want {
		t.Fatalf("standard rules as JSON: %s, want %s", b, want)
	}
	r := Rules{StartLevel: card.Ten, BidAfterDeal: true, NoBid: NoBidTurnUp, ThrowPenalty: 10}
	b, _ = json.Marshal(r)
	if want := `{"start_level":"10","bid_after_deal":true,"no_bid":"turn-up-kitty","throw_penalty":10}`; string(b) != want {
		t.Fatalf("rules as JSON: %s, want %s", b, want)
	}
	back, err := ParseRules(Rules{}, b)
	if err != nil || back != r {
		t.Fatalf("read back %+v, %v", back, err)
	}
}

func TestRules_Presets(t *testing.T) {
	for _, name := range Presets() {
		r, ok := Preset(name)
		if !ok || r.Validate() != nil {
			t.Fatalf("preset %s: %+v %v", name, r, ok)
		}
	}
	if r, _ := Preset("simple"); !r.BidAfterDeal || r.ThrowPenalty != 0 {
		t.Errorf("simple: %+v", r)
	}
	if r, _ := Preset("PENALTY"); r.ThrowPenalty != 10 || r.BidAfterDeal {
		t.Errorf("penalty: %+v", r)
	}
	if _, ok := Preset("nope"); ok {
		t.Error("an unknown preset")
	}
}

func TestRules_ParseOverABaseNamingTheField(t *testing.T) {
	simple, _ := Preset("simple")
	r, err := ParseRules(simple, []byte(`{"throw_penalty": 10, "start_level": "t"}`))
	if err != nil || !r.BidAfterDeal || r.ThrowPenalty != 10 || r.StartLevel != card.Ten {
		t.Fatalf("over simple: %+v %v", r, err)
	}
	for _, c := range []struct{ in, says string }{
		{`{"start_level":"1"}`, "start_level"},
		{`{"start_level":2}`, "start_level"},
		{`{"no_bid":"maybe"}`, "no_bid"},
		{`{"throw_penalty":-1}`, "throw_penalty"},
		{`{"throw_penalty":101}`, "throw_penalty"},
		{`{"throw_penalty":"ten"}`, "throw_penalty"},
		{`{"bid_after_deal":1}`, "bid_after_deal"},
		{`{"frobnicate":1}`, `"frobnicate"`},
		{`{} {}`, "more than one"},
		{`[]`, "JSON object"},
		{`{"start_level":`, "JSON"},
		{`nope`, "not a preset"},
	} {
		_, err := ResolveRules(c.in)
		if !errors.Is(err, ErrInvalidRules) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: %v, want ErrInvalidRules naming %s", c.in, err, c.says)
		}
	}
}

// TestRules_FieldNamesExactAndOnce: rules field names are matched exactly,
// case included, and each given once; a null field keeps the base's value.
func TestRules_FieldNamesExactAndOnce(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"Start_Level":"3"}`, `shengji: rules: unknown field "Start_Level": invalid rules`},
		{`{"THROW_PENALTY":10}`, `shengji: rules: unknown field "THROW_PENALTY": invalid rules`},
		{`{"throw_penalty":10,"throw_penalty":0}`, `shengji: rules: field throw_penalty given twice: invalid rules`},
		{`{"no_bid":"turn-up-kitty"}}`, `shengji: rules: more than one JSON value: invalid rules`},
		{`{"start_level":`, `shengji: rules: malformed JSON: cut short: invalid rules`},
	} {
		if _, err := ResolveRules(c.in); !errors.Is(err, ErrInvalidRules) || err.Error() != c.want {
			t.Errorf("%s: %v, want %q", c.in, err, c.want)
		}
	}
	for _, in := range []string{`null`, `[]`} {
		want := `shengji: rules: want a JSON object, got ` + map[string]string{"null": "null", "[]": "array"}[in] + `: invalid rules`
		if _, err := ParseRules(Standard(), []byte(in)); err == nil || err.Error() != want {
			t.Errorf("%s: %v, want %q", in, err, want)
		}
	}
	base, _ := Preset("penalty")
	if r, err := ParseRules(base, []byte(`{"throw_penalty":null,"start_level":null}`)); err != nil || r != base {
		t.Errorf("null fields: %+v, %v, want the base %+v", r, err, base)
	}
}
