package arena

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"felt/games"
	"felt/internal/testenv"
	"felt/table"
)

// TestDeterministicAndMirrored: a Gin Rummy match's records do not depend
// on how many games are played at once; A plays seat 0 in even games and
// seat 1 in odd ones, each mirrored pair on the same table seed; every
// game records both sides' decision times; the summary's hands add up (A's,
// B's and the draws); progress is told of every game; game 5 played alone
// (PlayGame) is game 5 of the match; an odd count is rounded up to whole
// pairs.
func TestDeterministicAndMirrored(t *testing.T) {
	var done []int
	cfg := gin(t, Config{A: "normal", B: "simple", Games: 20, Seed: 7, Parallel: 1, Progress: func(n int) { done = append(done, n) }})
	one, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20}; !slices.Equal(done, want) {
		t.Errorf("progress %v, want %v", done, want)
	}
	cfg.Parallel, cfg.Progress = 3, nil
	three, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(strip(one), strip(three)) {
		t.Fatal("results depend on parallelism")
	}
	for i, r := range one {
		if r.Index != i || r.ASeats != table.SeatsOf(table.Seat(i%2)) || r.ASeats != ASeats(i, 2) {
			t.Fatalf("game %d: index %d, A in %v", i, r.Index, r.ASeats)
		}
		if DealSeed(7, i) != DealSeed(7, i^1) || DealSeed(7, i) == DealSeed(7, i+2) {
			t.Fatalf("games %d and %d do not share deals, or pairs share them", i, i^1)
		}
		if len(r.DecisionA) == 0 || len(r.DecisionB) == 0 || r.Forfeit || r.Err != nil {
			t.Fatalf("game %d: %+v", i, r)
		}
	}
	s := Summarize(cfg.Game, cfg.A, cfg.B, one)
	draws, ok := s.Figure("draw_rate")
	if !ok || s.Game != "gin" || s.Games != 20 || s.Pairs != 10 || s.Hands == 0 ||
		s.AHandsWon+s.BHandsWon+int(math.Round(draws*float64(s.Hands))) != s.Hands {
		t.Fatalf("summary: %+v", s)
	}
	g5 := PlayGame(context.Background(), cfg, 5)
	if !reflect.DeepEqual(strip([]GameRecord{g5})[0], strip(one)[5]) {
		t.Fatalf("game 5 alone %+v, in the match %+v", g5, one[5])
	}
	cfg.Games = 3
	rs, err := Run(context.Background(), cfg)
	if err != nil || len(rs) != 4 {
		t.Fatalf("3 games asked: %d played, %v", len(rs), err)
	}
	if !reflect.DeepEqual(strip(rs), strip(one[:4])) {
		t.Fatal("the first games of a shorter match differ from the longer match's")
	}
}

// TestASeats: A plays the even seats in even games and the odd ones in odd
// games: seat 0 or 1 of two, the team of seats 0 and 2 or 1 and 3 of four.
func TestASeats(t *testing.T) {
	for _, c := range []struct {
		i, n int
		want table.Seats
	}{
		{0, 2, table.SeatsOf(0)}, {1, 2, table.SeatsOf(1)}, {6, 2, table.SeatsOf(0)}, {7, 2, table.SeatsOf(1)},
		{0, 4, table.SeatsOf(0, 2)}, {1, 4, table.SeatsOf(1, 3)}, {10, 4, table.SeatsOf(0, 2)},
		{1, 3, table.SeatsOf(1)}, {2, 3, table.SeatsOf(0, 2)},
	} {
		if got := ASeats(c.i, c.n); got != c.want {
			t.Errorf("ASeats(%d, %d) = %v, want %v", c.i, c.n, got, c.want)
		}
	}
}

// TestMirroredDealsAreTheSame: the saved table logs of a mirrored pair, in
// both games, name A in its seats of each game (seat 0 then 1 in Gin
// Rummy, seats 0 and 2 then 1 and 3 in Shengji) and B in the others, and
// begin with the same deal line.
func TestMirroredDealsAreTheSame(t *testing.T) {
	for _, cfg := range []Config{
		gin(t, Config{A: "simple", B: "random", Games: 2, Seed: 3}),
		shengji(t, Config{A: "greedy", B: "random", Games: 2, Seed: 3}),
	} {
		name := cfg.Game.About().Name
		t.Run(name, func(t *testing.T) {
			cfg.SaveDir = t.TempDir()
			if _, err := Run(context.Background(), cfg); err != nil {
				t.Fatal(err)
			}
			var deals [2][]string
			for i := range 2 {
				deals[i] = dealLines(t, filepath.Join(cfg.SaveDir, fmt.Sprintf("game-%06d.jsonl", i)), cfg, i)
			}
			if len(deals[0]) == 0 || len(deals[1]) == 0 || deals[0][0] != deals[1][0] {
				t.Fatalf("the mirrored game was dealt differently: %.200q and %.200q", deals[0], deals[1])
			}
		})
	}
}

// dealLines returns the deal lines of game i's saved log, checking its
// header seats A where ASeats says.
func dealLines(t *testing.T, path string, cfg Config, i int) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var deals []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var l struct {
			Type  string          `json:"type"`
			Deal  json.RawMessage `json:"deal"`
			Seats []struct {
				Name string `json:"name"`
			} `json:"seats"`
		}
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatal(err)
		}
		switch l.Type {
		case "header":
			n := cfg.Game.About().Seats[0]
			a := ASeats(i, n)
			if len(l.Seats) != n {
				t.Fatalf("game %d: seats %+v", i, l.Seats)
			}
			for s, seat := range l.Seats {
				if want := map[bool]string{true: cfg.A, false: cfg.B}[a.Has(table.Seat(s))]; seat.Name != want {
					t.Fatalf("game %d: seats %+v, A should play %v", i, l.Seats, a)
				}
			}
		case "deal":
			deals = append(deals, string(l.Deal))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return deals
}

// TestForfeitIsRecorded: a program that exits at once forfeits every game
// for A, each a loss with its reason (the program exited: its exit status,
// or the start line it could not be sent), and the summary counts them.
func TestForfeitIsRecorded(t *testing.T) {
	testenv.AcquireProcs(t, 1)
	cfg := gin(t, Config{A: "exec:exit 3", B: "simple", Games: 2, Seed: 1, Parallel: 1, Timeout: testenv.Timeout(5 * time.Second)})
	rs, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		if !r.Forfeit || !r.ForfeitA || r.AWon || !strings.Contains(r.Reason, "program exited") {
			t.Errorf("game %d: %+v", r.Index, r)
		}
	}
	s := Summarize(cfg.Game, cfg.A, cfg.B, rs)
	if s.Forfeits != 2 || s.AForfeits != 2 || s.AWins != 0 || s.ScoredGames != 0 || len(s.Reasons) != 2 || !strings.HasPrefix(s.Reasons[1], "game 1: ") {
		t.Fatalf("%+v", s)
	}
}

// TestUnknownPlayerIsAnError: a player that is no level of the game (nor
// exec:COMMAND) is refused before any game is played, by Run and by
// PlayGame, with an error that is games.ErrUnknownLevel and names the
// player and its side; another game's level is no level of this one; a
// game's match levels are players.
func TestUnknownPlayerIsAnError(t *testing.T) {
	for _, c := range []struct {
		cfg  Config
		side string
	}{
		{gin(t, Config{A: "grandmaster", B: "simple", Games: 2}), "A"},
		{gin(t, Config{A: "simple", B: "grandmaster", Games: 2}), "B"},
		{gin(t, Config{A: "greedy", B: "simple", Games: 2}), "A"},
		{shengji(t, Config{A: "random", B: "normal", Games: 2}), "B"},
		{gin(t, Config{A: "Simple", B: "simple", Games: 2}), "A"},
	} {
		recs, err := Run(context.Background(), c.cfg)
		if !errors.Is(err, games.ErrUnknownLevel) || recs != nil || !strings.Contains(err.Error(), "player "+c.side) {
			t.Errorf("%s against %s: %d games, error %v; want games.ErrUnknownLevel for %s before any game", c.cfg.A, c.cfg.B, len(recs), err, c.side)
		}
		if r := PlayGame(context.Background(), c.cfg, 1); !errors.Is(r.Err, games.ErrUnknownLevel) || r.Hands != nil {
			t.Errorf("%s against %s, one game: %+v", c.cfg.A, c.cfg.B, r)
		}
	}
	// A match level is not offered to people, but a match seats it.
	if _, err := Run(context.Background(), gin(t, Config{A: "gin-hunter", B: "random", Games: 2})); err != nil {
		t.Errorf("gin-hunter: %v", err)
	}
}

// TestRefusesNonsenseConfig: a match of no game, of no games or too many,
// with fewer than no games at once, or with a player exec: naming no
// program is refused with an error and nothing played, by Run and by
// PlayGame.
func TestRefusesNonsenseConfig(t *testing.T) {
	for _, c := range []struct {
		why string
		cfg Config
		is  error
	}{
		{"no game", Config{A: "random", B: "random", Games: 2}, games.ErrUnknownGame},
		{"no games", gin(t, Config{A: "random", B: "random", Games: 0}), nil},
		{"negative games", gin(t, Config{A: "random", B: "random", Games: -2}), nil},
		{"too many games", gin(t, Config{A: "random", B: "random", Games: MaxGames + 1}), nil},
		{"negative parallel", gin(t, Config{A: "random", B: "random", Games: 2, Parallel: -1}), nil},
		{"exec: with no program", gin(t, Config{A: "exec:", B: "random", Games: 2}), nil},
		{"exec: with spaces", gin(t, Config{A: "random", B: "exec:  ", Games: 2}), nil},
	} {
		rs, err := Run(context.Background(), c.cfg)
		if err == nil || rs != nil || c.is != nil && !errors.Is(err, c.is) {
			t.Errorf("%s: %d games played, error %v", c.why, len(rs), err)
		}
		if r := PlayGame(context.Background(), c.cfg, 0); r.Err == nil || r.Hands != nil {
			t.Errorf("%s, one game: %+v", c.why, r)
		}
	}
}

// TestParallelBeyondGames: asking for far more workers than games plays
// the games (the workers are bounded by the games).
func TestParallelBeyondGames(t *testing.T) {
	rs, err := Run(context.Background(), gin(t, Config{A: "random", B: "simple", Games: 2, Parallel: 1 << 30}))
	if err != nil || len(rs) != 2 || rs[0].Hands == nil || rs[1].Hands == nil {
		t.Fatalf("%d games, %v", len(rs), err)
	}
}

// TestMaxHands: a game still going after MaxHands hands is an error
// (games.ErrTooLong) that the match returns, naming the game.
func TestMaxHands(t *testing.T) {
	cfg := shengji(t, Config{A: "random", B: "random", Games: 2, Seed: 1, MaxHands: 1})
	rs, err := Run(context.Background(), cfg)
	if !errors.Is(err, games.ErrTooLong) || !strings.Contains(err.Error(), "game 0: ") || len(rs) != 2 || !errors.Is(rs[1].Err, games.ErrTooLong) {
		t.Fatalf("one hand at most: %d records, %v", len(rs), err)
	}
}
