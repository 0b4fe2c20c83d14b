package main

import (
	"strings"
	"testing"

	"felt/gin/ginbot"
)

// TestArenaRefusesNonsenseFlags: flag values that make no match are
// refused before anything is played, with an error naming the flag.
func TestArenaRefusesNonsenseFlags(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		want string // in the error
	}{
		{"no games", []string{"--games", "0"}, "--games 0"},
		{"negative games", []string{"--games", "-4"}, "--games -4"},
		{"too many games", []string{"--games", "1000000000"}, "--games 1000000000"},
		{"negative parallel", []string{"--a", "random", "--b", "random", "--games", "2", "--parallel", "-1"}, "--parallel -1"},
		{"game beyond games", []string{"--a", "random", "--b", "random", "--games", "4", "--replay", "4"}, "--replay 4"},
		{"game far beyond games", []string{"--a", "random", "--b", "random", "--games", "4", "--replay", "1000"}, "--replay 1000"},
		{"negative game", []string{"--a", "random", "--b", "random", "--games", "4", "--replay", "-1"}, "--replay -1"},
		{"zero timeout", []string{"--a", "random", "--b", "random", "--games", "2", "--timeout", "0s"}, "--timeout 0s"},
		{"unknown player a", []string{"--a", "grandmaster", "--games", "2"}, "--a"},
		{"unknown player b", []string{"--b", "grandmaster", "--games", "2"}, "--b"},
		{"exec without a program", []string{"--a", "exec:", "--b", "random", "--games", "2"}, "--a"},
		{"repeated round-robin name", []string{"--round-robin", "random,simple,random", "--games", "2"}, `"random" named twice`},
		{"repeated round-robin name with spaces", []string{"--round-robin", "random, random", "--games", "2"}, `"random" named twice`},
		{"empty round-robin name", []string{"--round-robin", "random,,simple", "--games", "2"}, "--round-robin"},
		{"one round-robin player", []string{"--round-robin", "random", "--games", "2"}, "--round-robin"},
		{"empty round-robin", []string{"--round-robin", "", "--games", "2"}, "--round-robin"},
		{"unknown round-robin player", []string{"--round-robin", "random,grandmaster", "--games", "2"}, "--round-robin"},
		{"replay with round-robin", []string{"--round-robin", "random,simple", "--games", "2", "--replay", "1"}, "round-robin"},
		{"a game number for --game", []string{"--a", "random", "--b", "random", "--game", "1"}, "); to play game 1 of the match alone, give --replay 1"},
		{"a with round-robin", []string{"--round-robin", "random,simple", "--games", "2", "--a", "hard"}, "round-robin"},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"arena"}, c.args...)
			out, _, err := felt(t, "", args...)
			if err == nil {
				t.Fatalf("felt %s: no error (output %q)", strings.Join(args, " "), out)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("felt %s: error %q does not name %q", strings.Join(args, " "), err, c.want)
			}
			if out != "" {
				t.Errorf("felt %s: printed %q before refusing", strings.Join(args, " "), out)
			}
		})
	}
}

// TestArenaAcceptsEdgeFlags: the last game of a match rounded up to whole
// pairs, and --parallel 0 (one game per CPU), are accepted.
func TestArenaAcceptsEdgeFlags(t *testing.T) {
	out := mustFelt(t, "", "arena", "--a", "random", "--b", "simple", "--games", "3", "--replay", "3")
	if !strings.HasPrefix(out, "game 3 (A in seat 1): ") {
		t.Errorf("--games 3 --replay 3: %q", out)
	}
	out = mustFelt(t, "", "arena", "--a", "random", "--b", "simple", "--games", "2", "--parallel", "0")
	if !strings.Contains(out, "2 games in 1 mirrored pair\n") {
		t.Errorf("--parallel 0: %q", out)
	}
	out = mustFelt(t, "", "arena", "--round-robin", " random , simple ", "--games", "2")
	if !strings.Contains(out, "random vs simple") {
		t.Errorf("--round-robin: %q", out)
	}
}

// TestArenaHelpNamesEveryLevel: the help lists every built-in level the
// arena accepts, so it cannot fall behind ginbot.Levels.
func TestArenaHelpNamesEveryLevel(t *testing.T) {
	help := mustFelt(t, "", "arena", "--help")
	for _, l := range ginbot.Levels() {
		if !strings.Contains(help, l) {
			t.Errorf("felt arena --help does not name %s", l)
		}
	}
}
