package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReplayVerifyTableLog: felt replay verify reads the table logs that
// felt arena --game shengji --save writes, recovers one cut at any byte up
// to its last complete line, and refuses a complete line the rules refuse.
func TestReplayVerifyTableLog(t *testing.T) {
	dir := t.TempDir()
	mustFelt(t, "", "arena", "--game", "shengji", "--a", "random", "--b", "random", "--games", "2", "--save", dir)
	path := filepath.Join(dir, "game-000000.jsonl")
	out := mustFelt(t, "", "replay", "verify", path)
	if !strings.Contains(out, "ok: table log of shengji") || !strings.Contains(out, "game complete") {
		t.Fatalf("%q", out)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cut := filepath.Join(dir, "cut.jsonl")
	lines := strings.SplitAfter(string(data), "\n")
	prefix := strings.Join(lines[:100], "")
	if err := os.WriteFile(cut, []byte(prefix+lines[100][:10]), 0o644); err != nil {
		t.Fatal(err)
	}
	out = mustFelt(t, "", "replay", "verify", cut)
	if !strings.Contains(out, "99 lines") && !strings.Contains(out, "100 lines") || !strings.Contains(out, "torn last line: 10 bytes") || !strings.Contains(out, "unfinished") {
		t.Fatalf("%q", out)
	}
	bad := filepath.Join(dir, "bad.jsonl")
	i := 1
	for !strings.Contains(lines[i], `"type":"move"`) || !strings.Contains(lines[i], `"play"`) {
		i++
	}
	broken := strings.Replace(lines[i], `"seat":`, `"seat":9`, 1)
	if err := os.WriteFile(bad, []byte(strings.Join(lines[:i], "")+broken), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := felt(t, "", "replay", "verify", bad); err == nil || !strings.Contains(err.Error(), "log line") {
		t.Fatalf("a complete line with no such seat: %v", err)
	}
}
