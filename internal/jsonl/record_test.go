package jsonl

import (
	"bytes"
	"errors"
	"testing"
)

// TestWrite: one line of JSON a record.
func TestWrite(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, rec{"a", 1}); err != nil {
		t.Fatal(err)
	}
	if err := Write(&b, rec{Type: "b"}); err != nil {
		t.Fatal(err)
	}
	if want := `{"type":"a","n":1}` + "\n" + `{"type":"b"}` + "\n"; b.String() != want {
		t.Fatalf("wrote %q, want %q", b.String(), want)
	}
	if err := Write(&b, func() {}); err == nil {
		t.Fatal("a value JSON cannot hold was written")
	}
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestWriteFails: the writer's error is returned.
func TestWriteFails(t *testing.T) {
	if err := Write(failWriter{}, rec{Type: "a"}); err == nil || err.Error() != "disk full" {
		t.Fatalf("got %v", err)
	}
}

// TestCompare: the first differing field in name order, a field only one
// side has said to be missing or absent, the error wrapping the sentinel.
func TestCompare(t *testing.T) {
	type wide struct {
		A int    `json:"a,omitempty"`
		B string `json:"b,omitempty"`
		C []int  `json:"c,omitempty"`
	}
	mismatch := errors.New("differs")
	for _, tc := range []struct {
		got, want wide
		err       string // "" for none
	}{
		{wide{1, "x", []int{1}}, wide{1, "x", []int{1}}, ""},
		{wide{}, wide{}, ""},
		{wide{2, "y", nil}, wide{1, "x", nil}, "a is 2, replay gives 1: differs"},
		{wide{1, "y", []int{2}}, wide{1, "x", []int{1}}, `b is "y", replay gives "x": differs`},
		{wide{1, "x", nil}, wide{1, "x", []int{1, 2}}, "c is missing, replay gives [1,2]: differs"},
		{wide{1, "x", []int{3}}, wide{1, "x", nil}, "c is [3], replay gives absent: differs"},
	} {
		err := Compare(tc.got, tc.want, mismatch)
		if tc.err == "" && err != nil || tc.err != "" && (err == nil || err.Error() != tc.err || !errors.Is(err, mismatch)) {
			t.Errorf("Compare(%+v, %+v) = %v, want %q", tc.got, tc.want, err, tc.err)
		}
	}
}
