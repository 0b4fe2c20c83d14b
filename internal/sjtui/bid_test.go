package sjtui

import (
	"testing"

	"felt/shengji"
)

// TestBidDuringDeal: a bid pressed as the cards arrive is shown before the
// next card, and the others see it as a declaration of the seat.
func TestBidDuringDeal(t *testing.T) {
	r := newRuntime(t, Setup{Seat: 1, Level: "greedy", Seed: 1, Rules: shengji.Standard()}, Options{Look: Look{NoColor: true}})
	r.until(2000, func(r *runtime) bool { return r.m.haveObs && len(r.m.declarations()) > 0 })
	want := r.m.declarations()[0]
	dealt := r.m.obs.Dealt
	r.press("1")
	r.until(2000, func(r *runtime) bool { return r.m.obs.NBids > 0 || r.m.obs.Phase != shengji.DealPhase })
	if r.m.obs.NBids == 0 {
		t.Fatalf("the bid %v pressed at card %d was never shown:\n%s", want, dealt, r.screen())
	}
	b := r.m.obs.Bids[0]
	if b.Seat != 1 || b.Cards != want.Cards || b.Dealt < dealt {
		t.Fatalf("first bid %+v, want seat 1 showing %v at card %d or later", b, want.Cards, dealt)
	}
}
