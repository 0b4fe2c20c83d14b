package sjbot

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"felt/card"
	"felt/shengji"
)

// TestObservation_HoldsNoReference checks that what players are given
// reaches nothing else: no pointer, slice, map, channel, function or
// interface anywhere in an Observation.
func TestObservation_HoldsNoReference(t *testing.T) {
	var walk func(reflect.Type, string)
	walk = func(ty reflect.Type, path string) {
		switch ty.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Chan, reflect.Func, reflect.Interface, reflect.UnsafePointer:
			t.Errorf("%s is a %s: a player could reach beyond its observation", path, ty.Kind())
		case reflect.Array:
			walk(ty.Elem(), path+"[]")
		case reflect.Struct:
			for i := range ty.NumField() {
				f := ty.Field(i)
				walk(f.Type, path+"."+f.Name)
			}
		}
	}
	walk(reflect.TypeFor[shengji.Observation](), "Observation")
}

// step is one action of a recorded hand: who, what, and how many cards
// had been dealt.
type step struct {
	seat  shengji.Seat
	act   shengji.Action
	dealt int
}

// replay deals a new hand from deck, applies steps to it and deals on to
// dealt cards; the zero Hand if a step is refused.
func replay(t *testing.T, rules shengji.Rules, deck []card.Card, steps []step, dealt int) shengji.Hand {
	h, err := shengji.NewHand(rules, deck, 0, shengji.NoSeat, card.Two)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range steps {
		for h.Dealt() < st.dealt {
			if err := h.Deal(); err != nil {
				t.Fatal(err)
			}
		}
		if err := h.Apply(st.seat, st.act); err != nil {
			return shengji.Hand{}
		}
	}
	for h.Dealt() < dealt {
		if err := h.Deal(); err != nil {
			t.Fatal(err)
		}
	}
	return h
}

// TestPlayers_SeeOnlyTheirObservation plays hands and, at random
// decisions, builds another deal that differs only in cards the seat to
// act cannot see (two unseen cards of two other seats swapped in the
// deck, the same actions replayed): where the seat's observation is the
// same, every player, drawing from the same seed, decides the same.
func TestPlayers_SeeOnlyTheirObservation(t *testing.T) {
	hands := 30
	if testing.Short() {
		hands = 8
	}
	rules := shengji.Standard()
	compared := 0
	for seed := range uint64(hands) {
		rng := rand.New(rand.NewPCG(seed, 99))
		deck, err := card.ShuffledPacks(rng, 2, true)
		if err != nil {
			t.Fatal(err)
		}
		h, err := shengji.NewHand(rules, deck, 0, shengji.NoSeat, card.Two)
		if err != nil {
			t.Fatal(err)
		}
		var ps [shengji.NumSeats]Player
		for s := range ps {
			ps[s] = NewGreedy(rand.New(rand.NewPCG(seed, uint64(s))))
		}
		var steps []step
		for !h.Over() {
			if h.Phase() == shengji.DealPhase {
				for s := range h.ToAct().All() {
					var o shengji.Observation
					h.Observe(s, &o)
					if a, ok := ps[s].Act(&o); ok {
						if err := h.Apply(s, a); err != nil {
							t.Fatal(err)
						}
						steps = append(steps, step{s, a, h.Dealt()})
					}
				}
				if err := h.Deal(); err != nil {
					t.Fatal(err)
				}
				continue
			}
			s := h.Turn()
			var o shengji.Observation
			h.Observe(s, &o)
			if rng.IntN(8) == 0 {
				compared += compareHidden(t, rules, deck, steps, h, s, rng)
			}
			a, _ := ps[s].Act(&o)
			if err := h.Apply(s, a); err != nil {
				t.Fatal(err)
			}
			steps = append(steps, step{s, a, h.Dealt()})
		}
	}
	if compared < hands {
		t.Fatalf("only %d decisions compared", compared)
	}
	t.Logf("%d decisions compared", compared)
}

// compareHidden swaps two cards seat s cannot see in deck, replays steps
// and, if s's observation is unchanged, checks that each player decides
// the same on both. It returns 1 if it compared.
func compareHidden(t *testing.T, rules shengji.Rules, deck []card.Card, steps []step, h shengji.Hand, s shengji.Seat, rng *rand.Rand) int {
	var o shengji.Observation
	h.Observe(s, &o)
	for range 20 {
		i, j := rng.IntN(shengji.DealSize), rng.IntN(shengji.DealSize)
		// the dealer is seat 0: card i goes to seat i%4
		si, sj := shengji.Seat(i%4), shengji.Seat(j%4)
		if si == s || sj == s || si == sj || deck[i] == deck[j] {
			continue
		}
		alt := append([]card.Card(nil), deck...)
		alt[i], alt[j] = alt[j], alt[i]
		h2 := replay(t, rules, alt, steps, h.Dealt())
		if h2.Phase() != h.Phase() || h2.Over() {
			continue
		}
		var o2 shengji.Observation
		h2.Observe(s, &o2)
		if o2 != o || h2.Cards(si) == h.Cards(si) {
			continue
		}
		for _, name := range Levels() {
			if name == "expert" && testing.Short() {
				continue // hard's code, searching more
			}
			p1, _ := New(name, rand.New(rand.NewPCG(7, 7)))
			p2, _ := New(name, rand.New(rand.NewPCG(7, 7)))
			a1, ok1 := p1.Act(&o)
			a2, ok2 := p2.Act(&o2)
			if a1 != a2 || ok1 != ok2 {
				t.Fatalf("%s decided %v on one deal and %v on another its seat cannot tell apart", name, a1, a2)
			}
		}
		return 1
	}
	return 0
}
