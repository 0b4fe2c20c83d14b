package shengji

import (
	"bytes"
	"encoding/json"
	"testing"

	"felt/shengji"
	"felt/table"
)

// TestShengjiDealLine_Drawn: a Redeal of the very record Advance just
// returned deals what a Redeal reading the same deal in another form
// does; a record that differs (another deck) is read, not taken for the
// one drawn.
func TestShengjiDealLine_Drawn(t *testing.T) {
	deal := func(seed uint64, edit func(rec []byte) []byte) (shengji.Hand, error) {
		e, err := New(seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		var v table.Views[shengji.Event]
		rec, err := e.Advance(&v)
		if err != nil || rec == nil {
			t.Fatalf("seed %d: advance %s, %v", seed, rec, err)
		}
		err = e.Redeal(edit(bytes.Clone(rec)), &v)
		return *e.(*Engine).Game().Hand(), err
	}
	same := func(rec []byte) []byte { return rec }
	indented := func(rec []byte) []byte {
		var b bytes.Buffer
		if err := json.Indent(&b, rec, "", "  "); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	swapped := func(rec []byte) []byte {
		var d shengjiDeal
		if err := json.Unmarshal(rec, &d); err != nil {
			t.Fatal(err)
		}
		d.Deck[0], d.Deck[1] = d.Deck[1], d.Deck[0]
		b, _ := json.Marshal(d)
		return b
	}
	for seed := uint64(1); seed <= 20; seed++ {
		h, err := deal(seed, same)
		if err != nil {
			t.Fatal(err)
		}
		hi, err := deal(seed, indented)
		if err != nil || hi != h {
			t.Fatalf("seed %d: the record drawn deals another hand than the same deal read (%v)", seed, err)
		}
		hs, err := deal(seed, swapped)
		if err != nil {
			t.Fatal(err)
		}
		if hs == h { // a hand holds its deck
			t.Fatalf("seed %d: a record with two cards swapped dealt the hand drawn", seed)
		}
	}
}
