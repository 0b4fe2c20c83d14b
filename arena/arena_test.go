package arena

import (
	"bufio"
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"felt/gin"
	"felt/internal/testenv"
)

func TestGinTable_DeterministicAndMirrored(t *testing.T) {
	cfg := Config{A: "normal", B: "simple", Rules: gin.EAAI(), Games: 20, Seed: 7, Parallel: 1}
	one, err := RunGinTable(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Parallel = 3
	three, err := RunGinTable(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	strip := func(rs []GameRecord) []GameRecord {
		out := make([]GameRecord, len(rs))
		for i, r := range rs {
			r.DecisionA, r.DecisionB = nil, nil
			out[i] = r
		}
		return out
	}
	if !reflect.DeepEqual(strip(one), strip(three)) {
		t.Fatal("results depend on parallelism")
	}
	for i, r := range one {
		if r.ASeat != gin.Seat(i%2) {
			t.Fatalf("game %d: A in seat %d", i, r.ASeat)
		}
		if DealSeed(7, i) != DealSeed(7, i^1) {
			t.Fatalf("games %d and %d do not share deals", i, i^1)
		}
		if len(r.DecisionA) == 0 || len(r.DecisionB) == 0 {
			t.Fatal("decision times missing")
		}
	}
	s := Summarize(cfg.A, cfg.B, one)
	if s.Games != 20 || s.Hands == 0 || s.AHandsWon+s.BHandsWon+int(math.Round(s.DrawRate*float64(s.Hands))) != s.Hands {
		t.Fatalf("summary: %+v", s)
	}
	// Game 5 alone is game 5 of the match.
	g5 := PlayGinTable(context.Background(), Config{A: "normal", B: "simple", Rules: gin.EAAI(), Seed: 7}, 5)
	if !reflect.DeepEqual(strip([]GameRecord{g5})[0], strip(one)[5]) {
		t.Fatal("a single game differs from the same game in the match")
	}
	// An odd count is rounded up to whole pairs.
	cfg.Games = 3
	rs, _ := RunGinTable(context.Background(), cfg)
	if len(rs) != 4 {
		t.Fatalf("%d games", len(rs))
	}
}

// TestGinTable_MirroredDealsAreTheSame: the saved table logs of a
// mirrored pair have the same deal lines, with A in seat 0 and then 1.
func TestGinTable_MirroredDealsAreTheSame(t *testing.T) {
	dir := t.TempDir()
	cfg := Config{A: "simple", B: "random", Rules: gin.EAAI(), Games: 2, Seed: 3, SaveDir: dir}
	if _, err := RunGinTable(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	var deals [2][]string
	for i := range 2 {
		f, err := os.Open(filepath.Join(dir, "game-00000"+string(rune('0'+i))+".jsonl"))
		if err != nil {
			t.Fatal(err)
		}
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
				if len(l.Seats) != 2 || l.Seats[i].Name != "simple" {
					t.Fatalf("game %d: seats %+v, A should sit in seat %d", i, l.Seats, i)
				}
			case "deal":
				deals[i] = append(deals[i], string(l.Deal))
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	if len(deals[0]) == 0 || deals[0][0] != deals[1][0] {
		t.Fatalf("the mirrored game was dealt differently: %q and %q", deals[0], deals[1])
	}
}

func TestGinTable_ForfeitIsRecorded(t *testing.T) {
	testenv.AcquireProcs(t, 1)
	cfg := Config{A: "exec:exit 3", B: "simple", Rules: gin.EAAI(), Games: 2, Seed: 1, Parallel: 1, Timeout: testenv.Timeout(5e9)}
	rs, err := RunGinTable(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	s := Summarize(cfg.A, cfg.B, rs)
	if s.Forfeits != 2 || s.AForfeits != 2 || s.AWins != 0 || len(s.Reasons) == 0 {
		t.Fatalf("%+v", s)
	}
}

func TestGinTable_UnknownPlayerIsAnError(t *testing.T) {
	if _, err := RunGinTable(context.Background(), Config{A: "grandmaster", B: "simple", Rules: gin.EAAI(), Games: 2}); err == nil {
		t.Fatal("unknown player accepted")
	}
}

func TestGinTable_RefusesNonsenseConfig(t *testing.T) {
	for _, cfg := range []Config{
		{A: "random", B: "random", Rules: gin.EAAI(), Games: 0},
		{A: "random", B: "random", Rules: gin.EAAI(), Games: -2},
		{A: "random", B: "random", Rules: gin.EAAI(), Games: MaxGames + 1},
		{A: "random", B: "random", Rules: gin.EAAI(), Games: 2, Parallel: -1},
	} {
		if rs, err := RunGinTable(context.Background(), cfg); err == nil {
			t.Errorf("%d games, %d at once: no error (%d games played)", cfg.Games, cfg.Parallel, len(rs))
		}
	}
}

// TestGinTable_ParallelBeyondGames: asking for far more workers than games
// plays the games (the workers are bounded by the games).
func TestGinTable_ParallelBeyondGames(t *testing.T) {
	rs, err := RunGinTable(context.Background(), Config{A: "random", B: "simple", Rules: gin.EAAI(), Games: 2, Parallel: 1 << 30})
	if err != nil || len(rs) != 2 {
		t.Fatalf("%d games, %v", len(rs), err)
	}
}
