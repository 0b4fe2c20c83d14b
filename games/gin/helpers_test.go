package gin

import (
	"bytes"
	"context"
	"encoding/json"
	"hash/fnv"
	"math/rand/v2"
	"testing"

	"felt/games"
	"felt/gin"
	"felt/table"
)

type (
	ginTable = table.Table[gin.Action, gin.Observation, gin.Event]
	ginP     = table.Player[gin.Action, gin.Observation]
)

func hash(v ...any) uint64 {
	h := fnv.New64a()
	b, _ := json.Marshal(v)
	h.Write(b)
	return h.Sum64()
}

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
			d := gin.Deadwood(o.Hand.Remove(a.Card))*64 + int(hash(o.Hand, a.Card)%64)
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

func ginPures() []ginP {
	p := ginP{Name: "pure", Kind: table.Level, Control: games.Controller(ginPure)}
	return []ginP{p, p}
}

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

func runGin(t testing.TB, seed uint64, opts json.RawMessage, ps []ginP, after func(tb *ginTable, n int)) ([]byte, table.Result) {
	t.Helper()
	var log bytes.Buffer
	var tb *ginTable
	o := table.Options[gin.Action, gin.Observation, gin.Event]{ID: "test", Seed: seed, GameOptions: opts, Log: &log}
	if after != nil {
		o.AfterLine = func(n int) { after(tb, n) }
	}
	tb, err := table.New(Spec, ps, o)
	if err != nil {
		t.Fatal(err)
	}
	if after != nil {
		after(tb, 0)
	}
	res, err := tb.Run(context.Background())
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	return log.Bytes(), res
}
