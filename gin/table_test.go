package gin

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"felt/card"
)

// tableGame deals a game from a fixed deck with seat 0 dealing.
func tableGame(t *testing.T) (*Game, []card.Card, [2]Event, Event) {
	t.Helper()
	g, err := NewGameUndealt(Standard())
	if err != nil {
		t.Fatal(err)
	}
	deck := card.Shuffled(rand.New(rand.NewPCG(3, 4)))
	var seen [2]Event
	var sp Event
	if err := g.DealDeck(deck, 0, &seen, &sp); err != nil {
		t.Fatal(err)
	}
	return g, deck, seen, sp
}

func TestDealShowsEachSeatItsOwnHand(t *testing.T) {
	g, deck, seen, sp := tableGame(t)
	for s := Seat(0); s < 2; s++ {
		if seen[s].Cards != g.Hand().Cards(s) || seen[s].Upcard != deck[20] || seen[s].Hand != 1 {
			t.Errorf("seat %d: %+v", s, seen[s])
		}
	}
	if sp.Cards != 0 || sp.Upcard != deck[20] {
		t.Errorf("spectator: %+v", sp)
	}
	if err := g.DealDeck(deck, 0, &seen, &sp); err == nil {
		t.Error("a second deal while the hand is played")
	}
}

func TestDrawFromStockShownToTheDrawerAlone(t *testing.T) {
	g, deck, seen, sp := tableGame(t)
	for _, a := range []Action{PassAction(), PassAction()} {
		if err := g.ApplyShown(g.Hand().Turn(), a, &seen, &sp); err != nil {
			t.Fatal(err)
		}
		if seen[0].Card != deck[20] || seen[1].Card != deck[20] || sp.Card != deck[20] {
			t.Fatalf("a pass shows the upcard to all: %+v %+v %+v", seen[0], seen[1], sp)
		}
	}
	drawer := g.Hand().Turn()
	if err := g.ApplyShown(drawer, DrawStockAction(), &seen, &sp); err != nil {
		t.Fatal(err)
	}
	if seen[drawer].Card != deck[21] || seen[drawer.Other()].Card != 0 || sp.Card != 0 {
		t.Fatalf("draw: drawer %+v, other %+v, spectator %+v", seen[drawer], seen[drawer.Other()], sp)
	}
	c := g.Hand().Cards(drawer).Remove(deck[21])
	d, _ := BestDiscard(c)
	if err := g.ApplyShown(drawer, DiscardAction(d), &seen, &sp); err != nil {
		t.Fatal(err)
	}
	if seen[0].Card != d || seen[1].Card != d || sp.Card != d {
		t.Fatal("a discard is shown to all")
	}
}

func TestCheckChangesNothing(t *testing.T) {
	g, _, _, _ := tableGame(t)
	before := *g
	if err := g.Check(g.Hand().Turn(), PassAction()); err != nil {
		t.Fatal(err)
	}
	if err := g.Check(g.Hand().Turn(), DiscardAction(card.MustParse("AS"))); err == nil {
		t.Fatal("a discard in the upcard phase was accepted")
	}
	if !reflect.DeepEqual(*g, before) {
		t.Fatal("Check changed the game")
	}
}

// TestHandEndShownToAll: the move that ends a hand shows everyone both
// hands, the knock's discard and the result, each viewer its own copy.
func TestHandEndShownToAll(t *testing.T) {
	knocks := 0
	for seed := uint64(0); seed < 40; seed++ {
		g, err := NewGameUndealt(Standard())
		if err != nil {
			t.Fatal(err)
		}
		var seen [2]Event
		var sp Event
		if err := g.DealDeck(card.Shuffled(rand.New(rand.NewPCG(seed, 1))), Seat(seed%2), &seen, &sp); err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 2))
		var last Action
		for !g.Hand().Over() {
			as := g.Hand().LegalActions(nil)
			a := as[rng.IntN(len(as))]
			for _, k := range as {
				if k.Kind == Knock {
					a = k
					a.Show, _ = Melds(g.Hand().Cards(g.Hand().Turn()).Remove(k.Card))
				}
			}
			if err := g.ApplyShown(g.Hand().Turn(), a, &seen, &sp); err != nil {
				t.Fatal(err)
			}
			if !g.Hand().Over() && (seen[0].End != nil || sp.End != nil) {
				t.Fatal("a hand's end shown before it ended")
			}
			last = a
		}
		if seen[0].End == nil || seen[1].End == nil || sp.End == nil || seen[0].End == seen[1].End || seen[0].End == sp.End {
			t.Fatalf("seed %d: ends %p %p %p", seed, seen[0].End, seen[1].End, sp.End)
		}
		want := [2]card.Set{g.Hand().Cards(0), g.Hand().Cards(1)}
		for _, e := range []*HandEnd{seen[0].End, seen[1].End, sp.End} {
			if e.Hands != want || e.Result.Kind != g.Hand().Result().Kind {
				t.Fatalf("seed %d: %+v", seed, e)
			}
			if last.Kind == Knock && e.Discard != last.Card {
				t.Fatalf("seed %d: knock's discard %s not shown (%s)", seed, last.Card, e.Discard)
			}
		}
		if last.Kind == Knock {
			knocks++
			if seen[0].Card != last.Card || sp.Card != last.Card {
				t.Fatalf("seed %d: the knock's discard is shown at the end", seed)
			}
		}
	}
	if knocks == 0 {
		t.Fatal("no hand ended with a knock")
	}
}
