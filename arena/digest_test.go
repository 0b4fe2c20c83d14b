package arena

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"felt/games"
	_ "felt/games/all"
)

// digest is a hash of records with their decision times left out (the
// only part that depends on the machine).
func digest(t *testing.T, recs []GameRecord) string {
	t.Helper()
	for i := range recs {
		recs[i].DecisionA, recs[i].DecisionB = nil, nil
	}
	b, err := json.Marshal(recs)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%x", sha256.Sum256(b))[:16]
}

// logsDigest is a hash of every table log a match saved, in game order.
func logsDigest(t *testing.T, dir string) string {
	t.Helper()
	names, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	sort.Strings(names)
	h := sha256.New()
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		h.Write([]byte(filepath.Base(n)))
		h.Write(b)
	}
	return fmt.Sprintf("%d %x", len(names), h.Sum(nil)[:8])
}

// match runs a match of the named game under a preset.
func match(t *testing.T, game, preset string, cfg Config) []GameRecord {
	t.Helper()
	g, err := games.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Options, err = g.Rules(preset); err != nil {
		t.Fatal(err)
	}
	cfg.Game = g
	recs, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// TestMatchDigests pins what the matches of both games play: every table
// log of a Gin Rummy and a Shengji match, byte for byte (the same logs as
// the arena wrote before it moved onto the registry: the games are the
// same), and the records (who won, the scores, every hand). The records'
// digests moved once, when records gained Draw, Winners and Teams (teams
// per hand): with those fields left out they hash as before
// (803604edbefb41e0, 7a1bf7bd43a8aca5). The Shengji records' digest moved
// again when a hand's detail became its score with the banker's side, the
// players and the attackers' take (for Finding Friends): its logs, and so
// its games, did not (38727cfda21851d9 before).
func TestMatchDigests(t *testing.T) {
	gd, sd := t.TempDir(), t.TempDir()
	g := match(t, "gin", "eaai", Config{A: "normal", B: "simple", Games: 40, Seed: 9, Parallel: 2, SaveDir: gd})
	s := match(t, "shengji", "standard", Config{A: "greedy", B: "random", Games: 10, Seed: 3, Parallel: 2, SaveDir: sd, MaxHands: 1000})
	if d := logsDigest(t, gd); d != "40 eccd003ca7533cac" {
		t.Errorf("gin logs digest %s", d)
	}
	if d := logsDigest(t, sd); d != "10 807c6fc7a7dd417e" {
		t.Errorf("shengji logs digest %s", d)
	}
	if d := digest(t, g); d != "86831b3f67cd56fa" {
		t.Errorf("gin digest %s", d)
	}
	if d := digest(t, s); d != "53e6fabe77e5307b" {
		t.Errorf("shengji digest %s", d)
	}
}
