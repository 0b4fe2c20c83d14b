package shengji

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"felt/card"
)

// fuzzDeclarations are the cards a fuzzed seat tries to show.
var fuzzDeclarations = []string{"2S", "2H", "2D", "2C", "2S 2S", "2H 2H", "2D 2D", "2C 2C", "SJ SJ", "BJ BJ", "SJ", "3S", "2S 2H", "SJ BJ", "2S 2S 2H"}

// FuzzBids drives a deal with a sequence of steps read from the input:
// deal a card, or a seat shows some cards. Whatever the sequence: a refused
// declaration changes nothing, an accepted one outranks the one standing
// (or reinforces its own single), at most four are accepted, who may
// declare is who holds a declaration Check accepts, and the trump and
// banker come from the declaration standing when declaring closes.
func FuzzBids(f *testing.F) {
	f.Add(uint64(1), byte(0), []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add(uint64(2), byte(1), bytes.Repeat([]byte{0, 0, 0, 0x2c, 0x4d, 0x8e, 0xcf}, 40))
	f.Add(uint64(3), byte(2), bytes.Repeat([]byte{0, 0x14, 0x35, 0x56, 0x77, 0x98, 0xb9, 0xda, 0xfb}, 30))
	f.Fuzz(func(t *testing.T, seed uint64, variant byte, steps []byte) {
		r := Standard()
		r.BidAfterDeal = variant&1 != 0
		r.NoBid = NoBidRule(variant >> 1 & 1)
		level := card.Two
		if variant&4 != 0 {
			level = card.Rank(1 + int(variant>>3)%13)
		}
		deck, _ := card.ShuffledPacks(rand.New(rand.NewPCG(seed, 1)), 2, true)
		h, err := NewHand(r, deck, Seat(seed%4), NoSeat, level)
		if err != nil {
			t.Fatal(err)
		}
		lv := LevelString(level)
		for _, b := range steps {
			if h.Phase() != DealPhase && h.Phase() != BidPhase {
				break
			}
			if b&3 == 0 || h.Phase() == BidPhase && b&3 == 1 {
				if h.Phase() == BidPhase {
					_ = h.Apply(h.Turn(), PassAction())
				} else {
					_ = h.Deal()
				}
				continue
			}
			seat := Seat(b >> 2 & 3)
			text := strings.ReplaceAll(fuzzDeclarations[int(b>>4)%len(fuzzDeclarations)], "2", lv)
			cards, err := card.ParseMulti(text)
			if err != nil {
				continue // a third copy of a level card: not a hand
			}
			a := DeclareAction(cards)
			before := h
			st, had := h.Standing()
			listed := false
			for _, d := range h.AppendDeclarations(nil, seat) {
				listed = listed || d == a
			}
			err = h.Apply(seat, a)
			if (err == nil) != listed {
				t.Fatalf("seat %s shows %s: Apply %v, listed %v", seat, cards, err, listed)
			}
			if err != nil {
				var ae *ActionError
				if !errors.As(err, &ae) || h != before {
					t.Fatalf("refused %s: %v, hand changed %v", a, err, h != before)
				}
				continue
			}
			now, _ := h.Standing()
			switch {
			case !had:
			case st.Seat == seat && !(st.Rank == BidSingle && now.Rank == BidPair && now.Cards.One == st.Cards.One):
				t.Fatalf("seat %s overrode itself: %v then %v", seat, st, now)
			case st.Seat != seat && now.Rank <= st.Rank:
				t.Fatalf("seat %s's %s does not outrank %v", seat, now.Rank, st)
			}
			if len(h.Bids()) > MaxBids {
				t.Fatalf("%d declarations", len(h.Bids()))
			}
		}
		for h.Phase() == DealPhase || h.Phase() == BidPhase {
			if h.Phase() == BidPhase {
				_ = h.Apply(h.Turn(), PassAction())
			} else {
				_ = h.Deal()
			}
		}
		st, ok := h.Standing()
		switch {
		case ok && (h.Banker() != st.Seat || h.Trump().Suit != declaredSuit(st)):
			t.Fatalf("declaration %v stands, banker %s trump %s", st, h.Banker(), h.Trump())
		case !ok && (h.Banker() != h.Dealer() || r.NoBid == NoBidNoTrump && !h.Trump().IsNoTrump()):
			t.Fatalf("nobody declared, banker %s trump %s", h.Banker(), h.Trump())
		}
	})
}

func declaredSuit(b Bid) card.Suit {
	if b.Cards.One&card.Jokers != 0 {
		return card.NoSuit
	}
	return first(b.Cards).Suit()
}

// FuzzActions drives a whole hand with actions read from the input, legal
// and illegal, from any seat: a byte deals a card, takes the k-th listed
// legal action of the seat in turn, or tries an action of any kind with
// cards from the input. It never panics, a refused action changes nothing,
// Check and Apply agree, and the 108 cards are always accounted for.
func FuzzActions(f *testing.F) {
	f.Add(uint64(1), []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
	f.Add(uint64(7), bytes.Repeat([]byte{0, 0, 0, 0x41, 0x82, 0xc3, 0x17, 0x5b, 0x9f}, 60))
	f.Add(uint64(9), bytes.Repeat([]byte{0x00, 0x01, 0x21, 0x61, 0xa1, 0x35, 0x12}, 200))
	f.Fuzz(func(t *testing.T, seed uint64, in []byte) {
		rng := rand.New(rand.NewPCG(seed, 2))
		h := newRandomHand(t, rng)
		faces := card.AllFaces.Cards()
		var buf []card.Multi
		for i := 0; i < len(in) && !h.Over(); i++ {
			b := in[i]
			switch b & 3 {
			case 0: // deal, or when no dealing, the first legal action
				if h.Phase() == DealPhase {
					_ = h.Deal()
					continue
				}
				fallthrough
			case 1: // the k-th legal action of the seat in turn
				s := h.Turn()
				if s == NoSeat {
					continue
				}
				var o Observation
				h.Observe(s, &o)
				var a Action
				switch h.Phase() {
				case BidPhase:
					ds := append(o.AppendDeclarations(nil), PassAction())
					a = ds[int(b>>2)%len(ds)]
				case BuryPhase:
					cs := o.Hand.Cards()
					a.Kind = Bury
					for k := range KittySize {
						_ = a.Cards.Add(cs[(int(b>>2)+k*5)%len(cs)])
					}
				case PlayPhase:
					buf = buf[:0]
					n := o.CountPlays()
					p, ok := o.NthPlay(int(b>>2) % n)
					if !ok {
						t.Fatalf("no play %d of %d", int(b>>2)%n, n)
					}
					a = PlayAction(p)
				}
				if a.Kind == Bury && a.Cards.Len() != KittySize {
					continue // repeated picks: not eight cards
				}
				if err := h.Apply(s, a); err != nil {
					t.Fatalf("a listed action %s refused: %v", a, err)
				}
			default: // an action of any kind from the next bytes
				if i+2 >= len(in) {
					return
				}
				var a Action
				a.Kind = ActionKind(b >> 2 & 7)
				n := 1 + int(in[i+1])%9
				for k := 0; k < n && i+2+k < len(in); k++ {
					_ = a.Cards.Add(faces[int(in[i+2+k])%len(faces)])
				}
				seat := Seat(in[i+1] >> 4 & 7)
				i += 1 + n
				before := h
				cerr := h.Check(seat, a)
				err := h.Apply(seat, a)
				if (cerr == nil) != (err == nil) {
					t.Fatalf("Check %v, Apply %v", cerr, err)
				}
				if err != nil && h != before {
					t.Fatalf("refused %s by seat %d changed the hand: %v", a, seat, err)
				}
			}
			accountFor(t, &h)
		}
	})
}

// FuzzRules reads arbitrary rules JSON: never a panic, and rules it
// accepts are valid and read back the same from their JSON.
func FuzzRules(f *testing.F) {
	f.Add(`{"start_level":"10","bid_after_deal":true,"no_bid":"turn-up-kitty","throw_penalty":10}`)
	f.Add(`{"start_level":"T"}`)
	f.Add(`{"start_level":"1"}`)
	f.Add(`{"no_bid":"nope"}`)
	f.Add(`[]`)
	f.Add(`standard`)
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ResolveRules(s)
		if err != nil {
			if !errors.Is(err, ErrInvalidRules) {
				t.Fatalf("error %v does not wrap ErrInvalidRules", err)
			}
			return
		}
		if err := r.Validate(); err != nil {
			t.Fatalf("accepted invalid rules: %v", err)
		}
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		r2, err := ParseRules(Rules{}, b)
		if err != nil || r2 != r {
			t.Fatalf("rules %s read back as %+v, %v", b, r2, err)
		}
	})
}
