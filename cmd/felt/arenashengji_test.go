package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestArenaShengji: felt arena --game shengji plays a Shengji match
// through the table driver and reports it with Gin Rummy's keys and
// Shengji's own; progress lines go to stderr when it is not a terminal.
func TestArenaShengji(t *testing.T) {
	out, errOut, err := felt(t, "", "arena", "--game", "shengji", "--a", "random", "--b", "random", "--games", "4", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var s map[string]any
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatalf("%v: %q", err, out)
	}
	for _, k := range []string{"a", "b", "games", "pairs", "a_wins", "b_wins", "a_win_rate", "ci95_low", "ci95_high",
		"hands", "a_hands_won", "b_hands_won", "a_levels_per_hand", "b_levels_per_hand", "bank_kept_rate", "bank_lost_rate"} {
		if _, ok := s[k]; !ok {
			t.Errorf("no %q in %s", k, out)
		}
	}
	if s["games"] != 4.0 || s["a_wins"].(float64)+s["b_wins"].(float64) != 4 {
		t.Errorf("%s", out)
	}
	if !strings.Contains(errOut, "shengji: 4 of 4 games") {
		t.Errorf("stderr %q has no progress line", errOut)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--game", "chess"}, `--game "chess"`},
		{[]string{"--game", "shengji", "--a", "simple"}, `--a: no Shengji player "simple"`},
		{[]string{"--game", "shengji", "--timeout", "0s"}, "--timeout"},
		{[]string{"--game", "shengji", "--a", "exec:"}, "--a"},
		{[]string{"--game", "shengji", "--games", "0"}, "--games 0"},
	} {
		if out, _, err := felt(t, "", append([]string{"arena"}, c.args...)...); err == nil || !strings.Contains(err.Error(), c.want) || out != "" {
			t.Errorf("%v: %v (output %q), want an error naming %s", c.args, err, out, c.want)
		}
	}
}

// TestArenaGinTable: felt arena --table plays Gin Rummy's built-in levels
// through the table driver, with the usual report.
func TestArenaGinTable(t *testing.T) {
	out, errOut, err := felt(t, "", "arena", "--table", "--a", "simple", "--b", "random", "--games", "4")
	if err != nil || !strings.Contains(out, "4 games in 2 mirrored pairs") || !strings.Contains(out, "through the table driver") {
		t.Fatalf("%v %q", err, out)
	}
	if !strings.Contains(errOut, "simple vs random: 4 of 4 games") {
		t.Errorf("stderr %q has no progress line", errOut)
	}
	_, errOut, err = felt(t, "", "arena", "--a", "simple", "--b", "random", "--games", "4")
	if err != nil || !strings.Contains(errOut, "simple vs random: 4 of 4 games") {
		t.Errorf("agent driver: %v, stderr %q has no progress line", err, errOut)
	}
	for _, args := range [][]string{
		{"--table", "--a", "exec:python3 x.py", "--b", "random", "--games", "2"},
		{"--table", "--a", "simple", "--b", "random", "--games", "2", "--game", "1"},
	} {
		if _, _, err := felt(t, "", append([]string{"arena"}, args...)...); err == nil || !strings.Contains(err.Error(), "--table") {
			t.Errorf("%v: %v", args, err)
		}
	}
}
