package gin

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"felt/card"
)

// Every error says each thing once: no sentinel text repeating what the
// message already said ("card: AS given twice: card: duplicate card" is
// what this guards against), and errors.Is still finds the sentinel.
func TestErrors_SayItOnce(t *testing.T) {
	set := card.MustParseSet
	deck := card.Pack()
	dupDeck := slices.Clone(deck)
	dupDeck[51] = dupDeck[0]
	badDeck := slices.Clone(deck)
	badDeck[7] = 0
	kn4 := set("AS 2S 3S 7H 7D 7C JC QC KC 4D")
	def43 := set("9D TD JD 2H 4C 6S 8H 3D KH QS")
	big := set("AS 2S 3S 4S 7H 7D 7C TC JC QC KC")
	noBig := set("AS 2S 3S 4S 7H 7D 7C TC JC QC 5C")
	run := MeldOf(card.MustParse("AS"), card.MustParse("2S"), card.MustParse("3S"))
	notMeld := MeldOf(card.MustParse("AS"), card.MustParse("2S"), card.MustParse("5S"))
	runShow, _ := NewArrangement(run)
	off := Standard()
	off.BigGinBonus = 0
	_, dealErr := NewHand(Standard(), dupDeck, 0)
	_, badDealErr := NewHand(Standard(), badDeck, 0)
	settle := func(r Rules, k card.Set, show Arrangement, d card.Set) error {
		_, err := Settle(r, k, show, d, r.KnockLimit, false)
		return err
	}
	_, meldsErr := Melds(set("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS"))
	_, tooMany := NewArrangement(run, run, run, run)
	_, twice := NewArrangement(run, MeldOf(card.MustParse("3S"), card.MustParse("3H"), card.MustParse("3D")))
	_, neither := NewArrangement(notMeld)

	// the card just taken from the discard pile
	h := newHand(t, Standard(), nonHand, dealerHand, "8C", "")
	mustApply(t, h, 0, TakeDiscardAction())
	justTaken := h.Apply(0, DiscardAction(card.MustParse("8C")))
	// big gin while it is off
	hOff := newHand(t, off, nonHand, dealerHand, "8C", "")
	mustApply(t, hOff, 0, TakeDiscardAction())
	bigGinOff := hOff.Apply(0, BigGinAction())

	for _, c := range []struct {
		err  error
		want string
		is   error
	}{
		{dealErr, "gin: deck has AS twice", card.ErrDuplicate},
		{badDealErr, "gin: deck card 7 is not one of the 52 cards", card.ErrInvalidCard},
		{settle(Standard(), kn4, Arrangement{}, set("AS TD JD 2H 4C 6S 8H 3D KH QS")),
			"gin: AS in both hands", card.ErrDuplicate},
		{settle(Standard(), kn4, Arrangement{}, def43.Remove(card.MustParse("QS"))),
			"gin: defender holds 9 cards, want 10", ErrHandSize},
		{settle(Standard(), kn4.Remove(card.MustParse("4D")), Arrangement{}, def43),
			"gin: knocker lays out 9 cards, want 10 (11 for big gin)", ErrHandSize},
		{settle(off, big, Arrangement{}, def43.Remove(card.MustParse("KH")).Add(card.MustParse("5D"))),
			"gin: 11 cards laid out: big gin is off in these rules", ErrBigGinOff},
		{settle(Standard(), noBig, Arrangement{}, def43.Remove(card.MustParse("KH")).Add(card.MustParse("5D"))),
			"gin: 11 cards laid out: not every card melds (deadwood 5)", ErrNotBigGin},
		{settle(Standard(), big, runShow, def43.Remove(card.MustParse("KH")).Add(card.MustParse("5D"))),
			"gin: big gin shown as [AS 2S 3S]: not every card melds", ErrNotBigGin},
		{settle(Standard(), def43, runShow, kn4),
			"gin: shown melds [AS 2S 3S]: arrangement does not fit the hand", ErrBadArrangement},
		{meldsErr, "gin: 12 cards, at most 11 arrange", ErrHandSize},
		{tooMany, "gin: 4 melds, at most 3 fit in a hand", ErrInvalidMeld},
		{twice, "gin: 3S is in two melds", ErrInvalidMeld},
		{neither, "gin: AS 2S 5S: not a valid meld", ErrInvalidMeld},
		{justTaken, "gin: you can't discard 8C: you just took it from the discard pile", ErrJustTaken},
		{bigGinOff, "gin: big gin is off in these rules", ErrBigGinOff},
	} {
		if c.err == nil {
			t.Errorf("no error, want %q", c.want)
			continue
		}
		if c.err.Error() != c.want {
			t.Errorf("message %q, want %q", c.err, c.want)
		}
		if !errors.Is(c.err, c.is) {
			t.Errorf("%q does not wrap %v", c.err, c.is)
		}
	}
}

// Rules field names are matched exactly, case included; a field given twice
// or as null, and null or anything but an object for the rules, are
// refused, and a refused object changes nothing.
func TestRules_FieldNamesMatchExactly(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"Knock_Limit": 3}`, `gin: rules: unknown field "Knock_Limit": invalid rules`},
		{`{"KNOCK_LIMIT": 3}`, `gin: rules: unknown field "KNOCK_LIMIT": invalid rules`},
		{`{"knock_limit": 3, "knock_limit": 4}`, `gin: rules: field knock_limit given twice: invalid rules`},
		{`{"knock_limit": null}`, `gin: rules: field knock_limit is null: invalid rules`},
		{`null`, `gin: rules: want a JSON object, got null: invalid rules`},
		{`[]`, `gin: rules: want a JSON object, got array: invalid rules`},
		{`7`, `gin: rules: want a JSON object, got number: invalid rules`},
		{`{"knock_limit": 3} {}`, `gin: rules: more than one JSON value: invalid rules`},
		{`{"knock_limit": `, `gin: rules: malformed JSON: cut short: invalid rules`},
		{``, `gin: rules: no JSON value: invalid rules`},
		{`{"gin_bonus": "lots"}`, `gin: rules: field gin_bonus: want int, got string: invalid rules`},
	} {
		_, err := ParseRules(Standard(), []byte(c.in))
		if err == nil || err.Error() != c.want {
			t.Errorf("ParseRules(%s): %v, want %q", c.in, err, c.want)
		}
		if !errors.Is(err, ErrInvalidRules) {
			t.Errorf("ParseRules(%s): %v does not wrap ErrInvalidRules", c.in, err)
		}
	}
	// The same holds wherever Rules is decoded, e.g. inside a larger
	// object, and a refused object leaves the value as it was.
	var holder struct {
		Rules Rules `json:"rules"`
	}
	holder.Rules = EAAI()
	for _, in := range []string{`{"rules": {"Target_Score": 50}}`, `{"rules": null}`, `{"rules": {"target_score": 50, "gin_bonus": "x"}}`} {
		if err := json.Unmarshal([]byte(in), &holder); !errors.Is(err, ErrInvalidRules) {
			t.Errorf("Unmarshal %s: %v, want ErrInvalidRules", in, err)
		}
		if holder.Rules != EAAI() {
			t.Errorf("Unmarshal %s changed the rules to %+v", in, holder.Rules)
		}
	}
	// Exact names still read, over the values already there.
	if err := json.Unmarshal([]byte(`{"rules": {"target_score": 50}}`), &holder); err != nil || holder.Rules.TargetScore != 50 || holder.Rules.NextDealer != AlternateDeal {
		t.Errorf("exact names: %v, %+v", err, holder.Rules)
	}
}

// The list of field names ParseRules accepts is the struct's JSON tags.
func TestRules_FieldListMatchesTags(t *testing.T) {
	var tags []string
	rt := reflect.TypeFor[Rules]()
	for i := range rt.NumField() {
		tags = append(tags, strings.Split(rt.Field(i).Tag.Get("json"), ",")[0])
	}
	if !slices.Equal(tags, ruleFields) {
		t.Errorf("ruleFields %v, struct tags %v", ruleFields, tags)
	}
	b, err := json.Marshal(Standard())
	if err != nil {
		t.Fatal(err)
	}
	if r, err := ParseRules(EAAI(), b); err != nil || r != Standard() {
		t.Errorf("round trip of %s: %v, %+v", b, err, r)
	}
}
