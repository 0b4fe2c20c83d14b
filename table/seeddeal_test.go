package table

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// toyLog is a whole toy game's log, split into lines (newlines kept), and
// the numbers of its deal lines.
func toyLog(t testing.TB, seed uint64) (lines []string, deals []int) {
	t.Helper()
	var log bytes.Buffer
	tb, err := New(toySpec, players(pure{}, pure{}, pure{}), Options[toyMove, toyObs, toyEvent]{Seed: seed, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	lines = strings.SplitAfter(log.String(), "\n")
	lines = lines[:len(lines)-1] // the empty string after the last newline
	for i, l := range lines {
		if strings.Contains(l, `"type":"deal"`) {
			deals = append(deals, i)
		}
	}
	if len(deals) < 2 {
		t.Fatalf("a log of %d deals", len(deals))
	}
	return lines, deals
}

// dealRecord returns the record of deal line l, and the line rebuilt around
// another record.
func dealRecord(t testing.TB, l string) (json.RawMessage, func(rec string) string) {
	t.Helper()
	var r struct {
		N    int             `json:"n"`
		Adv  int             `json:"adv"`
		Deal json.RawMessage `json:"deal"`
	}
	if err := json.Unmarshal([]byte(l), &r); err != nil {
		t.Fatal(err)
	}
	return r.Deal, func(rec string) string {
		adv := ""
		if r.Adv > 0 {
			adv = fmt.Sprintf(`,"adv":%d`, r.Adv)
		}
		return fmt.Sprintf(`{"type":"deal","n":%d%s,"deal":%s}`+"\n", r.N, adv, rec)
	}
}

// refusedAt checks that log is refused at line n as a deal the seed did not
// deal, with an error holding want.
func refusedAt(t testing.TB, log string, n int, want string) {
	t.Helper()
	_, err := Recover(strings.NewReader(log), toySpec)
	var le *LogError
	if !errors.Is(err, ErrNotSeedDeal) || !errors.As(err, &le) || le.Line != n || !strings.Contains(err.Error(), want) {
		t.Fatalf("Recover: %v; want %v at line %d, saying %q", err, ErrNotSeedDeal, n, want)
	}
	if strings.ContainsFunc(err.Error(), func(r rune) bool { return r < ' ' || r == 0x7f }) {
		t.Fatalf("Recover: %q holds a control character", err)
	}
}

// TestRecoverRefusesDealsNotFromTheSeed: the header's seed decides every
// deal. A deal line edited in any field, moved to another seed's game or
// to another hand is refused, naming the line and the first difference;
// the same record spaced otherwise is the same deal and replays.
func TestRecoverRefusesDealsNotFromTheSeed(t *testing.T) {
	lines, deals := toyLog(t, 7)
	other, otherDeals := toyLog(t, 8)
	d := deals[1] // not the first hand's only
	rec, rebuild := dealRecord(t, lines[d])
	var deal toyDeal
	if err := json.Unmarshal(rec, &deal); err != nil {
		t.Fatal(err)
	}
	with := func(line string) string {
		c := append([]string(nil), lines...)
		c[d] = line
		return strings.Join(c, "")
	}
	edited := func(f func(*toyDeal)) string {
		x := deal
		f(&x)
		b, _ := json.Marshal(x)
		return with(rebuild(string(b)))
	}
	otherRec, _ := dealRecord(t, other[otherDeals[1]])
	for _, c := range []struct {
		name, log, want string
	}{
		{"target", edited(func(x *toyDeal) { x.Target++ }), fmt.Sprintf("target is %d in the log, %d from the seed", deal.Target+1, deal.Target)},
		{"a seat's secret", edited(func(x *toyDeal) { x.Secret[2] = (x.Secret[2] + 1) % 1000 }), "secret[2] is"},
		{"secrets swapped", edited(func(x *toyDeal) { x.Secret[0], x.Secret[1] = x.Secret[1], x.Secret[0] }), "secret[0] is"},
		{"another seed's deal", with(rebuild(string(otherRec))), "from the seed"},
		{"a field added", with(rebuild(strings.Replace(string(rec), `{`, `{"extra":1,`, 1))), `extra is in the log (1)`},
		{"a field missing", with(rebuild(strings.Replace(string(rec), fmt.Sprintf(`"target":%d,`, deal.Target), ``, 1))), `target is missing from the log`},
		{"a list cut", with(rebuild(strings.Replace(string(rec), fmt.Sprintf(`,%d]`, deal.Secret[2]), `]`, 1))), "secret has 2 items in the log, 3 from the seed"},
		{"a number written otherwise", with(rebuild(strings.Replace(string(rec), fmt.Sprintf(`"target":%d`, deal.Target), fmt.Sprintf(`"target":%d.0`, deal.Target), 1))), "target is"},
		{"not an object", with(rebuild(`[1,2]`)), "the record is"},
		{"a terminal escape", with(rebuild(strings.Replace(string(rec), `{`, `{"\u001b[2J":"\u001b[H",`, 1))), `\x1b[2J is in the log ("\u001b[H")`},
	} {
		t.Run(c.name, func(t *testing.T) { refusedAt(t, c.log, d, c.want) })
	}
	t.Run("the first hand's deal", func(t *testing.T) {
		rec0, rebuild0 := dealRecord(t, lines[deals[0]])
		c := append([]string(nil), lines...)
		c[deals[0]] = rebuild0(strings.Replace(string(rec0), `"hand":1`, `"hand":2`, 1))
		refusedAt(t, strings.Join(c, ""), deals[0], "hand is 2 in the log, 1 from the seed")
	})
	t.Run("another hand's deal", func(t *testing.T) {
		next, _ := dealRecord(t, lines[deals[2]])
		refusedAt(t, with(rebuild(string(next))), d, "hand is")
	})
	t.Run("spaced otherwise", func(t *testing.T) {
		spaced := strings.ReplaceAll(strings.ReplaceAll(string(rec), ",", " , "), ":", ": ")
		if _, err := Recover(strings.NewReader(with(rebuild(" "+spaced+" "))), toySpec); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("the log as written", func(t *testing.T) {
		if _, err := Recover(strings.NewReader(strings.Join(lines, "")), toySpec); err != nil {
			t.Fatal(err)
		}
	})
}

// TestRecoverRefusesEveryDealChange: in toy logs of many seeds, every deal
// line changed at random (a number, a list, a field added or taken away)
// is refused at that line. Deterministic: each case's change comes from
// its own seed.
func TestRecoverRefusesEveryDealChange(t *testing.T) {
	cases := 0
	for seed := uint64(1); seed <= 20; seed++ {
		lines, deals := toyLog(t, seed)
		for _, d := range deals {
			rec, rebuild := dealRecord(t, lines[d])
			var v any
			if err := json.Unmarshal(rec, &v); err != nil {
				t.Fatal(err)
			}
			for k := range 25 {
				rng := rand.New(rand.NewPCG(seed, uint64(d*100+k)))
				m := mutate(rng, v)
				if reflect.DeepEqual(m, v) {
					t.Fatalf("mutate left %v as it was", v)
				}
				b, _ := json.Marshal(m)
				c := append([]string(nil), lines...)
				c[d] = rebuild(string(b))
				refusedAt(t, strings.Join(c, ""), d, "")
				cases++
			}
		}
	}
	t.Logf("%d changed deal lines refused", cases)
}

// mutate returns v, a decoded JSON value, with one change.
func mutate(rng *rand.Rand, v any) any {
	switch v := v.(type) {
	case map[string]any:
		m := map[string]any{}
		keys := []string{}
		for k, x := range v {
			m[k] = x
			keys = append(keys, k)
		}
		switch rng.IntN(6) {
		case 0:
			m[fmt.Sprintf("x%d", rng.IntN(10))] = rng.IntN(10)
		case 1:
			if len(keys) > 0 {
				delete(m, keys[rng.IntN(len(keys))])
				return m
			}
			m["x"] = 1
		default:
			if len(keys) == 0 {
				m["x"] = 1
				return m
			}
			k := keys[rng.IntN(len(keys))]
			m[k] = mutate(rng, v[k])
		}
		return m
	case []any:
		l := append([]any(nil), v...)
		switch {
		case len(l) == 0 || rng.IntN(5) == 0:
			l = append(l, 0.0)
		case rng.IntN(4) == 0:
			l = l[:len(l)-1]
		default:
			i := rng.IntN(len(l))
			l[i] = mutate(rng, l[i])
		}
		return l
	case float64:
		return v + float64(1+rng.IntN(5))
	case string:
		return v + "x"
	case bool:
		return !v
	}
	return 1.0
}

// FuzzDealRecord: whatever a deal line's record is replaced with, the log
// replays only if it is the seed's deal (the same JSON value), and is
// otherwise refused at that line.
func FuzzDealRecord(f *testing.F) {
	lines, deals := toyLog(f, 3)
	d := deals[1]
	rec, rebuild := dealRecord(f, lines[d])
	f.Add(string(rec))
	f.Add(strings.Replace(string(rec), ",", ", ", -1))
	f.Add(strings.Replace(string(rec), `"hand"`, `"hand2"`, 1))
	f.Add(`{}`)
	f.Add(`null`)
	var want any
	if err := json.Unmarshal(rec, &want); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, r string) {
		if strings.ContainsAny(r, "\n") || r == "" {
			return // not one line
		}
		c := append([]string(nil), lines...)
		c[d] = rebuild(r)
		_, err := Recover(strings.NewReader(strings.Join(c, "")), toySpec)
		var got any
		same := json.Unmarshal([]byte(r), &got) == nil && reflect.DeepEqual(got, want) && sameNumbers(r, string(rec))
		var le *LogError
		switch {
		case same && err != nil && !errors.As(err, &le):
			t.Fatalf("the seed's deal %s: %v", r, err)
		case same:
			// the same value, or a line the decoder refuses on its own
		case err == nil:
			t.Fatalf("a deal of %s replayed where the seed deals %s", r, rec)
		case !errors.As(err, &le) || le.Line != d:
			t.Fatalf("a deal of %s: %v, want an error at line %d", r, err, d)
		}
	})
}

// sameNumbers reports whether a and b write their numbers alike (the
// comparison is of numbers as written: 5.0 is not 5).
func sameNumbers(a, b string) bool {
	num := func(s string) []string {
		var out []string
		cur := ""
		for _, r := range s {
			if strings.ContainsRune("0123456789.eE+-", r) {
				cur += string(r)
				continue
			}
			if cur != "" {
				out = append(out, cur)
				cur = ""
			}
		}
		return append(out, cur)
	}
	return reflect.DeepEqual(num(a), num(b))
}
