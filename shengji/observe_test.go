package shengji

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"felt/card"
)

var (
	multiType = reflect.TypeFor[card.Multi]()
	cardType  = reflect.TypeFor[card.Card]()

	trickLogType = reflect.TypeFor[TrickLog]()
)

// eachCardIn calls f with every card.Multi and card.Card held anywhere in
// v, walking structs and arrays by reflection, so that a field added later
// is checked too.
func eachCardIn(v reflect.Value, path string, f func(path string, m card.Multi)) {
	switch {
	case v.Type() == multiType:
		f(path, v.Interface().(card.Multi))
	case v.Type() == cardType:
		// read as a number: the trick log's pool is unexported
		if c := card.Card(v.Uint()); c != 0 {
			f(path, card.Multi{One: card.Bit(c)})
		}
	case v.Type() == trickLogType:
		// every trick as the log gives it back, and the log's own storage
		l := v.Interface().(TrickLog)
		for i, tr := range l.All() {
			eachCardIn(reflect.ValueOf(tr), fmt.Sprintf("%s[%d]", path, i), f)
		}
		for i := range v.NumField() {
			eachCardIn(v.Field(i), path+"."+v.Type().Field(i).Name, f)
		}
	case v.Kind() == reflect.Struct:
		for i := range v.NumField() {
			eachCardIn(v.Field(i), path+"."+v.Type().Field(i).Name, f)
		}
	case v.Kind() == reflect.Array:
		for i := range v.Len() {
			eachCardIn(v.Index(i), path, f)
		}
	}
}

// visible returns every card seat may see in h now: its own hand, the
// declarations shown, the cards played and the failed throws shown, the
// kitty cards turned up, the kitty it took up if it is the banker, and the
// buried kitty if it buried it or the hand is over. It is built from the
// hand's state, not from Observe.
func visible(h *Hand, seat Seat) card.Multi {
	v := h.Cards(seat)
	for _, b := range h.Bids() {
		v = v.Union(b.Cards)
	}
	var played card.Multi
	for _, tr := range h.Tricks() {
		for _, p := range tr.Plays {
			played, _ = played.Sum(p)
		}
		v = v.Union(tr.Attempt)
	}
	v = v.Union(played)
	for _, c := range h.TurnedUp() {
		v = v.Union(card.Multi{One: card.Bit(c)})
	}
	if seat == h.Banker() && h.Phase() >= BuryPhase {
		v = v.Union(h.DealtKitty())
	}
	if seat == h.Banker() && h.Phase() >= PlayPhase || h.Over() {
		v = v.Union(h.Kitty())
	}
	return v
}

// checkObservation checks one observation against the state it comes
// from.
func checkObservation(t *testing.T, h *Hand, o *Observation) {
	t.Helper()
	seat := o.Seat
	allowed := visible(h, seat)
	eachCardIn(reflect.ValueOf(*o), "Observation", func(path string, m card.Multi) {
		if !allowed.Contains(m) {
			t.Fatalf("seat %s in phase %s sees %s in %s: of it, it may see only %s", seat, h.Phase(), m, path, m.Intersect(allowed))
		}
	})
	if o.Hand != h.Cards(seat) {
		t.Fatalf("seat %s's observed hand %s is not its hand %s", seat, o.Hand, h.Cards(seat))
	}
	if !o.PickedUp.IsEmpty() && seat != h.Banker() || !o.Kitty.IsEmpty() && seat != h.Banker() && !h.Over() {
		t.Fatalf("seat %s, not the banker %s, sees the kitty (phase %s)", seat, h.Banker(), h.Phase())
	}
	if h.Phase() == DealPhase && o.ToAct&^SeatsOf(seat) != 0 {
		t.Fatalf("seat %s learns who else may declare: %s", seat, o.ToAct)
	}
	for s := range Seat(NumSeats) {
		if o.Counts[s] != h.Cards(s).Len() {
			t.Fatalf("count of seat %s: %d, holds %d", s, o.Counts[s], h.Cards(s).Len())
		}
	}
	if o.Tricks.Len() != h.NumTricks() || o.Bids.Len() != len(h.Bids()) {
		t.Fatalf("observed %d tricks and %d bids, the hand has %d and %d", o.Tricks.Len(), o.Bids.Len(), h.NumTricks(), len(h.Bids()))
	}
	for i, b := range o.Bids.All() {
		if b != h.Bids()[i] {
			t.Fatalf("observed declaration %d %+v, the hand's is %+v", i, b, h.Bids()[i])
		}
	}
	for i, tr := range o.Tricks.All() {
		if tr != h.Trick(i) {
			t.Fatalf("observed trick %d %+v, the hand's is %+v", i, tr, h.Trick(i))
		}
	}
}

// TestObserve_NoCardTheSeatMayNotSee walks every observation of every seat
// after every step of many random hands, through a Game, and finds in it no
// card the seat may not see.
func TestObserve_NoCardTheSeatMayNotSee(t *testing.T) {
	hands := 120
	if testing.Short() || raceOn {
		hands = 30
	}
	rng := rand.New(rand.NewPCG(6, 6))
	done := 0
	for gi := 0; done < hands; gi++ {
		g, err := NewGame(randomRules(rng), NewRand(uint64(gi)))
		if err != nil {
			t.Fatal(err)
		}
		ps := randomPlayers(uint64(gi) + 1000)
		for _, p := range ps {
			p.(*randomPlayer).declareChance = []float64{0, 0.05, 0.3}[gi%3]
		}
		for !g.Over() && done < hands {
			if g.Hand().Over() {
				if err := g.NextHand(); err != nil {
					t.Fatal(err)
				}
			}
			h := g.Hand()
			look := func() {
				for s := range Seat(NumSeats) {
					var o Observation
					g.Observe(s, &o)
					checkObservation(t, h, &o)
					if o.HandNumber != g.HandNumber() || o.Levels != g.Levels() {
						t.Fatalf("hand number or levels missing from the game's observation")
					}
				}
			}
			for !h.Over() {
				look()
				if h.Phase() == DealPhase {
					for s := range h.ToAct().All() {
						var o Observation
						g.Observe(s, &o)
						if a, ok := ps[s].Act(&o); ok {
							if err := g.Apply(s, a); err != nil {
								t.Fatal(err)
							}
							look()
						}
					}
					if err := g.Deal(); err != nil {
						t.Fatal(err)
					}
					continue
				}
				s := h.Turn()
				var o Observation
				g.Observe(s, &o)
				a, _ := ps[s].Act(&o)
				if err := g.Apply(s, a); err != nil {
					t.Fatal(err)
				}
			}
			look()
			done++
		}
	}
}

// TestObserve_OwnsItsStorage checks that an Observation holds no slice,
// map, pointer or other reference: it shares nothing with the hand or with
// another seat's observation.
func TestObserve_OwnsItsStorage(t *testing.T) {
	var walk func(tp reflect.Type, path string)
	walk = func(tp reflect.Type, path string) {
		switch tp.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Chan, reflect.Func, reflect.Interface, reflect.UnsafePointer, reflect.String:
			t.Errorf("%s is a %s: it could share storage", path, tp.Kind())
		case reflect.Struct:
			for i := range tp.NumField() {
				walk(tp.Field(i).Type, path+"."+tp.Field(i).Name)
			}
		case reflect.Array:
			walk(tp.Elem(), path+"[]")
		}
	}
	walk(reflect.TypeFor[Observation](), "Observation")
	// and changing one changes nothing else
	g, _ := NewGame(Standard(), NewRand(9))
	if err := playHand(g, g.Hand(), randomPlayers(9)); err != nil {
		t.Fatal(err)
	}
	h0 := *g.Hand()
	var o Observation
	g.Observe(0, &o)
	o.Tricks = TrickLog{}
	o.Hand = card.Multi{}
	o.Kitty = card.Multi{}
	var o2 Observation
	g.Observe(0, &o2)
	if *g.Hand() != h0 || o2 == o {
		t.Fatal("changing an observation changed the hand")
	}
}
