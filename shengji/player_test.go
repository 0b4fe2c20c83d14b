package shengji

import (
	"slices"
	"testing"

	"felt/card"
)

// bidLog is a hand that notes every declaration it accepts.
type bidLog struct {
	*Hand
	bids []Bid
}

func (b *bidLog) Apply(s Seat, a Action) error {
	dealt := b.Dealt()
	if err := b.Hand.Apply(s, a); err != nil {
		return err
	}
	if a.Kind == Declare {
		b.bids = append(b.bids, Bid{Seat: s, Cards: a.Cards, Dealt: dealt})
	}
	return nil
}

// TestDrive_ResumedDealAsksAsTheOriginal plays a deal with eager
// declarers, then rebuilds it after each declaration the way a replay log
// does (dealing to the declaration's card and showing the declarations
// so far) and plays on: the declarations come at the same cards. Seat 1
// overrides seat 0's single at card 10; seat 0, which already holds the
// small jokers, may override back only from card 11, being asked before
// seat 1 at card 10.
func TestDrive_ResumedDealAsksAsTheOriginal(t *testing.T) {
	deck := stackDeck(t, 0, [NumSeats]string{"2S SJ SJ", "2H 3C 2H", "", ""}, "")
	players := eagerPlayers()
	play := func(h *Hand) []Bid {
		b := &bidLog{Hand: h}
		if err := drive(b, &players); err != nil {
			t.Fatal(err)
		}
		return b.bids
	}
	h0, _ := NewHand(Standard(), deck, 0, NoSeat, card.Two)
	want := play(&h0)
	if len(want) < 3 || want[1].Dealt != 10 || want[2].Dealt != 11 {
		t.Fatalf("the script did not go as planned: %v", want)
	}
	for i := range want {
		h, _ := NewHand(Standard(), deck, 0, NoSeat, card.Two)
		for _, b := range want[:i+1] {
			dealTo(t, &h, b.Dealt)
			if err := h.Apply(b.Seat, DeclareAction(b.Cards)); err != nil {
				t.Fatal(err)
			}
		}
		got := append(slices.Clone(want[:i+1]), play(&h)...)
		if !slices.Equal(got, want) {
			t.Fatalf("resumed after declaration %d: %v, the original %v", i+1, got, want)
		}
	}
}
