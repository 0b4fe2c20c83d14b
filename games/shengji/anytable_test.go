package shengji

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"felt/games/gamestest"
	"felt/shengji"
	"felt/shengji/sjbot"
)

// friends6 is the friends-6 table (six players, three packs, Finding
// Friends) starting at level ace: a game is a hand or a few.
var friends6 = json.RawMessage(`{"start_level":"A","players":6,"packs":3,"friends":true}`)

// sixRandoms are six random players, the same for every call.
func sixRandoms() []sjP {
	var ps []sjP
	for i := range 6 {
		ps = append(ps, sjRandom(rand.New(rand.NewPCG(7, uint64(100+i)))))
	}
	return ps
}

// TestFriends6_RandomGamesEndAndTheirLogsCall: seeded friends-6 games of
// random players are played to the end at a table; the logs hold the
// banker's calls in their wire form.
func TestFriends6_RandomGamesEndAndTheirLogsCall(t *testing.T) {
	for seed := range uint64(3) {
		log, res := runSJ(t, seed, friends6, sixRandoms())
		if !res.Over || res.Forfeited {
			t.Fatalf("seed %d: over %v forfeited %v", seed, res.Over, res.Forfeited)
		}
		if !strings.Contains(string(log), `"kind":"call"`) || !strings.Contains(string(log), `"ordinal"`) {
			t.Fatalf("seed %d: no call in the log", seed)
		}
	}
}

// anyPure is a random player whose randomness comes from its observation
// alone, so that a resumed table plays on as the first did: it plays any
// table, calls included.
func anyPure(o *shengji.Observation) (shengji.Action, bool) {
	seed := gamestest.Hash(o.Seat, o.Hand, o.Phase, o.Dealt, o.Bids.Len(), o.Tricks.Len())
	return sjbot.NewRandom(rand.New(rand.NewPCG(seed, 1))).Act(o)
}

// TestFriends6_RecoverEveryOffset: friends-6 logs cut at many offsets
// resume to the same game (gamestest.RecoverEveryOffset).
func TestFriends6_RecoverEveryOffset(t *testing.T) {
	gamestest.RecoverEveryOffset[shengji.Game](t, Spec, friends6, func() []sjP { return gamestest.Pures(6, anyPure) })
}

// TestCallMoveRoundTrips: the call's wire form reads back to the same
// action.
func TestCallMoveRoundTrips(t *testing.T) {
	e := &Engine{}
	a := shengji.CallAction(shengji.Call{Card: 0, Ordinal: 2}, shengji.Call{Card: 13, Ordinal: 1})
	b, err := e.MarshalMove(a)
	if err != nil {
		t.Fatal(err)
	}
	back, err := e.UnmarshalMove(b)
	if err != nil || back != a {
		t.Fatalf("%s read back as %v (%v)", b, back, err)
	}
	if _, err := e.UnmarshalMove([]byte(`{"kind":"play","cards":"AS","calls":[{"card":"AS","ordinal":1}]}`)); err == nil {
		t.Fatal("calls in a play accepted")
	}
}
