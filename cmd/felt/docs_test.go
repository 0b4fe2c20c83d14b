package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"felt/agent"
	"felt/card"
	"felt/gin"
	"felt/gin/ginbot"
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
	page string
	line int
	text string
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
		if strings.HasPrefix(strings.TrimSpace(code), "{") {
			j := docJSON{page: page, line: i + 1, text: strings.TrimSpace(code)}
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
		rec, err := gin.NewRecordedGame(&buf, r, 8, [2]string{"simple", "simple"})
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
	"docs/rules/shengji.md": func(t *testing.T, dir string) {
		// a Shengji replay log: four random players from level K, seed 3
		r := shengji.Standard()
		r.StartLevel = card.King
		var buf bytes.Buffer
		rec, err := shengji.NewRecordedGame(&buf, r, 3, [4]string{"random", "random", "random", "random"})
		if err != nil {
			t.Fatal(err)
		}
		var ps [4]shengji.Player
		for s := range ps {
			ps[s] = shengji.NewRandom(rand.New(rand.NewPCG(3, uint64(s)+1)))
		}
		for {
			if err := rec.PlayHand(ps); err != nil {
				t.Fatal(err)
			}
			if rec.Game().Over() {
				break
			}
			if err := rec.NextHand(); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(dir, "game.jsonl"), buf.Bytes(), 0o644); err != nil {
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
// line without an elision (…) is one JSON object; protocol 1's messages
// and answers (docs/protocol.md) decode into the program's own types with
// no unknown field and encode back to the line as written; the table log
// the Gin Rummy and Shengji pages list are the logs their fixtures write,
// line for line (an elided line as far as the elision).
func TestDocsJSONExamples(t *testing.T) {
	n, typed := 0, 0
	for _, page := range docPages(t) {
		_, js := readDocExamples(t, page)
		// the log a page lists is its fixture's game.jsonl
		var fixture map[string]bool
		if page == "docs/rules/gin-rummy.md" || page == "docs/rules/shengji.md" {
			dir := t.TempDir()
			docFixtures[page](t, dir)
			fixture = fileLines(t, filepath.Join(dir, "game.jsonl"))
		}
		for _, j := range js {
			n++
			where := fmt.Sprintf("%s:%d", j.page, j.line)
			text := j.text
			if page == "docs/protocol.md" {
				// the conversation's sketch: Felt's line, then the answer
				if a, b, ok := strings.Cut(text, "   "); ok {
					text = a
					if b = strings.TrimSpace(b); strings.HasPrefix(b, "{") {
						checkProtocolLine(t, where, b)
						typed++
					}
				}
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
			case page == "docs/protocol.md":
				checkProtocolLine(t, where, text)
				typed++
			case page == "docs/rules/gin-rummy.md" && obj["table"] != nil || fixture != nil && obj["n"] != nil:
				if !fixture[text] {
					t.Errorf("%s: a table log line that felt demo --seed 278 did not write:\n%s", where, text)
				}
				typed++
			case page == "docs/rules/shengji.md" && obj["type"] != nil:
				if !fixture[text] {
					t.Errorf("%s: a line of the Shengji log (level K, seed 3, random players) that the game did not write:\n%s", where, text)
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

// checkProtocolLine checks one line of docs/protocol.md against protocol
// 1's types: Felt's messages by their type, the program's answers by the
// parser Felt reads them with.
func checkProtocolLine(t *testing.T, where, line string) {
	t.Helper()
	var head struct {
		Type   string `json:"type"`
		Action string `json:"action"`
	}
	if err := json.Unmarshal([]byte(line), &head); err != nil {
		t.Errorf("%s: %v\n%s", where, err, line)
		return
	}
	if head.Type == "" {
		if _, err := agent.ParseAction([]byte(line)); err != nil {
			t.Errorf("%s: Felt refuses the answer: %v\n%s", where, err, line)
		}
		return
	}
	msgs := map[string]any{"start": &agent.StartMessage{}, "ready": &agent.ReadyMessage{}, "hand_start": &agent.HandStartMessage{},
		"decide": &agent.DecideMessage{}, "hand_end": &agent.HandEndMessage{}, "game_end": &agent.GameEndMessage{}, "quit": &agent.QuitMessage{}}
	v, ok := msgs[head.Type]
	if !ok {
		t.Errorf("%s: protocol 1 has no message %q", where, head.Type)
		return
	}
	if strings.Contains(line, "…") {
		return
	}
	dec := json.NewDecoder(strings.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Errorf("%s: not a %s message: %v\n%s", where, head.Type, err, line)
		return
	}
	again, _ := json.Marshal(v)
	if string(again) != line {
		t.Errorf("%s: Felt writes this %s message as\n%s\nnot\n%s", where, head.Type, again, line)
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
	m := regexp.MustCompile(`A line longer than 1 MiB \(([\d,]+) bytes, newline included\) is an error; protocol 2 refuses a line over 64 KiB \(([\d,]+) bytes\)`).FindStringSubmatch(proto)
	if m == nil {
		t.Fatal("docs/protocol.md does not say how long a line may be in each protocol")
	}
	if num(m[1]) != agent.MaxLine || num(m[2]) != program.MaxLine {
		t.Errorf("docs/protocol.md gives lines of %s and %s bytes; protocol 1 takes %d, protocol 2 %d", m[1], m[2], agent.MaxLine, program.MaxLine)
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
