package table

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"felt/internal/plain"
)

// jsonDiff compares two JSON values, got (the log's) and want (the
// engine's), and returns "" when they are the same value (whatever the
// spacing), else where they first differ and how, as a path from the
// value's top ("deck[3]", "hand"). Numbers are compared as written. The
// values named are JSON, cut short and escaped (plain.Text), so a line's
// text cannot reach a terminal raw.
func jsonDiff(got, want []byte) string {
	if bytes.Equal(got, want) {
		return ""
	}
	g, err := decodeAny(got)
	if err != nil {
		return fmt.Sprintf("the log's record is not JSON: %v", err)
	}
	w, err := decodeAny(want)
	if err != nil {
		return fmt.Sprintf("the engine's record is not JSON: %v", err)
	}
	return diffValue("", g, w)
}

func decodeAny(b []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// diffValue returns the first difference of g from w at path, or "".
func diffValue(path string, g, w any) string {
	at := path
	if at == "" {
		at = "the record"
	}
	switch w := w.(type) {
	case map[string]any:
		g, ok := g.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s is %s in the log, an object from the seed", at, short(g))
		}
		keys := make([]string, 0, len(w)+len(g))
		for k := range w {
			keys = append(keys, k)
		}
		for k := range g {
			if _, ok := w[k]; !ok {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		for _, k := range keys {
			p := k
			if path != "" {
				p = path + "." + k
			}
			gv, gok := g[k]
			wv, wok := w[k]
			switch {
			case !gok:
				return fmt.Sprintf("%s is missing from the log (the seed gives %s)", plain.Text(p), short(wv))
			case !wok:
				return fmt.Sprintf("%s is in the log (%s), not in the seed's deal", plain.Text(p), short(gv))
			}
			if d := diffValue(p, gv, wv); d != "" {
				return d
			}
		}
		return ""
	case []any:
		g, ok := g.([]any)
		if !ok {
			return fmt.Sprintf("%s is %s in the log, a list from the seed", at, short(g))
		}
		for i := range min(len(g), len(w)) {
			if d := diffValue(fmt.Sprintf("%s[%d]", path, i), g[i], w[i]); d != "" {
				return d
			}
		}
		if len(g) != len(w) {
			return fmt.Sprintf("%s has %d items in the log, %d from the seed", at, len(g), len(w))
		}
		return ""
	}
	if g != w {
		return fmt.Sprintf("%s is %s in the log, %s from the seed", at, short(g), short(w))
	}
	return ""
}

// short is v as JSON, cut to a few dozen bytes, escaped.
func short(v any) string {
	b, _ := json.Marshal(v)
	const max = 40
	s := string(b)
	if len(s) > max {
		s = strings.ToValidUTF8(s[:max], "") + "…"
	}
	return plain.Text(s)
}
