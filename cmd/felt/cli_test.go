package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestShengjiDealPaceFlag: felt shengji paces its deal for a person as felt
// serve --deal-pace does, 150 ms a card unless told, and says w pauses it.
func TestShengjiDealPaceFlag(t *testing.T) {
	out := mustFelt(t, "", "shengji", "--help")
	if !regexp.MustCompile(`--deal-pace duration .*w pauses the deal.*\(default 150ms\)`).MatchString(out) {
		t.Fatalf("felt shengji --help does not offer --deal-pace at 150ms:\n%s", out)
	}
}

// TestShengjiAutoplayWritesItsLog: without a terminal, --autoplay writes the
// game's table log in --save-dir and says where on stderr (stdout stays the
// game, the same for the same seed); the log verifies as the game printed.
func TestShengjiAutoplayWritesItsLog(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	out, errOut, err := felt(t, "", "shengji", "--seed", "7", "--autoplay", "--save-dir", dir)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "shengji-*.jsonl"))
	if len(files) != 1 {
		t.Fatalf("%d table logs in --save-dir, want 1 (stderr %q)", len(files), errOut)
	}
	if !strings.Contains(errOut, "The table log is in "+files[0]) || strings.Contains(out, files[0]) {
		t.Fatalf("stderr %q does not say where the log is (or stdout does)", errOut)
	}
	v := mustFelt(t, "", "replay", "verify", files[0])
	hands := regexp.MustCompile(`Game over after (\d+) hands: team (\d)`).FindStringSubmatch(out)
	if hands == nil || !strings.Contains(v, "ok: table log of shengji") || !strings.Contains(v, " "+hands[1]+" hands") ||
		!strings.Contains(v, "game complete: team "+hands[2]+" (seats") {
		t.Fatalf("the log does not verify as the game printed:\n%s\n%s", v, out[max(0, len(out)-300):])
	}
	if ents, _ := os.ReadDir(os.Getenv("XDG_STATE_HOME")); len(ents) != 0 {
		t.Fatalf("the default save directory was used too: %v", ents)
	}
}

// TestVerifyNamesGinWinnerASeat: a two-player Gin Rummy game has no teams:
// verify names the winning seat.
func TestVerifyNamesGinWinnerASeat(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.jsonl")
	mustFelt(t, "", "demo", "--seed", "1", "--log", path, "--quiet")
	out := mustFelt(t, "", "replay", "verify", path)
	if !regexp.MustCompile(`game complete: seat [01] won`).MatchString(out) || strings.Contains(out, "team") {
		t.Fatalf("verify of a Gin Rummy game does not name the winning seat:\n%s", out)
	}
}
