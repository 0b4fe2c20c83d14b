package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	gingame "felt/games/gin"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"felt/gin"
	"felt/gin/ginbot"
	"felt/internal/ginv1/ginv1test"
	"felt/internal/testenv"
	"felt/program"
	"felt/shengji"
)

// The docs' examples are tests: every shell example (`$ … felt …` with the
// output the page shows after it) is run against the felt command, and
// every JSON line of a code block is checked against the program's own
// types, so that a changed output, message or error fails here.

// docPages are the pages whose examples are checked, from the module root.
func docPages(t *testing.T) []string {
	t.Helper()
	pages := []string{"README.md"}
	for _, pat := range []string{"docs/*.md", "docs/rules/*.md"} {
		ms, err := filepath.Glob(filepath.Join("..", "..", pat))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range ms {
			rel, _ := filepath.Rel(filepath.Join("..", ".."), m)
			pages = append(pages, rel)
		}
	}
	return pages
}

// docExample is one shell example of a page.
type docExample struct {
	page string
	line int      // of the "$ " line, from 1
	cmd  string   // the command, continuation lines joined
	want []string // the output the page shows
}

// docJSON is one JSON line of a page's code block, not a shell example's
// output.
type docJSON struct {
	page   string
	line   int
	text   string
	answer bool // a "← " line of docs/protocol.md's session: the program's
}

// readDocExamples finds a page's shell examples and JSON lines: code
// blocks are indented by four spaces; an example is a "$ " line (a line
// ending in "\" goes on on the next), and the lines after it, up to the
// next "$ ", a blank line or the block's end, are its output.
func readDocExamples(t *testing.T, page string) ([]docExample, []docJSON) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", page))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	var exs []docExample
	var js []docJSON
	var cur *docExample
	inBlock, canStart := false, true
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		code, indented := strings.CutPrefix(l, "    ")
		switch {
		case strings.TrimSpace(l) == "":
			cur, canStart = nil, true
			continue
		case !indented:
			cur, inBlock, canStart = nil, false, false
			continue
		case !inBlock && !canStart:
			continue // a list item's wrapped line, not code
		}
		inBlock, canStart = true, false
		if cmd, ok := strings.CutPrefix(code, "$ "); ok {
			start := i
			for strings.HasSuffix(cmd, `\`) && i+1 < len(lines) {
				i++
				cmd = strings.TrimSuffix(cmd, `\`) + " " + strings.TrimSpace(lines[i])
			}
			exs = append(exs, docExample{page: page, line: start + 1, cmd: cmd})
			cur = &exs[len(exs)-1]
			continue
		}
		if cur != nil {
			cur.want = append(cur.want, code)
			continue
		}
		text := strings.TrimSpace(code)
		if page == "docs/protocol.md" {
			// a session's lines: "→ " Felt's, "← " the program's
			text = strings.TrimPrefix(strings.TrimPrefix(text, "→ "), "← ")
		}
		if strings.HasPrefix(text, "{") {
			j := docJSON{page: page, line: i + 1, text: text, answer: strings.HasPrefix(strings.TrimSpace(code), "← ")}
			// an object written over lines goes on, indented further
			for !json.Valid([]byte(j.text)) && i+1 < len(lines) && strings.HasPrefix(lines[i+1], "     ") {
				i++
				j.text += strings.TrimSpace(lines[i])
			}
			js = append(js, j)
		}
	}
	return exs, js
}

// docFixtures writes the files a page's examples read, as the page says
// they were made.
var docFixtures = map[string]func(t *testing.T, dir string){
	"docs/rules/gin-rummy.md": func(t *testing.T, dir string) {
		// "felt demo --seed 278 --log game.jsonl with {"target_score": 1}"
		rules := filepath.Join(dir, "target1.json")
		if err := os.WriteFile(rules, []byte(`{"target_score": 1}`), 0o644); err != nil {
			t.Fatal(err)
		}
		mustFelt(t, "", "demo", "--seed", "278", "--rules", rules, "--log", filepath.Join(dir, "game.jsonl"), "--quiet")
		os.Remove(rules)
		// a log in the format before table logs, as felt demo --seed 8
		// wrote it, of a game to 1 point
		r := gin.Standard()
		r.TargetScore = 1
		var buf bytes.Buffer
		rec, err := ginv1test.NewRecordedGame(&buf, r, 8, [2]string{"simple", "simple"})
		if err != nil {
			t.Fatal(err)
		}
		bots := [2]ginbot.Player{ginbot.NewSimple(gin.NewRand(9)), ginbot.NewSimple(gin.NewRand(10))}
		for g := rec.Game(); !g.Over(); {
			if g.Hand().Over() {
				if err := rec.NextHand(); err != nil {
					t.Fatal(err)
				}
			}
			s := g.Hand().Turn()
			o := g.Observe(s)
			if err := rec.Apply(s, bots[s].Act(&o)); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(dir, "old.jsonl"), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	},
	"docs/protocol.md": func(t *testing.T, dir string) {
		// the session the page shows: examples/ginbot.py in the arena's
		// game 1 of --seed 1 against simple, what Felt sent it
		// (game.jsonl) and what it answered (answers.jsonl)
		needPython3(t)
		heard, said := filepath.Join(dir, "game.jsonl"), filepath.Join(dir, "answers.jsonl")
		mustFelt(t, "", "arena", "--a", "exec:tee "+heard+" | python3 ../../examples/ginbot.py | tee "+said, "--b", "simple",
			"--games", "2", "--seed", "1", "--replay", "1", "--parallel", "1", "--timeout", testenv.Timeout(20*time.Second).String())
	},
	"docs/rules/shengji.md": func(t *testing.T, dir string) {
		// a one-hand game of four random players from level A (felt arena
		// --game shengji --seed 18, its game 0), as game.jsonl, and a
		// game saved in the format before table logs, as old.jsonl
		mustFelt(t, "", "arena", "--game", "shengji", "--a", "random", "--b", "random", "--games", "1", "--seed", "18",
			"--rules", `{"start_level":"A"}`, "--replay", "0", "--save", filepath.Join(dir, "arena"))
		if err := os.Rename(filepath.Join(dir, "arena", "game-000000.jsonl"), filepath.Join(dir, "game.jsonl")); err != nil {
			t.Fatal(err)
		}
		os.Remove(filepath.Join(dir, "arena"))
		old, err := os.ReadFile(filepath.Join("testdata", "shengji-before-table-logs.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "old.jsonl"), old, 0o644); err != nil {
			t.Fatal(err)
		}
	},
}

// TestDocsShellExamples runs every shell example of the docs with felt on
// the PATH, in a directory holding the files the page's examples read,
// and compares what it prints (stdout and stderr) with the page, line for
// line.
func TestDocsShellExamples(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	testenv.AcquireProcs(t, 1)
	bin := buildFelt(t)
	n := 0
	for _, page := range docPages(t) {
		exs, _ := readDocExamples(t, page)
		if len(exs) == 0 {
			continue
		}
		dir := t.TempDir()
		if f := docFixtures[page]; f != nil {
			f(t, dir)
		}
		for _, ex := range exs {
			n++
			t.Run(fmt.Sprintf("%s:%d", page, ex.line), func(t *testing.T) {
				cmd := ex.cmd
				if !regexp.MustCompile(`(^|[|&;] *)(felt|go run ./cmd/felt) `).MatchString(cmd) {
					t.Fatalf("the example runs no felt: %s", cmd)
				}
				cmd = strings.ReplaceAll(cmd, "go run ./cmd/felt ", "felt ")
				ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(2*time.Minute))
				defer cancel()
				c := exec.CommandContext(ctx, "sh", "-c", cmd)
				c.Dir = dir
				c.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"), "NO_COLOR=1")
				out, _ := c.CombinedOutput()
				got := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
				if len(out) == 0 {
					got = nil
				}
				if strings.Join(got, "\n") != strings.Join(ex.want, "\n") {
					t.Errorf("%s:%d: $ %s\nthe page shows:\n%s\nfelt prints:\n%s", ex.page, ex.line, ex.cmd, strings.Join(ex.want, "\n"), strings.Join(got, "\n"))
				}
			})
		}
	}
	if n < 20 {
		t.Fatalf("only %d shell examples found in the docs: the reader misses some", n)
	}
	t.Logf("%d shell examples checked", n)
}

// TestDocsJSONExamples checks every JSON line of the docs' code blocks: a
// line without an elision (…) is one JSON object; the protocol's messages
// (docs/protocol.md) are lines Felt sent examples/ginbot.py, and its
// answers lines Felt reads (checkProtocolLine); the table log
// the Gin Rummy and Shengji pages list are the logs their fixtures write,
// line for line (an elided line as far as the elision).
func TestDocsJSONExamples(t *testing.T) {
	n, typed := 0, 0
	for _, page := range docPages(t) {
		_, js := readDocExamples(t, page)
		// the log a page lists is its fixture's game.jsonl
		var fixture, answers map[string]bool
		if page == "docs/rules/gin-rummy.md" || page == "docs/rules/shengji.md" || page == "docs/protocol.md" {
			dir := t.TempDir()
			docFixtures[page](t, dir)
			fixture = fileLines(t, filepath.Join(dir, "game.jsonl"))
			if page == "docs/protocol.md" {
				answers = map[string]bool{}
				for l := range fileLines(t, filepath.Join(dir, "answers.jsonl")) {
					var b bytes.Buffer
					if err := json.Compact(&b, []byte(l)); err != nil {
						t.Fatalf("ginbot.py answered %q: %v", l, err)
					}
					answers[b.String()] = true
				}
			}
		}
		for _, j := range js {
			n++
			where := fmt.Sprintf("%s:%d", j.page, j.line)
			text := j.text
			if page == "docs/protocol.md" {
				// the conversation's sketch: Felt's line, then the answer
				// (then a remark)
				if a, b, ok := strings.Cut(text, "   "); ok {
					text = a
					b, _, _ = strings.Cut(strings.TrimSpace(b), "   ")
					if strings.HasPrefix(b, "{") {
						checkAnswer(t, where, b)
						typed++
					}
				}
				if checkProtocolLine(t, where, text, j.answer, fixture, answers) {
					typed++
				}
				continue
			}
			if cut, _, ok := strings.Cut(text, "…"); ok {
				// an elision: what comes before it begins a line of the
				// listed log, or the line is only the shape of one
				if page == "docs/rules/shengji.md" && strings.HasPrefix(text, `{"type":`) {
					if !slices.ContainsFunc(slices.Collect(maps.Keys(fixture)), func(l string) bool { return strings.HasPrefix(l, cut) }) {
						t.Errorf("%s: no line of the Shengji log the page lists begins so:\n%s", where, text)
					}
					typed++
				}
				continue
			}
			var obj map[string]any
			if err := json.Unmarshal([]byte(text), &obj); err != nil {
				t.Errorf("%s: not a JSON object: %v\n%s", where, err, text)
				continue
			}
			switch {
			case page == "docs/rules/gin-rummy.md" && obj["table"] != nil || fixture != nil && obj["n"] != nil:
				if !fixture[text] {
					t.Errorf("%s: a table log line that felt demo --seed 278 did not write:\n%s", where, text)
				}
				typed++
			case page == "docs/rules/shengji.md" && obj["type"] != nil:
				if !fixture[text] {
					t.Errorf("%s: a line of the Shengji table log (felt arena --game shengji --seed 18, game 0) that the game did not write:\n%s", where, text)
				}
				typed++
			}
		}
	}
	if n < 30 || typed < 20 {
		t.Fatalf("only %d JSON lines (%d checked against the program's types) found in the docs", n, typed)
	}
	t.Logf("%d JSON lines, %d of them checked against the program's types or output", n, typed)
}

// checkProtocolLine checks one line of docs/protocol.md, and says whether
// it was checked: Felt's messages are lines Felt sent examples/ginbot.py
// in the session the page shows (fixture; an elided line as far as the
// elision), or, for a check's answer, the one Felt gives a Gin Rummy
// program; the program's answers are lines Felt reads (checkAnswer), and
// those the session shows (answer) are what ginbot.py answered.
func checkProtocolLine(t *testing.T, where, line string, answer bool, fixture, answers map[string]bool) bool {
	t.Helper()
	if cut, _, ok := strings.Cut(line, "…"); ok {
		if strings.HasPrefix(line, `{"notice":`) {
			return false // a notice: none in the session
		}
		if !slices.ContainsFunc(slices.Collect(maps.Keys(fixture)), func(l string) bool { return strings.HasPrefix(l, cut) }) {
			t.Errorf("%s: no line Felt sent ginbot.py begins so:\n%s", where, line)
		}
		return true
	}
	var head struct {
		Type string          `json:"type"`
		Seq  *int            `json:"seq"`
		Kind string          `json:"kind"`
		Move json.RawMessage `json:"move"`
	}
	if err := json.Unmarshal([]byte(line), &head); err != nil {
		t.Errorf("%s: %v\n%s", where, err, line)
		return false
	}
	switch head.Type {
	case "ready", "":
		checkAnswer(t, where, line)
		if answer && !answers[line] {
			t.Errorf("%s: ginbot.py did not answer so in the session:\n%s", where, line)
		}
	case "checked":
		var c struct {
			Type   string          `json:"type"`
			Seq    int             `json:"seq"`
			Move   json.RawMessage `json:"move"`
			Legal  bool            `json:"legal"`
			Reason string          `json:"reason"`
		}
		dec := json.NewDecoder(strings.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&c); err != nil || c.Legal || c.Reason != program.ErrNoCheck.Error() {
			t.Errorf("%s: not the answer Felt gives a Gin Rummy check (%q): %v\n%s", where, program.ErrNoCheck, err, line)
		}
		checkAnswer(t, where, string(c.Move))
		// Felt writes the check's answer as a JSON object, keys sorted
		var m map[string]any
		_ = json.Unmarshal([]byte(line), &m)
		if again, _ := json.Marshal(m); string(again) != line {
			t.Errorf("%s: Felt writes this line as\n%s", where, again)
		}
	default:
		if !fixture[line] {
			t.Errorf("%s: a line Felt did not send ginbot.py in the session the page shows:\n%s", where, line)
		}
	}
	return true
}

// checkAnswer checks a program's answer of docs/protocol.md: ready, a move
// ({"seq":N,"move":M}, nothing else), or a move alone, which Gin Rummy's
// codec reads.
func checkAnswer(t *testing.T, where, line string) {
	t.Helper()
	var fields map[string]json.RawMessage
	if err := json.Unmarshal([]byte(line), &fields); err != nil {
		t.Errorf("%s: %v\n%s", where, err, line)
		return
	}
	switch {
	case string(fields["type"]) == `"ready"`:
		return
	case fields["seq"] != nil:
		var seq int
		if err := json.Unmarshal(fields["seq"], &seq); err != nil || len(fields) != 2 || fields["move"] == nil {
			t.Errorf("%s: an answer is {\"seq\":N,\"move\":MOVE}:\n%s", where, line)
			return
		}
		line = string(fields["move"])
	}
	if _, err := gingame.Wire.Codec.UnmarshalMove([]byte(line)); err != nil {
		t.Errorf("%s: Felt refuses the move: %v\n%s", where, err, line)
	}
}

// needPython3 skips a test without python3 (fails it in CI, which has it).
func needPython3(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("no python3 (CI installs it)")
		}
		t.Skip("no python3")
	}
}

func fileLines(t *testing.T, path string) map[string]bool {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		out[sc.Text()] = true
	}
	return out
}

// TestDocsClaims checks what the docs say of the program in words: the
// longest line of each protocol, and Shengji's move kinds at felt serve.
func TestDocsClaims(t *testing.T) {
	read := func(page string) string {
		data, err := os.ReadFile(filepath.Join("..", "..", page))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	num := func(s string) int {
		n, _ := strconv.Atoi(strings.ReplaceAll(s, ",", ""))
		return n
	}
	proto := read("docs/protocol.md")
	m := regexp.MustCompile(`A line the program writes may be at most 64 KiB \(([\d,]+) bytes\)`).FindStringSubmatch(proto)
	if m == nil {
		t.Fatal("docs/protocol.md does not say how long a line may be")
	}
	if num(m[1]) != program.MaxLine || !strings.Contains(proto, fmt.Sprintf("longer than %d bytes", program.MaxLine)) {
		t.Errorf("docs/protocol.md gives lines of %s bytes; the protocol takes %d", m[1], program.MaxLine)
	}
	serve := read("docs/serve.md")
	kinds := regexp.MustCompile(`Shengji ` + "`" + `\{"kind":((?:"[a-z_]+"\|?)+),`).FindStringSubmatch(serve)
	if kinds == nil {
		t.Fatal("docs/serve.md does not list Shengji's move kinds")
	}
	for _, k := range strings.Split(kinds[1], "|") {
		if _, err := shengji.ParseActionKind(strings.Trim(k, `"`)); err != nil {
			t.Errorf("docs/serve.md gives the Shengji move kind %s: %v", k, err)
		}
	}
}

// TestDocsArenaFlags: every flag the pages give felt arena (in a code span
// or block naming `felt arena`) is one felt arena has: a flag that was
// dropped (--driver, --defender-lays-out) is not offered to the reader.
func TestDocsArenaFlags(t *testing.T) {
	flags := (&env{}).arenaCmd().Flags()
	span := regexp.MustCompile("felt arena([^`\n]*(?:\n[^`\n]*)?)")
	flag := regexp.MustCompile(`(?:^|[\s\[(])--([a-z][a-z-]*)`)
	checked := 0
	for _, page := range docPages(t) {
		data, err := os.ReadFile(filepath.Join("..", "..", page))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range span.FindAllStringSubmatch(string(data), -1) {
			args, _, _ := strings.Cut(m[1], "felt ") // a code block's next command
			for _, f := range flag.FindAllStringSubmatch(args, -1) {
				checked++
				if flags.Lookup(f[1]) == nil {
					t.Errorf("%s gives felt arena --%s, which it does not have: %q", page, f[1], m[0])
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no flags of felt arena found in the pages")
	}
}
