package gin

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
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

// knockWithLayoff finds a dealt game whose seat to move may knock, the
// engine's showdown for it having a lay-off.
func knockWithLayoff(t *testing.T) (*Game, Seat, Action, Showdown) {
	t.Helper()
	for seed := uint64(0); seed < 500; seed++ {
		g, err := NewGameUndealt(Standard())
		if err != nil {
			t.Fatal(err)
		}
		var seen [2]Event
		var sp Event
		if err := g.DealDeck(card.Shuffled(rand.New(rand.NewPCG(seed, 5))), Seat(seed%2), &seen, &sp); err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 6))
		for !g.Hand().Over() {
			as := g.Hand().LegalActions(nil)
			for _, k := range as {
				if k.Kind == Knock {
					if sd, err := g.Showdown(g.Hand().Turn(), k); err == nil && len(sd.Layoffs) > 0 && sd.Result == KnockResult {
						return g, g.Hand().Turn(), k, sd
					}
				}
			}
			a := as[rng.IntN(len(as))]
			if a.Kind == Knock || a.Kind == BigGin {
				continue
			}
			if err := g.ApplyShown(g.Hand().Turn(), a, &seen, &sp); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no knock with a lay-off in 500 deals")
	return nil, 0, Action{}, Showdown{}
}

// TestDefenderLaysOut: a defender that lays out the engine's own choice
// gets the engine's result; one that lays out less (no melds, no
// lay-offs) is scored on what it laid out; the table sees its layout.
func TestDefenderLaysOut(t *testing.T) {
	g, seat, knock, sd := knockWithLayoff(t)
	same := *g
	var seen, seen2 [2]Event
	var sp, sp2 Event
	if err := same.ApplyLaidOut(seat, knock, Layout{Melds: sd.Defender, Layoffs: sd.Layoffs}, &seen, &sp); err != nil {
		t.Fatal(err)
	}
	auto := *g
	if err := auto.ApplyShown(seat, knock, &seen2, &sp2); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(same.Hand().Result(), auto.Hand().Result()) || same.Scores() != auto.Scores() || !reflect.DeepEqual(*sp.End, *sp2.End) {
		t.Fatalf("the engine's own layout scores differently: %+v, want %+v", same.Hand().Result(), auto.Hand().Result())
	}
	bare := *g
	if err := bare.ApplyLaidOut(seat, knock, Layout{}, &seen, &sp); err != nil {
		t.Fatal(err)
	}
	r := bare.Hand().Result()
	dead := Sum(sd.DefenderCards)
	if r.Showdown.DefenderDeadwood != dead || len(r.Showdown.Layoffs) != 0 || r.Showdown.Defender.Len() != 0 {
		t.Fatalf("bare layout: %+v, want deadwood %d", r.Showdown, dead)
	}
	if dead > sd.KnockerDeadwood && (r.Kind != KnockResult || r.Winner != seat || r.Points != dead-sd.KnockerDeadwood) {
		t.Fatalf("bare layout scored %+v", r)
	}
	if bare.Scores()[r.Winner] != g.Scores()[r.Winner]+r.Points || sp.End.Result.Showdown.DefenderDeadwood != dead || seen[seat.Other()].End.Result.Points != r.Points {
		t.Fatalf("scores %v, shown %+v", bare.Scores(), sp.End.Result)
	}
}

// TestDefenderLayoutRefused: a layout that breaks the rules is refused
// with its reason and changes nothing.
func TestDefenderLayoutRefused(t *testing.T) {
	g, seat, knock, sd := knockWithLayoff(t)
	defender := sd.DefenderCards
	knockerCard := (sd.KnockerCards &^ sd.Knocker.Melded()).Cards()
	l0 := sd.Layoffs[0]
	notShown := Meld(card.MustParseSet("AS 2S 3S"))
	if sd.Knocker.Melded()&notShown.Set() != 0 || defender&notShown.Set() != 0 {
		notShown = Meld(card.MustParseSet("JH QH KH"))
	}
	// A card of the defender's that no meld of the knocker's takes.
	var stray card.Card
	for _, c := range defender.Cards() {
		ok := true
		for _, m := range sd.Knocker.Melds() {
			ok = ok && Meld(m.Set().Add(c)).Kind() == NoMeld
		}
		if ok {
			stray = c
			break
		}
	}
	bad := map[string]Layout{
		"makes no meld":                   {Layoffs: []Layoff{{Card: stray, Onto: l0.Onto}}},
		"the knocker showed no such meld": {Layoffs: []Layoff{{Card: l0.Card, Onto: notShown}}},
		"used twice":                      {Layoffs: []Layoff{l0, l0}},
		"not in the defender's hand":      {Layoffs: []Layoff{{Card: l0.Onto.Cards()[0], Onto: l0.Onto}}},
	}
	if len(knockerCard) > 0 {
		bad["not in the defender's hand "] = Layout{Layoffs: []Layoff{{Card: knockerCard[0], Onto: l0.Onto}}}
	}
	if m, err := NewArrangement(Meld(card.MustParseSet("AS 2S 3S"))); err == nil && !defender.Contains(card.MustParseSet("AS 2S 3S")) {
		bad["not in the defender's hand  "] = Layout{Melds: m}
	}
	if stray == 0 {
		delete(bad, "makes no meld")
	}
	for reason, l := range bad {
		before := *g
		var seen [2]Event
		var sp Event
		err := g.ApplyLaidOut(seat, knock, l, &seen, &sp)
		if !errors.Is(err, ErrBadLayout) || !strings.Contains(err.Error(), strings.TrimSpace(reason)) {
			t.Errorf("%s: %v", reason, err)
		}
		if !reflect.DeepEqual(before, *g) {
			t.Fatalf("%s: the refused layout changed the game", reason)
		}
	}
	if _, err := SettleLayout(Standard(), Showdown{Result: GinResult, DefenderCards: defender}, Layout{Layoffs: []Layoff{l0}}); !errors.Is(err, ErrBadLayout) || !strings.Contains(err.Error(), "nothing may be laid off on a gin") {
		t.Errorf("lay-off on a gin: %v", err)
	}
}
