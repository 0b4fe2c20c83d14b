package sjbot_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"testing"

	"felt/card"
	"felt/games"
	sjgame "felt/games/shengji"
	"felt/shengji"
	"felt/shengji/sjbot"
	"felt/table"
)

// quick returns the named player as a table player; a Hard one searches
// little (the same code, fewer playouts), to keep whole-game tests fast.
func quick(t testing.TB, name string, rng *rand.Rand) table.Player[shengji.Action, shengji.Observation] {
	t.Helper()
	p, err := sjbot.New(name, rng)
	if err != nil {
		t.Fatal(err)
	}
	if h, ok := p.(*sjbot.Hard); ok {
		h.Budget, h.Samples, h.MaxSamples, h.Width, h.EndgameSamples, h.BurySamples = 8, 1, 2, 3, 2, 2
	}
	return table.Player[shengji.Action, shengji.Observation]{Name: p.Name(), Kind: table.Level, Control: games.Controller(p.Act)}
}

// maxHands bounds a game's hands in playGame: whole games take a few
// dozen.
const maxHands = 1000

// playGame plays a whole game of the named players (quick ones) under
// rules at a table seeded with seed, the player of seat s drawing from
// rand.NewPCG(seed, s), and logs it to log (nil: no log). A move the rules
// refuse from a player is an error (the seat forfeits): the game's
// players may not fail. So is a game still going after maxHands hands.
func playGame(t testing.TB, rules shengji.Rules, seed uint64, names [shengji.NumSeats]string, log io.Writer) table.Result {
	t.Helper()
	opts, err := json.Marshal(rules)
	if err != nil {
		t.Fatal(err)
	}
	ps := make([]table.Player[shengji.Action, shengji.Observation], rules.NumPlayers())
	for s := range ps { // names round the table, again and again at a larger one
		ps[s] = quick(t, names[s%len(names)], rand.New(rand.NewPCG(seed, uint64(s))))
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var tb *table.Table[shengji.Action, shengji.Observation, shengji.Event]
	tb, err = table.New(sjgame.Spec, ps, table.Options[shengji.Action, shengji.Observation, shengji.Event]{
		Seed: seed, GameOptions: opts, Log: log, Forfeit: true,
		AfterLine: func(int) {
			if tb.Engine().Outcome().Hands > maxHands {
				cancel()
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	res, err := tb.Run(ctx)
	if err != nil {
		t.Fatalf("%v seed %d: %v (after %d hands)", names, seed, err, res.Hands)
	}
	if res.Forfeited || !res.Over {
		t.Fatalf("%v seed %d: seat %d forfeited (%v), or the game is not over (%v)", names, seed, res.Forfeiter, res.Forfeited, res.Over)
	}
	return res
}

// TestPlayers_SameSeedSameGame plays whole games twice from the same
// seeds at a table: the table logs are byte for byte the same, and they
// replay.
func TestPlayers_SameSeedSameGame(t *testing.T) {
	for _, names := range [][shengji.NumSeats]string{
		{"random", "random", "random", "random"},
		{"greedy", "random", "greedy", "random"},
		{"hard", "greedy", "hard", "greedy"},
	} {
		seeds := uint64(2)
		if testing.Short() || sjbot.Race {
			seeds = 1
		}
		for seed := range seeds {
			var a, b bytes.Buffer
			playGame(t, shengji.Standard(), seed, names, &a)
			playGame(t, shengji.Standard(), seed, names, &b)
			if !bytes.Equal(a.Bytes(), b.Bytes()) {
				t.Fatalf("%v seed %d: two runs differ", names, seed)
			}
			rec, err := table.Recover(bytes.NewReader(a.Bytes()), sjgame.Spec)
			if err != nil {
				t.Fatalf("%v seed %d: log does not replay: %v", names, seed, err)
			}
			if !rec.Engine.Over() || rec.Moves == 0 {
				t.Fatalf("%v seed %d: the log replays to a game not over (%d moves)", names, seed, rec.Moves)
			}
		}
	}
}

// allRules are the rule sets the players are tried under: every preset
// (the tables of more than four players from level J, for shorter games),
// and a few variations of the standard table.
func allRules(t testing.TB) map[string]shengji.Rules {
	rs := map[string]shengji.Rules{}
	for _, name := range shengji.Presets() {
		r, ok := shengji.Preset(name)
		if !ok {
			t.Fatalf("no preset %q", name)
		}
		if r.NumPlayers() > shengji.NumSeats {
			r.StartLevel = card.Jack
		}
		rs[name] = r
	}
	tu := shengji.Standard()
	tu.NoBid = shengji.NoBidTurnUp
	rs["turn-up-kitty"] = tu
	late := shengji.Standard()
	late.StartLevel = card.Queen
	rs["start-Q"] = late
	return rs
}

// TestPlayers_LegalOverWholeGames plays whole games at a table with every
// mix of players under every rule set: the rules refuse any illegal
// action, and the seat that made it forfeits, failing the test.
func TestPlayers_LegalOverWholeGames(t *testing.T) {
	games := 4
	if testing.Short() || sjbot.Race {
		games = 1
	}
	// expert is hard searching more (quick makes them the same), and
	// hard-v1 is pinned by its moves (arena's TestShengjiHardV1_PlaysAsPinned)
	names := slices.DeleteFunc(sjbot.Levels(), func(n string) bool { return n == "expert" || n == "hard-v1" })
	for rname, rules := range allRules(t) {
		for i, a := range names {
			for j, b := range names {
				if (testing.Short() || sjbot.Race) && j != (i+1)%len(names) {
					continue // each player against each other once
				}
				t.Run(fmt.Sprintf("%s/%s-%s", rname, a, b), func(t *testing.T) {
					for seed := range uint64(games) {
						playGame(t, rules, seed, [shengji.NumSeats]string{a, b, a, b}, nil)
					}
				})
			}
		}
	}
}
