package sjtui

import (
	"strings"
	"testing"

	"felt/card"
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
	r.until(2000, func(r *runtime) bool { return r.m.obs.Bids.Len() > 0 || r.m.obs.Phase != shengji.DealPhase })
	if r.m.obs.Bids.Len() == 0 {
		t.Fatalf("the bid %v pressed at card %d was never shown:\n%s", want, dealt, r.screen())
	}
	b := r.m.obs.Bids.At(0)
	if b.Seat != 1 || b.Cards != want.Cards || b.Dealt < dealt {
		t.Fatalf("first bid %+v, want seat 1 showing %v at card %d or later", b, want.Cards, dealt)
	}
}

// TestBidOvertakenSaysTooLate: a bid pressed during the deal that another
// seat's declaration overtakes before it could be shown is reported on
// the screen, not dropped in silence.
func TestBidOvertakenSaysTooLate(t *testing.T) {
	h := stackedDeal(t, shengji.Standard(), 20)
	o := observe(&h, 0)
	o.HandNumber = 1
	m := staticModel(t, Look{ASCII: true})
	m, _ = upd(m, EventMsg{Event: shengji.Event{Kind: shengji.CardEvent}, Obs: o})
	m, _ = upd(m, key("1"))
	if m.bid == nil || !strings.Contains(m.status, "You declare") {
		t.Fatalf("pressing 1 queued no bid (status %q)", m.status)
	}
	// a card later East shows the big jokers: nothing overrides them
	o.Bids = shengji.BidLog{}
	if err := o.Bids.Append(shengji.Bid{Seat: 1, Cards: card.MustParseMulti("BJ BJ"), Dealt: 21}); err != nil {
		t.Fatal(err)
	}
	if len(o.AppendDeclarations(nil)) != 0 {
		t.Fatal("the case is wrong: seat 0 may still declare")
	}
	m, _ = upd(m, EventMsg{Event: shengji.Event{Kind: shengji.DeclareEvent, Seat: 1, Cards: o.Bids.At(0).Cards}, Obs: o})
	if m.bid != nil || !m.statusBad || !strings.Contains(m.status, "Too late for your bid 2S: East's BJ BJ came first and stands.") {
		t.Fatalf("status %q (bad %v), bid %v", m.status, m.statusBad, m.bid)
	}
	// a bid that is shown clears the note of it
	m, _ = upd(m, EventMsg{Event: shengji.Event{Kind: shengji.CardEvent}, Obs: observe(&h, 0)})
	m, _ = upd(m, key("1"))
	m, _ = upd(m, EventMsg{Event: shengji.Event{Kind: shengji.DeclareEvent, Seat: 0, Cards: card.MustParseMulti("2S")}, Obs: observe(&h, 0)})
	if m.bid != nil || strings.Contains(m.status, "Too late") {
		t.Fatalf("status %q, bid %v after the bid was shown", m.status, m.bid)
	}
}

// TestTenthBidKey: a seat holding both joker pairs and every level pair
// is offered ten bids; 0 makes the tenth, shown on the keys as "0 bid".
func TestTenthBidKey(t *testing.T) {
	h := stackedDeal(t, shengji.Standard(), 60)
	o := observe(&h, 0)
	o.HandNumber = 1
	m := staticModel(t, Look{ASCII: true})
	m, _ = upd(m, EventMsg{Event: shengji.Event{Kind: shengji.CardEvent}, Obs: o})
	ds := m.declarations()
	if len(ds) != 10 {
		t.Fatalf("%d bids on offer", len(ds))
	}
	want := "0 bid " + m.th.plain(o.Order(), ds[9].Cards)
	if !strings.Contains(m.Render(), want) {
		t.Fatalf("no %q on the keys:\n%s", want, m.Render())
	}
	m, _ = upd(m, key("0"))
	if m.bid == nil || *m.bid != ds[9] {
		t.Fatalf("0 queued %v, want %v", m.bid, ds[9])
	}
}
