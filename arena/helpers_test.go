package arena

import (
	"encoding/json"
	"os"
	"os/exec"
	"testing"

	"felt/games"
	_ "felt/games/all"
)

// on returns cfg set to play the registered game name under its rules
// preset (the arena's games are looked up by name, as felt arena does).
func on(t testing.TB, name, preset string, cfg Config) Config {
	t.Helper()
	g := lookup(t, name)
	var err error
	if cfg.Options, err = g.Rules(preset); err != nil {
		t.Fatal(err)
	}
	cfg.Game = g
	return cfg
}

// gin is cfg as a Gin Rummy match under the EAAI rules (the match preset).
func gin(t testing.TB, cfg Config) Config { return on(t, "gin", "eaai", cfg) }

// shengji is cfg as a Shengji match under the standard rules, bounded as
// felt arena bounds it.
func shengji(t testing.TB, cfg Config) Config {
	cfg = on(t, "shengji", "standard", cfg)
	if cfg.MaxHands == 0 {
		cfg.MaxHands = 1000
	}
	return cfg
}

// withOption returns options with one more key set.
func withOption(t testing.TB, options json.RawMessage, key string, value any) json.RawMessage {
	t.Helper()
	var fields map[string]any
	if err := json.Unmarshal(options, &fields); err != nil {
		t.Fatal(err)
	}
	fields[key] = value
	b, err := json.Marshal(fields)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// strip returns the records without their decision times (the only part
// of a record that depends on the machine).
func strip(rs []GameRecord) []GameRecord {
	out := make([]GameRecord, len(rs))
	for i, r := range rs {
		r.DecisionA, r.DecisionB = nil, nil
		out[i] = r
	}
	return out
}

// needPython skips a test that runs a Python player where there is no
// python3 (CI has one: there it fails).
func needPython(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("no python3 (CI installs it)")
		}
		t.Skip("no python3")
	}
}

// lookup returns the registered game name.
func lookup(t testing.TB, name string) games.Game {
	t.Helper()
	g, err := games.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
