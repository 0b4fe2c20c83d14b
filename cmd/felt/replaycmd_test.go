package main

import (
	"bytes"
	"errors"
	gingame "felt/games/gin"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"felt/card"
	"felt/gin"
	"felt/table"
)

// demoTableLog returns the table log felt demo writes for these
// arguments (after --log FILE).
func demoTableLog(t *testing.T, args ...string) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "demo.jsonl")
	mustFelt(t, "", append([]string{"demo", "--quiet", "--log", path}, args...)...)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// wantTableLineError checks that verify refuses the table log in path
// with an error naming line n (numbered from the header, 0) and the
// reason: a *table.LogError for line n wrapping want, whose message says
// reason.
func wantTableLineError(t *testing.T, path string, n int, want error, reason string) {
	t.Helper()
	_, _, err := felt(t, "", "replay", "verify", path)
	if err == nil {
		t.Fatalf("verify accepted a table log edited at line %d", n)
	}
	if !regexp.MustCompile(`\blog line ` + strconv.Itoa(n) + `\b`).MatchString(err.Error()) {
		t.Errorf("error %q does not name line %d", err, n)
	}
	var le *table.LogError
	if !errors.As(err, &le) || le.Line != n {
		t.Errorf("error %v: want a *table.LogError for line %d", err, n)
	}
	if !errors.Is(err, want) {
		t.Errorf("error %v: want one that is %v", err, want)
	}
	if !strings.Contains(err.Error(), reason) {
		t.Errorf("error %q does not say why (%q)", err, reason)
	}
	if !strings.Contains(err.Error(), path) {
		t.Errorf("error %q does not name the file", err)
	}
}

// TestReplayVerifyRefusesEditedTableLog: a table log whose complete line
// is edited so that the rules (or the log's form) refuse it is refused
// by felt replay verify, naming the line and the reason, wherever the
// line is; the same log unedited verifies.
func TestReplayVerifyRefusesEditedTableLog(t *testing.T) {
	whole := demoTableLog(t, "--seed", "7")
	lines := strings.SplitAfter(string(whole), "\n")
	lines = lines[:len(lines)-1] // the empty string after the last newline
	dir := t.TempDir()
	write := func(ls []string) string {
		path := filepath.Join(dir, "edited.jsonl")
		if err := os.WriteFile(path, []byte(strings.Join(ls, "")), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	if out := mustFelt(t, "", "replay", "verify", write(lines)); !strings.Contains(out, "game complete") {
		t.Fatalf("the unedited log: %q", out)
	}
	// find returns the first line at or after from holding every one of
	// subs.
	find := func(from int, subs ...string) int {
		t.Helper()
	next:
		for i := from; i < len(lines); i++ {
			for _, s := range subs {
				if !strings.Contains(lines[i], s) {
					continue next
				}
			}
			return i
		}
		t.Fatalf("no line after %d with %q", from, subs)
		return -1
	}
	// held is the hand of the seat of line i as the lines before it leave
	// it.
	held := func(i int) (table.Seat, card.Set) {
		t.Helper()
		rec, err := table.Recover(strings.NewReader(strings.Join(lines[:i], "")), gingame.Spec)
		if err != nil {
			t.Fatal(err)
		}
		s := rec.Engine.ToAct()
		seat, ok := s.First(0)
		if !ok {
			t.Fatalf("line %d: no seat to act", i)
		}
		var o gin.Observation
		rec.Engine.Observe(seat, &o)
		return seat, o.Hand
	}
	edit := func(name string, i int, old, new string, want error, reason string) {
		t.Run(name, func(t *testing.T) {
			ls := append([]string(nil), lines...)
			if !strings.Contains(ls[i], old) {
				t.Fatalf("line %d %q holds no %q", i, ls[i], old)
			}
			ls[i] = strings.Replace(ls[i], old, new, 1)
			wantTableLineError(t, write(ls), i, want, reason)
		})
	}
	// Edit lines well into the log, not only the first hand's.
	mid := len(lines) / 2
	disc := find(mid, `"type":"move"`, `"kind":"discard"`)
	seat, hand := held(disc)
	var absent card.Card
	for c := range (card.FullSet &^ hand).All {
		absent = c
		break
	}
	card0 := regexp.MustCompile(`"card":"[^"]*"`).FindString(lines[disc])
	edit("a discard of a card not held", disc, card0, fmt.Sprintf(`"card":"%s"`, absent), table.ErrRefusedMove, "card not in hand")
	other := fmt.Sprintf(`"seat":%d`, 1-seat)
	edit("a move by the seat not to move", disc, fmt.Sprintf(`"seat":%d`, seat), other, table.ErrRefusedMove, "may not act now")
	// a hand's first discard, made with ten cards dealt: far over the
	// knock limit
	deal := find(mid, `"type":"deal"`)
	first := find(deal, `"kind":"discard"`)
	edit("a knock over the knock limit", first, `"kind":"discard"`, `"kind":"knock"`, table.ErrRefusedMove, "over the knock limit")
	deck := regexp.MustCompile(`"deck":\["(..)","(..)"`).FindStringSubmatch(lines[deal])
	// a deal is refused unless it is the one the header's seed deals
	edit("a deal with a card twice", deal, deck[0], fmt.Sprintf(`"deck":["%s","%s"`, deck[1], deck[1]), table.ErrNotSeedDeal, fmt.Sprintf(`deck[1] is "%s" in the log, "%s" from the seed`, deck[1], deck[2]))
	edit("a deal of the wrong hand", deal, `"hand":`, `"hand":9`, table.ErrNotSeedDeal, "in the log")
	edit("an unknown move", disc, `"kind":"discard"`, `"kind":"discards"`, table.ErrBadLine, "unknown action")
	edit("a line numbered out of order", disc, fmt.Sprintf(`"n":%d,`, disc), fmt.Sprintf(`"n":%d,`, disc+1), table.ErrBadLine, "numbered")
	edit("a line that is not JSON", disc, `}}`, `}`, table.ErrBadLine, "malformed")
	t.Run("a move after the game's end", func(t *testing.T) {
		last := strings.Replace(lines[len(lines)-1], fmt.Sprintf(`"n":%d,`, len(lines)-1), fmt.Sprintf(`"n":%d,`, len(lines)), 1)
		wantTableLineError(t, write(append(append([]string(nil), lines...), last)), len(lines), table.ErrRefusedMove, "may not act now")
	})
}

// TestReplayVerifyTableLogCutAtEveryByte: felt demo's table logs of
// several whole games, cut at every byte offset, verify up to their last
// complete line and say after which move the game resumes: a torn last
// line is reported and cut, not refused. Cut inside the header, the log
// holds no table and is refused as such.
func TestReplayVerifyTableLogCutAtEveryByte(t *testing.T) {
	dir := t.TempDir()
	rules := filepath.Join(dir, "short.json")
	if err := os.WriteFile(rules, []byte(`{"target_score": 10}`), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "cut.jsonl")
	seeds := []string{"1", "2", "3"}
	if testing.Short() {
		seeds = seeds[:1]
	}
	offsets, lineCount := 0, 0
	for _, seed := range seeds {
		whole := demoTableLog(t, "--seed", seed, "--rules", rules)
		header := bytes.IndexByte(whole, '\n') + 1
		offsets += len(whole) + 1
		lineCount += bytes.Count(whole, []byte("\n"))
		for cut := 0; cut <= len(whole); cut++ {
			if err := os.WriteFile(path, whole[:cut], 0o644); err != nil {
				t.Fatal(err)
			}
			out, _, err := felt(t, "", "replay", "verify", path)
			if cut < header {
				if err == nil || !strings.Contains(err.Error(), path) {
					t.Fatalf("seed %s, cut at %d, inside the header: %v", seed, cut, err)
				}
				if cut > 0 && !errors.Is(err, table.ErrNoHeader) {
					t.Fatalf("seed %s, cut at %d, inside the header: %v, want %v", seed, cut, err, table.ErrNoHeader)
				}
				continue
			}
			if err != nil {
				t.Fatalf("seed %s, cut at %d: %v", seed, cut, err)
			}
			complete := whole[:bytes.LastIndexByte(whole[:cut], '\n')+1]
			moves := bytes.Count(complete, []byte(`"type":"move"`))
			lines := bytes.Count(complete, []byte("\n"))
			want := []string{fmt.Sprintf(": %d lines, %d moves,", lines, moves)}
			if torn := cut - len(complete); torn > 0 {
				at := "before its first move"
				if moves > 0 {
					at = fmt.Sprintf("after move %d", moves)
				}
				want = append(want, fmt.Sprintf("torn last line: %d bytes after byte %d are cut on recovery; the game resumes %s (line %d)", torn, len(complete), at, lines-1))
			} else if strings.Contains(out, "torn") {
				t.Fatalf("seed %s, cut at %d, after a whole line: %q", seed, cut, out)
			}
			if cut == len(whole) {
				want = append(want, "game complete")
			} else {
				want = append(want, "unfinished; can be resumed")
			}
			for _, w := range want {
				if !strings.Contains(out, w) {
					t.Fatalf("seed %s, cut at %d: verify says %q, want %q", seed, cut, out, w)
				}
			}
		}
	}
	t.Logf("%d offsets of %d games (%d lines)", offsets, len(seeds), lineCount)
}
