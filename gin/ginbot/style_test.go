package ginbot

import (
	"testing"

	"felt/card"
	"felt/gin"
)

// styleMakers are the population's styles.
func styleMakers() map[string]maker {
	return map[string]maker{
		"gin-hunter":  func(s uint64) Player { return NewGinHunter(gin.NewRand(s)) },
		"low-knocker": func(s uint64) Player { return NewLowKnocker(gin.NewRand(s)) },
		"undercutter": func(s uint64) Player { return NewUndercutter(gin.NewRand(s)) },
	}
}

// styleKnock is one knock a style made: its turn of the hand, its
// deadwood and the stock left.
type styleKnock struct{ turn, dw, stock int }

// watchStyle plays games between the style and simple and returns every
// knock the style made, and how many hands it played.
func watchStyle(t *testing.T, mk maker, games int) (knocks []styleKnock, hands int) {
	t.Helper()
	for i := range games {
		g, err := gin.NewGame(gin.EAAI(), gin.NewRand(uint64(300+i)))
		if err != nil {
			t.Fatal(err)
		}
		me := gin.Seat(i % 2)
		var players [2]Player
		players[me] = mk(uint64(i))
		players[me.Other()] = NewSimple(gin.NewRand(uint64(i) + 1000))
		turn, hand := 0, -1
		var legal []gin.Action
		for !g.Over() {
			h := g.Hand()
			if h.Over() {
				if err := g.NextHand(); err != nil {
					t.Fatal(err)
				}
				continue
			}
			seat := h.Turn()
			obs := g.Observe(seat)
			if seat == me && obs.HandNumber != hand {
				hand, turn = obs.HandNumber, 0
				hands++
			}
			a := players[seat].Act(&obs)
			legal = obs.LegalActions(legal[:0])
			ok := false
			for _, l := range legal {
				ok = ok || l.Kind == a.Kind && l.Card == a.Card
			}
			if a.Kind == gin.Knock {
				ok = gin.Deadwood(obs.Hand.Remove(a.Card)) <= obs.KnockLimit && a.Card != obs.JustTaken
			}
			if !ok {
				t.Fatalf("%s chose %s, not legal", players[seat].Name(), a)
			}
			if seat == me && obs.Phase == gin.DiscardPhase {
				turn++
				if a.Kind == gin.Knock {
					knocks = append(knocks, styleKnock{turn, gin.Deadwood(obs.Hand.Remove(a.Card)), obs.StockLen})
				}
			}
			if err := g.Apply(seat, a); err != nil {
				t.Fatalf("%s chose %s: %v", players[seat].Name(), a, err)
			}
		}
	}
	return knocks, hands
}

// TestGinHunter_KnocksOnlyEarlyOrWithGin: after its third turn of a hand
// the gin hunter knocks only with gin, and it does knock (early and with
// gin).
func TestGinHunter_KnocksOnlyEarlyOrWithGin(t *testing.T) {
	knocks, hands := watchStyle(t, styleMakers()["gin-hunter"], 30)
	early, gins := 0, 0
	for _, k := range knocks {
		switch {
		case k.turn <= 3:
			early++
		case k.dw != 0:
			t.Fatalf("knocked with %d deadwood on turn %d", k.dw, k.turn)
		default:
			gins++
		}
	}
	if gins == 0 {
		t.Fatalf("never went gin after turn 3 in %d hands", hands)
	}
	t.Logf("%d hands: %d early knocks, %d gins later", hands, early, gins)
}

// TestLowKnocker_KnocksOnlyAtThreeOrLess: the low knocker knocks only
// with 0 to 3 deadwood, and does knock with more than gin.
func TestLowKnocker_KnocksOnlyAtThreeOrLess(t *testing.T) {
	knocks, hands := watchStyle(t, styleMakers()["low-knocker"], 30)
	nonGin := 0
	for _, k := range knocks {
		if k.dw > 3 {
			t.Fatalf("knocked with %d deadwood", k.dw)
		}
		if k.dw > 0 {
			nonGin++
		}
	}
	if nonGin == 0 {
		t.Fatalf("never knocked with 1 to 3 deadwood in %d hands", hands)
	}
}

// TestUndercutter_WaitsAndTakesLowCards: the undercutter knocks only with
// gin or once the stock is down to 6, and picks up low cards that do not
// meld.
func TestUndercutter_WaitsAndTakesLowCards(t *testing.T) {
	knocks, hands := watchStyle(t, styleMakers()["undercutter"], 30)
	late := 0
	for _, k := range knocks {
		if k.dw > 0 && k.stock > 6 {
			t.Fatalf("knocked with %d deadwood and %d cards in the stock", k.dw, k.stock)
		}
		if k.dw > 0 {
			late++
		}
	}
	if late == 0 || len(knocks) == 0 {
		t.Fatalf("%d hands: %d knocks, %d late", hands, len(knocks), late)
	}
	// It takes a low card that lowers its deadwood though it melds nothing.
	u := NewUndercutter(gin.NewRand(1))
	hand := card.MustParseSet("KS QH 9D 8C 6S 5H TD JC 4C 7H")
	if !u.takes(hand, card.MustParse("AD")) {
		t.Fatal("passed an ace that lowers its deadwood")
	}
	if u.takes(hand, card.MustParse("9S")) {
		t.Fatal("took a high card that melds nothing")
	}
	s := NewLowKnocker(gin.NewRand(1))
	if s.takes(hand, card.MustParse("AD")) {
		t.Fatal("the low knocker took a card that melds nothing")
	}
}

// TestStyles_SameSeedSameGame: each style is deterministic given its seed.
func TestStyles_SameSeedSameGame(t *testing.T) {
	for name, mk := range styleMakers() {
		var digests [2][]gin.Action
		for i := range digests {
			g, _ := gin.NewGame(gin.EAAI(), gin.NewRand(7))
			players := [2]Player{mk(3), NewSimple(gin.NewRand(4))}
			for steps := 0; !g.Over() && steps < 3000; steps++ {
				h := g.Hand()
				if h.Over() {
					g.NextHand()
					continue
				}
				s := h.Turn()
				o := g.Observe(s)
				a := players[s].Act(&o)
				digests[i] = append(digests[i], a)
				if err := g.Apply(s, a); err != nil {
					t.Fatal(err)
				}
			}
		}
		if len(digests[0]) != len(digests[1]) {
			t.Fatalf("%s: the same seeds gave games of %d and %d actions", name, len(digests[0]), len(digests[1]))
		}
		for j := range digests[0] {
			if digests[0][j] != digests[1][j] {
				t.Fatalf("%s: the same seeds gave different games at action %d", name, j)
			}
		}
	}
}

// TestNew_Population: every population name makes a player of that name.
func TestNew_Population(t *testing.T) {
	for _, name := range []string{"simple", "gin-hunter", "low-knocker", "undercutter", "hard-v1", "hard"} {
		p, err := New(name, gin.NewRand(1))
		if err != nil {
			t.Fatal(err)
		}
		if p.Name() != name {
			t.Fatalf("New(%q) is named %q", name, p.Name())
		}
	}
}
