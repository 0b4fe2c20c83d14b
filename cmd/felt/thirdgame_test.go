package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"felt/internal/highcard"
)

func init() { highcard.Register() }

// TestArenaThirdGame: felt arena plays a game it has no line about (the
// test-only internal/highcard, registered by this test), with the
// preset whose teams form during the hand: the report counts the teams
// by who played them, and every saved log verifies with felt replay
// verify.
func TestArenaThirdGame(t *testing.T) {
	dir := t.TempDir()
	out := mustFelt(t, "", "arena", "--game", "highcard", "--rules", "friend", "--a", "first", "--b", "first", "--games", "20", "--seed", "4", "--save", dir, "--json")
	var s map[string]any
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if s["game"] != "highcard" || s["games"] != 20.0 {
		t.Fatalf("summary %s", out)
	}
	teams, _ := s["teams"].([]any)
	if len(teams) != 3 || teams[2].(map[string]any)["players"] != "A+B" || teams[2].(map[string]any)["formed"].(float64) == 0 {
		t.Fatalf("teams %v", s["teams"])
	}
	logs, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if len(logs) != 20 {
		t.Fatalf("%d logs saved", len(logs))
	}
	for _, l := range logs {
		if v := mustFelt(t, "", "replay", "verify", l); !strings.Contains(v, ": ok: table log of highcard") {
			t.Fatalf("verify %s: %s", l, v)
		}
	}
	text := mustFelt(t, "", "arena", "--game", "highcard", "--rules", "friend", "--a", "first", "--b", "first", "--games", "20", "--seed", "4")
	if !strings.Contains(text, "teams: A formed") {
		t.Errorf("report:\n%s", text)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Fatal(err)
	}
}
