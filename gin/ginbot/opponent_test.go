package ginbot

import (
	"testing"

	"felt/card"
	"felt/gin"
)

// modelAfterGames plays hard against the opponent made by mk and returns,
// averaged over the games, the weight hard's opponent model gives each
// knocking style at the end of a game.
func modelAfterGames(t *testing.T, mk maker, games int) [len(knockStyles)]float64 {
	t.Helper()
	var avg [len(knockStyles)]float64
	for i := range games {
		me := gin.Seat(i % 2)
		h := NewHard(gin.NewRand(uint64(i)))
		h.Worlds = 8
		h.dMin, h.dMax, h.roll.n = 8, 16, 20 // a small search: the model reads scores
		h.belief = resized(h.belief, 400)    // nor the belief
		var players [2]Player
		players[me] = h
		players[me.Other()] = mk(uint64(i) + 50)
		playGame(t, gin.EAAI(), uint64(700+i), players)
		for j, p := range h.opp.p {
			avg[j] += p / float64(games)
		}
	}
	return avg
}

// TestOppModel_ReadsTheStyle: after a game the model weighs the knocking
// style the opponent really has above its prior, and a style that
// contradicts it below: knocking at once against the simple player;
// playing for gin after a few turns against the gin hunter; waiting
// against the undercutter.
func TestOppModel_ReadsTheStyle(t *testing.T) {
	const games = 12
	simple := modelAfterGames(t, func(s uint64) Player { return NewSimple(gin.NewRand(s)) }, games)
	if simple[0] <= knockPrior[0] || simple[4] >= knockPrior[4] {
		t.Errorf("against simple: knocks at once %.2f, waits %.2f (prior %.2f, %.2f)", simple[0], simple[4], knockPrior[0], knockPrior[4])
	}
	hunter := modelAfterGames(t, func(s uint64) Player { return NewGinHunter(gin.NewRand(s)) }, games)
	if hunter[3] <= knockPrior[3] || hunter[0] >= knockPrior[0] {
		t.Errorf("against gin-hunter: gin after 3 turns %.2f, knocks at once %.2f (prior %.2f, %.2f)", hunter[3], hunter[0], knockPrior[3], knockPrior[0])
	}
	under := modelAfterGames(t, func(s uint64) Player { return NewUndercutter(gin.NewRand(s)) }, games)
	if under[0] >= knockPrior[0] || under[3]+under[4] <= knockPrior[3]+knockPrior[4] {
		t.Errorf("against undercutter: knocks at once %.2f, waits %.2f (prior %.2f, %.2f)", under[0], under[3]+under[4], knockPrior[0], knockPrior[3]+knockPrior[4])
	}
	t.Logf("simple %.2f\ngin-hunter %.2f\nundercutter %.2f", simple, hunter, under)
}

// TestOppModel_Settle works single hands out by hand.
func TestOppModel_Settle(t *testing.T) {
	r := gin.EAAI()
	// This seat went gin; the opponent held 6 at its 5th turn (31 points)
	// and did not knock: every style that knocks with 6 there is unlikely.
	m := NewOppModel()
	m.seen, m.me, m.rules, m.limit, m.stock = true, 0, r, 10, 20
	m.oppTurns, m.knocked, m.myDW, m.final = 5, true, 0, 1
	m.settle([2]int{31, 0})
	if m.p[0] >= knockPrior[0]*0.2 || m.p[2] <= knockPrior[2] || m.p[3] <= knockPrior[3] {
		t.Errorf("after a 6-deadwood hand that did not knock: %.3f", m.p)
	}
	// The opponent knocked on its 2nd turn, scoring 20 against this
	// seat's 28: it knocked with about 8, which only knocking at once and
	// the gin hunter's early turns explain.
	m = NewOppModel()
	m.seen, m.me, m.rules, m.limit, m.stock = true, 1, r, 10, 25
	m.oppTurns, m.final = 1, mustFinal(t, 28)
	m.settle([2]int{20, 0})
	if m.p[0] <= knockPrior[0] || m.p[3] <= knockPrior[3] || m.p[2] >= knockPrior[2] || m.p[4] >= knockPrior[4] {
		t.Errorf("after an early 8-deadwood knock: %.3f", m.p)
	}
	// A gin by the opponent tells nothing.
	m = NewOppModel()
	m.seen, m.me, m.rules, m.limit, m.stock = true, 1, r, 10, 25
	m.oppTurns, m.final = 9, mustFinal(t, 28)
	m.settle([2]int{25 + 28, 0})
	if m.p != knockPrior {
		t.Errorf("a gin moved the model: %.3f", m.p)
	}
}

// mustFinal returns a ten-card hand with 28 deadwood.
func mustFinal(t *testing.T, dw int) card.Set {
	t.Helper()
	h := card.MustParseSet("2C 3C 4C 6D 6H 6S KS QH 7D AH")
	if gin.Deadwood(h) != dw {
		t.Fatalf("%s has %d deadwood, want %d", h, gin.Deadwood(h), dw)
	}
	return h
}
