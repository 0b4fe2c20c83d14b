package ginbot

import (
	"testing"

	"felt/gin"
)

type maker func(seed uint64) Player

// playGame plays a game dealt from dealSeed between players (players[s] in
// seat s), failing the test on any illegal action, and returns the winner.
func playGame(t testing.TB, rules gin.Rules, dealSeed uint64, players [2]Player) gin.Seat {
	g, err := gin.NewGame(rules, gin.NewRand(dealSeed))
	if err != nil {
		t.Fatal(err)
	}
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
		a := players[seat].Act(&obs)
		legal = obs.LegalActions(legal[:0])
		ok := false
		for _, l := range legal {
			if l.Kind == a.Kind && l.Card == a.Card {
				ok = true
			}
		}
		if a.Kind == gin.Knock && !ok {
			ok = gin.Deadwood(obs.Hand.Remove(a.Card)) <= obs.KnockLimit
		}
		if !ok {
			t.Fatalf("%s chose %s, not a legal action (%v)", players[seat].Name(), a, legal)
		}
		if err := g.Apply(seat, a); err != nil {
			t.Fatalf("%s chose %s: %v", players[seat].Name(), a, err)
		}
	}
	return g.Result().Winner
}
