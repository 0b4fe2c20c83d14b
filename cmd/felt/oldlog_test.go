package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"felt/gin"
	"felt/gin/ginbot"
	"felt/internal/ginv1"
	"felt/internal/ginv1/ginv1test"
)

// TestOldShengjiLogRefused: a Shengji game saved in the format before
// table logs (testdata/shengji-before-table-logs.jsonl, the first hand of
// a game that format recorded) is not read any more: verifying, watching
// or resuming it says what it is, a log that is not a table log, and the
// file is left as it was.
func TestOldShengjiLogRefused(t *testing.T) {
	path := copyTestdata(t, "shengji-before-table-logs.jsonl")
	before, _ := os.ReadFile(path)
	if oldLogGame(path) != "shengji" {
		t.Fatal("the old Shengji log is not told apart by its header")
	}
	for _, args := range [][]string{
		{"replay", "verify", path},
		{"replay", "view", path},
		{"shengji", "--resume", path},
		{"play", "--resume", path},
	} {
		_, _, err := felt(t, "", args...)
		if !errors.Is(err, errNotTableLog) || !strings.Contains(err.Error(), "Shengji game saved in the format before table logs") || !strings.HasPrefix(err.Error(), path) {
			t.Errorf("felt %s: %v", strings.Join(args[:2], " "), err)
		}
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("the old log was changed")
	}
}

// readOld reads the log of the format before table logs in path, as felt
// replay convert does.
func readOld(t *testing.T, path string) *ginv1.Replayed {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rp, err := ginv1.ReadLog(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return rp
}

// TestReplayConvert: felt replay convert writes a Gin Rummy game saved
// before table logs as a table log, in FILE-table.jsonl or --out, says
// what to do with it next (watch a finished game, go on with one against
// the computer), and the table log verifies as the same game: the same
// seed, hands and final scores. It converts only that format: a table
// log, a Shengji log of the old format and a file that is neither are
// refused, and so is a file to write that exists.
func TestReplayConvert(t *testing.T) {
	lines := oldLog(t, 7)
	path := writeLines(t, lines)
	rp := readOld(t, path)
	out := mustFelt(t, "", "replay", "convert", path)
	converted := strings.TrimSuffix(path, ".jsonl") + "-table.jsonl"
	want := fmt.Sprintf("%s: %d actions, %d hands, game complete: written as a table log in %s\nwatch it with: felt replay view %s\n", path, rp.Actions, rp.Game.HandNumber(), converted, converted)
	if out != want {
		t.Errorf("felt replay convert says\n%s\nwant\n%s", out, want)
	}
	v := mustFelt(t, "", "replay", "verify", converted)
	res := rp.Game.Result()
	for _, w := range []string{fmt.Sprintf(`id "from %s", seed %d: `, filepath.Base(path), rp.Seed), fmt.Sprintf("%d moves, %d hands", rp.Actions, rp.Game.HandNumber()),
		fmt.Sprintf("game complete: seat %d won, scores [%d %d]", res.Winner, res.Final[0], res.Final[1])} {
		if !strings.Contains(v, w) {
			t.Errorf("the converted log verifies as %q, without %q", v, w)
		}
	}
	// --out, and a file that exists
	other := filepath.Join(t.TempDir(), "other.jsonl")
	mustFelt(t, "", "replay", "convert", "--out", other, path)
	if a, b := fileBytes(t, converted), fileBytes(t, other); !bytes.Equal(a, b) {
		t.Error("--out wrote another table log")
	}
	if _, _, err := felt(t, "", "replay", "convert", "--out", other, path); !errors.Is(err, os.ErrExist) {
		t.Errorf("converting over a file that exists: %v", err)
	}
	// what it does not convert
	for what, c := range map[string]struct{ path, want string }{
		"a table log":        {converted, "is a table log already"},
		"an old Shengji log": {copyTestdata(t, "shengji-before-table-logs.jsonl"), "Shengji game saved in the format before table logs"},
		"a file of no log":   {writeLines(t, []string{"not a log"}), "replay: line 1: not a log record"},
		"a missing file":     {filepath.Join(t.TempDir(), "none.jsonl"), "no such file"},
	} {
		if _, _, err := felt(t, "", "replay", "convert", c.path); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q", what, err, c.want)
		}
	}
}

// TestOldGinLogRefused: verifying or watching a Gin Rummy game saved
// before table logs says what it is and points to felt replay convert;
// the file is left as it was.
func TestOldGinLogRefused(t *testing.T) {
	path := writeLines(t, oldLog(t, 3))
	before, _ := os.ReadFile(path)
	for _, args := range [][]string{{"replay", "verify", path}, {"replay", "view", path}} {
		_, _, err := felt(t, "", args...)
		if !errors.Is(err, errNotTableLog) || !strings.Contains(err.Error(), "Gin Rummy game saved in the format before table logs; write it as one with: felt replay convert "+path) {
			t.Errorf("felt %s: %v", strings.Join(args[:2], " "), err)
		}
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("the old log was changed")
	}
}

func fileBytes(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// oldLog returns the lines of a whole game's log in the format before
// table logs (format 1, as ginv1test writes it), as felt demo --seed seed
// --log wrote it before it played at a table.
func oldLog(t *testing.T, seed uint64) []string {
	t.Helper()
	var buf strings.Builder
	rec, err := ginv1test.NewRecordedGame(&buf, gin.Standard(), seed, [2]string{"simple", "simple"})
	if err != nil {
		t.Fatal(err)
	}
	bots := [2]ginbot.Player{ginbot.NewSimple(gin.NewRand(seed + 1)), ginbot.NewSimple(gin.NewRand(seed + 2))}
	g := rec.Game()
	for !g.Over() {
		if g.Hand().Over() {
			if err := rec.NextHand(); err != nil {
				t.Fatal(err)
			}
		}
		s := g.Hand().Turn()
		o := g.Observe(s)
		if err := rec.Apply(s, bots[s].Act(&o)); err != nil {
			t.Fatal(err)
		}
	}
	return strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
}

// wantLineError checks that felt replay convert refuses the file with
// an error naming line n, and writes no table log.
func wantLineError(t *testing.T, path string, n int) {
	t.Helper()
	_, _, err := felt(t, "", "replay", "convert", path)
	if err == nil {
		t.Fatalf("convert accepted a log edited at line %d", n)
	}
	if _, serr := os.Stat(strings.TrimSuffix(path, ".jsonl") + "-table.jsonl"); !errors.Is(serr, fs.ErrNotExist) {
		t.Errorf("a refused log left a table log: %v", serr)
	}
	if !regexp.MustCompile(`\bline ` + strconv.Itoa(n) + `\b`).MatchString(err.Error()) {
		t.Errorf("error %q does not name line %d", err, n)
	}
	var le *ginv1.LogError
	if !errors.As(err, &le) || le.Line != n {
		t.Errorf("error %v: want a *ginv1.LogError for line %d", err, n)
	}
}

func TestReplayConvertRefusesEditedDeadwood(t *testing.T) {
	lines := oldLog(t, 7)
	re := regexp.MustCompile(`"deadwood":(\d+)`)
	edited := 0
	// Edit an action line well into the log, not only the first.
	for i := len(lines) / 2; i < len(lines); i++ {
		if strings.Contains(lines[i], `"type":"action"`) && re.MatchString(lines[i]) {
			lines[i] = re.ReplaceAllStringFunc(lines[i], func(s string) string {
				n, _ := strconv.Atoi(re.FindStringSubmatch(s)[1])
				return fmt.Sprintf(`"deadwood":%d`, n+1)
			})
			edited = i + 1
			break
		}
	}
	if edited == 0 {
		t.Fatal("no action line with a deadwood figure in the log")
	}
	wantLineError(t, writeLines(t, lines), edited)
}

func TestReplayConvertRefusesOtherEdits(t *testing.T) {
	lines := oldLog(t, 3)
	find := func(typ string) int {
		for i, l := range lines {
			if strings.Contains(l, `"type":"`+typ+`"`) {
				return i
			}
		}
		t.Fatalf("no %s line", typ)
		return -1
	}
	// edit changes line i and expects the error at line errLine (1-based).
	edit := func(name string, i int, old, new string, errLine int) {
		t.Run(name, func(t *testing.T) {
			ls := append([]string(nil), lines...)
			if !strings.Contains(ls[i], old) {
				t.Fatalf("line %d %q holds no %q", i+1, ls[i], old)
			}
			ls[i] = strings.Replace(ls[i], old, new, 1)
			wantLineError(t, writeLines(t, ls), errLine)
		})
	}
	res := find("result")
	edit("result points", res, `"points":`, `"points":1`, res+1)
	edit("game final", len(lines)-1, `"final":[`, `"final":[1`, len(lines))
	act := find("action")
	edit("stock size", act, `"stock":`, `"stock":1`, act+1)
	// Another seed is a valid header for another game: the first deal
	// line (line 2) is where the log stops matching.
	edit("header seed", 0, `"seed":`, `"seed":9`, 2)
	t.Run("a line that is not JSON", func(t *testing.T) {
		ls := append([]string(nil), lines...)
		ls[2] = ls[2][:len(ls[2])/2]
		wantLineError(t, writeLines(t, ls), 3)
	})
	t.Run("result line missing", func(t *testing.T) {
		ls := append(append([]string(nil), lines[:res]...), lines[res+1:]...)
		wantLineError(t, writeLines(t, ls), res+1)
	})
}

// A log cut after a whole line is a saved game: convert writes it as an
// unfinished table log. A log whose game line is missing is cut off
// mid-record, and one whose last line has no newline is torn: both are
// refused.
func TestReplayConvertUnfinished(t *testing.T) {
	lines := oldLog(t, 5)
	for i, l := range lines {
		if strings.Contains(l, `"type":"action"`) {
			path := writeLines(t, lines[:i+1])
			out := mustFelt(t, "", "replay", "convert", path)
			if !strings.Contains(out, "1 actions, 1 hands, game unfinished") || !strings.Contains(out, "check it with: felt replay verify") {
				t.Errorf("log cut after its first action: output %q, want it unfinished", out)
			}
			v := mustFelt(t, "", "replay", "verify", strings.TrimSuffix(path, ".jsonl")+"-table.jsonl")
			if !strings.Contains(v, "1 moves, 1 hands") || !strings.Contains(v, "can be resumed") {
				t.Errorf("the converted log of one action: %q", v)
			}
			break
		}
	}
	wantLineError(t, writeLines(t, lines[:len(lines)-1]), len(lines))
	torn := writeLines(t, lines)
	data, _ := os.ReadFile(torn)
	os.WriteFile(torn, data[:len(data)-1], 0o644)
	if _, _, err := felt(t, "", "replay", "convert", torn); err == nil || !strings.Contains(err.Error(), "the last line is not finished") {
		t.Errorf("a torn log: %v", err)
	}
}
