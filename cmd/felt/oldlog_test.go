package main

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"
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
