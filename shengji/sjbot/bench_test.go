package sjbot

import (
	"math/rand/v2"
	"testing"

	"felt/shengji"
)

// playObservations plays a few hands of greedy players at the standard
// table and returns the observations of the play phase's decisions.
func playObservations(tb testing.TB, hands int) []shengji.Observation {
	return playObservationsAt(tb, shengji.Standard(), hands)
}

// playObservationsAt is playObservations under rules.
func playObservationsAt(tb testing.TB, rules shengji.Rules, hands int) []shengji.Observation {
	var obs []shengji.Observation
	for seed := range uint64(hands) {
		g, err := shengji.NewGame(rules, shengji.NewRand(seed))
		if err != nil {
			tb.Fatal(err)
		}
		ps := make([]actor, rules.NumPlayers())
		for s := range ps {
			ps[s] = recorder{NewGreedy(rand.New(rand.NewPCG(seed, uint64(s)))), &obs}
		}
		if err := playHand(g, g.Hand(), ps); err != nil {
			tb.Fatal(err)
		}
	}
	return obs
}

// preset returns the named rules preset.
func preset(tb testing.TB, name string) shengji.Rules {
	tb.Helper()
	r, ok := shengji.Preset(name)
	if !ok {
		tb.Fatalf("no preset %q", name)
	}
	return r
}

// recorder keeps the play-phase observations its player is given.
type recorder struct {
	p   Player
	obs *[]shengji.Observation
}

func (r recorder) Act(o *shengji.Observation) (shengji.Action, bool) {
	if o.Phase == shengji.PlayPhase {
		*r.obs = append(*r.obs, *o)
	}
	return r.p.Act(o)
}

func BenchmarkGreedy_Decision(b *testing.B) {
	obs := playObservations(b, 4)
	benchActs(b, obs, NewGreedy(rand.New(rand.NewPCG(1, 1))))
}

func BenchmarkHard_Decision(b *testing.B) {
	obs := playObservations(b, 4)
	benchActs(b, obs, NewHard(rand.New(rand.NewPCG(1, 1))))
}

func BenchmarkGreedy_DecisionFriends6(b *testing.B) {
	obs := playObservationsAt(b, preset(b, "friends-6"), 4)
	benchActs(b, obs, NewGreedy(rand.New(rand.NewPCG(1, 1))))
}

func BenchmarkGreedy_DecisionFriends8(b *testing.B) {
	obs := playObservationsAt(b, preset(b, "friends-8"), 4)
	benchActs(b, obs, NewGreedy(rand.New(rand.NewPCG(1, 1))))
}

func BenchmarkHard_DecisionFriends6(b *testing.B) {
	obs := playObservationsAt(b, preset(b, "friends-6"), 4)
	benchActs(b, obs, NewHard(rand.New(rand.NewPCG(1, 1))))
}

// benchActs times p's decisions over obs, round and round.
func benchActs(b *testing.B, obs []shengji.Observation, p interface {
	Act(*shengji.Observation) (shengji.Action, bool)
}) {
	i := 0
	for b.Loop() {
		p.Act(&obs[i%len(obs)])
		i++
	}
}
