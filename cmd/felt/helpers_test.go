package main

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"sort"
	"strings"
	"testing"
)

// felt runs the command in-process with the given standard input and
// arguments and returns what it wrote and its error.
func felt(t *testing.T, stdin string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err = run(context.Background(), args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), err
}

// mustFelt is felt for a run that must succeed.
func mustFelt(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	out, errOut, err := felt(t, stdin, args...)
	if err != nil {
		t.Fatalf("felt %s: %v (stderr %q)", strings.Join(args, " "), err, errOut)
	}
	return out
}

// jsonLines splits output into lines and decodes each as one JSON object,
// keeping the raw line too. Every line, the last included, must end in a
// newline.
func jsonLines(t *testing.T, out string) (objs []map[string]any, raw []string) {
	t.Helper()
	if out == "" {
		return nil, nil
	}
	if !strings.HasSuffix(out, "\n") {
		t.Fatalf("output does not end in a newline: %q", out)
	}
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var m map[string]any
		dec := json.NewDecoder(strings.NewReader(line))
		dec.UseNumber()
		if err := dec.Decode(&m); err != nil {
			t.Fatalf("output line %q is not a JSON object: %v", line, err)
		}
		if dec.More() {
			t.Fatalf("output line %q holds more than one JSON value", line)
		}
		objs = append(objs, m)
		raw = append(raw, line)
	}
	return objs, raw
}

// keysOf returns the sorted keys of m.
func keysOf(m map[string]any) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// wantKeys checks that m has exactly the given keys.
func wantKeys(t *testing.T, what string, m map[string]any, keys ...string) {
	t.Helper()
	want := slices.Clone(keys)
	sort.Strings(want)
	if got := keysOf(m); !slices.Equal(got, want) {
		t.Errorf("%s: keys %v, want exactly %v (object %v)", what, got, want, m)
	}
}

// intField reads an integer field of a decoded object.
func intField(t *testing.T, what string, m map[string]any, key string) int {
	t.Helper()
	n, ok := m[key].(json.Number)
	if !ok {
		t.Fatalf("%s: %s is %#v, want a number", what, key, m[key])
	}
	i, err := n.Int64()
	if err != nil {
		t.Fatalf("%s: %s is %s, want an integer", what, key, n)
	}
	return int(i)
}

// strField reads a string field of a decoded object.
func strField(t *testing.T, what string, m map[string]any, key string) string {
	t.Helper()
	s, ok := m[key].(string)
	if !ok {
		t.Fatalf("%s: %s is %#v, want a string", what, key, m[key])
	}
	return s
}

// cardList reads a JSON list of card strings. A JSON null is not a list.
func cardList(t *testing.T, what string, v any) []string {
	t.Helper()
	l, ok := v.([]any)
	if !ok {
		t.Fatalf("%s: %#v is not a JSON list", what, v)
	}
	out := make([]string, 0, len(l))
	for _, x := range l {
		s, ok := x.(string)
		if !ok {
			t.Fatalf("%s: %#v in %v is not a card string", what, x, l)
		}
		if _, _, ok := parseCard(s); !ok || len(s) != 2 {
			t.Fatalf("%s: %q is not a card in two-letter form", what, s)
		}
		out = append(out, s)
	}
	return out
}

// meldList reads a JSON list of melds (lists of cards).
func meldList(t *testing.T, what string, v any) [][]string {
	t.Helper()
	l, ok := v.([]any)
	if !ok {
		t.Fatalf("%s: %#v is not a JSON list", what, v)
	}
	out := make([][]string, 0, len(l))
	for _, m := range l {
		out = append(out, cardList(t, what, m))
	}
	return out
}

// The tests' own card model, independent of package card.
const rankChars, suitChars = "A23456789TJQK", "SHDC"

// parseCard reads a two-letter card: rank 1 (ace) to 13 (king), suit 0–3.
func parseCard(s string) (rank, suit int, ok bool) {
	if len(s) != 2 {
		return 0, 0, false
	}
	r, su := strings.IndexByte(rankChars, s[0]), strings.IndexByte(suitChars, s[1])
	if r < 0 || su < 0 {
		return 0, 0, false
	}
	return r + 1, su, true
}

// value is the deadwood value of a two-letter card.
func value(c string) int {
	r, _, _ := parseCard(c)
	return min(r, 10)
}

func valueOf(cards []string) int {
	v := 0
	for _, c := range cards {
		v += value(c)
	}
	return v
}

// isMeld reports whether cards are a set (3 or 4 of one rank) or a run (3 or
// more of one suit in consecutive ranks, ace low only).
func isMeld(cards []string) bool {
	if len(cards) < 3 {
		return false
	}
	ranks, suits := map[int]bool{}, map[int]bool{}
	var rs []int
	for _, c := range cards {
		r, s, ok := parseCard(c)
		if !ok {
			return false
		}
		ranks[r], suits[s] = true, true
		rs = append(rs, r)
	}
	if len(ranks) == 1 && len(suits) == len(cards) && len(cards) <= 4 {
		return true
	}
	if len(suits) != 1 {
		return false
	}
	sort.Ints(rs)
	for i := 1; i < len(rs); i++ {
		if rs[i] != rs[i-1]+1 {
			return false
		}
	}
	return true
}

// sortCards orders cards by rank, then suit, in place, and returns them.
func sortCards(cs []string) []string {
	sort.Slice(cs, func(i, j int) bool {
		ri, si, _ := parseCard(cs[i])
		rj, sj, _ := parseCard(cs[j])
		if ri != rj {
			return ri < rj
		}
		return si < sj
	})
	return cs
}

// normMelds returns melds in a canonical order (cards within a meld by rank
// then suit, melds by their cards) so that lists can be compared whatever
// order the command prints them in.
func normMelds(ms [][]string) [][]string {
	out := make([][]string, len(ms))
	for i, m := range ms {
		out[i] = sortCards(slices.Clone(m))
	}
	sort.Slice(out, func(i, j int) bool { return strings.Join(out[i], " ") < strings.Join(out[j], " ") })
	return out
}

// melds parses a test's expected melds written "AS 2S 3S | 7H 7D 7C".
func melds(s string) [][]string {
	if strings.TrimSpace(s) == "" {
		return [][]string{}
	}
	var out [][]string
	for _, m := range strings.Split(s, "|") {
		out = append(out, strings.Fields(m))
	}
	return out
}

// cards parses a test's expected card list "4C 9H".
func cards(s string) []string {
	f := strings.Fields(s)
	if f == nil {
		f = []string{}
	}
	return f
}

func sameMelds(a, b [][]string) bool {
	return slices.EqualFunc(normMelds(a), normMelds(b), slices.Equal[[]string])
}

func sameCards(a, b []string) bool {
	return slices.Equal(sortCards(slices.Clone(a)), sortCards(slices.Clone(b)))
}
