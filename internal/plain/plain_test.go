package plain

import (
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"alice", "alice"},
		{"A♠ 10♥ 中文 é", "A♠ 10♥ 中文 é"},
		{"exec:python3 x.py", "exec:python3 x.py"},
		{"\x1b[2J\x1b[Hok", `\x1b[2J\x1b[Hok`},
		{"a\nb\rc\td", `a\nb\rc\td`},
		{"\x00\x07\x7f", `\x00\a\x7f`},
		{"\u0085\u009b31m", `\u0085\u009b31m`}, // C1 controls (NEL, CSI)
		{"a\u202eb\u200bc", `a\u202eb\u200bc`}, // bidi override, zero width space
		{"\xff\xfeok", `\xff\xfeok`},
		{`back\slash "q"`, `back\slash "q"`},
	} {
		if got := Text(c.in); got != c.want {
			t.Errorf("Text(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// FuzzText: whatever the input, Text's output is UTF-8 holding no rune a
// terminal acts on, and printable text comes back as it was.
func FuzzText(f *testing.F) {
	for _, s := range []string{"", "alice", "\x1b[2J", "A♠\u0085", "\xff", "a\nb"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Text(s)
		if !utf8.ValidString(got) {
			t.Fatalf("Text(%q) = %q: not UTF-8", s, got)
		}
		for _, r := range got {
			if !strconv.IsPrint(r) || unicode.IsControl(r) {
				t.Fatalf("Text(%q) = %q holds %U", s, got, r)
			}
		}
		printable := utf8.ValidString(s) && strings.IndexFunc(s, func(r rune) bool { return !strconv.IsPrint(r) }) < 0
		if printable != (got == s) {
			t.Fatalf("Text(%q) = %q", s, got)
		}
		if q := strconv.Quote(s); !strings.Contains(q, "\\") && got != s {
			t.Fatalf("Text(%q) = %q, but Quote escapes nothing", s, got)
		}
	})
}

func BenchmarkTextPrintable(b *testing.B) {
	s := "alice the ♠ player"
	for b.Loop() {
		if Text(s) != s {
			b.Fatal("changed")
		}
	}
}

func TestLines(t *testing.T) {
	for in, want := range map[string]string{
		"":                    "",
		"one":                 "one",
		"a\x1b[2J\nb\rc\n♠":   "a\\x1b[2J\nb\\rc\n♠",
		"first\nsecond\x07\n": "first\nsecond\\a\n",
	} {
		if got := Lines(in); got != want {
			t.Errorf("Lines(%q) = %q, want %q", in, got, want)
		}
	}
}
