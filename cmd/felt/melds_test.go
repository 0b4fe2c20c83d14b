package main

import (
	"felt/card"
	"felt/gin"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// meldCase is one line of `felt gin melds` with the answer worked out by
// hand from the rules (A=1, 2–9 face value, T J Q K = 10; ace low only).
type meldCase struct {
	name     string
	in       string
	deadwood int
	melds    string // "AS 2S 3S | 7H 7D 7C"
	dead     string // deadwood cards
	// 11-card hands only:
	discard    []string // the acceptable best discards (one unless several tie)
	afterDisc  int
	elevenCard bool
}

var meldCases = []meldCase{
	{
		name: "melds and deadwood", in: "AS 2S 3S 7H 7D 7C KS QD 4C 9H",
		// KS 10 + QD 10 + 4C 4 + 9H 9
		deadwood: 33, melds: "AS 2S 3S | 7H 7D 7C", dead: "4C 9H QD KS",
	},
	{
		name: "7D serves the set, 8D 9D TD a run of three", in: "AS 2S 3S 7H 7D 7C 8D 9D TD 5C",
		// run 7D-TD instead would leave 7H 7C 5C = 19
		deadwood: 5, melds: "AS 2S 3S | 7H 7D 7C | 8D 9D TD", dead: "5C",
	},
	{
		name: "A-2-3 is a run", in: "AS 2S 3S 5H 7D 9C JH KD 4C 6C",
		// 5 + 7 + 9 + 10 + 10 + 4 + 6
		deadwood: 51, melds: "AS 2S 3S", dead: "4C 5H 6C 7D 9C JH KD",
	},
	{
		name: "Q-K-A is not a run", in: "QS KS AS 3H 5D 8C 9D TH JC 4H",
		// 10+10+1+3+5+8+9+10+10+4
		deadwood: 70, melds: "", dead: "AS 3H 4H 5D 8C 9D TH JC QS KS",
	},
	{
		name: "K-A-2 is not a run", in: "KS AS 2S 3H 5D 8C 9D TH JC 6H",
		// 10+1+2+3+5+8+9+10+10+6
		deadwood: 64, melds: "", dead: "AS 2S 3H 5D 6H 8C 9D TH JC KS",
	},
	{
		name: "4-card set split to feed a run", in: "7S 7H 7D 7C 5S 6S 2D 9C JH KD",
		// whole set would leave 5S 6S too: 42; the split leaves 2+9+10+10
		deadwood: 31, melds: "5S 6S 7S | 7H 7D 7C", dead: "2D 9C JH KD",
	},
	{
		name: "gin: no deadwood cards is an empty list", in: "AS 2S 3S 4S 7H 7D 7C 9D TD JD",
		deadwood: 0, melds: "AS 2S 3S 4S | 7H 7D 7C | 9D TD JD", dead: "",
	},
	{
		name: "11 cards: best discard is the 8D, not a high melded card", in: "JH QH KH 7S 7H 7D 2C 3C 4C 8D 5S",
		// all eleven: 5S + 8D = 13; discard 8D leaves 5, discard 5S leaves 8
		deadwood: 13, melds: "2C 3C 4C | 7S 7H 7D | JH QH KH", dead: "5S 8D",
		elevenCard: true, discard: []string{"8D"}, afterDisc: 5,
	},
	{
		name: "11 cards: big gin", in: "AS 2S 3S 4S 7H 7D 7C 9D TD JD QD",
		// either end of either 4-card run can go and leave 0
		deadwood: 0, melds: "AS 2S 3S 4S | 7H 7D 7C | 9D TD JD QD", dead: "",
		elevenCard: true, discard: []string{"AS", "4S", "9D", "QD"}, afterDisc: 0,
	},
	{
		name: "11 cards: discarding the king", in: "AS 2S 3S 4S 7H 7D 7C 9D 9C KH 2D",
		// 9 + 9 + 10 + 2 = 30; without KH: 20 (without a 9: 21)
		deadwood: 30, melds: "AS 2S 3S 4S | 7H 7D 7C", dead: "2D 9D 9C KH",
		elevenCard: true, discard: []string{"KH"}, afterDisc: 20,
	},
}

// checkMeldReport checks one decoded `gin melds` object against a case.
func checkMeldReport(t *testing.T, c meldCase, obj map[string]any, all bool) {
	t.Helper()
	keys := []string{"deadwood", "melds", "deadwood_cards"}
	if c.elevenCard {
		keys = append(keys, "discard", "deadwood_after_discard")
	}
	if all {
		keys = append(keys, "arrangements")
	}
	wantKeys(t, c.name, obj, keys...)
	if got := intField(t, c.name, obj, "deadwood"); got != c.deadwood {
		t.Errorf("%s: deadwood %d, want %d", c.name, got, c.deadwood)
	}
	gotMelds := meldList(t, c.name+": melds", obj["melds"])
	if want := melds(c.melds); !sameMelds(gotMelds, want) {
		t.Errorf("%s: melds %v, want %v", c.name, gotMelds, want)
	}
	for _, m := range gotMelds {
		if !isMeld(m) {
			t.Errorf("%s: %v is not a meld", c.name, m)
		}
	}
	gotDead := cardList(t, c.name+": deadwood_cards", obj["deadwood_cards"])
	if want := cards(c.dead); !sameCards(gotDead, want) {
		t.Errorf("%s: deadwood_cards %v, want %v", c.name, gotDead, want)
	}
	if c.elevenCard {
		if d := strField(t, c.name, obj, "discard"); !slices.Contains(c.discard, d) {
			t.Errorf("%s: discard %q, want one of %v", c.name, d, c.discard)
		}
		if got := intField(t, c.name, obj, "deadwood_after_discard"); got != c.afterDisc {
			t.Errorf("%s: deadwood_after_discard %d, want %d", c.name, got, c.afterDisc)
		}
	}
}

func TestGinMeldsContract(t *testing.T) {
	var in strings.Builder
	for _, c := range meldCases {
		in.WriteString(c.in + "\n")
	}
	out := mustFelt(t, in.String(), "gin", "melds")
	objs, _ := jsonLines(t, out)
	if len(objs) != len(meldCases) {
		t.Fatalf("%d input lines gave %d output lines:\n%s", len(meldCases), len(objs), out)
	}
	for i, c := range meldCases {
		checkMeldReport(t, c, objs[i], false)
	}
}

// Each case alone, and every case's figures consistent with its own cards.
func TestGinMeldsOneLineEach(t *testing.T) {
	for _, c := range meldCases {
		t.Run(c.name, func(t *testing.T) {
			objs, _ := jsonLines(t, mustFelt(t, c.in+"\n", "gin", "melds"))
			if len(objs) != 1 {
				t.Fatalf("got %d lines, want 1", len(objs))
			}
			checkMeldReport(t, c, objs[0], false)
			// The melds and deadwood cards partition the hand, and the
			// deadwood is the deadwood cards' value.
			var used []string
			for _, m := range meldList(t, "melds", objs[0]["melds"]) {
				used = append(used, m...)
			}
			dead := cardList(t, "deadwood_cards", objs[0]["deadwood_cards"])
			used = append(used, dead...)
			if !sameCards(used, strings.Fields(c.in)) {
				t.Errorf("melds + deadwood cards = %v, want the hand %s", sortCards(used), c.in)
			}
			if v := valueOf(dead); v != c.deadwood {
				t.Errorf("deadwood cards %v are worth %d, want %d", dead, v, c.deadwood)
			}
		})
	}
}

func TestGinMeldsAllArrangements(t *testing.T) {
	type arrCase struct {
		name     string
		in       string
		deadwood int
		arrs     []string // every optimal arrangement, melds as in meldCase
	}
	cases := []arrCase{
		{
			// 4S 5S 6S + 5H 5D: the run leaves 5H 5D (10), the set 4S 6S
			// (10). 7C 8C 9C + 8H 8D: the run leaves 8H 8D (16), the set
			// 7C 9C (16). Two independent ties: four arrangements of 26.
			name: "two independent ties", in: "4S 5S 6S 5H 5D 7C 8C 9C 8H 8D", deadwood: 26,
			arrs: []string{
				"4S 5S 6S | 7C 8C 9C",
				"4S 5S 6S | 8H 8D 8C",
				"5S 5H 5D | 7C 8C 9C",
				"5S 5H 5D | 8H 8D 8C",
			},
		},
		{
			// TS JS QS or QS QH QD: either leaves two ten-cards, plus
			// AH 3D 5C 7H 9C = 25.
			name: "run or set of queens", in: "TS JS QS QH QD AH 3D 5C 7H 9C", deadwood: 45,
			arrs: []string{"TS JS QS", "QS QH QD"},
		},
		{
			name: "split set is the only optimum", in: "7S 7H 7D 7C 5S 6S 2D 9C JH KD", deadwood: 31,
			arrs: []string{"5S 6S 7S | 7H 7D 7C"},
		},
		{
			name: "no meld at all: one empty arrangement", in: "QS KS AS 3H 5D 8C 9D TH JC 4H", deadwood: 70,
			arrs: []string{""},
		},
	}
	var in strings.Builder
	for _, c := range cases {
		in.WriteString(c.in + "\n")
	}
	objs, _ := jsonLines(t, mustFelt(t, in.String(), "gin", "melds", "--all"))
	if len(objs) != len(cases) {
		t.Fatalf("%d input lines gave %d output lines", len(cases), len(objs))
	}
	for i, c := range cases {
		obj := objs[i]
		wantKeys(t, c.name, obj, "deadwood", "melds", "deadwood_cards", "arrangements")
		if got := intField(t, c.name, obj, "deadwood"); got != c.deadwood {
			t.Errorf("%s: deadwood %d, want %d", c.name, got, c.deadwood)
		}
		list, ok := obj["arrangements"].([]any)
		if !ok {
			t.Fatalf("%s: arrangements is %#v, want a list", c.name, obj["arrangements"])
		}
		if len(list) != len(c.arrs) {
			t.Errorf("%s: %d arrangements, want %d: %v", c.name, len(list), len(c.arrs), list)
		}
		hand := strings.Fields(c.in)
		var got [][][]string
		for j, a := range list {
			ms := meldList(t, c.name+": arrangement", a)
			got = append(got, ms)
			// Each one: valid melds, disjoint, from the hand, and leaving
			// the minimum deadwood.
			seen := map[string]bool{}
			for _, m := range ms {
				if !isMeld(m) {
					t.Errorf("%s: arrangement %d: %v is not a meld", c.name, j, m)
				}
				for _, x := range m {
					if seen[x] || !slices.Contains(hand, x) {
						t.Errorf("%s: arrangement %d: card %s repeated or not in the hand", c.name, j, x)
					}
					seen[x] = true
				}
			}
			var dead []string
			for _, x := range hand {
				if !seen[x] {
					dead = append(dead, x)
				}
			}
			if v := valueOf(dead); v != c.deadwood {
				t.Errorf("%s: arrangement %d %v leaves %d deadwood, want the minimum %d", c.name, j, ms, v, c.deadwood)
			}
		}
		for _, w := range c.arrs {
			if !slices.ContainsFunc(got, func(g [][]string) bool { return sameMelds(g, melds(w)) }) {
				t.Errorf("%s: arrangement %q missing from %v", c.name, w, got)
			}
		}
		canon := meldList(t, c.name+": melds", obj["melds"])
		if !slices.ContainsFunc(got, func(g [][]string) bool { return sameMelds(g, canon) }) {
			t.Errorf("%s: melds %v is not one of the arrangements %v", c.name, canon, got)
		}
	}
}

func TestGinMeldsAllOnElevenCards(t *testing.T) {
	i := slices.IndexFunc(meldCases, func(c meldCase) bool { return strings.Contains(c.name, "the 8D") })
	c := meldCases[i]
	objs, _ := jsonLines(t, mustFelt(t, c.in+"\n", "gin", "melds", "--all"))
	checkMeldReport(t, c, objs[0], true)
	if n := len(objs[0]["arrangements"].([]any)); n != 1 {
		t.Errorf("%d arrangements, want 1", n)
	}
}

func TestGinMeldsNotations(t *testing.T) {
	// TD 10 + QD 10 + 4C 4 + 9H 9 = 33
	base := "AS 2S 3S 7H 7D 7C TD QD 4C 9H"
	variants := []string{
		base,
		"AS 2S 3S 7H 7D 7C 10D QD 4C 9H",
		"as 2s 3s 7h 7d 7c td qd 4c 9h",
		"A♠ 2♠ 3♠ 7♥ 7♦ 7♣ T♦ Q♦ 4♣ 9♥",
		"a♠ 2s 3♠ 7h 7♦ 7♣ 10d q♦ 4C 9♥",
		"  AS  2S\t3S 7H 7D 7C TD QD 4C 9H  ",
	}
	out := mustFelt(t, strings.Join(variants, "\n")+"\n", "gin", "melds")
	objs, raw := jsonLines(t, out)
	if len(raw) != len(variants) {
		t.Fatalf("%d lines in, %d out", len(variants), len(raw))
	}
	checkMeldReport(t, meldCase{name: "base", deadwood: 33, melds: "AS 2S 3S | 7H 7D 7C", dead: "4C 9H TD QD"}, objs[0], false)
	for i := range raw {
		if raw[i] != raw[0] {
			t.Errorf("%q gives\n  %s\nwant the same as %q:\n  %s", variants[i], raw[i], base, raw[0])
		}
	}
}

// The same cards in any order give the byte-identical line.
func TestGinMeldsCanonical(t *testing.T) {
	hands := []string{
		"4S 5S 6S 5H 5D 7C 8C 9C 8H 8D",
		"TS JS QS QH QD AH 3D 5C 7H 9C",
		"7S 7H 7D 7C 5S 6S 2D 9C JH KD",
		"AS 2S 3S 7H 7D 7C KS QD 4C 9H",
		"AS 2S 3S 4S 7H 7D 7C 9D TD JD QD",
		"JH QH KH 7S 7H 7D 2C 3C 4C 8D 5S",
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, args := range [][]string{{"gin", "melds"}, {"gin", "melds", "--all"}} {
		for _, h := range hands {
			lines := []string{h}
			for range 8 {
				cs := strings.Fields(h)
				rng.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
				lines = append(lines, strings.Join(cs, " "))
			}
			_, raw := jsonLines(t, mustFelt(t, strings.Join(lines, "\n")+"\n", args...))
			if len(raw) != len(lines) {
				t.Fatalf("%d lines in, %d out", len(lines), len(raw))
			}
			for i := range raw {
				if raw[i] != raw[0] {
					t.Errorf("%v: %q gives\n  %s\nbut %q gives\n  %s", args, lines[i], raw[i], lines[0], raw[0])
				}
			}
		}
	}
}

func TestGinMeldsBadLines(t *testing.T) {
	good := "AS 2S 3S 7H 7D 7C KS QD 4C 9H" // deadwood 33
	lines := []struct {
		in      string
		errHas  string // "" for a good line
		isError bool
	}{
		{in: "AS 2S 3S 7H 7D 7C KS QD 4C 1H", isError: true, errHas: "1H"},
		{in: good},
		{in: "AS 2S 3S 7H 7D 7C KS QD 4C", isError: true, errHas: "9"},
		{in: good},
		{in: "AS 2S 3S 7H 7D 7C KS QD 4C 9H 8D 5C", isError: true, errHas: "12"},
		{in: "AS 2S 3S 7H 7D 7C KS QD 4C AS", isError: true, errHas: "AS"},
		{in: "", isError: true},
		{in: "   \t ", isError: true},
		{in: good + "\r"}, // CRLF line end
		{in: "AS 2S 3S 7H 7D 7C KS QD 4C XY", isError: true, errHas: "XY"},
		{in: "AS 2S 3S 7H 7D 7C KS QD 4C 9", isError: true},
		{in: "AS 2S 3S 7H 7D 7C KS QD 4C 9H 8D 5C 6C 2C", isError: true},
		{in: good}, // the last line has no newline
	}
	var ins []string
	for _, l := range lines {
		ins = append(ins, l.in)
	}
	out := mustFelt(t, strings.Join(ins, "\n"), "gin", "melds")
	objs, _ := jsonLines(t, out)
	if len(objs) != len(lines) {
		t.Fatalf("%d input lines gave %d output lines:\n%s", len(lines), len(objs), out)
	}
	for i, l := range lines {
		obj := objs[i]
		if !l.isError {
			checkMeldReport(t, meldCase{name: "good line", deadwood: 33, melds: "AS 2S 3S | 7H 7D 7C", dead: "4C 9H QD KS"}, obj, false)
			continue
		}
		wantKeys(t, "line "+l.in, obj, "error")
		msg, ok := obj["error"].(string)
		if !ok || msg == "" {
			t.Errorf("line %q: error is %#v, want a message", l.in, obj["error"])
			continue
		}
		if !strings.Contains(msg, l.errHas) {
			t.Errorf("line %q: error %q does not mention %q", l.in, msg, l.errHas)
		}
	}
}

// Each bad hand line gets exactly one message naming its problem once.
func TestGinMeldsBadLineMessages(t *testing.T) {
	cases := []struct{ line, want string }{
		{"", "empty line: want 10 or 11 cards"},
		{"AS 2S 3S 7H 7D 7C KS QD 4C AS", "card: duplicate card: AS"},
		{"AS 2S 3S 7H 7D 7C KS QD 4C", "9 cards, want 10 or 11"},
		{"AS 2S 3S 7H 7D 7C KS QD 4C 9H 8D 5C", "12 cards, want 10 or 11"},
		{"AS 2S 3S 7H 7D 7C KS QD 4C XY", `card: cannot parse "XY": unknown rank (want A 2-9 T J Q K)`},
		{"null", `card: cannot parse "null": unknown rank (want A 2-9 T J Q K)`},
	}
	var in strings.Builder
	for _, c := range cases {
		in.WriteString(c.line + "\n")
	}
	objs, _ := jsonLines(t, mustFelt(t, in.String(), "gin", "melds"))
	if len(objs) != len(cases) {
		t.Fatalf("%d lines in, %d out", len(cases), len(objs))
	}
	for i, c := range cases {
		wantKeys(t, c.line, objs[i], "error")
		if got, _ := objs[i]["error"].(string); got != c.want {
			t.Errorf("line %q:\n got %q\nwant %q", c.line, got, c.want)
		}
	}
}

func TestGinMeldsOverlongLineIsABadLine(t *testing.T) {
	long := strings.Repeat("AS ", 700_000) // 2.1 MB
	good := "AS 2S 3S 7H 7D 7C KS QD 4C 9H"
	out, _, err := felt(t, long+"\n"+good+"\n", "gin", "melds")
	if err != nil {
		t.Fatalf("an over-long line stopped the run: %v", err)
	}
	objs, _ := jsonLines(t, out)
	if len(objs) != 2 {
		t.Fatalf("2 input lines gave %d output lines", len(objs))
	}
	wantKeys(t, "over-long line", objs[0], "error")
	checkMeldReport(t, meldCase{name: "line after", deadwood: 33, melds: "AS 2S 3S | 7H 7D 7C", dead: "4C 9H QD KS"}, objs[1], false)
}

func TestGinMeldsEmptyInput(t *testing.T) {
	if out := mustFelt(t, "", "gin", "melds"); out != "" {
		t.Errorf("no input gave output %q", out)
	}
}

// FuzzReportMelds feeds arbitrary lines to the melds contract: never a
// panic, and an answer agrees with the solver.
func FuzzReportMelds(f *testing.F) {
	f.Add("AS 2S 3S 7H 7D 7C 9C TC JC KD")
	f.Add("10d 9♦ 8♦ 7h 7s 7c 2c 3c 4c kd qs")
	f.Add("AS AS")
	f.Fuzz(func(t *testing.T, line string) {
		rep, err := reportMelds(line, true)
		if err != nil {
			return
		}
		hand, _ := card.ParseSet(line)
		if rep.Deadwood != gin.Deadwood(hand) || len(rep.Arrangements) == 0 {
			t.Fatalf("%q: deadwood %d", line, rep.Deadwood)
		}
	})
}
