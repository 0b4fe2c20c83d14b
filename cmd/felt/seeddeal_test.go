package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"felt/table"
)

// copyTestdata copies testdata/name into a directory of the test's own
// (a resume may cut or append to it) and returns the copy's path.
func copyTestdata(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// The golden logs: testdata/gin-saved.jsonl is a real felt play game (seed
// 18) quit after the computer's first discard, and
// testdata/gin-edited-deal.jsonl the same log with its deal line edited so
// that seat 0 (the dealer, dealt the odd places) holds A♠ to T♠ and J♠ is
// next in the stock; every other line is unchanged, and each still replays
// on the edited deal. testdata/shengji-saved.jsonl is a real felt shengji
// game (seed 18) quit during the deal, and
// testdata/shengji-edited-deal.jsonl the same log with three jokers moved
// into seat 0's places among the cards not yet dealt (80, 84, 88).
var editedDeals = []struct {
	game, saved, edited, differs string
}{
	{"gin", "gin-saved.jsonl", "gin-edited-deal.jsonl", `deck[1] is "AS" in the log, "7H" from the seed`},
	{"shengji", "shengji-saved.jsonl", "shengji-edited-deal.jsonl", `deck[80] is "BJ" in the log, "5C" from the seed`},
}

// TestGoldenEditedDealsDifferOnlyInTheDeal: the edited logs are the saved
// ones with the deal line changed and nothing else, so that what refuses
// them is the deal alone.
func TestGoldenEditedDealsDifferOnlyInTheDeal(t *testing.T) {
	for _, c := range editedDeals {
		a, _ := os.ReadFile(filepath.Join("testdata", c.saved))
		b, _ := os.ReadFile(filepath.Join("testdata", c.edited))
		la, lb := bytes.Split(a, []byte("\n")), bytes.Split(b, []byte("\n"))
		if len(la) != len(lb) || len(la) < 4 {
			t.Fatalf("%s: %d and %d lines", c.game, len(la), len(lb))
		}
		for i := range la {
			if same := bytes.Equal(la[i], lb[i]); same == (i == 1) {
				t.Errorf("%s: line %d same=%v", c.game, i, same)
			}
		}
	}
}

// TestReplayVerifyRefusesEditedDeals: felt replay verify refuses a log
// whose deal is not the one its header's seed deals, naming the line and
// the first difference, for both games; the log it was edited from
// verifies.
func TestReplayVerifyRefusesEditedDeals(t *testing.T) {
	for _, c := range editedDeals {
		t.Run(c.game, func(t *testing.T) {
			out := mustFelt(t, "", "replay", "verify", copyTestdata(t, c.saved))
			if !strings.Contains(out, ": ok: table log of "+c.game) {
				t.Fatalf("the saved log: %q", out)
			}
			out, _, err := felt(t, "", "replay", "verify", copyTestdata(t, c.edited))
			wantDealRefused(t, err, c.differs)
			if strings.Contains(out, "ok") {
				t.Errorf("verify printed %q", out)
			}
		})
	}
}

// wantDealRefused checks err is a refusal of the deal on line 1.
func wantDealRefused(t *testing.T, err error, differs string) {
	t.Helper()
	var le *table.LogError
	if !errors.Is(err, table.ErrNotSeedDeal) || !errors.As(err, &le) || le.Line != 1 ||
		!strings.Contains(err.Error(), "log line 1: deal differs from the one dealt by the header's seed 18: "+differs) {
		t.Fatalf("error %v, want the deal of line 1 refused: %s", err, differs)
	}
}

// TestResumeRefusesEditedDeals: felt play --resume and felt shengji
// --resume refuse a log whose deal is not its seed's, before a terminal
// is taken and without changing the file; the saved logs they were edited
// from go on to want a terminal.
func TestResumeRefusesEditedDeals(t *testing.T) {
	for _, c := range editedDeals {
		t.Run(c.game, func(t *testing.T) {
			cmd := "play"
			if c.game == "shengji" {
				cmd = "shengji"
			}
			path := copyTestdata(t, c.edited)
			before, _ := os.ReadFile(path)
			_, _, err := felt(t, "", cmd, "--resume", path)
			wantDealRefused(t, err, c.differs)
			if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
				t.Error("the refused log was changed")
			}
			if strings.Count(err.Error(), filepath.Base(path)) != 1 {
				t.Errorf("the error names the file %d times: %v", strings.Count(err.Error(), filepath.Base(path)), err)
			}
			if c.game == "gin" {
				_, err := resumeGame(path, "")
				wantDealRefused(t, err, c.differs)
			}
			_, _, err = felt(t, "", cmd, "--resume", copyTestdata(t, c.saved))
			if err == nil || !strings.Contains(err.Error(), "needs a terminal") {
				t.Fatalf("the saved log: %v", err)
			}
		})
	}
}

// TestResumePointsToTheGamesCommand: a Shengji log given to felt play
// --resume, or a Gin Rummy log to felt shengji --resume, is pointed to
// the command that resumes it.
func TestResumePointsToTheGamesCommand(t *testing.T) {
	sj, g := copyTestdata(t, "shengji-saved.jsonl"), copyTestdata(t, "gin-saved.jsonl")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"play", "--resume", sj}, sj + " is a Shengji game, not Gin Rummy: go on with it with: felt shengji --resume " + sj},
		{[]string{"shengji", "--resume", g}, g + " is a Gin Rummy game, not Shengji: go on with it with: felt play --resume " + g},
	} {
		_, _, err := felt(t, "", c.args...)
		if err == nil || err.Error() != c.want {
			t.Errorf("felt %s: %v, want %q", strings.Join(c.args, " "), err, c.want)
		}
	}
	if _, err := resumeGame(sj, ""); err == nil || !strings.Contains(err.Error(), "felt shengji --resume") {
		t.Errorf("resumeGame of a Shengji log: %v", err)
	}
}

// TestVerifyNotesTheGamesResume: felt replay verify's note on a seat a
// log gives to an outside program names the command that resumes that
// game: felt shengji --resume for a Shengji log, felt play --resume for a
// Gin Rummy one.
func TestVerifyNotesTheGamesResume(t *testing.T) {
	for _, c := range []struct{ saved, seat, want, not string }{
		{"shengji-saved.jsonl", `"name":"greedy","kind":"level"`, "felt shengji --resume never starts it (greedy plays it)", "play --resume"},
		{"gin-saved.jsonl", `"name":"normal","kind":"level"`, "felt play --resume never starts it", "shengji --resume"},
	} {
		path := copyTestdata(t, c.saved)
		data, _ := os.ReadFile(path)
		os.WriteFile(path, bytes.Replace(data, []byte(c.seat), []byte(`"name":"exec:./bot","kind":"program"`), 1), 0o644)
		out := mustFelt(t, "", "replay", "verify", path)
		if !strings.Contains(out, "note: seat 1 is an outside program in this log, exec:./bot; "+c.want) || strings.Contains(out, c.not) {
			t.Errorf("%s: %s", c.saved, out)
		}
	}
}
