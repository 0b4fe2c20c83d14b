package arena

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"felt/internal/testenv"
	"felt/program"
	"felt/table"
)

// TestShengjiMatch: a Shengji match through the registry: A's team plays
// seats 0 and 2 in even games and 1 and 3 in odd ones, a game won is won
// at the ace (level 14, the game's score), every hand is counted with its
// moves and won by one team; the summary adds up, its interval holds the
// win rate, and its JSON has the shared keys and Shengji's own figures;
// game 3 played alone is game 3 of the match.
func TestShengjiMatch(t *testing.T) {
	cfg := shengji(t, Config{A: "random", B: "random", Games: 6, Seed: 3, Parallel: 2})
	recs, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 6 {
		t.Fatalf("%d games", len(recs))
	}
	for i, r := range recs {
		if want := map[bool]table.Seats{true: table.SeatsOf(0, 2), false: table.SeatsOf(1, 3)}[i%2 == 0]; r.ASeats != want {
			t.Fatalf("game %d: A in %v, want %v", i, r.ASeats, want)
		}
		if len(r.Hands) == 0 || (r.AWon && r.AScore != 14) || (!r.AWon && r.BScore != 14) {
			t.Fatalf("game %d: %+v", i, r)
		}
	}
	s := Summarize(cfg.Game, cfg.A, cfg.B, recs)
	if s.Game != "shengji" || s.Score != "level" || s.Games != 6 || s.Pairs != 3 || s.AWins+s.BWins != 6 || s.AHandsWon+s.BHandsWon != s.Hands ||
		s.HandMoves == 0 || s.CI95Low > s.AWinRate || s.CI95High < s.AWinRate {
		t.Fatalf("%+v", s)
	}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var keys map[string]any
	if err := json.Unmarshal(b, &keys); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	for _, k := range []string{"game", "a_wins", "b_wins", "a_win_rate", "ci95_low", "ci95_high", "hands", "a_hands_won", "b_hands_won",
		"a_levels_per_hand", "bank_kept_rate", "a_bank_rate", "b_bank_rate", "attackers_80_rate", "a_decision_ms_median", "forfeits"} {
		if _, ok := keys[k]; !ok {
			t.Errorf("no %q in %s", k, b)
		}
	}
	if v, _ := s.Figure("a_bank_rate"); keys["a_bank_rate"] != v {
		t.Errorf("a_bank_rate %v in the JSON, %v in the summary", keys["a_bank_rate"], v)
	}
	again := PlayGame(context.Background(), cfg, 3)
	if !reflect.DeepEqual(strip([]GameRecord{again}), strip(recs[3:4])) {
		t.Fatal("game 3 played again differs")
	}
}

// TestShengjiMatchPrograms: outside programs (examples/shengji_random.py)
// play A's team's seats; a program that fails forfeits the game for its
// team, with the reason.
func TestShengjiMatchPrograms(t *testing.T) {
	testenv.AcquireProcs(t, 2)
	needPython(t)
	cfg := shengji(t, Config{A: "exec:python3 ../examples/shengji_random.py", B: "random", Games: 2, Seed: 1,
		Parallel: 1, Timeout: testenv.Timeout(20 * time.Second)})
	recs, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if r.Forfeit || len(r.Hands) == 0 || len(r.DecisionA) == 0 {
			t.Fatalf("game %d: %+v", r.Index, r)
		}
	}
	cfg.A = `exec:echo '{"type":"ready"}'; read x; exit 3`
	recs, err = Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	s := Summarize(cfg.Game, cfg.A, cfg.B, recs)
	if s.Forfeits != 2 || s.AForfeits != 2 || s.BWins != 2 || len(s.Reasons) != 2 || !strings.Contains(s.Reasons[0], "exited") {
		t.Fatalf("%+v", s)
	}
}

// TestShengjiSessions: a worker keeps its outside programs from game to
// game: four games on one worker start A's two programs once each, and
// each game's start line tells each program its seat (one of A's in that
// game, the two programs A's two) and its seat's player seed
// (program.StartSeed of the game's SeatSeed).
func TestShengjiSessions(t *testing.T) {
	testenv.AcquireProcs(t, 2)
	needPython(t)
	dir := t.TempDir()
	started := filepath.Join(dir, "started")
	cfg := shengji(t, Config{A: "exec:echo started >> " + started + "; tee -a " + dir + "/heard.$$ | python3 ../examples/shengji_random.py",
		B: "random", Games: 4, Seed: 2, Parallel: 1, Timeout: testenv.Timeout(20 * time.Second)})
	recs, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if r.Forfeit {
			t.Fatalf("game %d: %s", r.Index, r.Reason)
		}
	}
	b, err := os.ReadFile(started)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), "started"); n != 2 {
		t.Fatalf("%d programs started for 4 games, want 2 (one per seat of A's, kept)", n)
	}
	heard, _ := filepath.Glob(filepath.Join(dir, "heard.*"))
	if len(heard) != 2 {
		t.Fatalf("%d programs heard, want 2", len(heard))
	}
	seats := make([]table.Seats, len(recs))
	for _, h := range heard {
		sts := starts(t, h)
		if len(sts) != len(recs) {
			t.Fatalf("%s: %d start lines for %d games", h, len(sts), len(recs))
		}
		for i, st := range sts {
			s := table.Seat(st.Seat)
			if !ASeats(i, 4).Has(s) || seats[i].Has(s) {
				t.Errorf("game %d: a program of A's plays seat %d (A plays %v)", i, s, ASeats(i, 4))
			}
			seats[i] = seats[i].Add(s)
			if want := program.StartSeed(cfg.Game.SeatSeed(cfg.Seed, i, s, 0)); st.Protocol != program.Protocol || st.Game != "shengji" || st.Seed != want {
				t.Errorf("game %d, seat %d: start %+v, want seed %d", i, s, st, want)
			}
		}
	}
}
