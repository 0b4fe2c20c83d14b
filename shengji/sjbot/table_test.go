package sjbot_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"math/rand/v2"
	"testing"

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
		h.Samples, h.Width, h.Horizon, h.BurySamples = 2, 3, 2, 2
	}
	return table.Player[shengji.Action, shengji.Observation]{Name: p.Name(), Kind: table.Level, Control: games.Controller(p.Act)}
}

// playGame plays a whole game of the named players (quick ones) under
// rules at a table seeded with seed, the player of seat s drawing from
// rand.NewPCG(seed, s), and logs it to log (nil: no log). A move the rules
// refuse from a player is an error: the game's players may not fail.
func playGame(t testing.TB, rules shengji.Rules, seed uint64, names [shengji.NumSeats]string, log io.Writer) table.Result {
	t.Helper()
	opts, err := json.Marshal(rules)
	if err != nil {
		t.Fatal(err)
	}
	ps := make([]table.Player[shengji.Action, shengji.Observation], shengji.NumSeats)
	for s, n := range names {
		ps[s] = quick(t, n, rand.New(rand.NewPCG(seed, uint64(s))))
	}
	tb, err := table.New(sjgame.Spec, ps, table.Options[shengji.Action, shengji.Observation, shengji.Event]{
		Seed: seed, GameOptions: opts, Log: log, Forfeit: true})
	if err != nil {
		t.Fatal(err)
	}
	res, err := tb.Run(context.Background())
	if err != nil {
		t.Fatalf("%v seed %d: %v", names, seed, err)
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
