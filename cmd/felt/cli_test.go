package main

import (
	gingame "felt/games/gin"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
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
	hands := regexp.MustCompile(`Game over after (\d+) hands: team \d \(seats (\d) and (\d)\)`).FindStringSubmatch(out)
	if hands == nil || !strings.Contains(v, "ok: table log of shengji") || !strings.Contains(v, " "+hands[1]+" hands") ||
		!strings.Contains(v, "game complete: seats "+hands[2]+" and "+hands[3]+" won") {
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

// TestArenaShengjiReplaysOneGame: --game names the game and --replay N
// plays one game of the match alone, for Shengji as for Gin Rummy: the
// same game as in the whole match (its table log the same, byte for
// byte), reported in a line.
func TestArenaShengjiReplaysOneGame(t *testing.T) {
	whole, one := t.TempDir(), t.TempDir()
	base := []string{"arena", "--game", "shengji", "--a", "greedy", "--b", "random", "--games", "2", "--seed", "3", "--parallel", "1"}
	mustFelt(t, "", append(base, "--save", whole)...)
	out := mustFelt(t, "", append(base, "--replay", "1", "--save", one)...)
	if !regexp.MustCompile(`^game 1 \(A in seats 1 and 3\): [AB] won after \d+ hands?; final level A \d+, B \d+\n$`).MatchString(out) {
		t.Fatalf("--replay 1: %q", out)
	}
	a, err := os.ReadFile(filepath.Join(whole, "game-000001.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(one, "game-000001.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if string(a) != string(b) {
		t.Fatalf("game 1 alone is not game 1 of the match:\n%.400s\n%.400s", a, b)
	}
	if _, err := os.Stat(filepath.Join(one, "game-000000.jsonl")); err == nil {
		t.Fatal("--replay 1 played game 0 too")
	}
	if _, _, err := felt(t, "", append(base, "--replay", "2")...); err == nil || !strings.Contains(err.Error(), "--replay 2: the match has games 0 to 1") {
		t.Fatalf("--replay 2 of 2 games: %v", err)
	}
}

// TestArenaReportWording: counts agree with their nouns ("1 mirrored
// pair", "1 game a second" never "1 games"), and Shengji's score is its
// level.
func TestArenaReportWording(t *testing.T) {
	out := mustFelt(t, "", "arena", "--game", "shengji", "--a", "greedy", "--b", "random", "--games", "2", "--parallel", "1")
	for _, re := range []string{`: 2 games in 1 mirrored pair\n`, `level a game: A \d+\.\d\d, B \d+\.\d\d\n`, ` a second on 1 worker\n`} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("no %s in:\n%s", re, out)
		}
	}
	for _, c := range []struct {
		n    int
		d    time.Duration
		w    int
		want string
	}{
		{1, time.Second, 1, "1.0 s, 1 game a second on 1 worker"},
		{2, time.Second, 2, "1.0 s, 2 games a second on 2 workers"},
		{2, 5 * time.Second, 2, "5.0 s, 0.4 games a second on 2 workers"},
		{400, 2 * time.Second, 2, "2.0 s, 200 games a second on 2 workers"},
	} {
		if got := matchPace(c.n, c.d, c.w); got != c.want {
			t.Errorf("matchPace(%d, %v, %d) = %q, want %q", c.n, c.d, c.w, got, c.want)
		}
	}
}

// TestHelpNamesBothGames: felt --help names both games and both rules pages.
func TestHelpNamesBothGames(t *testing.T) {
	out := mustFelt(t, "", "--help")
	if !strings.HasPrefix(out, "Felt plays Gin Rummy and Shengji:") || !strings.Contains(out, "docs/rules/shengji.md") || !strings.Contains(out, "felt shengji plays") {
		t.Fatalf("felt --help:\n%s", out)
	}
}

// TestResumeGivesTheHandSoFar: felt play --resume gives the screen what the
// person saw of the hand's moves so far (its history pane lists them, as
// internal/tui's TestResumeListsTheHandSoFar shows).
func TestResumeGivesTheHandSoFar(t *testing.T) {
	path := savedGame(t, 9, [2]string{"normal", humanName})
	g, err := resumeGame(path, "")
	if err != nil {
		t.Fatal(err)
	}
	defer g.close()
	h := g.setup.Resume.Engine.(*gingame.Engine).Game().Hand()
	if len(g.setup.Earlier) != h.Moves() || h.Moves() == 0 {
		t.Fatalf("%d earlier moves given to the screen, the hand has %d", len(g.setup.Earlier), h.Moves())
	}
}
