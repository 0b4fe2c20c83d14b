package main

import (
	"encoding/json"
	"strings"
	"testing"

	"felt/internal/bench"
)

func TestBenchJSON(t *testing.T) {
	if testing.Short() {
		t.Skip("felt bench measures for a few seconds")
	}
	out := mustFelt(t, "", "bench", "--json", "--hands", "20000", "--selfplay-games", "200", "--hard-games", "2", "--shengji-games", "4")
	if strings.Count(out, "\n") != 1 || !strings.HasSuffix(out, "\n") {
		t.Errorf("output is not one line: %q", out)
	}
	dec := json.NewDecoder(strings.NewReader(out))
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("output %q is not a JSON object: %v", out, err)
	}
	if dec.More() {
		t.Errorf("output %q holds more than one JSON value", out)
	}
	if m["meld_hands"] != 20000.0 {
		t.Errorf("meld_hands is %#v, want 20000", m["meld_hands"])
	}
	for _, k := range []string{"melds10_per_sec", "melds11_per_sec", "melds10_dense_per_sec", "melds11_dense_per_sec",
		"arrangement10_per_sec", "melds10_dense_ns_per_op", "melds11_dense_ns_per_op",
		"table_selfplay_games_per_sec", "hard_decision_ms_median", "shengji_hands_per_sec",
		"shengji_selfplay_hands_per_sec"} {
		v, ok := m[k].(float64)
		if !ok {
			t.Errorf("%s is %#v, want a number (output %s)", k, m[k], out)
			continue
		}
		if v <= 0 {
			t.Errorf("%s is %v, want > 0", k, v)
		}
	}
	if _, ok := m["selfplay_games_per_sec"]; ok {
		t.Errorf("selfplay_games_per_sec, the agent driver's figure, is still reported: %s", out)
	}
}

// TestBenchChecksFlagsFirst: a bad flag or argument is refused, naming
// the flag, before anything is measured.
func TestBenchChecksFlagsFirst(t *testing.T) {
	measured := false
	defer func(m func(bench.Options) (bench.Report, error)) { measure = m }(measure)
	measure = func(o bench.Options) (bench.Report, error) {
		measured = true
		return bench.Report{}, nil
	}
	for _, c := range []struct {
		args []string
		want string // in the error
	}{
		{[]string{"extra"}, "extra"},
		{[]string{"--selfplay-games", "0"}, "--selfplay-games 0"},
		{[]string{"--selfplay-games", "-5"}, "--selfplay-games -5"},
		{[]string{"--selfplay-games", "1000000000"}, "--selfplay-games 1000000000"},
		{[]string{"--hard-games", "0"}, "--hard-games 0"},
		{[]string{"--hard-games", "-1"}, "--hard-games -1"},
		{[]string{"--hard-games", "x"}, "--hard-games"},
		{[]string{"--shengji-games", "0"}, "--shengji-games 0"},
		{[]string{"--shengji-games", "1000000000"}, "--shengji-games 1000000000"},
		{[]string{"--hands", "0"}, "--hands 0"},
		{[]string{"--hands", "100000000"}, "--hands 100000000"},
		{[]string{"--frobnicate"}, "--frobnicate"},
	} {
		measured = false
		args := append([]string{"bench"}, c.args...)
		out, _, err := felt(t, "", args...)
		if err == nil {
			t.Errorf("felt %s: no error (output %q)", strings.Join(args, " "), out)
		} else if !strings.Contains(err.Error(), c.want) {
			t.Errorf("felt %s: error %q does not name %q", strings.Join(args, " "), err, c.want)
		}
		if measured {
			t.Errorf("felt %s: measured before refusing", strings.Join(args, " "))
		}
	}
	// Good flags are measured with the values given.
	var got bench.Options
	measure = func(o bench.Options) (bench.Report, error) {
		measured, got = true, o
		return bench.Report{}, nil
	}
	mustFelt(t, "", "bench", "--json", "--hands", "7", "--selfplay-games", "3", "--hard-games", "1", "--shengji-games", "5")
	if !measured || got.Hands != 7 || got.SelfPlayGames != 3 || got.HardGames != 1 || got.ShengjiGames != 5 {
		t.Errorf("measured %v with %+v", measured, got)
	}
}

// TestBenchText_SelfPlay: the text output shows the table driver's
// self-play figure, and the JSON output its key, from the report.
func TestBenchText_SelfPlay(t *testing.T) {
	defer func(m func(bench.Options) (bench.Report, error)) { measure = m }(measure)
	measure = func(o bench.Options) (bench.Report, error) {
		return bench.Report{TableSelfPlay: bench.Figure{Name: "table_selfplay_games", PerSec: 8765}}, nil
	}
	out := mustFelt(t, "", "bench")
	for _, want := range []string{"table selfplay", "8765", "table driver"} {
		if !strings.Contains(out, want) {
			t.Errorf("output does not hold %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "agent") {
		t.Errorf("output names the agent driver:\n%s", out)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(mustFelt(t, "", "bench", "--json")), &m); err != nil {
		t.Fatal(err)
	}
	if m["table_selfplay_games_per_sec"] != 8765.0 {
		t.Errorf("table_selfplay_games_per_sec %v, want 8765", m["table_selfplay_games_per_sec"])
	}
}
