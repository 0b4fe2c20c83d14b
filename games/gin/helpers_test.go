package gin

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"felt/games/gamestest"
	"felt/gin"
	"felt/table"
)

type ginP = table.Player[gin.Action, gin.Observation]

// ginPure decides from the observation alone (so a resumed table plays
// on as the uninterrupted one did): it knocks or goes big gin when it can,
// takes an upcard that lowers its deadwood, and discards to the least
// deadwood (ties broken by a hash of what it sees).
func ginPure(o *gin.Observation) (gin.Action, bool) {
	as := o.LegalActions(nil)
	best, bestD := -1, 1000
	for i, a := range as {
		switch a.Kind {
		case gin.BigGin:
			return a, true
		case gin.Knock:
			a.Show, _ = gin.Melds(o.Hand.Remove(a.Card))
			return a, true
		case gin.TakeDiscard:
			// Only the upcard: taking discards could go on for ever.
			if top := o.Pile.Top(); o.Phase != gin.DrawPhase && gin.DeadwoodAfterDiscard(o.Hand.Add(top)) < gin.Deadwood(o.Hand) {
				return a, true
			}
		case gin.Discard:
			d := gin.Deadwood(o.Hand.Remove(a.Card))*64 + int(gamestest.Hash(o.Hand, a.Card)%64)
			if d < bestD {
				best, bestD = i, d
			}
		}
	}
	if best >= 0 {
		return as[best], true
	}
	for _, a := range as {
		if a.Kind == gin.DrawStock || a.Kind == gin.Pass {
			return a, true
		}
	}
	return as[0], true
}

func ginPures() []ginP { return gamestest.Pures(2, ginPure) }

func ginBots(t testing.TB, seed uint64, a, b string) []ginP {
	t.Helper()
	var ps []ginP
	for i, n := range []string{a, b} {
		p, err := Level(n, rand.New(rand.NewPCG(seed, uint64(100+i))))
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	return ps
}

// short is Gin Rummy to 25 points.
var short = json.RawMessage(`{"target_score":25}`)

// runGin plays a whole game of Gin Rummy (gamestest.Run).
func runGin(t testing.TB, seed uint64, opts json.RawMessage, ps []ginP) ([]byte, table.Result) {
	t.Helper()
	return gamestest.Run(t, Spec, seed, opts, ps, nil)
}

// dealIfDue makes the next hand's deal as a table does (Advance, then
// Redeal of its record) when one is due, and reports whether it did.
func dealIfDue(t testing.TB, e *Engine, v *table.Views[gin.Event]) bool {
	t.Helper()
	if !e.Game().NeedsDeal() {
		return false
	}
	rec, err := e.Advance(v)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Redeal(rec, v); err != nil {
		t.Fatal(err)
	}
	return true
}

// observe returns seat s's observation of e.
func observe(e table.Engine[gin.Action, gin.Observation, gin.Event], s table.Seat) gin.Observation {
	var o gin.Observation
	e.Observe(s, &o)
	return o
}
