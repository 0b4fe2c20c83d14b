package arena

import (
	"context"
	"encoding/json"
	gingame "felt/games/gin"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"felt/gin"
	"felt/internal/testenv"
	"felt/program"
	"felt/table"
)

func needPython(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("no python3 (CI installs it)")
		}
		t.Skip("no python3")
	}
}

// TestGinTablePrograms: an outside program speaking protocol version 2
// (examples/gin_random_v2.py) plays Gin Rummy through the table driver, a
// session of games in one process; each game's table log is saved and
// replays to the game's result; game N played alone is game N of the
// match (the program's seed is in its start line); a program that fails
// forfeits the game, with the reason.
func TestGinTablePrograms(t *testing.T) {
	testenv.AcquireProcs(t, 1)
	needPython(t)
	dir := t.TempDir()
	starts := filepath.Join(t.TempDir(), "starts")
	cfg := Config{A: "exec:echo started >> " + starts + "; exec python3 ../examples/gin_random_v2.py", B: "simple", Rules: gin.EAAI(),
		Games: 4, Seed: 3, Parallel: 1, SaveDir: dir, Timeout: testenv.Timeout(20 * time.Second)}
	recs, err := RunGinTable(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(starts); strings.Count(string(b), "started") != 1 {
		t.Errorf("the program was started %d times for 4 games, want once", strings.Count(string(b), "started"))
	}
	for _, r := range recs {
		if r.Forfeit || len(r.Hands) == 0 || len(r.DecisionA) == 0 {
			t.Fatalf("game %d: %+v", r.Index, r)
		}
		f, err := os.Open(filepath.Join(dir, fmt.Sprintf("game-%06d.jsonl", r.Index)))
		if err != nil {
			t.Fatal(err)
		}
		rec, err := table.Recover(f, gingame.Spec)
		f.Close()
		if err != nil {
			t.Fatalf("game %d's log: %v", r.Index, err)
		}
		o := rec.Engine.Outcome()
		a := int(r.ASeat)
		if !o.Over || rec.Torn != 0 || o.Scores[a] != r.AScore || o.Scores[1-a] != r.BScore || (o.Winner == a) != r.AWon {
			t.Fatalf("game %d: log gives %+v, the match %+v", r.Index, o, r)
		}
	}
	one := cfg
	one.SaveDir = ""
	again := PlayGinTable(context.Background(), one, 3)
	if again.Err != nil || again.AWon != recs[3].AWon || again.AScore != recs[3].AScore || len(again.Hands) != len(recs[3].Hands) {
		t.Fatalf("game 3 alone: %+v, in the match: %+v", again, recs[3])
	}

	bad := Config{A: "simple", B: "exec:echo nonsense; sleep 5", Rules: gin.EAAI(), Games: 2, Seed: 3, Parallel: 1,
		Timeout: testenv.Timeout(20 * time.Second)}
	recs, err = RunGinTable(context.Background(), bad)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if !r.Forfeit || r.ForfeitA || !r.AWon || !strings.Contains(r.Reason, "ready") && !strings.Contains(r.Reason, "answer") {
			t.Fatalf("game %d: %+v", r.Index, r)
		}
	}
}

// TestGinTableDefenderLaysOut: with the defender laying out its own melds,
// an outside program (examples/gin_random_v2.py, laying off card by card
// with lay_off moves, then answering lay_out from its legal moves) and a
// built-in level play whole games in one session; the saved logs hold the
// lay-offs and the layouts and replay; each game's start line carries the
// program's seed for that game and seat.
func TestGinTableDefenderLaysOut(t *testing.T) {
	testenv.AcquireProcs(t, 1)
	needPython(t)
	dir := t.TempDir()
	heard := filepath.Join(t.TempDir(), "heard")
	cfg := Config{A: "exec:tee -a " + heard + " | python3 ../examples/gin_random_v2.py", B: "simple", Rules: gin.EAAI(), Games: 6, Seed: 4,
		Parallel: 1, SaveDir: dir, DefenderLaysOut: true, Timeout: testenv.Timeout(20 * time.Second)}
	recs, err := RunGinTable(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	layouts, layoffs := 0, 0
	for _, r := range recs {
		if r.Forfeit || len(r.Hands) == 0 {
			t.Fatalf("game %d: %+v", r.Index, r)
		}
		path := filepath.Join(dir, fmt.Sprintf("game-%06d.jsonl", r.Index))
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		layouts += strings.Count(string(b), `"kind":"lay_out"`)
		layoffs += strings.Count(string(b), `"kind":"lay_off"`)
		rec, err := table.Recover(strings.NewReader(string(b)), gingame.Spec)
		if err != nil {
			t.Fatalf("game %d's log: %v", r.Index, err)
		}
		if o := rec.Engine.Outcome(); !o.Over || o.Scores[r.ASeat] != r.AScore {
			t.Fatalf("game %d: the log replays to %+v, the match %+v", r.Index, o, r)
		}
	}
	if layouts == 0 || layoffs == 0 {
		t.Fatalf("%d layouts and %d lay-offs in the logs", layouts, layoffs)
	}
	b, err := os.ReadFile(heard)
	if err != nil {
		t.Fatal(err)
	}
	type start struct {
		Protocol int    `json:"protocol"`
		Game     string `json:"game"`
		Seat     int    `json:"seat"`
		Seed     uint64 `json:"seed"`
		Rules    struct {
			LaysOut bool `json:"defender_lays_out"`
		} `json:"rules"`
	}
	var starts []start
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if strings.Contains(line, `"type":"start"`) {
			var st start
			if err := json.Unmarshal([]byte(line), &st); err != nil {
				t.Fatal(err)
			}
			starts = append(starts, st)
		}
	}
	if len(starts) != len(recs) {
		t.Fatalf("%d start lines for %d games", len(starts), len(recs))
	}
	for i, st := range starts {
		// The program's seed is a one-way function of the player's seed
		// (program.StartSeed): it gives away neither the match's seed nor
		// its deals (TestProgramSeedRevealsNoDeal).
		want := program.StartSeed(PlayerSeed(cfg.Seed, i, 0))
		if st.Protocol != 2 || st.Game != "gin" || st.Seat != int(ASeat(i)) || st.Seed != want || !st.Rules.LaysOut {
			t.Errorf("game %d's start: %+v, want seat %d and seed %d", i, st, ASeat(i), want)
		}
		for _, m := range recoverMatch(st.Seed, uint64(i), 2, 0) {
			if m == cfg.Seed {
				t.Errorf("game %d's start line gives away the match seed", i)
			}
		}
	}
}

// TestGinTableGinbot: examples/ginbot.py, protocol version 2, plays
// whole games against simple in one session (one process, a start line a
// game, each answered ready), its moves always legal; at a table whose
// defender lays out, it lays out the melds Felt offers.
func TestGinTableGinbot(t *testing.T) {
	testenv.AcquireProcs(t, 1)
	needPython(t)
	heard := filepath.Join(t.TempDir(), "heard")
	cfg := Config{A: "exec:tee -a " + heard + " | python3 ../examples/ginbot.py", B: "simple", Rules: gin.EAAI(), Games: 4, Seed: 5,
		Parallel: 1, Timeout: testenv.Timeout(20 * time.Second)}
	for _, laysOut := range []bool{false, true} {
		os.Remove(heard)
		cfg.DefenderLaysOut = laysOut
		recs, err := RunGinTable(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			if r.Forfeit || len(r.Hands) == 0 || len(r.DecisionA) == 0 {
				t.Fatalf("defender lays out %v, game %d: %+v", laysOut, r.Index, r)
			}
		}
		b, err := os.ReadFile(heard)
		if err != nil {
			t.Fatal(err)
		}
		starts := 0
		for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			var m struct {
				Type     string `json:"type"`
				Protocol int    `json:"protocol"`
			}
			if err := json.Unmarshal([]byte(line), &m); err != nil {
				t.Fatalf("%q: %v", line, err)
			}
			if m.Type == "start" {
				starts++
				if m.Protocol != program.Protocol {
					t.Fatalf("start line %q", line)
				}
			}
		}
		if starts != len(recs) {
			t.Errorf("defender lays out %v: %d start lines for %d games in one process", laysOut, starts, len(recs))
		}
	}
}
