package games

import (
	"bytes"
	"context"
	"encoding/json"
	"hash/fnv"
	"math/rand/v2"
	"testing"

	"felt/card"
	"felt/gin"
	"felt/shengji"
	"felt/table"
)

type (
	ginTable = table.Table[gin.Action, gin.Observation, gin.Event]
	sjTable  = table.Table[shengji.Action, shengji.Observation, shengji.Event]
	ginP     = table.Player[gin.Action, gin.Observation]
	sjP      = table.Player[shengji.Action, shengji.Observation]
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

// sjPure decides from the observation alone.
func sjPure(o *shengji.Observation) (shengji.Action, bool) {
	switch o.Phase {
	case shengji.DealPhase, shengji.BidPhase:
		ds := o.AppendDeclarations(nil)
		if len(ds) > 0 && hash(o.Hand, o.Dealt, o.NBids)%5 == 0 {
			return ds[0], true
		}
		if o.Phase == shengji.BidPhase {
			return shengji.PassAction(), true
		}
		return shengji.Action{}, false
	case shengji.BuryPhase:
		var m card.Multi
		for c := range o.Hand.All() {
			if m.Len() == shengji.KittySize {
				break
			}
			_ = m.Add(c)
		}
		return shengji.BuryAction(m), true
	}
	n := o.CountPlays()
	m, ok := o.NthPlay(int(hash(o.Hand, o.NTricks, o.Seat) % uint64(n)))
	return shengji.PlayAction(m), ok
}

func ginPures() []ginP {
	p := ginP{Name: "pure", Kind: table.Level, Control: Controller(ginPure)}
	return []ginP{p, p}
}

func sjPures() []sjP {
	p := sjP{Name: "pure", Kind: table.Level, Control: Controller(sjPure)}
	return []sjP{p, p, p, p}
}

func ginBots(t testing.TB, seed uint64, a, b string) []ginP {
	t.Helper()
	var ps []ginP
	for i, n := range []string{a, b} {
		p, err := GinLevel(n, rand.New(rand.NewPCG(seed, uint64(100+i))))
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	return ps
}

func sjRandoms(seed uint64) []sjP {
	var ps []sjP
	for i := range shengji.NumSeats {
		ps = append(ps, ShengjiRandom(rand.New(rand.NewPCG(seed, uint64(100+i)))))
	}
	return ps
}

// fast is Shengji starting at level ace: a game is a hand or a few.
var fast = json.RawMessage(`{"start_level":"A"}`)

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
	tb, err := table.New(Gin, ps, o)
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

func runSJ(t testing.TB, seed uint64, opts json.RawMessage, ps []sjP, after func(tb *sjTable, n int)) ([]byte, table.Result) {
	t.Helper()
	var log bytes.Buffer
	var tb *sjTable
	o := table.Options[shengji.Action, shengji.Observation, shengji.Event]{ID: "test", Seed: seed, GameOptions: opts, Log: &log}
	if after != nil {
		o.AfterLine = func(n int) { after(tb, n) }
	}
	tb, err := table.New(Shengji, ps, o)
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
