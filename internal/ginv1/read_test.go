package ginv1_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"felt/gin"
	"felt/internal/ginv1"
	"felt/internal/ginv1/ginv1test"
)

// playRandom plays a recorded game with uniformly random legal actions.
func playRandom(t testing.TB, r gin.Rules, seed uint64) *bytes.Buffer {
	t.Helper()
	var buf bytes.Buffer
	rec, err := ginv1test.NewRecordedGame(&buf, r, seed, [2]string{"random", "random"})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 99))
	var acts []gin.Action
	for steps := 0; !rec.Game().Over(); steps++ {
		if steps > 100000 {
			t.Fatal("game did not end")
		}
		h := rec.Game().Hand()
		if h.Over() {
			if err := rec.NextHand(); err != nil {
				t.Fatal(err)
			}
			continue
		}
		acts = h.LegalActions(acts[:0])
		// prefer knocking when possible so games end
		a := acts[rng.IntN(len(acts))]
		for _, x := range acts {
			if x.Kind == gin.Knock || x.Kind == gin.BigGin {
				a = x
			}
		}
		if err := rec.Apply(h.Turn(), a); err != nil {
			t.Fatalf("legal action %s refused: %v", a, err)
		}
	}
	return &buf
}

func TestReplayRoundTrip(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		for _, r := range []gin.Rules{gin.Standard(), gin.EAAI()} {
			log := playRandom(t, r, seed)
			rp, err := ginv1.ReadLog(bytes.NewReader(log.Bytes()))
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if !rp.Complete() {
				t.Fatalf("seed %d: replay not complete", seed)
			}
		}
	}
}

func TestReplayRefusesEditedLog(t *testing.T) {
	log := playRandom(t, gin.Standard(), 5).String()
	lines := strings.Split(strings.TrimSuffix(log, "\n"), "\n")
	// Change the deadwood of the 5th line (an action).
	edited := append([]string(nil), lines...)
	edited[4] = strings.Replace(edited[4], `"deadwood":`, `"deadwood":1`, 1)
	_, err := ginv1.ReadLog(strings.NewReader(strings.Join(edited, "\n")))
	var le *ginv1.LogError
	if !errors.As(err, &le) || le.Line != 5 {
		t.Fatalf("edited log: got %v, want a ginv1.LogError on line 5", err)
	}
	// Cut a line in half.
	cut := strings.Join(lines[:7], "\n") + "\n" + lines[7][:len(lines[7])/2]
	_, err = ginv1.ReadLog(strings.NewReader(cut))
	if !errors.As(err, &le) || le.Line != 8 {
		t.Fatalf("cut log: got %v, want a ginv1.LogError on line 8", err)
	}
}

// countingReader counts the bytes read from r.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// zeros is an endless stream of zero bytes, like /dev/zero.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestReadLogBoundsTheLine: an endless line (/dev/zero) is refused after
// reading little more than ginv1.MaxLogLine bytes.
func TestReadLogBoundsTheLine(t *testing.T) {
	cr := &countingReader{r: zeros{}}
	_, err := ginv1.ReadLog(cr)
	var le *ginv1.LogError
	if !errors.As(err, &le) || le.Line != 1 || !strings.Contains(err.Error(), "line longer than") {
		t.Fatalf("an endless line: %v", err)
	}
	if cr.n > 2*ginv1.MaxLogLine {
		t.Fatalf("read %d bytes of an endless line, want at most %d", cr.n, 2*ginv1.MaxLogLine)
	}
}

// TestReadLogBoundsTheSize: a log longer than the size limit is refused
// whatever its lines hold, and no more than the limit (and a read's worth)
// is read.
func TestReadLogBoundsTheSize(t *testing.T) {
	log := playRandom(t, gin.Standard(), 3).Bytes()
	defer ginv1.SetMaxLogSize(int64(len(log)))()
	if _, err := ginv1.ReadLog(bytes.NewReader(log)); err != nil {
		t.Fatalf("a log of exactly the limit: %v", err)
	}
	for _, cut := range []int{1, 10, len(log) / 2} {
		limit := int64(len(log) - cut)
		restore := ginv1.SetMaxLogSize(limit)
		cr := &countingReader{r: io.MultiReader(bytes.NewReader(log), zeros{})}
		_, err := ginv1.ReadLog(cr)
		if err == nil || !strings.Contains(err.Error(), "log longer than") {
			t.Fatalf("a log %d bytes over the limit: %v", cut, err)
		}
		restore()
		if cr.n > limit+1 {
			t.Fatalf("read %d bytes with a limit of %d", cr.n, limit)
		}
	}
}

// TestReplayTakeover: takeover lines, mid-hand and after a hand's result,
// replay and change who plays the seat; old logs without them still
// replay with the header's players; a game that is over takes none.
func TestReplayTakeover(t *testing.T) {
	var buf bytes.Buffer
	rec, err := ginv1test.NewRecordedGame(&buf, gin.Standard(), 7, [2]string{"human", "exec:./bot"})
	if err != nil {
		t.Fatal(err)
	}
	rp, err := ginv1.ReadLog(bytes.NewReader(buf.Bytes()))
	if err != nil || rp.Playing != [2]string{"human", "exec:./bot"} {
		t.Fatalf("a log without takeover lines: playing %v, %v", rp.Playing, err)
	}
	rng := rand.New(rand.NewPCG(7, 1))
	g := rec.Game()
	takeovers := 0
	var acts []gin.Action
	for i := 0; !g.Over(); i++ {
		if i == 5 {
			if err := rec.Takeover(1, "normal", "exited with status 2\nline two"); err != nil {
				t.Fatal(err)
			}
			takeovers++
		}
		if g.Hand().Over() {
			if takeovers == 1 {
				if err := rec.Takeover(0, "hard", strings.Repeat("é", ginv1.MaxReason)); err != nil {
					t.Fatal(err)
				}
				takeovers++
			}
			if err := rec.NextHand(); err != nil {
				t.Fatal(err)
			}
			continue
		}
		h := g.Hand()
		acts = h.LegalActions(acts[:0])
		a := acts[rng.IntN(len(acts))]
		for _, x := range acts {
			if x.Kind == gin.Knock || x.Kind == gin.BigGin {
				a = x
			}
		}
		if err := rec.Apply(h.Turn(), a); err != nil {
			t.Fatal(err)
		}
	}
	if takeovers != 2 {
		t.Fatalf("%d takeovers logged, want 2", takeovers)
	}
	if rec.Playing(0) != "hard" || rec.Playing(1) != "normal" {
		t.Fatalf("the recorder has %s and %s playing, want hard and normal", rec.Playing(0), rec.Playing(1))
	}
	if err := rec.Takeover(1, "easy", ""); !errors.Is(err, gin.ErrGameOver) {
		t.Fatalf("a takeover after the game's end: %v", err)
	}
	if err := rec.Takeover(2, "easy", ""); !errors.Is(err, gin.ErrInvalidSeat) {
		t.Fatalf("a takeover of seat 2: %v", err)
	}
	log := buf.String()
	rp, err = ginv1.ReadLog(strings.NewReader(log))
	if err != nil {
		t.Fatal(err)
	}
	if rp.Players != [2]string{"human", "exec:./bot"} || rp.Playing != [2]string{"hard", "normal"} {
		t.Fatalf("players %v, playing %v", rp.Players, rp.Playing)
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimSuffix(log, "\n"), "\n") {
		if strings.Contains(l, `"takeover"`) {
			lines = append(lines, l)
			if len(l) > ginv1.MaxReason+200 {
				t.Errorf("a takeover line of %d bytes: the reason is not cut", len(l))
			}
		}
	}
	if len(lines) != 2 || !strings.Contains(lines[0], `"name":"normal"`) || !strings.Contains(lines[0], `"player":1`) {
		t.Fatalf("takeover lines %q", lines)
	}
}

// TestReplayRefusesBadTakeover: a takeover line out of place or with a
// bad field names its line.
func TestReplayRefusesBadTakeover(t *testing.T) {
	var buf bytes.Buffer
	rec, err := ginv1test.NewRecordedGame(&buf, gin.Standard(), 7, [2]string{"human", "normal"})
	if err != nil {
		t.Fatal(err)
	}
	h := rec.Game().Hand()
	o := rec.Game().Observe(h.Turn())
	if err := rec.Apply(h.Turn(), o.LegalActions(nil)[0]); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n") // header, deal, action
	good := `{"type":"takeover","hand":1,"player":1,"name":"normal","reason":"gone"}`
	if _, err := ginv1.ReadLog(strings.NewReader(strings.Join(append(slices.Clone(lines), good), "\n"))); err != nil {
		t.Fatalf("a good takeover line: %v", err)
	}
	for _, tc := range []struct {
		what string
		at   int // the line's index
		line string
		want string
	}{
		{"before the deal", 1, good, "where a deal line belongs"},
		{"no seat", 3, `{"type":"takeover","hand":1,"name":"normal"}`, "seat"},
		{"seat 2", 3, `{"type":"takeover","hand":1,"player":2,"name":"normal"}`, "seat"},
		{"no name", 3, `{"type":"takeover","hand":1,"player":1}`, "named 0 bytes"},
		{"another hand", 3, `{"type":"takeover","hand":2,"player":1,"name":"normal"}`, "hand is 2"},
		{"a card", 3, `{"type":"takeover","hand":1,"player":1,"name":"normal","card":"AS"}`, "card"},
		{"a long reason", 3, `{"type":"takeover","hand":1,"player":1,"name":"normal","reason":"` + strings.Repeat("x", ginv1.MaxReason+1) + `"}`, "reason of"},
	} {
		ls := slices.Insert(slices.Clone(lines), tc.at, tc.line)
		_, err := ginv1.ReadLog(strings.NewReader(strings.Join(ls, "\n")))
		var le *ginv1.LogError
		if !errors.As(err, &le) || le.Line != tc.at+1 || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want a ginv1.LogError on line %d with %q", tc.what, err, tc.at+1, tc.want)
		}
	}
}

// TestReadLogNamesTheProblem: a bad line's error names the line and the
// problem once, in words: a line that is not a record, an unknown field,
// an empty line, a figure that differs or is missing.
func TestReadLogNamesTheProblem(t *testing.T) {
	lines := strings.SplitAfter(playRandom(t, gin.Standard(), 5).String(), "\n")
	result := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, `{"type":"result"`) })
	if result < 0 {
		t.Fatal("no result line")
	}
	edit := func(i int, old, new string) string {
		ls := slices.Clone(lines)
		if !strings.Contains(ls[i], old) {
			t.Fatalf("line %d has no %s: %s", i+1, old, ls[i])
		}
		ls[i] = strings.Replace(ls[i], old, new, 1)
		return strings.Join(ls, "")
	}
	var rs ginv1.Record
	if err := json.Unmarshal([]byte(lines[result]), &rs); err != nil || rs.Points == nil {
		t.Fatalf("result line %s: %v", lines[result], err)
	}
	pts := fmt.Sprintf(`"points":%d,`, *rs.Points)
	for _, tc := range []struct{ what, log, want string }{
		{"not JSON", "{nope\n", `replay: line 1: not a log record: malformed JSON at byte 2: invalid character 'n' looking for beginning of object key string`},
		{"an array", "[]\n", `replay: line 1: not a log record: want a JSON object, got array`},
		{"unknown field", edit(0, `{"type":"header"`, `{"type":"header","x":1`), `replay: line 1: not a log record: unknown field "x"`},
		{"wrong type", edit(0, `"format":1`, `"format":"1"`), `replay: line 1: not a log record: field format: want int, got string`},
		{"two values", edit(1, "}\n", "} {}\n"), `replay: line 2: more than one JSON value on the line`},
		{"empty line", edit(1, `{`, "\n{"), `replay: line 2: empty line`},
		{"points differ", edit(result, pts, fmt.Sprintf(`"points":%d,`, *rs.Points+1)),
			fmt.Sprintf("replay: line %d: points is %d, replay gives %d: recorded figure does not match the replay", result+1, *rs.Points+1, *rs.Points)},
		{"points missing", edit(result, pts, ""),
			fmt.Sprintf("replay: line %d: points is missing, replay gives %d: recorded figure does not match the replay", result+1, *rs.Points)},
		{"a field no result has", edit(result, `{"type":"result"`, `{"type":"result","seq":3`),
			fmt.Sprintf("replay: line %d: seq is 3, replay gives absent: recorded figure does not match the replay", result+1)},
	} {
		_, err := ginv1.ReadLog(strings.NewReader(tc.log))
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s: %v\nwant %s", tc.what, err, tc.want)
		}
	}
}

// TestReadLogRefusesEditedDeals: the seed decides every deal of a log of
// this format too: a deal line whose deck, upcard or dealer was edited
// is refused at that line, in every hand.
func TestReadLogRefusesEditedDeals(t *testing.T) {
	lines := strings.SplitAfter(playRandom(t, gin.Standard(), 7).String(), "\n")
	deck := regexp.MustCompile(`"deck":\["(..)","(..)"`)
	n := 0
	for i, l := range lines {
		if !strings.HasPrefix(l, `{"type":"deal"`) {
			continue
		}
		m := deck.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("deal line %d: %s", i+1, l)
		}
		for _, tc := range []struct{ what, line string }{
			{"deck", strings.Replace(l, m[0], `"deck":["`+m[2]+`","`+m[1]+`"`, 1)},
			{"dealer", strings.NewReplacer(`"dealer":0`, `"dealer":1`, `"dealer":1`, `"dealer":0`).Replace(l)},
		} {
			ls := slices.Clone(lines)
			ls[i] = tc.line
			_, err := ginv1.ReadLog(strings.NewReader(strings.Join(ls, "")))
			var le *ginv1.LogError
			if !errors.Is(err, ginv1.ErrLogMismatch) || !errors.As(err, &le) || le.Line != i+1 || !strings.Contains(err.Error(), tc.what) {
				t.Fatalf("deal line %d with its %s edited: %v", i+1, tc.what, err)
			}
			n++
		}
	}
	if n < 4 {
		t.Fatalf("%d edits", n)
	}
}
