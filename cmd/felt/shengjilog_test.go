package main

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"felt/shengji"
)

// shengjiLog records a Shengji game of random players, whole or its first
// hand only, and returns the log's path.
func shengjiLog(t *testing.T, whole bool) string {
	t.Helper()
	var buf bytes.Buffer
	rec, err := shengji.NewRecordedGame(&buf, shengji.Standard(), 42, [4]string{"ann", "bob", "cat", "dan"})
	if err != nil {
		t.Fatal(err)
	}
	var ps [4]shengji.Player
	for s := range ps {
		ps[s] = shengji.NewRandom(rand.New(rand.NewPCG(42, uint64(s))))
	}
	for {
		if err := rec.PlayHand(ps); err != nil {
			t.Fatal(err)
		}
		if !whole || rec.Game().Over() {
			break
		}
		if err := rec.NextHand(); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "shengji.jsonl")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestReplayVerify_ShengjiLogs(t *testing.T) {
	out := mustFelt(t, "", "replay", "verify", shengjiLog(t, true))
	if !strings.Contains(out, "ok: shengji") || !strings.Contains(out, "game complete") || !strings.Contains(out, "winners team") {
		t.Errorf("a whole game: %q", out)
	}
	path := shengjiLog(t, false)
	out = mustFelt(t, "", "replay", "verify", path)
	if !strings.Contains(out, "ok: shengji") || !strings.Contains(out, "1 hands") || !strings.Contains(out, "can be resumed") {
		t.Errorf("one hand: %q", out)
	}
	data, _ := os.ReadFile(path)
	edited := strings.Replace(string(data), `"attacker_points":`, `"attacker_points":1`, 1)
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err := felt(t, "", "replay", "verify", path)
	if err == nil || !strings.Contains(err.Error(), "attacker_points") || !strings.Contains(err.Error(), "line ") {
		t.Errorf("an edited Shengji log: %v", err)
	}
}

// TestReplayViewAndResume_ShengjiLogSaysWhatItIs: watching or resuming a
// Shengji log says it is one, not that its header breaks Gin Rummy's rules.
func TestReplayViewAndResume_ShengjiLogSaysWhatItIs(t *testing.T) {
	path := shengjiLog(t, false)
	_, _, err := felt(t, "", "replay", "view", path)
	if err == nil || !strings.Contains(err.Error(), "is a Shengji log") || strings.Contains(err.Error(), "gin:") {
		t.Errorf("felt replay view: %v", err)
	}
	// felt play --resume wants a terminal first; what it resumes from:
	if _, err := resumeGame(path, ""); err == nil || !strings.Contains(err.Error(), "is a Shengji log") || strings.Contains(err.Error(), "gin:") {
		t.Errorf("resuming: %v", err)
	}
}
