package gin

import (
	"bytes"
	"reflect"
	"slices"
	"strings"
	"testing"

	"felt/card"
)

// accounted checks that the 52 cards are each in exactly one place: a hand,
// the discard pile, the stock or (after a knock) the knocker's face-down
// discard.
func accounted(t *testing.T, h *Hand) {
	t.Helper()
	var all card.Set
	n := 0
	add := func(s card.Set) {
		if all&s != 0 {
			t.Fatalf("card %s in two places", all&s)
		}
		all |= s
		n += s.Len()
	}
	add(h.Cards(0))
	add(h.Cards(1))
	for i := 0; i < h.Pile().Len(); i++ {
		add(card.Bit(h.Pile().At(i)))
	}
	for i := h.stockPos; i < card.PackSize; i++ {
		add(card.Bit(h.deck[i]))
	}
	if h.Over() {
		if k := h.Result().Kind; k == KnockResult || k == GinResult || k == UndercutResult {
			add(card.FullSet &^ all) // the face-down discard
			if n != 52 {
				t.Fatalf("%d cards after a knock", n)
			}
		}
	}
	if all != card.FullSet || n != 52 {
		t.Fatalf("%d cards accounted for: missing %s", n, card.FullSet&^all)
	}
	total := h.Cards(0).Len() + h.Cards(1).Len()
	if h.Phase() == DiscardPhase {
		if total != 21 {
			t.Fatalf("%d cards in hands while discarding", total)
		}
	} else if !h.Over() && total != 20 {
		t.Fatalf("%d cards in hands", total)
	}
}

// FuzzActions drives a game with arbitrary actions, legal or not, from any
// seat. It never panics, the 52 cards are always accounted for, a refused
// action changes nothing, every listed legal action has its kind's one form,
// and an action is accepted exactly when it is listed legal. An action
// carrying melds is accepted exactly when the same action without them is
// listed and its kind takes melds (the melds given are an optimal
// arrangement, so they never decide).
func FuzzActions(f *testing.F) {
	f.Add(uint64(1), []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add(uint64(2), bytes.Repeat([]byte{0x80, 0x41, 0x12}, 60))
	f.Add(uint64(3), []byte("legal legal legal knock"))
	f.Add(uint64(4), bytes.Repeat([]byte{0xFF}, 300))
	// Malformed forms of legal moves: take_discard or pass with a card
	// (both seats), then draw_stock with a card, discard with melds.
	f.Add(uint64(5), []byte{0x82, 0x11, 0xA2, 0x11, 0x83, 0x21, 0xA3, 0x21, 0x81, 0x31, 0xA1, 0x31, 0, 0, 0x8C, 0x31, 0xAC, 0x31})
	f.Add(uint64(6), bytes.Repeat([]byte{0x82, 0x01, 0xA2, 0x01, 0x81, 0x05, 0xA1, 0x05, 0, 0, 0x8D, 0x01, 0xAD, 0x01, 0x8E, 0, 0xAE, 0}, 20))
	f.Fuzz(func(t *testing.T, seed uint64, prog []byte) {
		rules := Standard()
		switch seed % 4 {
		case 1:
			rules = EAAI()
		case 2:
			rules.Oklahoma = true
		case 3:
			rules.Upcard = NoUpcard
			rules.KnockLimit = int(seed/4) % 11
		}
		g, err := NewGame(rules, NewRand(seed))
		if err != nil {
			t.Fatal(err)
		}
		var legal []Action
		for i := 0; i+1 < len(prog) && !g.Over(); i += 2 {
			h := g.Hand()
			accounted(t, h)
			if h.Over() {
				if err := g.NextHand(); err != nil {
					t.Fatal(err)
				}
				continue
			}
			legal = h.LegalActions(legal[:0])
			if len(legal) == 0 {
				t.Fatalf("no legal action in phase %s", h.Phase())
			}
			for j, l := range legal {
				if err := l.Validate(); err != nil {
					t.Fatalf("listed action %s is malformed: %v", l, err)
				}
				if slices.Contains(legal[:j], l) {
					t.Fatalf("action %s listed twice", l)
				}
			}
			op, arg := prog[i], prog[i+1]
			var seat Seat
			var a Action
			if op&0x80 == 0 {
				// a legal action
				seat, a = h.Turn(), legal[int(arg)%len(legal)]
			} else {
				// anything at all
				seat = Seat(op>>5) & 3
				a = Action{Kind: ActionKind(op & 7), Card: card.Card(arg)}
				if op&0x08 != 0 {
					// melds: an optimal arrangement of what would be laid out
					cards := h.Cards(seat)
					if a.Kind != BigGin {
						cards = cards.Remove(a.Card)
					}
					if arrs, err := AllMelds(cards); err == nil {
						a.Show = arrs[0]
					}
				}
			}
			bare := a
			bare.Show = Arrangement{}
			listed := seat == h.Turn() && slices.Contains(legal, bare) &&
				(a.Show.Len() == 0 || a.Kind == Knock || a.Kind == BigGin)
			before := *h
			scores := g.Scores()
			err := g.Apply(seat, a)
			if listed != (err == nil) {
				t.Fatalf("%s by seat %d: listed legal %v, but Apply says %v", a, seat, listed, err)
			}
			if err != nil {
				if !reflect.DeepEqual(before, *h) || scores != g.Scores() {
					t.Fatalf("refused %s (%v) changed the game", a, err)
				}
				if !strings.HasPrefix(err.Error(), "gin: ") {
					t.Fatalf("error without the gin: prefix: %v", err)
				}
			}
		}
	})
}

// FuzzShowdown feeds arbitrary knocker and defender hands to Settle.
func FuzzShowdown(f *testing.F) {
	f.Add(uint64(0x0123456789), uint64(0xABCDEF), uint8(10))
	f.Fuzz(func(t *testing.T, k, d uint64, limit uint8) {
		ks, ds := card.Set(k)&card.FullSet, card.Set(d)&card.FullSet
		sd, err := Settle(Standard(), ks, Arrangement{}, ds, int(limit%11), limit&0x80 != 0)
		if err != nil {
			return
		}
		if sd.KnockerDeadwood > int(limit%11) && sd.Result != BigGinResult {
			t.Fatalf("knock over the limit accepted")
		}
		if sd.Points < 0 {
			t.Fatalf("negative points")
		}
	})
}
