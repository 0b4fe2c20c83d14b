package arena

import (
	"context"
	"encoding/json"
	gingame "felt/games/gin"
	"fmt"
	"math"
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

// TestGinTableMatchesAgentPlay: Gin Rummy through the table driver gives
// the figures of the agent driver: the same strength of play, measured on
// different deals (the table draws each hand's deck from its seed and the
// hand's number), so the win rates agree within their intervals.
func TestGinTableMatchesAgentPlay(t *testing.T) {
	games := 400
	if testing.Short() {
		games = 100
	}
	cfg := Config{A: "normal", B: "simple", Rules: gin.EAAI(), Games: games, Seed: 9, Parallel: 2, Timeout: 1e10}
	table, err := RunGinTable(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	agent, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	st, sa := Summarize(cfg.A, cfg.B, table), Summarize(cfg.A, cfg.B, agent)
	if st.Games != games || st.Hands == 0 || st.AHandsWon+st.BHandsWon+int(math.Round(st.DrawRate*float64(st.Hands))) != st.Hands {
		t.Fatalf("table: %+v", st)
	}
	if st.CI95High < sa.CI95Low || sa.CI95High < st.CI95Low {
		t.Fatalf("win rates disagree: table %.3f [%.3f, %.3f], agent %.3f [%.3f, %.3f]",
			st.AWinRate, st.CI95Low, st.CI95High, sa.AWinRate, sa.CI95Low, sa.CI95High)
	}
	t.Logf("table %.3f [%.3f, %.3f] %.1f hands, agent %.3f [%.3f, %.3f]", st.AWinRate, st.CI95Low, st.CI95High, float64(st.Hands)/float64(games),
		sa.AWinRate, sa.CI95Low, sa.CI95High)
	again := PlayGinTable(context.Background(), cfg, 5)
	again.DecisionA, again.DecisionB, table[5].DecisionA, table[5].DecisionB = nil, nil, nil, nil
	if again.AWon != table[5].AWon || again.AScore != table[5].AScore || len(again.Hands) != len(table[5].Hands) {
		t.Fatal("game 5 played again differs")
	}
}

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

// TestGinTableProtocol1: a program speaking protocol version 1
// (examples/ginbot.py) plays on the table driver with Config.Protocol 1:
// one process a game, hearing start, then each hand's hand_start before
// its decisions and its hand_end, the game_end, and quit; one that fails
// forfeits the game, with the reason.
func TestGinTableProtocol1(t *testing.T) {
	testenv.AcquireProcs(t, 1)
	needPython(t)
	dir := t.TempDir()
	heard := filepath.Join(dir, "heard")
	cfg := Config{A: "exec:tee -a " + heard + " | python3 ../examples/ginbot.py", B: "simple", Rules: gin.EAAI(), Games: 2, Seed: 5,
		Parallel: 1, Protocol: 1, Timeout: testenv.Timeout(20 * time.Second)}
	recs, err := RunGinTable(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	hands := 0
	for _, r := range recs {
		if r.Forfeit || len(r.Hands) == 0 || len(r.DecisionA) == 0 {
			t.Fatalf("game %d: %+v", r.Index, r)
		}
		hands += len(r.Hands)
	}
	b, err := os.ReadFile(heard)
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	started := map[int]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var m struct {
			Type     string `json:"type"`
			Protocol int    `json:"protocol"`
			Hand     int    `json:"hand"`
		}
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		types = append(types, m.Type)
		switch m.Type {
		case "start":
			if m.Protocol != 1 {
				t.Fatalf("start line %q", line)
			}
			clear(started)
		case "hand_start":
			started[m.Hand] = true
		case "hand_end":
			if !started[m.Hand] {
				t.Fatalf("hand_end of hand %d before its hand_start", m.Hand)
			}
		}
	}
	all := strings.Join(types, " ")
	if n := strings.Count(all, "start ") - strings.Count(all, "hand_start "); n != 2 {
		t.Errorf("%d start lines for 2 games, want a process a game", n)
	}
	if strings.Count(all, "hand_end") != hands || strings.Count(all, "game_end") != 2 || strings.Count(all, "quit") != 2 {
		t.Errorf("heard %d hand_end for %d hands, %d game_end, %d quit: %s", strings.Count(all, "hand_end"), hands,
			strings.Count(all, "game_end"), strings.Count(all, "quit"), all)
	}

	// At a table whose defender lays out, a version 1 program lays out the
	// engine's choice.
	laysOut := cfg
	laysOut.A, laysOut.DefenderLaysOut = "exec:python3 ../examples/ginbot.py", true
	recs, err = RunGinTable(context.Background(), laysOut)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if r.Forfeit || len(r.Hands) == 0 {
			t.Fatalf("defender lays out, game %d: %+v", r.Index, r)
		}
	}

	bad := cfg
	bad.A = "exec:exit 3"
	recs, err = RunGinTable(context.Background(), bad)
	if err != nil {
		t.Fatal(err)
	}
	s := Summarize(bad.A, bad.B, recs)
	if s.Forfeits != 2 || s.AForfeits != 2 || s.BWins != 2 || !strings.Contains(s.Reasons[0], "exit") {
		t.Fatalf("%+v", s)
	}
}
