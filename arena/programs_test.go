package arena

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"felt/games"
	"felt/internal/testenv"
	"felt/program"
	"felt/table"
)

// startLine is a program's start line, as a program reads it.
type startLine struct {
	Type     string          `json:"type"`
	Protocol int             `json:"protocol"`
	Game     string          `json:"game"`
	Seat     int             `json:"seat"`
	Seed     uint64          `json:"seed"`
	Rules    json.RawMessage `json:"rules"`
}

// starts returns the start lines among the lines a program was sent (a
// copy of its input), failing the test on a line that is not JSON.
func starts(t *testing.T, heard string) []startLine {
	t.Helper()
	b, err := os.ReadFile(heard)
	if err != nil {
		t.Fatal(err)
	}
	var out []startLine
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var st startLine
		if err := json.Unmarshal([]byte(line), &st); err != nil {
			t.Fatalf("%.200q: %v", line, err)
		}
		if st.Type == "start" {
			out = append(out, st)
		}
	}
	return out
}

// checkLog replays game r's saved table log (games.Verify) and fails the
// test unless it ends as the record says: over, A's and B's scores, the
// winner.
func checkLog(t *testing.T, dir string, r GameRecord) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("game-%06d.jsonl", r.Index)))
	if err != nil {
		t.Fatal(err)
	}
	v, err := games.Verify(strings.NewReader(string(b)))
	if err != nil {
		t.Fatalf("game %d's log: %v", r.Index, err)
	}
	a, _ := r.ASeats.First(0)
	bs, _ := (table.AllSeats(len(v.Header.Seats)) &^ r.ASeats).First(0)
	o := v.Outcome
	if !o.Over || v.Torn != 0 || float64(o.Scores[a]) != r.AScore || float64(o.Scores[bs]) != r.BScore || o.Winners.Has(a) != r.AWon || o.Winners != r.Winners {
		t.Fatalf("game %d: the log replays to %+v, the match %+v", r.Index, o, r)
	}
	return b
}

// TestGinPrograms: an outside program speaking protocol version 2
// (examples/gin_random_v2.py) plays a Gin Rummy match as A, one process
// for the session of games; each game's table log is saved and replays to
// the game's result; game 3 played alone is game 3 of the match (the
// program's seed is in its start line); a program that answers nonsense
// forfeits every game for B, saying why.
func TestGinPrograms(t *testing.T) {
	testenv.AcquireProcs(t, 1)
	needPython(t)
	dir := t.TempDir()
	started := filepath.Join(t.TempDir(), "started")
	cfg := gin(t, Config{A: "exec:echo started >> " + started + "; exec python3 ../examples/gin_random_v2.py", B: "simple",
		Games: 4, Seed: 3, Parallel: 1, SaveDir: dir, Timeout: testenv.Timeout(20 * time.Second)})
	recs, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(started); strings.Count(string(b), "started") != 1 {
		t.Errorf("the program was started %d times for 4 games, want once", strings.Count(string(b), "started"))
	}
	for _, r := range recs {
		if r.Forfeit || len(r.Hands) == 0 || len(r.DecisionA) == 0 {
			t.Fatalf("game %d: %+v", r.Index, r)
		}
		checkLog(t, dir, r)
	}
	one := cfg
	one.SaveDir = ""
	again := PlayGame(context.Background(), one, 3)
	if again.Err != nil || again.AWon != recs[3].AWon || again.AScore != recs[3].AScore || again.BScore != recs[3].BScore || len(again.Hands) != len(recs[3].Hands) {
		t.Fatalf("game 3 alone: %+v, in the match: %+v", again, recs[3])
	}

	bad := gin(t, Config{A: "simple", B: "exec:echo nonsense; sleep 5", Games: 2, Seed: 3, Parallel: 1, Timeout: testenv.Timeout(20 * time.Second)})
	recs, err = Run(context.Background(), bad)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if !r.Forfeit || r.ForfeitA || !r.AWon || !strings.Contains(r.Reason, "ready") || !strings.Contains(r.Reason, "nonsense") {
			t.Fatalf("game %d: %+v", r.Index, r)
		}
	}
}

// TestGinDefenderLaysOut: at a table whose defender lays out its own melds
// (games/gin's LayOutOption beside the rules), an outside program
// (examples/gin_random_v2.py, laying off card by card with lay_off moves,
// then answering lay_out from its legal moves) and a built-in level play
// whole games in one session; the saved logs hold the lay-offs and the
// layouts and replay; each game's start line gives the program its game,
// its seat, the option, and the seed its seat's player is given
// (program.StartSeed of the game's SeatSeed), from which the match seed
// cannot be recovered.
func TestGinDefenderLaysOut(t *testing.T) {
	testenv.AcquireProcs(t, 1)
	needPython(t)
	dir := t.TempDir()
	heard := filepath.Join(t.TempDir(), "heard")
	cfg := gin(t, Config{A: "exec:tee -a " + heard + " | python3 ../examples/gin_random_v2.py", B: "simple", Games: 6, Seed: 4,
		Parallel: 1, SaveDir: dir, Timeout: testenv.Timeout(20 * time.Second)})
	cfg.Options = withOption(t, cfg.Options, "defender_lays_out", true)
	recs, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	layouts, layoffs := 0, 0
	for _, r := range recs {
		if r.Forfeit || len(r.Hands) == 0 {
			t.Fatalf("game %d: %+v", r.Index, r)
		}
		b := checkLog(t, dir, r)
		layouts += strings.Count(string(b), `"kind":"lay_out"`)
		layoffs += strings.Count(string(b), `"kind":"lay_off"`)
	}
	if layouts == 0 || layoffs == 0 {
		t.Fatalf("%d layouts and %d lay-offs in the logs", layouts, layoffs)
	}
	sts := starts(t, heard)
	if len(sts) != len(recs) {
		t.Fatalf("%d start lines for %d games", len(sts), len(recs))
	}
	for i, st := range sts {
		a, _ := ASeats(i, 2).First(0)
		want := program.StartSeed(cfg.Game.SeatSeed(cfg.Seed, i, a, 0))
		var rules struct {
			LaysOut bool `json:"defender_lays_out"`
		}
		_ = json.Unmarshal(st.Rules, &rules)
		if st.Protocol != program.Protocol || st.Game != "gin" || st.Seat != int(a) || st.Seed != want || !rules.LaysOut {
			t.Errorf("game %d's start: %+v, want seat %d and seed %d", i, st, a, want)
		}
		// The seed is a one-way function of the player's (which Mix
		// makes, and which can be undone): see TestProgramSeedRevealsNoDeal.
		for _, m := range recoverMatch(st.Seed, uint64(i), 2, 0) {
			if m == cfg.Seed {
				t.Errorf("game %d's start line gives away the match seed", i)
			}
		}
	}
}

// TestGinbot: examples/ginbot.py, protocol version 2, plays whole games
// against simple in one session (one process, a start line a game, each
// answered ready), its moves always legal (no forfeit); at a table whose
// defender lays out, it lays out the melds Felt offers.
func TestGinbot(t *testing.T) {
	testenv.AcquireProcs(t, 1)
	needPython(t)
	heard := filepath.Join(t.TempDir(), "heard")
	base := gin(t, Config{A: "exec:tee -a " + heard + " | python3 ../examples/ginbot.py", B: "simple", Games: 4, Seed: 5,
		Parallel: 1, Timeout: testenv.Timeout(20 * time.Second)})
	for _, laysOut := range []bool{false, true} {
		os.Remove(heard)
		cfg := base
		cfg.Options = withOption(t, cfg.Options, "defender_lays_out", laysOut)
		recs, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			if r.Forfeit || len(r.Hands) == 0 || len(r.DecisionA) == 0 {
				t.Fatalf("defender lays out %v, game %d: %+v", laysOut, r.Index, r)
			}
		}
		sts := starts(t, heard)
		for _, st := range sts {
			if st.Protocol != program.Protocol {
				t.Fatalf("start line %+v", st)
			}
		}
		if len(sts) != len(recs) {
			t.Errorf("defender lays out %v: %d start lines for %d games in one process", laysOut, len(sts), len(recs))
		}
	}
}
