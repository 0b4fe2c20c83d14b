package jsonl

import (
	"bytes"
	"encoding/json"
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

// Mismatch is the first field in which two records differ.
type Mismatch struct {
	Field string // the field's JSON name; "" when no one field differs
	Got   string // its JSON in the record read, or "missing"
	Want  string // its JSON in the record expected, or "absent"
}

// Compare compares two records, a record read and the one expected, as
// the JSON they write. It returns nil when they write the same, or else the
// first field, in name order, whose JSON differs.
func Compare(got, want any) *Mismatch {
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
			return &Mismatch{Field: k, Got: gv, Want: wv}
		}
	}
	return &Mismatch{}
}
