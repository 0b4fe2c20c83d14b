package shengji

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"felt/card"
	"felt/games"
	"felt/games/gamestest"
	"felt/internal/testenv"
	"felt/program"
	"felt/shengji"
	"felt/shengji/sjbot"
	"felt/table"
)

// MaxShengjiDecision bounds a Shengji decision as program 2 and the server
// send it: the observation (at most about 4 KB: every trick of a hand and
// the score) and at most program.MaxLegalBytes of moves.
const MaxShengjiDecision = program.MaxLegalBytes + 8<<10

// sjFollowing is seat 1's observation when seat 0 led lead and seat 1,
// holding hand, is to follow.
func sjFollowing(t *testing.T, tr shengji.Trump, lead, hand string) shengji.Observation {
	t.Helper()
	mm := func(s string) card.Multi {
		m, err := card.ParseMulti(s)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	o := shengji.Observation{Seat: 1, Rules: shengji.Standard(), Phase: shengji.PlayPhase, HandNumber: 1,
		Levels: [2]card.Rank{tr.Level, card.Two}, Level: tr.Level, Banker: 0, Trump: tr, Turn: 1, Hand: mm(hand)}
	o.Counts = [shengji.MaxSeats]int{25 - mm(lead).Len(), o.Hand.Len(), 25, 25}
	tk := shengji.Trick{Leader: 0, Count: 1, Winner: shengji.NoSeat}
	tk.Plays[0] = mm(lead)
	if err := o.Tricks.Append(tk); err != nil {
		t.Fatal(err)
	}
	return o
}

// sjDecisionSize is the size of the decision protocol 2 sends for o.
func sjDecisionSize(t *testing.T, o shengji.Observation) (size, listed, more int) {
	t.Helper()
	legal, more, err := program.Legal(Wire, &o)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(map[string]any{"type": "decide", "seq": 1000, "optional": false, "observation": o, "legal": legal, "more": more})
	if err != nil {
		t.Fatal(err)
	}
	return len(b), len(legal), more
}

// sjWorst are the two-pack positions with the most legal follows, by the
// rule that makes them so many.
var sjWorst = []struct {
	name       string
	trump      shengji.Trump
	lead, hand string
	follows    int
}{
	// The lead against four spades (6.9 MB listed in full).
	{"short-group: an eleven-card throw against four spades", shengji.Trump{Suit: card.Hearts, Level: card.Five},
		"AS 2S 2S 3S 3S 4S 4S 6S 6S KS KS", "7S 8S 9S TS 2H 3H 4H 6H 7H 8H 9H TH JH QH 2D 3D 4D 6D 7D 8D 9D TD JD QD KD", 116280},
	// The most two packs allow: void, 25 different cards, any 12: C(25, 12).
	{"short-group: a twelve-card throw against a void hand", shengji.Trump{Suit: card.Hearts, Level: card.Five},
		"AS AS KS KS QS QS JS JS TS TS 9S 9S", "2H 3H 4H 6H 7H 8H 9H TH JH QH KH AH 2D 3D 4D 6D 7D 8D 9D TD JD QD KD AD 2C", 5200300},
	{"follow-group: twelve single trumps against every trump face", shengji.Trump{Suit: card.Spades, Level: card.Two},
		"AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S", "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S 2H 2D 2C SJ BJ AH KH QH JH TH 9H 8H", 18564},
	{"match-pairs: a throw with a pair against a suit of pairs", shengji.Trump{Suit: card.Hearts, Level: card.Five},
		"AS AS KS QS JS TS 9S", "2S 2S 3S 3S 4S 4S 6S 6S 7S 7S 8S 8S 9S 9S TS TS JS JS QS QS KS KS AS 2H 3H", 1000},
	{"match-tractors: a tractor and singles against many tractors", shengji.Trump{Suit: card.Hearts, Level: card.Five},
		"KS KS QS QS 9S 8S 7S 4S", "2S 2S 3S 3S 4S 4S 6S 6S 7S 7S 8S 8S 9S 9S TS TS JS JS QS QS KS KS AS 2H 3H", 1000},
}

// TestShengjiDecision_WorstPositionsBounded: the decision for each worst
// position is at most MaxShengjiDecision bytes, lists at most
// program.MaxLegal moves, every one legal, and more counts the rest.
func TestShengjiDecision_WorstPositionsBounded(t *testing.T) {
	largest := 0
	for _, c := range sjWorst {
		t.Run(c.name, func(t *testing.T) {
			o := sjFollowing(t, c.trump, c.lead, c.hand)
			n := o.CountPlays()
			if n < c.follows {
				t.Fatalf("%d follows, want at least %d", n, c.follows)
			}
			size, listed, more := sjDecisionSize(t, o)
			largest = max(largest, size)
			if size > MaxShengjiDecision || listed > program.MaxLegal || listed+more != n {
				t.Fatalf("%d bytes listing %d moves with more %d, of %d: want at most %d bytes and %d moves, and listed+more = %d",
					size, listed, more, n, MaxShengjiDecision, program.MaxLegal, n)
			}
			// The game itself lists a sample, never all of them (5,200,300
			// moves would take seconds and hundreds of MB to build).
			as, gmore := Wire.Legal(&o)
			if len(as) > program.MaxLegal || len(as)+gmore != n {
				t.Fatalf("the game lists %d moves with more %d, of %d: want at most %d", len(as), gmore, n, program.MaxLegal)
			}
			for _, a := range as {
				if err := Wire.Check(&o, a); err != nil {
					t.Fatalf("listed %s: %v", a.Cards, err)
				}
			}
		})
	}
	t.Logf("largest decision of the worst positions: %d bytes", largest)
}

// TestShengjiDecision_RandomDealsBounded: over many random games at a
// table (random players, which throw; from level A, so that a game is a
// hand or a few), every decision of every seat is bounded.
func TestShengjiDecision_RandomDealsBounded(t *testing.T) {
	n := 150
	if testing.Short() || gamestest.Race {
		n = 20
	}
	largest, decisions, capped, hands := 0, 0, 0, 0
	for seed := range uint64(n) {
		var ps []sjP
		for s := range shengji.NumSeats {
			r := sjbot.NewRandom(rand.New(rand.NewPCG(seed, uint64(s))))
			ps = append(ps, sjP{Name: r.Name(), Kind: table.Level, Control: games.Controller(func(o *shengji.Observation) (shengji.Action, bool) {
				size, _, more := sjDecisionSize(t, *o)
				largest, decisions = max(largest, size), decisions+1
				if more > 0 {
					capped++
				}
				if size > MaxShengjiDecision {
					t.Fatalf("game %d: a decision of %d bytes", seed, size)
				}
				return r.Act(o)
			})})
		}
		_, res := runSJ(t, seed, fast, ps)
		if !res.Over || res.Takeovers > 0 {
			t.Fatalf("game %d: over %v, %d takeovers", seed, res.Over, res.Takeovers)
		}
		hands += res.Hands
	}
	t.Logf("%d games, %d hands, %d decisions (%d capped): the largest %d bytes", n, hands, decisions, capped, largest)
}

// TestShengjiProgram_CheckAndBound: over protocol 2 a program is sent the
// worst position's decision at its bounded size, may ask whether plays are
// legal ({"seq":N,"check":MOVE}, answered with the rules' reason) and then
// plays one that is not listed.
func TestShengjiProgram_CheckAndBound(t *testing.T) {
	testenv.AcquireProc(t)
	c := sjWorst[1]
	o := sjFollowing(t, c.trump, c.lead, c.hand)
	listed, _ := Wire.Legal(&o)
	unlisted, ok := o.NthPlay(1) // between the sample's first and second
	if !ok || unlisted == listed[1].Cards {
		t.Fatal("the follow to play is listed")
	}
	log := filepath.Join(t.TempDir(), "lines")
	script := `read start; echo '{"type":"ready"}'; read decide; printf '%s\n' "$decide" > ` + log + `
echo '{"seq":7,"check":{"kind":"play","cards":"2H"}}'; read a; printf '%s\n' "$a" >> ` + log + `
echo '{"seq":6,"check":{"kind":"play","cards":"` + unlisted.String() + `"}}'; read b; printf '%s\n' "$b" >> ` + log + `
echo '{"seq":7,"check":{"kind":"play","cards":"` + unlisted.String() + `"}}'; read c; printf '%s\n' "$c" >> ` + log + `
echo '{"seq":7,"move":{"kind":"play","cards":"` + unlisted.String() + `"}}'; read q`
	prog := program.New(script, Wire, program.Options{Game: "shengji", Seat: 1})
	defer prog.Close()
	ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(20*time.Second))
	defer cancel()
	m, ok, err := prog.Decide(ctx, table.Decision[shengji.Observation]{Seat: 1, Seq: 7, Obs: o})
	if err != nil || !ok || m.Cards != unlisted {
		t.Fatalf("decided %v %v %v, want the play %s", m, ok, err, unlisted)
	}
	b, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 4 {
		t.Fatalf("the program read %d lines: %.300s", len(lines), b)
	}
	if len(lines[0]) > MaxShengjiDecision {
		t.Errorf("the decision is %d bytes, want at most %d", len(lines[0]), MaxShengjiDecision)
	}
	var d struct {
		Legal []json.RawMessage `json:"legal"`
		More  int               `json:"more"`
	}
	if err := json.Unmarshal([]byte(lines[0]), &d); err != nil || len(d.Legal) == 0 || len(d.Legal)+d.More != c.follows {
		t.Errorf("decision lists %d, more %d (%v), want %d in all", len(d.Legal), d.More, err, c.follows)
	}
	for i, want := range []struct {
		legal  bool
		reason string
	}{{false, "play 12, not 1"}, {false, "decision 6 is not pending"}, {true, ""}} {
		var r struct {
			Type   string `json:"type"`
			Seq    int    `json:"seq"`
			Legal  bool   `json:"legal"`
			Reason string `json:"reason"`
		}
		if err := json.Unmarshal([]byte(lines[i+1]), &r); err != nil || r.Type != "checked" || r.Legal != want.legal || !strings.Contains(r.Reason, want.reason) {
			t.Errorf("check %d answered %s, want legal %v, reason with %q", i, lines[i+1], want.legal, want.reason)
		}
	}
}
