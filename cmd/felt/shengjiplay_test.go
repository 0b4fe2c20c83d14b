package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"felt/internal/testenv"
)

// TestShengjiAutoplayText: without a terminal, --autoplay prints the game
// trick by trick to its result, and the same seed prints the same game.
func TestShengjiAutoplayText(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir()) // where the table logs go
	a := mustFelt(t, "", "shengji", "--seed", "7", "--autoplay")
	b := mustFelt(t, "", "shengji", "--seed", "7", "--autoplay")
	if a != b {
		t.Fatal("the same seed printed two games")
	}
	for _, want := range []string{"Hand 1: dealer seat 0", "are trumps at level 2; seat ", "trick  1 ", "hand 1 over: kitty", "Game over after"} {
		if !strings.Contains(a, want) {
			t.Errorf("no %q in:\n%.2000s", want, a)
		}
	}
	c := mustFelt(t, "", "shengji", "--seed", "8", "--autoplay", "--start-level", "K", "--rules", "simple")
	if c == a || !strings.Contains(c, "level K") || !strings.Contains(c, "passes") {
		t.Errorf("--start-level K --rules simple not played:\n%.1500s", c)
	}
}

// TestShengjiAutoplayTextAnyTable: --rules seats the preset's players
// (friends-6: six, three packs) and a rules file its own (ten players,
// five packs); the game is printed with the banker's calls and sides, to
// its winners and every seat's level, the same for the same seed.
func TestShengjiAutoplayTextAnyTable(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	a := mustFelt(t, "", "shengji", "--seed", "7", "--autoplay", "--rules", "friends-6")
	if b := mustFelt(t, "", "shengji", "--seed", "7", "--autoplay", "--rules", "friends-6"); a != b {
		t.Fatal("the same seed printed two games")
	}
	for _, want := range []string{"Shengji, 6 greedy players, 3 packs, seed 7", "(seats at 2 2 2 2 2 2)", " calls 1st ", "the banker's side {", "trick  1 ", "hand 1 over: kitty", "levels: seat 0 "} {
		if !strings.Contains(a, want) {
			t.Errorf("no %q in:\n%.3000s", want, a)
		}
	}
	if !regexp.MustCompile(`Game over after \d+ hands: seats [0-5](, [0-5])* won; levels: seat 0 \w+, seat 1 \w+, seat 2 \w+, seat 3 \w+, seat 4 \w+, seat 5 \w+\.`).MatchString(a) {
		t.Errorf("no winners and levels of six seats at the end:\n%s", a[max(0, len(a)-600):])
	}
	file := filepath.Join(t.TempDir(), "ten.json")
	if err := os.WriteFile(file, []byte(`{"players": 10, "packs": 5, "friends": true}`), 0o644); err != nil {
		t.Fatal(err)
	}
	c := mustFelt(t, "", "shengji", "--seed", "8", "--autoplay", "--rules", file)
	for _, want := range []string{"Shengji, 10 greedy players, 5 packs, seed 8", "seat 9 "} {
		if !strings.Contains(c, want) {
			t.Errorf("no %q in:\n%.3000s", want, c)
		}
	}
}

func TestShengjiPlayRefusals(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"shengji"}, "needs a terminal"},
		{[]string{"shengji", "--seat", "4"}, "--seat 4: want 0 to 3"},
		{[]string{"shengji", "--rules", "friends-6", "--seat", "6"}, "--seat 6: want 0 to 5 (6 players)"},
		{[]string{"shengji", "--level", "genius"}, `--level "genius": want one of`},
		{[]string{"shengji", "--start-level", "Z", "--autoplay"}, "--start-level"},
		{[]string{"shengji", "--rules", "/nonexistent/rules.json"}, "not a preset"},
		{[]string{"shengji", "frobnicate"}, `unknown command "frobnicate"`},
	} {
		_, _, err := felt(t, "", tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("felt %s: error %v, want one containing %q", strings.Join(tc.args, " "), err, tc.want)
		}
	}
}

func TestShengjiResumeRefusals(t *testing.T) {
	_, _, err := felt(t, "", "shengji", "--resume", "x.jsonl", "--seed", "3")
	if err == nil || !strings.Contains(err.Error(), "--seed cannot be given with --resume") {
		t.Fatalf("error %v", err)
	}
	_, _, err = felt(t, "", "shengji", "--resume", "x.jsonl")
	if err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Fatalf("error %v", err)
	}
	// a log that replays is checked first, then the terminal is wanted
	_, _, err = felt(t, "", "shengji", "--resume", copyTestdata(t, "shengji-saved.jsonl"))
	if err == nil || !strings.Contains(err.Error(), "needs a terminal") {
		t.Fatalf("error %v", err)
	}
}

// TestShengjiOutsidePrograms: --level exec:COMMAND seats outside programs
// (here examples/shengji_random.py, four of them under --autoplay); the
// game is played to its end and no program fails.
func TestShengjiOutsidePrograms(t *testing.T) {
	if testing.Short() {
		t.Skip("runs python3")
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3")
	}
	testenv.AcquireProcs(t, 4)
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	out := mustFelt(t, "", "shengji", "--autoplay", "--seed", "1", "--level", "exec:"+py+" ../../examples/shengji_random.py")
	if !strings.Contains(out, "Game over after") {
		t.Fatalf("no end:\n%.2000s", out)
	}
	if strings.Contains(out, "takes over") || strings.Contains(out, "forfeits") {
		t.Fatalf("a program failed:\n%s", out)
	}
	_, _, err = felt(t, "", "shengji", "--level", "exec:  ")
	if err == nil || !strings.Contains(err.Error(), "exec: needs a command") {
		t.Fatalf("error %v", err)
	}
}

// TestLevelName writes the table outcome's levels as the game does: J, Q,
// K and A, not 11 to 14.
func TestLevelName(t *testing.T) {
	for n, want := range map[int]string{2: "2", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"} {
		if got := levelName(n); got != want {
			t.Errorf("levelName(%d) = %q, want %q", n, got, want)
		}
	}
}
