package arena

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"felt/internal/testenv"
	"felt/shengji"
)

func TestShengjiMatch(t *testing.T) {
	cfg := ShengjiConfig{A: "random", B: "random", Rules: shengji.Standard(), Games: 6, Seed: 3, Parallel: 2}
	recs, err := RunShengji(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 6 {
		t.Fatalf("%d games", len(recs))
	}
	for i, r := range recs {
		if r.ATeam != i%2 || len(r.Hands) == 0 || (r.AWon && r.ALevel != 14) || (!r.AWon && r.BLevel != 14) {
			t.Fatalf("game %d: %+v", i, r)
		}
	}
	s := SummarizeShengji("random", "random", recs)
	if s.Games != 6 || s.Pairs != 3 || s.AWins+s.BWins != 6 || s.AHandsWon+s.BHandsWon != s.Hands || s.CI95Low > s.AWinRate || s.CI95High < s.AWinRate {
		t.Fatalf("%+v", s)
	}
	b, _ := json.Marshal(s)
	var keys map[string]any
	_ = json.Unmarshal(b, &keys)
	for _, k := range []string{"a_wins", "b_wins", "a_win_rate", "ci95_low", "ci95_high", "hands", "a_hands_won", "b_hands_won",
		"a_levels_per_hand", "bank_kept_rate", "a_decision_ms_median", "forfeits"} {
		if _, ok := keys[k]; !ok {
			t.Errorf("no %q in %s", k, b)
		}
	}
	// Reproducible from the seed and the game's number.
	again := PlayShengjiGame(context.Background(), cfg, 3)
	again.DecisionA, again.DecisionB, recs[3].DecisionA, recs[3].DecisionB = nil, nil, nil, nil
	if !reflect.DeepEqual(again, recs[3]) {
		t.Fatal("game 3 played again differs")
	}
}

// TestShengjiMirrored: the two games of a pair are dealt the same first
// deck, A's team sitting at seats 0 and 2 in the first and 1 and 3 in the
// second.
func TestShengjiMirrored(t *testing.T) {
	if DealSeed(7, 4) != DealSeed(7, 5) || DealSeed(7, 5) == DealSeed(7, 6) {
		t.Fatal("pairs do not share their deals")
	}
}

// TestShengjiMatchPrograms: outside programs play a team's seats; one that
// fails forfeits the game for its team, with the reason.
func TestShengjiMatchPrograms(t *testing.T) {
	testenv.AcquireProcs(t, 2)
	if _, err := exec.LookPath("python3"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("no python3 (CI installs it)")
		}
		t.Skip("no python3")
	}
	cfg := ShengjiConfig{A: "exec:python3 ../examples/shengji_random.py", B: "random", Rules: shengji.Standard(), Games: 2, Seed: 1,
		Parallel: 1, Timeout: testenv.Timeout(20 * time.Second)}
	recs, err := RunShengji(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if r.Forfeit || len(r.Hands) == 0 || len(r.DecisionA) == 0 {
			t.Fatalf("game %d: %+v", r.Index, r)
		}
	}
	cfg.A = `exec:echo '{"type":"ready"}'; read x; exit 3`
	recs, err = RunShengji(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	s := SummarizeShengji(cfg.A, cfg.B, recs)
	if s.Forfeits != 2 || s.AForfeits != 2 || s.BWins != 2 || len(s.Reasons) != 2 || !strings.Contains(s.Reasons[0], "exited") {
		t.Fatalf("%+v", s)
	}
}

// TestSummarizeShengji_BankAnd80: how often each team held the bank and
// how often the attackers reached 80, counted hand by hand from A's side
// whichever seats A's team sat in.
func TestSummarizeShengji_BankAnd80(t *testing.T) {
	recs := []ShengjiGame{
		{Index: 0, ATeam: 0, AWon: true, Hands: []ShengjiHand{
			{ABanker: true, BankersKeep: true, AttackerPoints: 40, LevelsUp: 1, AUp: true},
			{ABanker: true, BankersKeep: false, AttackerPoints: 80},
			{ABanker: false, BankersKeep: false, AttackerPoints: 125, LevelsUp: 1, AUp: true},
		}},
		{Index: 1, ATeam: 1, Hands: []ShengjiHand{
			{ABanker: false, BankersKeep: true, AttackerPoints: 75},
		}},
	}
	s := SummarizeShengji("x", "y", recs)
	if s.Hands != 4 || s.ABankRate != 0.5 || s.BBankRate != 0.5 || s.Attackers80 != 0.5 {
		t.Errorf("4 hands, A banking 2, attackers at 80 in 2: got hands %d, bank A %v B %v, attackers 80 %v",
			s.Hands, s.ABankRate, s.BBankRate, s.Attackers80)
	}
	var b strings.Builder
	s.Print(&b)
	if !strings.Contains(b.String(), "bank held: A 50.0%, B 50.0% of hands; attackers reached 80 in 50.0% of hands") {
		t.Errorf("report does not give the bank and 80 shares:\n%s", b.String())
	}
}

// TestShengjiRoundRobin: the cross table and the ratings come from the
// Shengji matches' wins, the stronger player rated higher.
func TestShengjiRoundRobin(t *testing.T) {
	players := []string{"random", "greedy", "hard"}
	rr := NewShengjiRoundRobin(players, []ShengjiSummary{
		{A: "random", B: "greedy", Games: 10, AWins: 1, BWins: 9},
		{A: "random", B: "hard", Games: 10, AWins: 0, BWins: 10},
		{A: "greedy", B: "hard", Games: 10, AWins: 3, BWins: 7},
	})
	if rr.Games[0][1] != 10 || rr.Games[2][1] != 10 || rr.WinRate[1][0] != 0.9 || rr.WinRate[2][1] != 0.7 {
		t.Errorf("cross table %+v", rr)
	}
	if !(rr.Elo[0] < rr.Elo[1] && rr.Elo[1] < rr.Elo[2]) {
		t.Errorf("Elo %v, want random < greedy < hard", rr.Elo)
	}
}

// TestShengjiSessions: a worker keeps its outside programs from game to
// game: four games on one worker start A's two programs once.
func TestShengjiSessions(t *testing.T) {
	testenv.AcquireProcs(t, 2)
	if _, err := exec.LookPath("python3"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("no python3 (CI installs it)")
		}
		t.Skip("no python3")
	}
	starts := filepath.Join(t.TempDir(), "starts")
	cfg := ShengjiConfig{A: "exec:echo started >> " + starts + "; exec python3 ../examples/shengji_random.py", B: "random",
		Rules: shengji.Standard(), Games: 4, Seed: 2, Parallel: 1, Timeout: testenv.Timeout(20 * time.Second)}
	recs, err := RunShengji(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if r.Forfeit {
			t.Fatalf("game %d: %s", r.Index, r.Reason)
		}
	}
	b, err := os.ReadFile(starts)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), "started"); n != 2 {
		t.Fatalf("%d programs started for 4 games, want 2 (one per seat of A's, kept)", n)
	}
}
