package main

import (
	"os/exec"
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

func TestShengjiPlayRefusals(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"shengji"}, "needs a terminal"},
		{[]string{"shengji", "--seat", "4"}, "--seat 4: want 0 to 3"},
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
