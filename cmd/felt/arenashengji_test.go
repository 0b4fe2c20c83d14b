package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"felt/internal/testenv"
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
	if !strings.Contains(errOut, "random vs random: 4 of 4 games") {
		t.Errorf("stderr %q has no progress line", errOut)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--game", "chess"}, `--game: unknown game "chess"`},
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

// TestArenaGinTable: felt arena plays Gin Rummy's built-in levels through
// the table driver, with the usual report and progress lines on stderr
// when it is not a terminal.
func TestArenaGinTable(t *testing.T) {
	out, errOut, err := felt(t, "", "arena", "--a", "simple", "--b", "random", "--games", "4")
	if err != nil || !strings.Contains(out, "4 games in 2 mirrored pairs") || !strings.Contains(out, "games a second on") {
		t.Fatalf("%v %q", err, out)
	}
	if !strings.Contains(errOut, "simple vs random: 4 of 4 games") {
		t.Errorf("stderr %q has no progress line", errOut)
	}
}

// TestArenaDriverFlagsGone: the flags of the older agent driver and
// protocol version 1 (--driver, --protocol, --table) are refused as
// unknown, naming the flag, before anything is played.
func TestArenaDriverFlagsGone(t *testing.T) {
	for _, c := range []struct {
		args []string
		flag string
	}{
		{[]string{"--driver", "agent"}, "--driver"},
		{[]string{"--driver", "table"}, "--driver"},
		{[]string{"--protocol", "1"}, "--protocol"},
		{[]string{"--protocol", "2"}, "--protocol"},
		{[]string{"--table"}, "--table"},
		{[]string{"--game", "shengji", "--protocol", "2"}, "--protocol"},
	} {
		all := append([]string{"arena", "--games", "2"}, c.args...)
		out, _, err := felt(t, "", all...)
		if err == nil || !strings.Contains(err.Error(), "unknown flag: "+c.flag) || out != "" {
			t.Errorf("%v: %v (output %q), want an error naming %s as unknown", c.args, err, out, c.flag)
		}
	}
}

// TestArenaGinTableOptions: felt arena takes --save (table logs that felt
// replay verify accepts), --replay N (one game, the same as in the whole
// match), and --round-robin; --game gin is Gin Rummy too.
func TestArenaGinTableOptions(t *testing.T) {
	dir := t.TempDir()
	base := []string{"arena", "--a", "simple", "--b", "random", "--games", "4", "--seed", "5", "--parallel", "1"}
	out, _, err := felt(t, "", append(base, "--save", dir, "--json")...)
	if err != nil {
		t.Fatal(err)
	}
	var match struct {
		AWins  int     `json:"a_wins"`
		Points float64 `json:"a_points_per_game"`
	}
	if err := json.Unmarshal([]byte(out), &match); err != nil {
		t.Fatal(err)
	}
	for i := range 4 {
		path := filepath.Join(dir, fmt.Sprintf("game-%06d.jsonl", i))
		if v, _, err := felt(t, "", "replay", "verify", path); err != nil || !strings.Contains(v, "table log of gin") || !strings.Contains(v, "game complete") {
			t.Fatalf("replay verify %s: %v %q", path, err, v)
		}
	}
	var sum float64
	wins := 0
	for i := range 4 {
		out, _, err := felt(t, "", append(base, "--replay", strconv.Itoa(i), "--json")...)
		if err != nil {
			t.Fatal(err)
		}
		var one struct {
			AWins  int     `json:"a_wins"`
			Points float64 `json:"a_points_per_game"`
		}
		if err := json.Unmarshal([]byte(out), &one); err != nil {
			t.Fatal(err)
		}
		wins += one.AWins
		sum += one.Points
	}
	if wins != match.AWins || sum != 4*match.Points {
		t.Fatalf("games played one by one: A won %d with %v points, the match: %d with %v", wins, sum, match.AWins, 4*match.Points)
	}
	if out, _, err := felt(t, "", "arena", "--game", "gin", "--a", "simple", "--b", "random", "--games", "2"); err != nil || !strings.Contains(out, "2 games in 1 mirrored pair") {
		t.Fatalf("--game gin: %v %q", err, out)
	}
	out, _, err = felt(t, "", "arena", "--round-robin", "random,simple,easy", "--games", "2", "--parallel", "1")
	if err != nil || !strings.Contains(out, "Elo") || strings.Count(out, "over 2 games") != 3 {
		t.Fatalf("--round-robin: %v %q", err, out)
	}
	if _, _, err := felt(t, "", "arena", "--round-robin", "random,simple", "--replay", "1"); err == nil {
		t.Fatal("--round-robin with --replay 1 accepted")
	}
}

// TestArenaGinTableProgram: the example players, speaking protocol
// version 2 (examples/gin_random_v2.py and examples/ginbot.py), play Gin
// Rummy in felt arena.
func TestArenaGinTableProgram(t *testing.T) {
	testenv.AcquireProcs(t, 1)
	if _, err := exec.LookPath("python3"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("no python3 (CI installs it)")
		}
		t.Skip("no python3")
	}
	out, _, err := felt(t, "", "arena", "--a", "exec:python3 ../../examples/gin_random_v2.py", "--b", "random", "--games", "2",
		"--parallel", "1", "--timeout", testenv.Timeout(20*time.Second).String(), "--json")
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Games    int `json:"games"`
		Forfeits int `json:"forfeits"`
		Hands    int `json:"hands"`
	}
	if err := json.Unmarshal([]byte(out), &s); err != nil || s.Games != 2 || s.Forfeits != 0 || s.Hands == 0 {
		t.Fatalf("%v %q", err, out)
	}
	out, _, err = felt(t, "", "arena", "--a", "exec:python3 ../../examples/ginbot.py", "--b", "random", "--games", "2",
		"--parallel", "1", "--timeout", testenv.Timeout(20*time.Second).String(), "--json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(out), &s); err != nil || s.Games != 2 || s.Forfeits != 0 || s.Hands == 0 {
		t.Fatalf("ginbot.py: %v %q", err, out)
	}
}

// TestArenaShengjiLevels: the Shengji levels random, greedy and hard play
// by name, the report giving levels gained per hand, how often each team
// held the bank and how often the attackers reached 80; an unknown level
// is refused, named, before anything is played.
func TestArenaShengjiLevels(t *testing.T) {
	out := mustFelt(t, "", "arena", "--game", "shengji", "--a", "greedy", "--b", "random", "--games", "4", "--json")
	var s map[string]any
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatalf("%v: %q", err, out)
	}
	if s["a"] != "greedy" || s["b"] != "random" || s["games"] != 4.0 {
		t.Errorf("not greedy against random over 4 games: %s", out)
	}
	for _, k := range []string{"a_levels_per_hand", "b_levels_per_hand", "a_bank_rate", "b_bank_rate", "attackers_80_rate"} {
		if v, ok := s[k].(float64); !ok || v < 0 || v > 14 {
			t.Errorf("%s is %#v in %s", k, s[k], out)
		}
	}
	if a, b := s["a_bank_rate"].(float64), s["b_bank_rate"].(float64); a+b < 0.999 || a+b > 1.001 {
		t.Errorf("bank shares %v and %v do not add up to every hand", a, b)
	}
	text := mustFelt(t, "", "arena", "--game", "shengji", "--a", "greedy", "--b", "random", "--games", "2")
	for _, want := range []string{"shengji: greedy (A) against random (B)", "levels gained per hand", "bank held: A", "attackers reached 80 in"} {
		if !strings.Contains(text, want) {
			t.Errorf("report has no %q:\n%s", want, text)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--a", "grandmaster"}, `--a: no Shengji player "grandmaster"`},
		{[]string{"--b", "grandmaster"}, `--b: no Shengji player "grandmaster"`},
		{[]string{"--round-robin", "random,grandmaster"}, `--round-robin: no Shengji player "grandmaster"`},
		{[]string{"--round-robin", "greedy, greedy"}, `"greedy" named twice`},
		{[]string{"--round-robin", "greedy"}, "want at least two players"},
		{[]string{"--round-robin", "greedy,,hard"}, "player 2 has no name"},
	} {
		args := append([]string{"arena", "--game", "shengji", "--games", "2"}, c.args...)
		if out, _, err := felt(t, "", args...); err == nil || !strings.Contains(err.Error(), c.want) || out != "" {
			t.Errorf("%v: %v (output %q), want an error naming %s", c.args, err, out, c.want)
		}
	}
}

// TestArenaShengjiRoundRobin: --round-robin plays every pairing of the
// Shengji levels and rates them by Elo; with --json one object holds the
// cross table, the ratings and each match's summary.
func TestArenaShengjiRoundRobin(t *testing.T) {
	out := mustFelt(t, "", "arena", "--game", "shengji", "--round-robin", "random,greedy,hard", "--games", "2", "--json")
	var rr struct {
		Players []string         `json:"players"`
		Games   [][]int          `json:"games"`
		Elo     []float64        `json:"elo"`
		Matches []map[string]any `json:"matches"`
	}
	if err := json.Unmarshal([]byte(out), &rr); err != nil {
		t.Fatalf("%v: %q", err, out)
	}
	if strings.Join(rr.Players, ",") != "random,greedy,hard" || len(rr.Elo) != 3 || len(rr.Matches) != 3 || rr.Games[0][1] != 2 || rr.Games[2][1] != 2 {
		t.Fatalf("round robin %s", out)
	}
	for _, m := range rr.Matches {
		if _, ok := m["attackers_80_rate"]; !ok {
			t.Errorf("match without Shengji's statistics: %v", m)
		}
	}
	text := mustFelt(t, "", "arena", "--game", "shengji", "--round-robin", "random,greedy", "--games", "2")
	if !strings.Contains(text, "random vs greedy:") || !strings.Contains(text, "Elo") {
		t.Errorf("round robin report:\n%s", text)
	}
	// A game alone cannot go with a round robin.
	if _, _, err := felt(t, "", "arena", "--game", "shengji", "--replay", "1", "--round-robin", "random,greedy", "--games", "2"); err == nil || !strings.Contains(err.Error(), "--round-robin") {
		t.Errorf("--replay 1 with --round-robin: %v", err)
	}
}
