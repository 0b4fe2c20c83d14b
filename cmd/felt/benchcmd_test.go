package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestBenchJSON(t *testing.T) {
	if testing.Short() {
		t.Skip("felt bench runs Go benchmarks for a few seconds")
	}
	out := mustFelt(t, "", "bench", "--json", "--selfplay-games", "200", "--hard-games", "2")
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
	for _, k := range []string{"melds10_per_sec", "melds11_per_sec", "selfplay_games_per_sec", "hard_decision_ms_median"} {
		v, ok := m[k].(float64)
		if !ok {
			t.Errorf("%s is %#v, want a number (output %s)", k, m[k], out)
			continue
		}
		if v <= 0 {
			t.Errorf("%s is %v, want > 0", k, v)
		}
	}
}

func TestBenchRefusesArgs(t *testing.T) {
	if _, _, err := felt(t, "", "bench", "extra"); err == nil {
		t.Error("felt bench extra: no error")
	}
}
