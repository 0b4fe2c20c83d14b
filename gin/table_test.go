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

// playHand plays the dealt hand to its end with random legal moves,
// knocking (with the engine's melds) whenever knock says so, and returns
// the last events and move.
func playHand(t *testing.T, g *Game, rng *rand.Rand, knock bool, seen *[2]Event, sp *Event) Action {
	t.Helper()
	var last Action
	for !g.Hand().Over() {
		as := g.Hand().LegalActions(nil)
		a := as[rng.IntN(len(as))]
		for _, k := range as {
			if k.Kind == Knock && knock {
				a = k
				break
			}
		}
		if !knock && (a.Kind == Knock || a.Kind == BigGin) {
			for _, k := range as {
				if k.Kind == Discard {
					a = k
					break
				}
			}
		}
		if err := g.ApplyShown(g.Hand().Turn(), a, seen, sp); err != nil {
			t.Fatal(err)
		}
		last = a
	}
	return last
}

// TestHandEndShowsLayoffsOntoTheirMelds: every lay-off shown at a knock's
// end names the knocker's meld it went onto (one of the melds shown), the
// card is the defender's, and the meld with the cards laid onto it is a
// meld; the knock's discard is shown.
func TestHandEndShowsLayoffsOntoTheirMelds(t *testing.T) {
	layoffs := 0
	for seed := uint64(0); seed < 300; seed++ {
		g, err := NewGameUndealt(Standard())
		if err != nil {
			t.Fatal(err)
		}
		var seen [2]Event
		var sp Event
		if err := g.DealDeck(card.Shuffled(rand.New(rand.NewPCG(seed, 5))), Seat(seed%2), &seen, &sp); err != nil {
			t.Fatal(err)
		}
		last := playHand(t, g, rand.New(rand.NewPCG(seed, 6)), true, &seen, &sp)
		if last.Kind != Knock {
			continue
		}
		for _, e := range []*HandEnd{seen[0].End, seen[1].End, sp.End} {
			sd := e.Result.Showdown
			if e.Discard != last.Card {
				t.Fatalf("seed %d: discard %s shown, knocked with %s", seed, e.Discard, last.Card)
			}
			onto := map[Meld]card.Set{}
			for _, l := range sd.Layoffs {
				shown := false
				for _, m := range sd.Knocker.Melds() {
					shown = shown || m == l.Onto
				}
				if !shown || !e.Hands[e.Result.Knocker.Other()].Has(l.Card) {
					t.Fatalf("seed %d: lay-off %s onto %s: not the defender's card onto a shown meld %s", seed, l.Card, l.Onto, sd.Knocker)
				}
				onto[l.Onto] = onto[l.Onto].Add(l.Card)
			}
			for m, cs := range onto {
				if Meld(m.Set()|cs).Kind() == NoMeld {
					t.Fatalf("seed %d: %s laid onto %s makes no meld", seed, cs, m)
				}
			}
		}
		layoffs += len(sp.End.Result.Showdown.Layoffs)
	}
	if layoffs == 0 {
		t.Fatal("no lay-off in 300 hands")
	}
}

// TestDrawnHandShowsBothHands: a hand that ends with the stock run down
// shows both hands, as they ended, to both seats and a spectator.
func TestDrawnHandShowsBothHands(t *testing.T) {
	g, err := NewGameUndealt(Standard())
	if err != nil {
		t.Fatal(err)
	}
	var seen [2]Event
	var sp Event
	if err := g.DealDeck(card.Shuffled(rand.New(rand.NewPCG(8, 5))), 0, &seen, &sp); err != nil {
		t.Fatal(err)
	}
	playHand(t, g, rand.New(rand.NewPCG(8, 6)), false, &seen, &sp)
	want := [2]card.Set{g.Hand().Cards(0), g.Hand().Cards(1)}
	if g.Hand().Result().Kind != DrawResult || want[0].Len() != 10 || want[1].Len() != 10 {
		t.Fatalf("result %v, hands %s %s", g.Hand().Result().Kind, want[0], want[1])
	}
	for _, e := range []*HandEnd{seen[0].End, seen[1].End, sp.End} {
		if e == nil || e.Hands != want || e.Result.Kind != DrawResult {
			t.Fatalf("drawn hand shown as %+v, want hands %v", e, want)
		}
	}
}
