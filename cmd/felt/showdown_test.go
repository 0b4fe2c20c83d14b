package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// sdReq writes one `felt gin showdown` input line.
func sdReq(t *testing.T, knocker, defender, rules string) string {
	t.Helper()
	m := map[string]any{"knocker": knocker, "defender": defender}
	if rules != "" {
		m["rules"] = json.RawMessage(rules)
	}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The knockers and defenders below, with their figures worked out by hand.
const (
	// AS 2S 3S | 7H 7D 7C | JC QC KC + 4D: K = 4. Lay-off spots: 4S, 7S, TC.
	kn4 = "AS 2S 3S 7H 7D 7C JC QC KC 4D"
	// 9D TD JD + 2H 4C 6S 8H 3D KH QS: 2+4+6+8+3+10+10 = 43; holds none
	// of 4S 7S TC.
	def43 = "9D TD JD 2H 4C 6S 8H 3D KH QS"

	// AS 2S 3S 4S | 7H 7D 7C | JC QC KC: gin.
	knGin = "AS 2S 3S 4S 7H 7D 7C JC QC KC"
	// No meld: 10+5+7+2+4+6+8+9+10+10 = 71. TC, 5S and 7S could be laid
	// off on a knock (leaving 49) but not on gin.
	def71 = "TC 5S 7S 2H 4C 6D 8H 9D KH QD"
	// 5S 5H 5D 5C | 8H 9H TH | 9D TD JD: deadwood 0.
	def0 = "8H 9H TH 9D TD JD 5C 5D 5S 5H"

	// Eleven cards, all melded: AS-4S, 7H 7D 7C, TC-KC.
	knBig = "AS 2S 3S 4S 7H 7D 7C TC JC QC KC"
	// No meld: 5+7+2+4+6+8+9+10+10+3 = 64 (5S and 7S would lay off on a knock).
	def64 = "5S 7S 2H 4C 6D 8H 9D KH QD 3H"

	// As kn4 with 8D (K = 8) or 5D (K = 5) as the deadwood card.
	kn8 = "AS 2S 3S 7H 7D 7C JC QC KC 8D"
	kn5 = "AS 2S 3S 7H 7D 7C JC QC KC 5D"
	// 2H 2D 2C | 4H 5H 6H | 9D TD JD + 5C: D = 5, nothing to lay off.
	def5 = "4H 5H 6H 9D TD JD 2C 2D 2H 5C"

	// 5S 6S 7S | KH KD KC | AH 2H 3H + 4C: K = 4.
	knRun = "5S 6S 7S KH KD KC AH 2H 3H 4C"
	// No meld: 8+9+4+6+9+10+2+5+10+3 = 66; 8S then 9S lay off: 49.
	defChain = "8S 9S 4D 6D 9H JH 2C 5C QD 3S"
	// No meld: 10+2+4+6+9+10+2+5+10+3 = 61; KS lays off on the kings: 51.
	defFourth = "KS 2D 4D 6D 9H JH 2C 5C QD 3S"
	// No meld: 4+8+2+6+9+10+2+5+10+3 = 59; 4S and 8S lay off at the two
	// ends of 5S 6S 7S: 47.
	defEnds = "4S 8S 2D 6D 9H JH 2C 5C QD 3C"

	// Two arrangements of deadwood 10: 4S 5S 6S + 9C-KC leaving 5H 5D, or
	// 5S 5H 5D + 9C-KC leaving 4S 6S.
	knTwo = "4S 5S 6S 5H 5D 9C TC JC QC KC"
	// No meld: 3+7+8+2+4+6+9+10+10+10 = 69. Against the run of spades it
	// lays off 3S, 7S, 8S (51); against the set of fives nothing (69).
	defTwo = "3S 7S 8S 2H 4D 6C 9H JD QH KD"

	// AS 2S 3S 4S | 7H 7D 7C + 2H 3D 5C: K = 10, exactly the limit.
	kn10 = "AS 2S 3S 4S 7H 7D 7C 2H 3D 5C"
	// AS 2S 3S 4S | 7H 7D 7C + 2H 4D 5C: K = 11, over the limit.
	kn11 = "AS 2S 3S 4S 7H 7D 7C 2H 4D 5C"
	// 9D TD JD + 6H 8S KH QS 4C 6C 8H: 6+8+10+10+4+6+8 = 52; holds
	// neither 5S nor 7S.
	def52 = "9D TD JD 6H 8S KH QS 4C 6C 8H"
)

type sdWant struct {
	result, winner string
	points, k, d   int
	kMelds, dMelds string // as in meldCase
	layoffs        string
	errHas         []string // for an error object: what its message must name
}

func TestGinShowdownContract(t *testing.T) {
	kn4Melds := "AS 2S 3S | 7H 7D 7C | JC QC KC"
	runMelds := "AH 2H 3H | 5S 6S 7S | KH KD KC"
	cases := []struct {
		name string
		line string
		want sdWant
	}{
		{"knock: points D-K", sdReq(t, kn4, def43, ""),
			sdWant{result: "knock", winner: "knocker", points: 39, k: 4, d: 43, kMelds: kn4Melds, dMelds: "9D TD JD"}},
		{"gin: 25 + D, no lay-offs", sdReq(t, knGin, def71, ""),
			sdWant{result: "gin", winner: "knocker", points: 96, k: 0, d: 71, kMelds: "AS 2S 3S 4S | 7H 7D 7C | JC QC KC"}},
		{"gin against deadwood 0: 25, never an undercut", sdReq(t, knGin, def0, ""),
			sdWant{result: "gin", winner: "knocker", points: 25, k: 0, d: 0, kMelds: "AS 2S 3S 4S | 7H 7D 7C | JC QC KC",
				dMelds: "5S 5H 5D 5C | 8H 9H TH | 9D TD JD"}},
		{"big gin: 31 + D, no lay-offs", sdReq(t, knBig, def64, ""),
			sdWant{result: "big_gin", winner: "knocker", points: 95, k: 0, d: 64, kMelds: "AS 2S 3S 4S | 7H 7D 7C | TC JC QC KC"}},
		{"undercut: 25 + K - D to the defender", sdReq(t, kn8, def5, ""),
			sdWant{result: "undercut", winner: "defender", points: 28, k: 8, d: 5, kMelds: kn4Melds, dMelds: "2H 2D 2C | 4H 5H 6H | 9D TD JD"}},
		{"tie is an undercut", sdReq(t, kn5, def5, ""),
			sdWant{result: "undercut", winner: "defender", points: 25, k: 5, d: 5, kMelds: kn4Melds, dMelds: "2H 2D 2C | 4H 5H 6H | 9D TD JD"}},
		{"undercut_bonus 20", sdReq(t, kn8, def5, `{"undercut_bonus": 20}`),
			sdWant{result: "undercut", winner: "defender", points: 23, k: 8, d: 5, kMelds: kn4Melds, dMelds: "2H 2D 2C | 4H 5H 6H | 9D TD JD"}},
		{"gin_bonus 30", sdReq(t, knGin, def71, `{"gin_bonus": 30}`),
			sdWant{result: "gin", winner: "knocker", points: 101, k: 0, d: 71, kMelds: "AS 2S 3S 4S | 7H 7D 7C | JC QC KC"}},
		{"big_gin_bonus 40", sdReq(t, knBig, def64, `{"big_gin_bonus": 40}`),
			sdWant{result: "big_gin", winner: "knocker", points: 104, k: 0, d: 64, kMelds: "AS 2S 3S 4S | 7H 7D 7C | TC JC QC KC"}},
		{"lay-off chain 8S then 9S", sdReq(t, knRun, defChain, ""),
			sdWant{result: "knock", winner: "knocker", points: 45, k: 4, d: 49, kMelds: runMelds, layoffs: "8S 9S"}},
		{"fourth card of a set", sdReq(t, knRun, defFourth, ""),
			sdWant{result: "knock", winner: "knocker", points: 47, k: 4, d: 51, kMelds: runMelds, layoffs: "KS"}},
		{"run extended at both ends", sdReq(t, knRun, defEnds, ""),
			sdWant{result: "knock", winner: "knocker", points: 43, k: 4, d: 47, kMelds: runMelds, layoffs: "4S 8S"}},
		{"knocker shows the arrangement worst for the defender", sdReq(t, knTwo, defTwo, ""),
			sdWant{result: "knock", winner: "knocker", points: 59, k: 10, d: 69, kMelds: "5S 5H 5D | 9C TC JC QC KC"}},
		{"knock at exactly 10", sdReq(t, kn10, def52, ""),
			sdWant{result: "knock", winner: "knocker", points: 42, k: 10, d: 52, kMelds: "AS 2S 3S 4S | 7H 7D 7C", dMelds: "9D TD JD"}},
		{"knock at 11: over the limit", sdReq(t, kn11, def52, ""),
			sdWant{errHas: []string{"11", "10"}}},
		{"knock_limit 5 refuses 10", sdReq(t, kn10, def52, `{"knock_limit": 5}`),
			sdWant{errHas: []string{"10", "5"}}},
		{"knock_limit 0 refuses 10", sdReq(t, kn10, def52, `{"knock_limit": 0}`),
			sdWant{errHas: []string{"10", "0"}}},
		{"unknown rules field", sdReq(t, kn4, def43, `{"undercut_bnus": 20}`),
			sdWant{errHas: []string{"undercut_bnus"}}},
		{"rules field out of range", sdReq(t, kn4, def43, `{"knock_limit": 11}`),
			sdWant{errHas: []string{"knock_limit"}}},
		{"rules field of the wrong type", sdReq(t, kn4, def43, `{"gin_bonus": "lots"}`),
			sdWant{errHas: []string{"gin_bonus"}}},
		{"big gin turned off", sdReq(t, knBig, def64, `{"big_gin_bonus": 0}`),
			sdWant{errHas: []string{"big gin"}}},
		{"11 cards that are not big gin", sdReq(t, "AS 2S 3S 4S 7H 7D 7C 2H 3D 5C 9C", def52, ""),
			sdWant{errHas: []string{"11"}}},
		{"unknown request field", `{"knocker": "` + kn4 + `", "defender": "` + def43 + `", "defendr": "x"}`,
			sdWant{errHas: []string{"defendr"}}},
		{"card in both hands", sdReq(t, kn4, "AS TD JD 2H 4C 6S 8H 3D KH QS", ""),
			sdWant{errHas: []string{"AS"}}},
		{"defender with 9 cards", sdReq(t, kn4, "9D TD JD 2H 4C 6S 8H 3D KH", ""),
			sdWant{errHas: []string{"9"}}},
		{"malformed card", sdReq(t, kn4, "9D TD JD 2H 4C 6S 8H 3D KH Q", ""),
			sdWant{errHas: []string{"defender"}}},
		{"not JSON", `{"knocker": `, sdWant{errHas: []string{""}}},
		{"empty line", "", sdWant{errHas: []string{""}}},
	}
	var in strings.Builder
	for _, c := range cases {
		in.WriteString(c.line + "\n")
	}
	out := mustFelt(t, in.String(), "gin", "showdown")
	objs, _ := jsonLines(t, out)
	if len(objs) != len(cases) {
		t.Fatalf("%d input lines gave %d output lines:\n%s", len(cases), len(objs), out)
	}
	for i, c := range cases {
		obj, w := objs[i], c.want
		if w.errHas != nil {
			wantKeys(t, c.name, obj, "error")
			msg, _ := obj["error"].(string)
			if msg == "" {
				t.Errorf("%s: error is %#v, want a message", c.name, obj["error"])
			}
			for _, s := range w.errHas {
				if !strings.Contains(msg, s) {
					t.Errorf("%s: error %q does not name %q", c.name, msg, s)
				}
			}
			continue
		}
		wantKeys(t, c.name, obj, "result", "winner", "points", "knocker_deadwood", "defender_deadwood",
			"knocker_melds", "defender_melds", "layoffs")
		if got := strField(t, c.name, obj, "result"); got != w.result {
			t.Errorf("%s: result %q, want %q", c.name, got, w.result)
		}
		if got := strField(t, c.name, obj, "winner"); got != w.winner {
			t.Errorf("%s: winner %q, want %q", c.name, got, w.winner)
		}
		for _, f := range []struct {
			key  string
			want int
		}{{"points", w.points}, {"knocker_deadwood", w.k}, {"defender_deadwood", w.d}} {
			if got := intField(t, c.name, obj, f.key); got != f.want {
				t.Errorf("%s: %s %d, want %d", c.name, f.key, got, f.want)
			}
		}
		if got := meldList(t, c.name+": knocker_melds", obj["knocker_melds"]); !sameMelds(got, melds(w.kMelds)) {
			t.Errorf("%s: knocker_melds %v, want %v", c.name, got, melds(w.kMelds))
		}
		if got := meldList(t, c.name+": defender_melds", obj["defender_melds"]); !sameMelds(got, melds(w.dMelds)) {
			t.Errorf("%s: defender_melds %v, want %v", c.name, got, melds(w.dMelds))
		}
		if got := cardList(t, c.name+": layoffs", obj["layoffs"]); !sameCards(got, cards(w.layoffs)) {
			t.Errorf("%s: layoffs %v, want %v", c.name, got, cards(w.layoffs))
		}
	}
}

// A chain is laid off in order: 8S onto 5S 6S 7S before the 9S that needs it.
func TestGinShowdownChainOrder(t *testing.T) {
	objs, _ := jsonLines(t, mustFelt(t, sdReq(t, knRun, defChain, "")+"\n", "gin", "showdown"))
	if got := cardList(t, "layoffs", objs[0]["layoffs"]); strings.Join(got, " ") != "8S 9S" {
		t.Errorf("layoffs %v, want [8S 9S] in that order", got)
	}
}

// The figures agree with the cards: the knocker's deadwood is the value of
// its unmelded cards, the defender's that of its cards neither melded nor
// laid off.
func TestGinShowdownFiguresMatchCards(t *testing.T) {
	pairs := [][2]string{{kn4, def43}, {kn8, def5}, {knRun, defChain}, {knRun, defFourth}, {knRun, defEnds}, {knTwo, defTwo}, {kn10, def52},
		// Own set 8S 8H 8D leaves 9S TS 2D 4D 6C QD JC = 51; melding or
		// laying off 8S 9S TS instead leaves 8H 8D 2D 4D 6C QD JC = 48.
		{knRun, "8S 8H 8D 9S TS 2D 4D 6C QD JC"}}
	wantD := []int{43, 5, 49, 51, 47, 69, 52, 48}
	var in strings.Builder
	for _, p := range pairs {
		in.WriteString(sdReq(t, p[0], p[1], "") + "\n")
	}
	objs, _ := jsonLines(t, mustFelt(t, in.String(), "gin", "showdown"))
	if len(objs) != len(pairs) {
		t.Fatalf("%d lines in, %d out", len(pairs), len(objs))
	}
	left := func(hand string, used ...[]string) []string {
		u := map[string]bool{}
		for _, l := range used {
			for _, c := range l {
				u[c] = true
			}
		}
		var out []string
		for _, c := range strings.Fields(hand) {
			if !u[c] {
				out = append(out, c)
			}
		}
		return out
	}
	flat := func(ms [][]string) []string {
		var out []string
		for _, m := range ms {
			if !isMeld(m) {
				t.Errorf("%v is not a meld", m)
			}
			out = append(out, m...)
		}
		return out
	}
	for i, p := range pairs {
		obj := objs[i]
		km := flat(meldList(t, "knocker_melds", obj["knocker_melds"]))
		dm := flat(meldList(t, "defender_melds", obj["defender_melds"]))
		lo := cardList(t, "layoffs", obj["layoffs"])
		if k := valueOf(left(p[0], km)); k != intField(t, "k", obj, "knocker_deadwood") {
			t.Errorf("%s: knocker's unmelded cards are worth %d, knocker_deadwood says %d", p[0], k, intField(t, "k", obj, "knocker_deadwood"))
		}
		if d := valueOf(left(p[1], dm, lo)); d != intField(t, "d", obj, "defender_deadwood") {
			t.Errorf("%s: defender's cards left are worth %d, defender_deadwood says %d", p[1], d, intField(t, "d", obj, "defender_deadwood"))
		}
		if d := intField(t, "d", obj, "defender_deadwood"); d != wantD[i] {
			t.Errorf("%s against %s: defender_deadwood %d, want the least, %d", p[1], p[0], d, wantD[i])
		}
		for _, c := range lo {
			if !slices.Contains(strings.Fields(p[1]), c) || slices.Contains(dm, c) {
				t.Errorf("%s: laid off %s is not a defender card outside its melds", p[1], c)
			}
		}
	}
}

// Each bad request line gets exactly one message naming its problem once:
// an empty line is not a melds line, null is not "no cards", keys are
// matched exactly (case included) and at most once, in the request and in
// its rules object.
func TestGinShowdownBadRequestMessages(t *testing.T) {
	ok := `"knocker": "` + kn4 + `", "defender": "` + def43 + `"`
	cases := []struct{ line, want string }{
		{"", `empty line: want a JSON object with "knocker" and "defender"`},
		{"   ", `empty line: want a JSON object with "knocker" and "defender"`},
		{"null", "not a showdown request: want a JSON object, got null"},
		{"[]", "not a showdown request: want a JSON object, got array"},
		{`"x"`, "not a showdown request: want a JSON object, got string"},
		{"true", "not a showdown request: want a JSON object, got boolean"},
		{"{}", "not a showdown request: no knocker field"},
		{`{"knocker": "` + kn4 + `"}`, "not a showdown request: no defender field"},
		{`{"knocker": null, "defender": null}`, "not a showdown request: field knocker: want a string of cards, got null"},
		{`{"knocker": "` + kn4 + `", "defender": null}`, "not a showdown request: field defender: want a string of cards, got null"},
		{`{"knocker": 5, "defender": "` + def43 + `"}`, "not a showdown request: field knocker: want a string of cards, got number"},
		{`{"KNOCKER": "` + kn4 + `", "defender": "` + def43 + `"}`, `not a showdown request: unknown field "KNOCKER"`},
		{`{"knocker": "` + kn4 + `", "Defender": "` + def43 + `"}`, `not a showdown request: unknown field "Defender"`},
		{`{` + ok + `, "knocker": "` + kn8 + `"}`, "not a showdown request: field knocker given twice"},
		{`{` + ok + `, "rules": {}, "Rules": {}}`, `not a showdown request: unknown field "Rules"`},
		{`{` + ok + `} {}`, "not a showdown request: more than one JSON value on the line"},
		{`{"knocker": `, "not a showdown request: malformed JSON: cut short"},
		{`{` + ok + `, "rules": null}`, "gin: rules: want a JSON object, got null: invalid rules"},
		{`{` + ok + `, "rules": {"Knock_Limit": 3}}`, `gin: rules: unknown field "Knock_Limit": invalid rules`},
		{`{` + ok + `, "rules": {"knock_limit": 3, "knock_limit": 10}}`, "gin: rules: field knock_limit given twice: invalid rules"},
		{`{` + ok + `, "rules": {"knock_limit": null}}`, "gin: rules: field knock_limit is null: invalid rules"},
		{sdReq(t, "AS AS", def43, ""), "knocker: card: duplicate card: AS"},
		{sdReq(t, kn4, "AS TD JD 2H 4C 6S 8H 3D KH QS", ""), "gin: AS in both hands"},
		{sdReq(t, kn4, "9D TD JD 2H 4C 6S 8H 3D KH", ""), "gin: defender holds 9 cards, want 10"},
		{sdReq(t, "AS 2S 3S 7H 7D 7C JC QC KC", def43, ""), "gin: knocker lays out 9 cards, want 10 (11 for big gin)"},
		{sdReq(t, knBig, def64, `{"big_gin_bonus": 0}`), "gin: 11 cards laid out: big gin is off in these rules"},
		{sdReq(t, "AS 2S 3S 4S 7H 7D 7C 2H 3D 5C 9C", def52, ""), "gin: 11 cards laid out: not every card melds (deadwood 19)"},
		{sdReq(t, kn11, def52, ""), "gin: deadwood 11 is over the knock limit 10"},
	}
	var in strings.Builder
	for _, c := range cases {
		in.WriteString(c.line + "\n")
	}
	objs, _ := jsonLines(t, mustFelt(t, in.String(), "gin", "showdown"))
	if len(objs) != len(cases) {
		t.Fatalf("%d lines in, %d out", len(cases), len(objs))
	}
	for i, c := range cases {
		wantKeys(t, c.line, objs[i], "error")
		if got, _ := objs[i]["error"].(string); got != c.want {
			t.Errorf("line %s:\n got %q\nwant %q", c.line, got, c.want)
		}
	}
}

// Keys written with escapes are the same keys: exact matching compares the
// decoded names.
func TestGinShowdownEscapedKeys(t *testing.T) {
	line := `{"knock\u0065r": "` + kn4 + `", "defender": "` + def43 + `"}`
	objs, _ := jsonLines(t, mustFelt(t, line+"\n", "gin", "showdown"))
	if got := intField(t, "escaped key", objs[0], "points"); got != 39 {
		t.Errorf("points %d, want 39", got)
	}
}

// FuzzShowdownLine feeds arbitrary lines to the showdown contract: never a
// panic, and a line is either settled or refused with a message.
func FuzzShowdownLine(f *testing.F) {
	f.Add(`{"knocker": "` + kn4 + `", "defender": "` + def43 + `"}`)
	f.Add(`{"knocker": "` + kn8 + `", "defender": "` + def5 + `", "rules": {"undercut_bonus": 20}}`)
	f.Add(`null`)
	f.Add(`{"knocker": null}`)
	f.Fuzz(func(t *testing.T, line string) {
		rep, err := reportShowdown([]byte(line))
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%q: empty error", line)
			}
			return
		}
		if rep.Result == "" || (rep.Winner != "knocker" && rep.Winner != "defender") {
			t.Fatalf("%q: settled as %+v", line, rep)
		}
	})
}
