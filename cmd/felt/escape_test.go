package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// hostile are names a log may hold that a terminal would act on: clear
// the screen, move the cursor home, set the title, a C1 CSI, a bidi
// override; and what each is printed as.
var hostile = []struct{ json, shown string }{
	{`evil\u001b[2J\u001b[H`, `evil\x1b[2J\x1b[H`},
	{`exec:\u001b]0;owned\u0007 x`, `exec:\x1b]0;owned\a x`},
	{`c1\u009b31m`, `c1\u009b31m`},
	{`bidi\u202e`, `bidi\u202e`},
}

// controlFree fails if out holds a rune a terminal acts on (any control
// character but the newline, and Unicode format runes such as the bidi
// override).
func controlFree(t *testing.T, what, out string) {
	t.Helper()
	for _, r := range out {
		if r != '\n' && (unicode.IsControl(r) || unicode.Is(unicode.Cf, r)) {
			t.Fatalf("%s prints %U raw:\n%q", what, r, out)
		}
	}
}

// TestReplayVerifyEscapesNames: felt replay verify prints the seat names,
// takeovers and reasons a log holds with every terminal escape written
// out (\x1b…), never raw, for table logs of both games, one converted from
// the format before table logs included, and felt replay convert prints
// none; printable Unicode (♠) is kept.
func TestReplayVerifyEscapesNames(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ game, saved, seat string }{
		{"gin", "gin-saved.jsonl", `"name":"normal","kind":"level"`},
		{"shengji", "shengji-saved.jsonl", `"name":"greedy","kind":"level"`},
	} {
		data, err := os.ReadFile(filepath.Join("testdata", c.saved))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.SplitAfter(string(data), "\n")
		lines = lines[:len(lines)-1]
		lines[0] = strings.Replace(lines[0], c.seat, `"name":"`+hostile[1].json+`","kind":"program"`, 1)
		n := len(lines)
		lines = append(lines, `{"type":"control","n":`+strconv.Itoa(n)+`,"seat":1,"from":"x","to":"exec:`+hostile[3].json+`","reason":"r"}`+"\n",
			`{"type":"control","n":`+strconv.Itoa(n+1)+`,"seat":1,"from":"x","to":"`+hostile[0].json+` ♠","reason":"`+hostile[2].json+`"}`+"\n")
		path := filepath.Join(dir, c.saved)
		if err := os.WriteFile(path, []byte(strings.Join(lines, "")), 0o644); err != nil {
			t.Fatal(err)
		}
		out := mustFelt(t, "", "replay", "verify", path)
		controlFree(t, "verify of a "+c.game+" table log", out)
		for _, h := range []string{hostile[0].shown + " ♠", hostile[1].shown, "exec:" + hostile[3].shown} {
			if !strings.Contains(out, h) {
				t.Errorf("%s: verify does not show %q:\n%s", c.game, h, out)
			}
		}
	}
	// a game of the format before table logs, converted
	raw := strings.NewReplacer(`\u001b`, "\x1b", `\u0007`, "\a", `\u009b`, "\u009b", `\u202e`, "\u202e")
	path := oldGame(t, 400, [2]string{raw.Replace(hostile[0].json), raw.Replace(hostile[1].json)})
	controlFree(t, "convert of an old log", mustFelt(t, "", "replay", "convert", path))
	out := mustFelt(t, "", "replay", "verify", strings.TrimSuffix(path, ".jsonl")+"-table.jsonl")
	controlFree(t, "verify of a converted old log", out)
}

// TestShellQuoteEscapes: a path or command with a character a terminal
// acts on is quoted with $'…' and the character written as an escape, so
// the resume hint felt prints is safe to print and to paste.
func TestShellQuoteEscapes(t *testing.T) {
	for in, want := range map[string]string{
		"plain.jsonl":         "plain.jsonl",
		"a b.jsonl":           "'a b.jsonl'",
		"it's ♠.jsonl":        `'it'\''s ♠.jsonl'`,
		"x\x1b[2J.jsonl":      `$'x\x1b[2J.jsonl'`,
		"exec:echo 'a'\\\x07": `$'exec:echo \'a\'\\\a'`,
	} {
		if got := shellQuote(in); got != want {
			t.Errorf("shellQuote(%q) = %s, want %s", in, got, want)
		}
	}
}
