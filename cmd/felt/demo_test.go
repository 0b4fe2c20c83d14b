package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"felt/table"
)

func TestDemoSameSeedSameGame(t *testing.T) {
	a := mustFelt(t, "", "demo", "--seed", "42")
	b := mustFelt(t, "", "demo", "--seed", "42")
	if a != b {
		t.Errorf("two runs with seed 42 differ:\n%s\n---\n%s", a, b)
	}
	if !strings.Contains(a, "Game over") {
		t.Errorf("output does not mention \"Game over\":\n%s", a)
	}
	if !strings.Contains(a, "seed 42") {
		t.Errorf("output does not name the seed:\n%s", a)
	}
	if c := mustFelt(t, "", "demo", "--seed", "43"); c == a {
		t.Error("seeds 42 and 43 play the same game: the seed is not used")
	}
	q := mustFelt(t, "", "demo", "--seed", "42", "--quiet")
	if !strings.Contains(q, "Game over") || len(q) >= len(a) {
		t.Errorf("--quiet output (%d bytes) is not a shorter account of the game (%d bytes)", len(q), len(a))
	}
}

// The log of a demo is a table log that replays: `felt replay verify`
// accepts it and reaches the demo's final scores in as many hands, and
// `felt replay view` opens it at the game's start, and end goes to its end.
func TestDemoLogVerifies(t *testing.T) {
	for _, seed := range []string{"1", "7", "42"} {
		for _, rules := range []string{"standard", "eaai"} {
			t.Run(seed+"/"+rules, func(t *testing.T) {
				path := filepath.Join(t.TempDir(), "game.jsonl")
				demo := mustFelt(t, "", "demo", "--seed", seed, "--rules", rules, "--log", path)
				if !strings.Contains(demo, path) {
					t.Errorf("demo output does not say where the log went")
				}
				if !isTableLogFile(path) {
					t.Fatalf("the demo's log is not a table log")
				}
				out := mustFelt(t, "", "replay", "verify", path)
				if !strings.Contains(out, "ok: table log of gin") || !strings.Contains(out, "game complete") {
					t.Errorf("verify output %q does not report a complete, ok table log", out)
				}
				if want := `id "demo-` + seed + `", seed ` + seed + ":"; !strings.Contains(out, want) {
					t.Errorf("verify output %q does not say %q", out, want)
				}
				// Same number of hands and same final totals.
				over := regexp.MustCompile(`Game over after (\d+) hands: (A|B) wins`).FindStringSubmatch(demo)
				finals := regexp.MustCompile(`(?m)^  [AB]: .* = (\d+)$`).FindAllStringSubmatch(demo, -1)
				if over == nil || len(finals) != 2 {
					t.Fatalf("cannot read the demo's result:\n%s", demo)
				}
				if want := over[1] + " hands"; !strings.Contains(out, want) {
					t.Errorf("verify output %q does not say %q", out, want)
				}
				winner := map[string]int{"A": 0, "B": 1}[over[2]]
				if want := fmt.Sprintf("seat %d won, scores [%s %s]", winner, finals[0][1], finals[1][1]); !strings.Contains(out, want) {
					t.Errorf("verify output %q does not say %q", out, want)
				}
				v, err := (&env{self: "felt"}).ginReplay(path, true)
				if err != nil {
					t.Fatalf("replay view of the demo's log: %v", err)
				}
				if s := ansi.Strip(v.Render()); !strings.Contains(s, "step 1 of") {
					t.Errorf("replay view does not open at the game's start:\n%s", s)
				}
				end, _ := v.Update(tea.KeyPressMsg{Code: tea.KeyEnd})
				if s := strings.ToLower(ansi.Strip(end.View().Content)); !strings.Contains(s, "game over") {
					t.Errorf("the replay's end is not the game's end:\n%s", s)
				}
			})
		}
	}
}

// TestDemoMatchesItsLog: the demo prints every move its table log holds,
// in order, by the seat that made it, with the card everyone saw (the
// taken, discarded or knock's card; a pass shows the upcard) and never
// the card drawn from the stock; each hand's opening shows each seat the
// ten cards the log's deck dealt it.
func TestDemoMatchesItsLog(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.jsonl")
	out := mustFelt(t, "", "demo", "--seed", "11", "--log", path)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	type move struct {
		seat int
		kind string
		card string
	}
	var logged []move
	type deal struct {
		Dealer int      `json:"dealer"`
		Deck   []string `json:"deck"`
	}
	var deals []deal
	for _, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		var rec struct {
			Type string `json:"type"`
			Seat int    `json:"seat"`
			Move struct {
				Kind string `json:"kind"`
				Card string `json:"card"`
			} `json:"move"`
			Deal json.RawMessage `json:"deal"`
		}
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatal(err)
		}
		switch rec.Type {
		case "move":
			logged = append(logged, move{rec.Seat, rec.Move.Kind, rec.Move.Card})
		case "deal":
			var d deal
			if err := json.Unmarshal(rec.Deal, &d); err != nil {
				t.Fatal(err)
			}
			deals = append(deals, d)
		}
	}
	verbs := map[string]string{"passes": "pass", "takes": "take_discard", "draws": "draw_stock", "discards": "discard", "knocks,": "knock", "goes": "big_gin"}
	lineRe := regexp.MustCompile(`(?m)^ +\d+\. ([AB]) (\S+) ?(.*)$`)
	printed := lineRe.FindAllStringSubmatch(out, -1)
	if len(printed) != len(logged) || len(logged) < 50 {
		t.Fatalf("%d moves printed, %d logged", len(printed), len(logged))
	}
	for i, p := range printed {
		m := logged[i]
		if seat := map[string]int{"A": 0, "B": 1}[p[1]]; seat != m.seat || verbs[p[2]] != m.kind {
			t.Fatalf("move %d: printed %q, logged %+v", i+1, p[0], m)
		}
		cards := regexp.MustCompile(`\b[2-9TJQKA][SHDC]\b`).FindAllString(p[3], -1)
		switch m.kind {
		case "draw_stock":
			if len(cards) != 0 {
				t.Fatalf("move %d: a card drawn from the stock is printed: %q", i+1, p[0])
			}
		case "discard", "knock":
			if len(cards) != 1 || cards[0] != m.card {
				t.Fatalf("move %d: printed %q, logged card %s", i+1, p[0], m.card)
			}
		case "take_discard", "pass":
			if len(cards) != 1 {
				t.Fatalf("move %d: printed %q without the card", i+1, p[0])
			}
		}
	}
	// Each hand's opening: the dealer, the upcard (the deck's 21st card)
	// and each seat's ten cards (the first 20, the non-dealer's first).
	openings := regexp.MustCompile(`(?m)^Hand (\d+): ([AB]) deals, upcard (\S\S).*\n  A: (.*) \(deadwood \d+\)\n  B: (.*) \(deadwood \d+\)$`).FindAllStringSubmatch(out, -1)
	if len(openings) != len(deals) {
		t.Fatalf("%d openings printed, %d deals logged", len(openings), len(deals))
	}
	for i, o := range openings {
		d := deals[i]
		if o[2] != "AB"[d.Dealer:d.Dealer+1] || o[3] != d.Deck[20] {
			t.Fatalf("hand %s: printed %q, logged dealer %d upcard %s", o[1], o[0], d.Dealer, d.Deck[20])
		}
		for s := range 2 {
			var want []string
			for j := 0; j < 20; j++ {
				if (j%2 == 0) == (s != d.Dealer) {
					want = append(want, d.Deck[j])
				}
			}
			got := regexp.MustCompile(`\b[2-9TJQKA][SHDC]\b`).FindAllString(o[4+s], -1)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("hand %s, seat %d: printed %v, dealt %v", o[1], s, got, want)
			}
		}
	}
}

func writeLines(t *testing.T, lines []string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "edited.jsonl")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestReplayVerifyMissingFile(t *testing.T) {
	_, _, err := felt(t, "", "replay", "verify", filepath.Join(t.TempDir(), "no-such.jsonl"))
	if err == nil {
		t.Fatal("verify of a missing file: no error")
	}
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("error %v: want one that is fs.ErrNotExist", err)
	}
}

func TestReplayVerifyEmptyFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "empty.jsonl")
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := felt(t, "", "replay", "verify", path); err == nil {
		t.Error("verify of an empty file: no error")
	}
}

func TestDemoRulesFromFile(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "rules.json")
	if err := os.WriteFile(good, []byte(`{"target_score": 30}`), 0o644); err != nil {
		t.Fatal(err)
	}
	out := mustFelt(t, "", "demo", "--seed", "2", "--rules", good, "--quiet")
	if !strings.Contains(out, "game to 30") || !strings.Contains(out, "Game over") {
		t.Errorf("demo with target_score 30 from a file:\n%s", out)
	}
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"target_scor": 30}`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err := felt(t, "", "demo", "--rules", bad)
	if err == nil || !strings.Contains(err.Error(), "target_scor") {
		t.Errorf("demo with an unknown rules field: error %v, want one naming target_scor", err)
	}
}

// TestDemoShowdownWithoutMelds: a player without melds at the showdown is
// said to show no melds, never "shows , deadwood".
func TestDemoShowdownWithoutMelds(t *testing.T) {
	none := 0
	for seed := 1; seed <= 12; seed++ {
		out := mustFelt(t, "", "demo", "--seed", strconv.Itoa(seed), "--quiet")
		for _, l := range strings.Split(out, "\n") {
			if strings.Contains(l, "shows ,") || strings.Contains(l, "shows  ") || strings.HasSuffix(l, ": ") || strings.Contains(l, ":  +") {
				t.Fatalf("seed %d: a showdown line without its melds: %q", seed, l)
			}
			if strings.Contains(l, "shows no melds") {
				none++
			}
		}
	}
	if none == 0 {
		t.Fatal("no showdown without melds in 12 games: the test checks nothing")
	}
}

// TestDemoInterrupted: a demo stopped before its end says so, and its
// table log, abandoned, verifies as a game that can be resumed.
func TestDemoInterrupted(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.jsonl")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errOut bytes.Buffer
	err := run(ctx, []string{"demo", "--log", path}, strings.NewReader(""), &out, &errOut)
	if err == nil || !strings.Contains(err.Error(), "interrupted") || !strings.Contains(err.Error(), path) {
		t.Fatalf("an interrupted demo: %v, want an error saying so and where the log is", err)
	}
	v := mustFelt(t, "", "replay", "verify", path)
	if !strings.Contains(v, "abandoned; can be resumed") {
		t.Errorf("verify of an interrupted demo's log: %q", v)
	}
}

// TestDemoLogWriteFails: a log that cannot be written stops the demo with
// an error saying so.
func TestDemoLogWriteFails(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	_, _, err := felt(t, "", "demo", "--log", "/dev/full")
	if err == nil || !errors.Is(err, table.ErrLogWrite) {
		t.Fatalf("demo --log /dev/full: %v, want %v", err, table.ErrLogWrite)
	}
}
