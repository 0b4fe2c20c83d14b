package arena

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"felt/gin"
	"felt/internal/testenv"
)

func TestRun_DeterministicAndMirrored(t *testing.T) {
	cfg := Config{A: "normal", B: "simple", Rules: gin.EAAI(), Games: 20, Seed: 7, Parallel: 1}
	one, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Parallel = 3
	three, err := Run(context.Background(), cfg)
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
	// Game 5 alone is game 5 of the match.
	g5 := PlayGame(context.Background(), Config{A: "normal", B: "simple", Rules: gin.EAAI(), Seed: 7}, 5)
	if !reflect.DeepEqual(strip([]GameRecord{g5})[0], strip(one)[5]) {
		t.Fatal("a single game differs from the same game in the match")
	}
	// An odd count is rounded up to whole pairs.
	cfg.Games = 3
	rs, _ := Run(context.Background(), cfg)
	if len(rs) != 4 {
		t.Fatalf("%d games", len(rs))
	}
}

func TestRun_MirroredDealsAreTheSame(t *testing.T) {
	dir := t.TempDir()
	cfg := Config{A: "simple", B: "random", Rules: gin.EAAI(), Games: 2, Seed: 3, SaveDir: dir}
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	var decks [2][]string
	for i := 0; i < 2; i++ {
		f, err := os.Open(filepath.Join(dir, "game-00000"+string(rune('0'+i))+".jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		rp, err := gin.ReadLog(f)
		f.Close()
		if err != nil || !rp.Complete() {
			t.Fatalf("saved game %d does not verify: %v", i, err)
		}
		for _, r := range rp.Records {
			if r.Type == "deal" && r.Hand == 1 {
				for _, c := range r.Deck {
					decks[i] = append(decks[i], c.String())
				}
			}
		}
		if rp.Players[i] != "simple" {
			t.Fatalf("game %d: players %v, A should sit in seat %d", i, rp.Players, i)
		}
	}
	if !reflect.DeepEqual(decks[0], decks[1]) {
		t.Fatal("the mirrored game was dealt differently")
	}
}

func TestRun_ForfeitIsRecorded(t *testing.T) {
	testenv.AcquireProcs(t, 2) // up to two games, each with a program, at once
	cfg := Config{A: "exec:exit 3", B: "simple", Rules: gin.EAAI(), Games: 2, Seed: 1, Timeout: 500e6}
	rs, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	s := Summarize(cfg.A, cfg.B, rs)
	if s.Forfeits != 2 || s.AForfeits != 2 || s.AWins != 0 || len(s.Reasons) == 0 {
		t.Fatalf("%+v", s)
	}
}

func TestRun_UnknownPlayerIsAnError(t *testing.T) {
	if _, err := Run(context.Background(), Config{A: "grandmaster", B: "simple", Rules: gin.EAAI(), Games: 2}); err == nil {
		t.Fatal("unknown player accepted")
	}
}

func TestRun_RefusesNonsenseConfig(t *testing.T) {
	for _, cfg := range []Config{
		{A: "random", B: "random", Rules: gin.EAAI(), Games: 0},
		{A: "random", B: "random", Rules: gin.EAAI(), Games: -2},
		{A: "random", B: "random", Rules: gin.EAAI(), Games: MaxGames + 1},
		{A: "random", B: "random", Rules: gin.EAAI(), Games: 2, Parallel: -1},
	} {
		if rs, err := Run(context.Background(), cfg); err == nil {
			t.Errorf("%d games, %d at once: no error (%d games played)", cfg.Games, cfg.Parallel, len(rs))
		}
	}
}

// TestRun_ParallelBeyondGames: asking for far more workers than games
// plays the games (the workers are bounded by the games).
func TestRun_ParallelBeyondGames(t *testing.T) {
	rs, err := Run(context.Background(), Config{A: "random", B: "simple", Rules: gin.EAAI(), Games: 2, Parallel: 1 << 30})
	if err != nil || len(rs) != 2 {
		t.Fatalf("%d games, %v", len(rs), err)
	}
}
