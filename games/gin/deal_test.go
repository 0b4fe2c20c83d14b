package gin

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"felt/card"
	"felt/gin"
	"felt/internal/strictjson"
	"felt/table"
)

// TestGinDealLine_AsJSON: a deal line is written byte for byte as
// json.Marshal writes it, and read back by the hand-written reader only
// when the strict JSON decoder reads the same deal from it: for the lines
// of whole games, for edge cases (jokers, the zero card, the largest
// numbers), and for every line made by deleting, doubling or replacing one
// byte of a real one. Any other line is left to the strict decoder.
func TestGinDealLine_AsJSON(t *testing.T) {
	check := func(line []byte) {
		t.Helper()
		fast, ok := parseDeal(line)
		var want ginDeal
		err := strictjson.Known(line, &want)
		if ok && (err != nil || !reflect.DeepEqual(fast, want) && !(len(fast.Deck) == 0 && len(want.Deck) == 0)) {
			t.Fatalf("%q: read as %+v, the JSON decoder reads %+v (%v)", line, fast, want, err)
		}
	}
	var lines [][]byte
	for seed := uint64(1); seed <= 20; seed++ {
		eng, err := New(seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		var v table.Views[gin.Event]
		rec, err := eng.(*Engine).Advance(&v)
		if err != nil {
			t.Fatal(err)
		}
		var d ginDeal
		if err := strictjson.Known(rec, &d); err != nil {
			t.Fatal(err)
		}
		if want, _ := json.Marshal(d); string(rec) != string(want) {
			t.Fatalf("deal line %s, json.Marshal writes %s", rec, want)
		}
		if got, ok := parseDeal(rec); !ok || !reflect.DeepEqual(got, d) {
			t.Fatalf("%s read as %+v (%v), want %+v", rec, got, ok, d)
		}
		lines = append(lines, rec)
	}
	for _, d := range []ginDeal{
		{Hand: 999_999_999, Dealer: 255, Deck: []card.Card{card.SmallJoker, card.BigJoker, 0, card.MustParse("TC")}},
		{Hand: 0, Dealer: 0, Deck: []card.Card{}},
		{Hand: -3, Dealer: 1, Deck: nil},
		{Hand: 1_000_000_000, Dealer: 1, Deck: card.Pack()},
	} {
		got, ok := appendDeal(nil, d)
		want, err := json.Marshal(d)
		if !ok || err != nil || string(got) != string(want) {
			t.Fatalf("%+v written %s (%v), json.Marshal writes %s (%v)", d, got, ok, want, err)
		}
		check(got)
		lines = append(lines, got)
	}
	if _, ok := appendDeal(nil, ginDeal{Deck: []card.Card{99}}); ok {
		t.Error("a deck holding no face is written")
	}
	for _, s := range []string{
		`{"hand":1,"dealer":256,"deck":["AS"]}`, `{"hand":01,"dealer":0,"deck":["AS"]}`,
		`{"hand":1,"dealer":0,"deck":["as"]}`, `{"hand":1,"dealer":0,"deck":["A\u0053"]}`,
		`{"hand":1, "dealer":0,"deck":["AS"]}`, `{"hand":1,"dealer":0,"deck":["AS"],"x":1}`,
		`{"hand":1,"dealer":0,"deck":["AS"]}` + "\n", `{"hand":1,"dealer":0,"deck":["AS",]}`,
		`{"hand":1,"dealer":0,"deck":["AS""KS"]}`, `{"hand":1,"dealer":0,"deck":["AS"}`, `{"hand":1,"dealer":0,"deck":["`,
	} {
		check([]byte(s))
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, line := range lines {
		for i := range line {
			check(append(line[:i:i], line[i+1:]...))
			check(append(line[:i+1:i+1], line[i:]...))
			for range 3 {
				b := append([]byte(nil), line...)
				b[i] = []byte(`"{}[],:019ASJBKQTx \`)[rng.IntN(20)]
				check(b)
			}
		}
	}
}
