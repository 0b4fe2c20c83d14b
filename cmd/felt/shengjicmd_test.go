package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// sjLine is one line of `felt shengji check` and the exact answer.
type sjLine struct {
	name, in, out string
}

const sjTrump = `"trump":{"suit":"S","level":"2"}`

var sjContract = []sjLine{
	{"units: the contract's example", `{"kind":"units",` + sjTrump + `,"cards":"QS QS KS KS AS"}`,
		`{"group":"trump","is_tractor":false,"units":["QS QS KS KS","AS"]}`},
	{"units: a plain tractor across the level", `{"kind":"units","trump":{"suit":"C","level":"4"},"cards":"3H 3H 5H 5H"}`,
		`{"group":"H","is_tractor":true,"units":["3H 3H 5H 5H"]}`},
	{"units: the trump chain", `{"kind":"units","trump":{"suit":"H","level":"T"},"cards":"BJ BJ SJ SJ 10H 10H TC TC AH AH"}`,
		`{"group":"trump","is_tractor":true,"units":["AH AH TC TC TH TH SJ SJ BJ BJ"]}`},
	{"units: off-suit level pairs", `{"kind":"units",` + sjTrump + `,"cards":"2H 2H 2D 2D"}`,
		`{"group":"trump","is_tractor":false,"units":["2H 2H","2D 2D"]}`},
	{"units: level_tractors false", `{"kind":"units","trump":{"suit":"H","level":"4"},"rules":{"level_tractors":false},"cards":"AH AH 4S 4S 4H 4H SJ SJ BJ BJ"}`,
		`{"group":"trump","is_tractor":false,"units":["SJ SJ BJ BJ","4H 4H","4S 4S","AH AH"]}`},
	{"follow: level_tractors false", `{"kind":"follow","trump":{"suit":"S","level":"2"},"rules":{"level_tractors":false},"lead":"QS QS KS KS","hand":"AS AS 2H 2H 2D 2D","play":"2H 2H 2D 2D"}`,
		`{"legal":true}`},
	{"trick: level_tractors false", `{"kind":"trick","trump":{"suit":"S","level":"2"},"rules":{"level_tractors":false},"plays":[[0,"QS QS KS KS"],[1,"AS AS 2H 2H"],[2,"3H 4H 5H 6H"],[3,"3C 4C 5C 6C"]]}`,
		`{"winner":0,"points":30,"kitty_multiplier":8}`},
	{"throw: level_tractors false", `{"kind":"throw","trump":{"suit":"S","level":"2"},"rules":{"level_tractors":false},"leader":0,"throw":"2H 2H 2S 2S","others":{"1":"SJ SJ BJ BJ"}}`,
		`{"stands":false,"play":"2H 2H"}`},
	{"units: mixed", `{"kind":"units","trump":{"suit":"none","level":"A"},"cards":"AS KH KH"}`,
		`{"group":"mixed","is_tractor":false,"units":["KH KH","AS"]}`},
	{"follow: legal", `{"kind":"follow",` + sjTrump + `,"lead":"3H 3H","hand":"9H 9H 4H 5H","play":"9H 9H"}`,
		`{"legal":true}`},
	{"follow: a led pair", `{"kind":"follow",` + sjTrump + `,"lead":"3H 3H","hand":"9H 9H 4H 5H","play":"4H 5H"}`,
		`{"legal":false,"reason":"you hold the pair 9♥ 9♥: a led pair must be followed with a pair"}`},
	{"follow: wrong count", `{"kind":"follow",` + sjTrump + `,"lead":"3H 3H","hand":"9H 9H 4H 5H","play":"4H"}`,
		`{"legal":false,"reason":"the lead has 2 cards: play 2, not 1"}`},
	{"trick: trumped pair", `{"kind":"trick",` + sjTrump + `,"plays":[[1,"3H 3H"],[2,"4H 4H"],[3,"5S 5S"],[0,"KH 5H"]]}`,
		`{"winner":3,"points":25,"kitty_multiplier":4}`},
	{"trick: equal cards, first played", `{"kind":"trick","trump":{"suit":"S","level":"4"},"plays":[[3,"4H 4H"],[0,"4D 4D"],[1,"3H 3H"],[2,"4C 4C"]]}`,
		`{"winner":3,"points":0,"kitty_multiplier":4}`},
	{"trick: a tractor", `{"kind":"trick",` + sjTrump + `,"plays":[[0,"QH QH KH KH"],[1,"3H 3H 4H 4H"],[2,"5C 6C 7C 8C"],[3,"AH 9H 9H 6H"]]}`,
		`{"winner":0,"points":25,"kitty_multiplier":8}`},
	{"throw: the spec's pair", `{"kind":"throw","trump":{"suit":"H","level":"2"},"leader":0,"throw":"9S 8S 8S 4S 4S","others":{"1":"QS QS","2":"3C","3":""}}`,
		`{"stands":false,"play":"4S 4S"}`},
	{"throw: the spec's single", `{"kind":"throw","trump":{"suit":"H","level":"2"},"leader":2,"throw":"9S 8S 8S 4S 4S","others":{"0":"JS","1":"3C","3":""}}`,
		`{"stands":false,"play":"9S"}`},
	{"throw: stands", `{"kind":"throw","trump":{"suit":"H","level":"2"},"leader":1,"throw":"AS KS KS","others":{"0":"QS QS","2":"AH AH","3":"BJ"}}`,
		`{"stands":true,"play":"KS KS AS"}`},
	{"level: 85", `{"kind":"level","attacker_points":85}`, `{"bankers_keep":false,"levels_up":0}`},
	{"level: 0", `{"kind":"level","attacker_points":0}`, `{"bankers_keep":true,"levels_up":3}`},
	{"level: 200", `{"kind":"level","attacker_points":200}`, `{"bankers_keep":false,"levels_up":3}`},
}

func TestShengjiCheck_Contract(t *testing.T) { checkAnswers(t, sjContract) }

// checkAnswers runs lines through felt shengji check in one run and wants
// each line's exact answer.
func checkAnswers(t *testing.T, lines []sjLine) {
	t.Helper()
	var in strings.Builder
	for _, l := range lines {
		in.WriteString(l.in + "\n")
	}
	out := mustFelt(t, in.String(), "shengji", "check")
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(got) != len(lines) {
		t.Fatalf("%d answers to %d lines:\n%s", len(got), len(lines), out)
	}
	for i, l := range lines {
		if got[i] != l.out {
			t.Errorf("%s:\n in  %s\n got %s\nwant %s", l.name, l.in, got[i], l.out)
		}
	}
}

// TestShengjiCheck_BadLinesGetAnErrorAndTheRunGoesOn: every bad line gets
// {"error": …} naming the problem, and the line after it is still answered.
func TestShengjiCheck_BadLinesGetAnErrorAndTheRunGoesOn(t *testing.T) {
	for _, tt := range []struct{ name, in, want string }{
		{"not JSON", `units please`, "not a check request"},
		{"two values", `{"kind":"level","attacker_points":5} {}`, "more than one JSON value"},
		{"no kind", `{"attacker_points":5}`, `kind ""`},
		{"unknown kind", `{"kind":"bid"}`, `kind "bid"`},
		{"unknown field", `{"kind":"level","attacker_points":5,"x":1}`, `unknown field "x"`},
		{"a miscased field", `{"kind":"level","Attacker_Points":5}`, `not a check request: unknown field "Attacker_Points"`},
		{"a field given twice", `{"kind":"level","attacker_points":5,"attacker_points":90}`, `not a check request: field attacker_points given twice`},
		{"a brace after the object", `{"kind":"level","attacker_points":5}}`, `not a check request: more than one JSON value on the line`},
		{"a field of another kind", `{"kind":"level","attacker_points":5,"cards":"AS"}`, `kind level takes no "cards"`},
		{"missing field", `{"kind":"units",` + sjTrump + `}`, `kind units needs "cards"`},
		{"missing trump", `{"kind":"units","cards":"AS"}`, `kind units needs "trump"`},
		{"bad trump suit", `{"kind":"units","trump":{"suit":"X","level":"2"},"cards":"AS"}`, `suit "X"`},
		{"bad trump level", `{"kind":"units","trump":{"suit":"S","level":"1"},"cards":"AS"}`, `level "1"`},
		{"points not a number", `{"kind":"level","attacker_points":"85"}`, "attacker_points"},
		{"points not whole", `{"kind":"level","attacker_points":8.5}`, "attacker_points"},
		{"malformed card", `{"kind":"units",` + sjTrump + `,"cards":"QS 1S"}`, `cards: card: cannot parse "1S"`},
		{"a third copy in one field", `{"kind":"units",` + sjTrump + `,"cards":"QS QS QS"}`, "QS"},
		{"a third copy across fields", `{"kind":"follow",` + sjTrump + `,"lead":"3H 3H","hand":"3H 4H","play":"3H 4H"}`, "3H"},
		{"no cards", `{"kind":"units",` + sjTrump + `,"cards":" "}`, "none given"},
		{"play not in the hand", `{"kind":"follow",` + sjTrump + `,"lead":"3H","hand":"9H","play":"4H"}`, "play: shengji: card not in hand: 4H"},
		{"mixed lead", `{"kind":"follow",` + sjTrump + `,"lead":"3H 3D","hand":"9H 9D","play":"9H 9D"}`, "lead: shengji: a lead is"},
		{"three plays", `{"kind":"trick",` + sjTrump + `,"plays":[[0,"3H"],[1,"4H"],[2,"5H"]]}`, "plays: 3, want 4"},
		{"out of turn", `{"kind":"trick",` + sjTrump + `,"plays":[[0,"3H"],[2,"4H"],[1,"5H"],[3,"6H"]]}`, "seat 2 after seat 0"},
		{"seat 4", `{"kind":"trick",` + sjTrump + `,"plays":[[4,"3H"],[1,"4H"],[2,"5H"],[3,"6H"]]}`, "seat 4"},
		{"a play not [seat, cards]", `{"kind":"trick",` + sjTrump + `,"plays":[[0,"3H",1],[1,"4H"],[2,"5H"],[3,"6H"]]}`, `[seat, "cards"]`},
		{"short play in a trick", `{"kind":"trick",` + sjTrump + `,"plays":[[0,"3H 3H"],[1,"4H"],[2,"5H 5H"],[3,"6H 6H"]]}`, "not a trick: the lead is 2 cards but the 2nd play is 1 card"},
		{"leader among the others", `{"kind":"throw",` + sjTrump + `,"leader":0,"throw":"AH","others":{"0":"KH"}}`, "seat 0 is the leader"},
		{"other seat not a seat", `{"kind":"throw",` + sjTrump + `,"leader":0,"throw":"AH","others":{"01":"KH"}}`, `seat "01"`},
		{"mixed throw", `{"kind":"throw",` + sjTrump + `,"leader":0,"throw":"AH AD","others":{}}`, "throw: shengji: a lead is"},
		{"leader 5", `{"kind":"throw",` + sjTrump + `,"leader":5,"throw":"AH","others":{}}`, "leader: seat 5"},
	} {
		t.Run(tt.name, func(t *testing.T) { checkBadLine(t, tt.in, tt.want) })
	}
}

// checkBadLine wants line answered by an error alone, containing want, and
// the line after it answered as usual.
func checkBadLine(t *testing.T, line, want string) {
	t.Helper()
	out := mustFelt(t, line+"\n"+`{"kind":"level","attacker_points":85}`+"\n", "shengji", "check")
	objs, raw := jsonLines(t, out)
	if len(objs) != 2 {
		t.Fatalf("%d answers: %q", len(objs), out)
	}
	msg, ok := objs[0]["error"].(string)
	if !ok || len(objs[0]) != 1 || !strings.Contains(msg, want) {
		t.Errorf("answer %s, want an error containing %q", raw[0], want)
	}
	if raw[1] != `{"bankers_keep":false,"levels_up":0}` {
		t.Errorf("the next line got %s", raw[1])
	}
}

func TestShengjiCheck_OverLongLineIsAnError(t *testing.T) {
	long := `{"kind":"units",` + sjTrump + `,"cards":"` + strings.Repeat("AS ", maxLine/3+10) + `"}`
	out := mustFelt(t, long+"\n"+`{"kind":"level","attacker_points":0}`+"\n", "shengji", "check")
	objs, raw := jsonLines(t, out)
	if len(objs) != 2 || !strings.Contains(raw[0], "longer than") || raw[1] != `{"bankers_keep":true,"levels_up":3}` {
		t.Errorf("over-long line: %q", out)
	}
}

func TestShengji_UnknownSubcommandIsAnError(t *testing.T) {
	if _, _, err := felt(t, "", "shengji", "frobnicate"); err == nil {
		t.Error("felt shengji frobnicate succeeded")
	}
}

// FuzzShengjiCheck: any line gets exactly one JSON object: an answer of its
// kind or an error, never a panic.
func FuzzShengjiCheck(f *testing.F) {
	for _, l := range sjContract {
		f.Add(l.in)
	}
	f.Add(`{"kind":"follow","trump":{"suit":"none","level":"A"},"lead":"SJ SJ BJ BJ","hand":"AS AS","play":"AS AS"}`)
	f.Add(`{"kind":"trick","trump":{"suit":"D","level":"K"},"plays":[[3,""],[0,""],[1,""],[2,""]]}`)
	f.Fuzz(func(t *testing.T, line string) {
		if strings.ContainsAny(line, "\n\r") {
			return
		}
		v, err := shengjiCheck([]byte(line))
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%q: empty error", line)
			}
			return
		}
		b, err := json.Marshal(v)
		if err != nil || !strings.HasPrefix(string(b), "{") {
			t.Fatalf("%q: answer %s, %v", line, b, err)
		}
	})
}

// TestShengjiCheck_HelpExamplesAreTrue: every example in `felt shengji
// check --help` written out in full (no "…") gets the answer the help
// shows, so the help cannot drift from the checker.
func TestShengjiCheck_HelpExamplesAreTrue(t *testing.T) {
	help := mustFelt(t, "", "shengji", "check", "--help")
	lines := strings.Split(help, "\n")
	checked := 0
	for i := 0; i+1 < len(lines); i++ {
		q := strings.TrimSpace(lines[i])
		a := strings.TrimSpace(lines[i+1])
		kind, q, ok := strings.Cut(q, " ")
		if !ok || !strings.HasPrefix(a, "-> ") || strings.Contains(q+a, "…") {
			continue
		}
		q, want := strings.TrimSpace(q), strings.TrimPrefix(a, "-> ")
		if got := strings.TrimSpace(mustFelt(t, q+"\n", "shengji", "check")); got != want {
			t.Errorf("help example %s %s: the checker says %s, the help %s", kind, q, got, want)
		}
		checked++
	}
	if checked < 2 {
		t.Fatalf("found %d complete examples in the help:\n%s", checked, help)
	}
}
