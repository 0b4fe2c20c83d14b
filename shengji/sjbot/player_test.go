package sjbot

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"felt/card"
	"felt/shengji"
)

// allRules are the rule sets the players are tried under.
func allRules(t testing.TB) map[string]shengji.Rules {
	rs := map[string]shengji.Rules{}
	for _, name := range shengji.Presets() {
		r, ok := shengji.Preset(name)
		if !ok {
			t.Fatalf("no preset %q", name)
		}
		rs[name] = r
	}
	tu := shengji.Standard()
	tu.NoBid = shengji.NoBidTurnUp
	rs["turn-up-kitty"] = tu
	late := shengji.Standard()
	late.StartLevel = card.Queen
	rs["start-Q"] = late
	return rs
}

// TestPlayers_LegalOverWholeGames plays whole games with every mix of
// players under every rule set: the game refuses any illegal action, and
// PlayGame reports it.
func TestPlayers_LegalOverWholeGames(t *testing.T) {
	games := 4
	if testing.Short() || race {
		games = 1
	}
	names := []string{"random", "greedy", "hard"}
	for rname, rules := range allRules(t) {
		for i, a := range names {
			for j, b := range names {
				if (testing.Short() || race) && j != (i+1)%len(names) {
					continue // each player against each other once
				}
				t.Run(fmt.Sprintf("%s/%s-%s", rname, a, b), func(t *testing.T) {
					for seed := range uint64(games) {
						var ps [shengji.NumSeats]Player
						for s := range ps {
							name := a
							if s%2 == 1 {
								name = b
							}
							ps[s] = quick(t, name, rand.New(rand.NewPCG(seed, uint64(s))))
						}
						if _, err := PlayGame(rules, seed, ps); err != nil {
							t.Fatal(err)
						}
					}
				})
			}
		}
	}
}

// quick returns the named player; a Hard one searches little (the same
// code, fewer playouts), to keep whole-game tests fast.
func quick(t testing.TB, name string, rng *rand.Rand) Player {
	p, err := New(name, rng)
	if err != nil {
		t.Fatal(err)
	}
	if h, ok := p.(*Hard); ok {
		h.Samples, h.Width, h.Horizon, h.BurySamples = 2, 3, 2, 2
	}
	return p
}

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
					o := h.Observe(s)
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
			o := h.Observe(s)
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
	o := h.Observe(s)
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
		o2 := h2.Observe(s)
		if o2 != o || h2.Cards(si) == h.Cards(si) {
			continue
		}
		for _, name := range Levels() {
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
