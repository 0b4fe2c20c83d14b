package gin

import (
	"encoding/json"
	"fmt"
	"testing"

	"felt/gin"
)

// TestGinDealFace_AsMap: the deal reader's table of two-byte card texts
// reads every two-byte text exactly as the map of every face's text does
// (a face, or none).
func TestGinDealFace_AsMap(t *testing.T) {
	faces := 0
	for a := range 256 {
		for b := range 256 {
			text := []byte{byte(a), byte(b)}
			got, ok := dealFace(text)
			want, wok := dealCard[string(text)]
			if got != want || ok != wok {
				t.Fatalf("%q read as %v (%v), the map says %v (%v)", text, got, ok, want, wok)
			}
			if ok {
				faces++
			}
		}
	}
	if faces != len(dealCard) || faces != 54 {
		t.Fatalf("%d two-byte faces read, %d in the map, want 54", faces, len(dealCard))
	}
	for _, text := range []string{"", "A", "ASX", "10H", "\xffS"} {
		got, ok := dealFace([]byte(text))
		want, wok := dealCard[text]
		if got != want || ok != wok {
			t.Fatalf("%q read as %v (%v), the map says %v (%v)", text, got, ok, want, wok)
		}
	}
}

// TestNewGin_OptionsKept: a table's options are read once and kept for the
// next table with the same bytes; tables with other options, or options
// that fail, in between get their own, and a failure is not kept.
func TestNewGin_OptionsKept(t *testing.T) {
	eaai, err := json.Marshal(gin.EAAI())
	if err != nil {
		t.Fatal(err)
	}
	laysOut := []byte(`{"knock_limit":7,"defender_lays_out":true}`)
	seven := gin.Standard()
	seven.KnockLimit = 7
	cases := []struct {
		options string
		rules   gin.Rules
		layOut  bool
		fails   bool
	}{
		{"", gin.Standard(), false, false},
		{string(eaai), gin.EAAI(), false, false},
		{string(eaai), gin.EAAI(), false, false},
		{`{"knock_limit":99}`, gin.Rules{}, false, true},
		{`{"knock_limit":99}`, gin.Rules{}, false, true},
		{string(laysOut), seven, true, false},
		{`{"knock_limit":7}`, seven, false, false},
		{string(laysOut), seven, true, false},
		{`{"defender_lays_out":1}`, gin.Rules{}, false, true},
		{string(eaai), gin.EAAI(), false, false},
		{"", gin.Standard(), false, false},
	}
	for i, c := range cases {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			e, err := New(1, json.RawMessage(c.options))
			if c.fails {
				if err == nil {
					t.Fatalf("options %s accepted", c.options)
				}
				return
			}
			if err != nil {
				t.Fatalf("options %s: %v", c.options, err)
			}
			g := e.(*Engine)
			if g.Game().Rules() != c.rules || g.layOut != c.layOut {
				t.Fatalf("options %s: rules %+v lay out %v, want %+v %v", c.options, g.Game().Rules(), g.layOut, c.rules, c.layOut)
			}
		})
	}
}
