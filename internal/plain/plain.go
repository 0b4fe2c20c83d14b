package plain

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Text returns s with every rune strconv.IsPrint refuses (and every byte
// that is not UTF-8) escaped as strconv.Quote escapes it (\x1b, \n,
// \u0085, \xff), and nothing else changed: no quotes are added, and a
// string of printable runes comes back as it was, without allocating.
func Text(s string) string {
	i := 0
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || !strconv.IsPrint(r) {
			break
		}
		i += n
	}
	if i == len(s) {
		return s
	}
	b := make([]byte, 0, len(s)+8)
	b = append(b, s[:i]...)
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b = append(b, `\x`...)
			b = append(b, "0123456789abcdef"[s[i]>>4], "0123456789abcdef"[s[i]&15])
		case strconv.IsPrint(r):
			b = append(b, s[i:i+n]...)
		default:
			q := strconv.QuoteRune(r) // '\x1b', '\u0085', '\n'
			b = append(b, q[1:len(q)-1]...)
		}
		i += n
	}
	return string(b)
}

// Lines is Text for text of several lines: each line is escaped and the
// newlines between them kept.
func Lines(s string) string {
	if !strings.ContainsRune(s, '\n') {
		return Text(s)
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = Text(l)
	}
	return strings.Join(lines, "\n")
}
