package main

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestErrors(t *testing.T) {
	missingDir := filepath.Join(t.TempDir(), "no", "such", "dir", "game.jsonl")
	for _, args := range [][]string{
		{"frobnicate"},
		{"gin", "frobnicate"},
		{"gin", "meld"},
		{"replay", "frobnicate"},
		{"replay", "verfy", "x.jsonl"},
		{"--bogus"},
		{"gin", "--bogus"},
		{"gin", "melds", "--bogus"},
		{"gin", "melds", "--all=maybe"},
		{"gin", "melds", "extra"},
		{"gin", "showdown", "--all"},
		{"gin", "showdown", "extra"},
		{"bench", "--json=maybe"},
		{"bench", "--bogus"},
		{"demo", "--seed", "abc"},
		{"demo", "--seed", "-1"},
		{"demo", "--seed"},
		{"demo", "--rules", "no-such-preset-or-file"},
		{"demo", "--a", "nosuchbot"},
		{"demo", "--b", "nosuchbot"},
		{"demo", "--log", missingDir},
		{"demo", "extra"},
		{"replay", "verify"},
		{"replay", "verify", "a.jsonl", "b.jsonl"},
		{"replay", "verify", "--bogus", "a.jsonl"},
		{"replay", "convert"},
		{"replay", "convert", "a.jsonl", "b.jsonl"},
		{"replay", "convert", "--out"},
	} {
		out, _, err := felt(t, "", args...)
		if err == nil {
			t.Errorf("felt %s: no error (output %q)", strings.Join(args, " "), out)
		}
	}
}

// The command groups and --help still succeed and print help.
func TestHelpIsNotAnError(t *testing.T) {
	for _, args := range [][]string{{}, {"--help"}, {"gin"}, {"gin", "--help"}, {"replay"}, {"gin", "melds", "--help"}} {
		out, _, err := felt(t, "", args...)
		if err != nil {
			t.Errorf("felt %s: %v", strings.Join(args, " "), err)
		}
		if !strings.Contains(out, "Usage") {
			t.Errorf("felt %s: output %q is not help", strings.Join(args, " "), out)
		}
	}
}
