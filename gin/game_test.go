package gin

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"felt/card"
)

// forceHand replaces the game's current hand with one dealt from deck.
func forceHand(t *testing.T, g *Game, deck []card.Card) {
	t.Helper()
	h, err := NewHand(g.rules, deck, g.hand.Dealer())
	if err != nil {
		t.Fatal(err)
	}
	g.hand = h
}

// knockHand makes the non-dealer knock at once: it takes the upcard 8C and
// knocks discarding KD with gin (AS 2S 3S, 7H 7D 7C, 8C 9C TC JC).
func knockHand(t *testing.T, g *Game) Result {
	t.Helper()
	forceHand(t, g, deckFor(t, nonHand, dealerHand, "8C", ""))
	non := g.hand.Dealer().Other()
	if err := g.Apply(non, TakeDiscardAction()); err != nil {
		t.Fatal(err)
	}
	if err := g.Apply(non, KnockAction(card.MustParse("KD"))); err != nil {
		t.Fatal(err)
	}
	return g.hand.Result()
}

func TestGame_HandsUntilTargetThenBonuses(t *testing.T) {
	g, err := NewGame(Standard(), NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	// Every hand is a gin by the non-dealer worth 25 + 25 = 50.
	var winners []Seat
	for !g.Over() {
		res := knockHand(t, g)
		if res.Kind != GinResult || res.Points != 50 {
			t.Fatalf("hand %d: %s %d", g.HandNumber(), res.Kind, res.Points)
		}
		winners = append(winners, res.Winner)
		if !g.Over() {
			if err := g.NextHand(); err != nil {
				t.Fatal(err)
			}
		}
	}
	res := g.Result()
	// Winner deals next, so the non-dealer alternates: 50 each hand to
	// alternating players; the first to 100 wins after 3 hands (50, 50, 100).
	if g.HandNumber() != 3 || res.Scores[res.Winner] != 100 {
		t.Fatalf("after %d hands scores %v", g.HandNumber(), res.Scores)
	}
	loser := res.Winner.Other()
	if res.Boxes[res.Winner] != 2 || res.Boxes[loser] != 1 || res.Shutout {
		t.Fatalf("boxes %v shutout %v", res.Boxes, res.Shutout)
	}
	if res.GameBonus != 100 || res.BoxBonus[res.Winner] != 50 || res.BoxBonus[loser] != 25 {
		t.Fatalf("bonuses %d %v", res.GameBonus, res.BoxBonus)
	}
	if res.Final[res.Winner] != 100+100+50 || res.Final[loser] != 50+25 {
		t.Fatalf("final %v", res.Final)
	}
	if err := g.Apply(0, DrawStockAction()); !errors.Is(err, ErrGameOver) {
		t.Fatalf("action after game over: %v", err)
	}
	if err := g.NextHand(); !errors.Is(err, ErrGameOver) {
		t.Fatalf("next hand after game over: %v", err)
	}
	_ = winners
}

func TestGame_ShutoutDoublesGameBonus(t *testing.T) {
	r := Standard()
	r.NextDealer = LoserDeals // the same player stays non-dealer and wins every hand
	g, err := NewGame(r, NewRand(2))
	if err != nil {
		t.Fatal(err)
	}
	for !g.Over() {
		knockHand(t, g)
		if !g.Over() {
			if err := g.NextHand(); err != nil {
				t.Fatal(err)
			}
		}
	}
	res := g.Result()
	if !res.Shutout || res.GameBonus != 200 || res.Final[res.Winner] != 100+200+50 || res.Final[res.Winner.Other()] != 0 {
		t.Fatalf("shutout result %+v", res)
	}
	r.ShutoutDouble = false
	g, _ = NewGame(r, NewRand(2))
	for !g.Over() {
		knockHand(t, g)
		if !g.Over() {
			_ = g.NextHand()
		}
	}
	if res := g.Result(); !res.Shutout || res.GameBonus != 100 {
		t.Fatalf("shutout without doubling %+v", res)
	}
}

func TestGame_NextDealerOptions(t *testing.T) {
	for _, c := range []struct {
		rule DealerRule
		want func(dealer, winner Seat) Seat
	}{
		{WinnerDeals, func(d, w Seat) Seat { return w }},
		{LoserDeals, func(d, w Seat) Seat { return w.Other() }},
		{AlternateDeal, func(d, w Seat) Seat { return d.Other() }},
	} {
		r := Standard()
		r.NextDealer = c.rule
		g, _ := NewGame(r, NewRand(3))
		d := g.hand.Dealer()
		res := knockHand(t, g)
		if err := g.NextHand(); err != nil {
			t.Fatal(err)
		}
		if got := g.hand.Dealer(); got != c.want(d, res.Winner) {
			t.Fatalf("%s: dealer %d then %d after winner %d", c.rule, d, got, res.Winner)
		}
	}
}

func TestGame_DrawnHandRedealtBySameDealer(t *testing.T) {
	r := Standard()
	r.NextDealer = AlternateDeal
	g, _ := NewGame(r, NewRand(4))
	d := g.hand.Dealer()
	h := &g.hand
	_ = g.Apply(h.Turn(), PassAction())
	_ = g.Apply(h.Turn(), PassAction())
	for !h.Over() {
		seat := h.Turn()
		if err := g.Apply(seat, DrawStockAction()); err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(seat, DiscardAction(h.Drawn())); err != nil {
			t.Fatal(err)
		}
	}
	if h.Result().Kind != DrawResult || g.Scores() != [2]int{} {
		t.Fatalf("result %s scores %v", h.Result().Kind, g.Scores())
	}
	if err := g.NextHand(); err != nil {
		t.Fatal(err)
	}
	if g.hand.Dealer() != d || g.HandNumber() != 2 {
		t.Fatalf("redeal by %d (was %d)", g.hand.Dealer(), d)
	}
	if g.Boxes() != [2]int{} {
		t.Fatal("a drawn hand counted as a box")
	}
}

func TestGame_NextHandRefusedMidHand(t *testing.T) {
	g, _ := NewGame(Standard(), NewRand(5))
	if err := g.NextHand(); !errors.Is(err, ErrWrongPhase) {
		t.Fatalf("got %v", err)
	}
}

// playRandom plays a whole game with uniformly random legal actions
// (knocking whenever it may, so that games end) and returns its
// transcript: every hand's deck and every action, and the result.
func playRandom(t testing.TB, r Rules, seed uint64) string {
	t.Helper()
	g, err := NewGame(r, NewRand(seed))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	fmt.Fprintln(&b, "deal", card.Format(g.Hand().Deck()))
	rng := rand.New(rand.NewPCG(seed, 99))
	var acts []Action
	for steps := 0; !g.Over(); steps++ {
		if steps > 100000 {
			t.Fatal("game did not end")
		}
		h := g.Hand()
		if h.Over() {
			if err := g.NextHand(); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintln(&b, "deal", card.Format(g.Hand().Deck()))
			continue
		}
		acts = h.LegalActions(acts[:0])
		a := acts[rng.IntN(len(acts))]
		for _, x := range acts {
			if x.Kind == Knock || x.Kind == BigGin {
				a = x
			}
		}
		s := h.Turn()
		if err := g.Apply(s, a); err != nil {
			t.Fatalf("legal action %s refused: %v", a, err)
		}
		fmt.Fprintln(&b, s, a)
	}
	fmt.Fprintf(&b, "%+v\n", g.Result())
	return b.String()
}

func TestGame_SameSeedSameGame(t *testing.T) {
	a := playRandom(t, Standard(), 77)
	b := playRandom(t, Standard(), 77)
	c := playRandom(t, Standard(), 78)
	if a != b {
		t.Fatal("same seed gave different games")
	}
	if a == c {
		t.Fatal("different seeds gave the same game")
	}
}

func TestRules_JSONFieldNamesAndValidation(t *testing.T) {
	r, err := ParseRules(Standard(), []byte(`{"undercut_bonus": 20, "upcard": "no-upcard", "next_dealer": "alternate", "big_gin_bonus": 0}`))
	if err != nil {
		t.Fatal(err)
	}
	if r.UndercutBonus != 20 || r.Upcard != NoUpcard || r.NextDealer != AlternateDeal || r.BigGinAllowed() || r.GinBonus != 25 {
		t.Fatalf("parsed %+v", r)
	}
	for _, c := range []struct{ in, field string }{
		{`{"knock_limit": 11}`, "knock_limit"},
		{`{"knock_limit": -1}`, "knock_limit"},
		{`{"target_score": 0}`, "target_score"},
		{`{"gin_bonus": "x"}`, "gin_bonus"},
		{`{"upcard": "sideways"}`, "upcard"},
		{`{"next_dealer": "north"}`, "next_dealer"},
		{`{"knock": 10}`, "knock"},
		{`{"oklahoma": 1}`, "oklahoma"},
	} {
		_, err := ParseRules(Standard(), []byte(c.in))
		if !errors.Is(err, ErrInvalidRules) || !strings.Contains(err.Error(), c.field) {
			t.Errorf("%s: got %v, want an error naming %s", c.in, err, c.field)
		}
	}
	// Round trip every preset through JSON.
	for _, name := range Presets() {
		p, _ := Preset(name)
		line, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(line), `"knock_limit":10`) || !strings.Contains(string(line), `"next_dealer":"`) {
			t.Fatalf("rules %s", line)
		}
		back, err := ParseRules(Rules{}, line)
		if err != nil || back != p {
			t.Fatalf("%s: rules round trip %v %+v", name, err, back)
		}
	}
	e := EAAI()
	if e.BigGinAllowed() || e.GameBonus != 0 || e.BoxBonus != 0 || e.ShutoutDouble || e.NextDealer != AlternateDeal || e.KnockLimit != 10 {
		t.Fatalf("eaai preset %+v", e)
	}
	if _, err := ResolveRules("nonsense"); !errors.Is(err, ErrInvalidRules) {
		t.Fatalf("got %v", err)
	}
}

// An observation marshals as JSON at every point of a hand, the deal
// included, where nothing has been drawn or taken (zero Cards, written as
// ""), and reads back to the same JSON.
func TestObservation_MarshalsAtTheDeal(t *testing.T) {
	for _, rules := range []Rules{Standard(), func() Rules { r := Standard(); r.Upcard = NoUpcard; return r }()} {
		g, err := NewGame(rules, NewRand(3))
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(3, 4))
		var legal []Action
		for step := 0; !g.Hand().Over(); step++ {
			for seat := Seat(0); seat < 2; seat++ {
				o := g.Observe(seat)
				b, err := json.Marshal(o)
				if err != nil {
					t.Fatalf("step %d seat %d: %v", step, seat, err)
				}
				if step == 0 && (o.JustTaken != 0 || o.Drawn != 0 || !bytes.Contains(b, []byte(`"JustTaken":"","Drawn":""`))) {
					t.Fatalf("at the deal: %s", b)
				}
				var back Observation
				if err := json.Unmarshal(b, &back); err != nil {
					t.Fatalf("step %d seat %d: reading %s: %v", step, seat, b, err)
				}
				b2, err := json.Marshal(back)
				if err != nil || !bytes.Equal(b, b2) {
					t.Fatalf("step %d seat %d: round trip %s -> %s (%v)", step, seat, b, b2, err)
				}
				if back.JustTaken != o.JustTaken || back.Drawn != o.Drawn || back.Upcard != o.Upcard || back.Hand != o.Hand {
					t.Fatalf("step %d seat %d: cards changed in the round trip", step, seat)
				}
			}
			legal = g.Hand().LegalActions(legal[:0])
			if err := g.Apply(g.Hand().Turn(), legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestObservation_HidesEveryUnseenCard plays many random games and checks,
// at every decision, that no card of the opponent's hand (other than those
// it took from the discard pile) and no card of the stock appears anywhere
// in the observation.
func TestObservation_HidesEveryUnseenCard(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		g, _ := NewGame(Standard(), NewRand(seed))
		rng := rand.New(rand.NewPCG(seed, 1))
		var acts []Action
		for !g.Over() {
			h := g.Hand()
			if h.Over() {
				_ = g.NextHand()
				continue
			}
			for seat := Seat(0); seat < 2; seat++ {
				o := g.Observe(seat)
				hidden := h.Cards(seat.Other()) &^ h.Took(seat.Other())
				for i := h.stockPos; i < card.PackSize; i++ {
					hidden = hidden.Add(h.deck[i])
				}
				if leaked := cardsIn(reflect.ValueOf(o)) & hidden; leaked != 0 {
					t.Fatalf("seed %d: seat %d observation holds hidden %s", seed, seat, leaked)
				}
				if o.Unseen()&hidden != hidden {
					t.Fatalf("Unseen misses hidden cards")
				}
			}
			acts = h.LegalActions(acts[:0])
			a := acts[rng.IntN(len(acts))]
			for _, x := range acts {
				if x.Kind == Knock {
					a = x
				}
			}
			if err := g.Apply(h.Turn(), a); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// cardsIn collects every card reachable in v: Card values, Sets and Melds.
func cardsIn(v reflect.Value) card.Set {
	var s card.Set
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			s |= cardsIn(v.Elem())
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			s |= cardsIn(v.Field(i))
		}
	case reflect.Array, reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			s |= cardsIn(v.Index(i))
		}
	case reflect.Uint8:
		if v.Type() == reflect.TypeFor[card.Card]() {
			s = s.Add(card.Card(v.Uint()))
		}
	case reflect.Uint64:
		switch v.Type() {
		case reflect.TypeFor[card.Set](), reflect.TypeFor[Meld]():
			s |= card.Set(v.Uint())
		}
	}
	return s
}
