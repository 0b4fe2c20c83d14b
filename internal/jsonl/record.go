package jsonl

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
)

// Write writes v to w as one line: its JSON and a newline.
func Write(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// Compare compares a record read from a log with the one a replay
// expects, as the JSON they write. It returns nil when they write the
// same, or else an error wrapping mismatch that names the first field, in
// name order, whose JSON differs: "points is 41, replay gives 40", a field
// only the record read has "replay gives absent", one it lacks "is
// missing".
func Compare(got, want any, mismatch error) error {
	g, gerr := json.Marshal(got)
	w, werr := json.Marshal(want)
	if gerr == nil && werr == nil && bytes.Equal(g, w) {
		return nil
	}
	var gm, wm map[string]json.RawMessage
	_ = json.Unmarshal(g, &gm)
	_ = json.Unmarshal(w, &wm)
	keys := make([]string, 0, len(wm)+len(gm))
	for k := range wm {
		keys = append(keys, k)
	}
	for k := range gm {
		if _, ok := wm[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		gv, wv := string(gm[k]), string(wm[k])
		if gv == "" {
			gv = "missing"
		}
		if wv == "" {
			wv = "absent"
		}
		if gv != wv {
			return fmt.Errorf("%s is %s, replay gives %s: %w", k, gv, wv, mismatch)
		}
	}
	return mismatch
}
