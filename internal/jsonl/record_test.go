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
// side has said to be missing or absent.
func TestCompare(t *testing.T) {
	type wide struct {
		A int    `json:"a,omitempty"`
		B string `json:"b,omitempty"`
		C []int  `json:"c,omitempty"`
	}
	for _, tc := range []struct {
		got, want wide
		m         *Mismatch
	}{
		{wide{1, "x", []int{1}}, wide{1, "x", []int{1}}, nil},
		{wide{}, wide{}, nil},
		{wide{2, "y", nil}, wide{1, "x", nil}, &Mismatch{"a", "2", "1"}},
		{wide{1, "y", []int{2}}, wide{1, "x", []int{1}}, &Mismatch{"b", `"y"`, `"x"`}},
		{wide{1, "x", nil}, wide{1, "x", []int{1, 2}}, &Mismatch{"c", "missing", "[1,2]"}},
		{wide{1, "x", []int{3}}, wide{1, "x", nil}, &Mismatch{"c", "[3]", "absent"}},
	} {
		m := Compare(tc.got, tc.want)
		if (m == nil) != (tc.m == nil) || m != nil && *m != *tc.m {
			t.Errorf("Compare(%+v, %+v) = %+v, want %+v", tc.got, tc.want, m, tc.m)
		}
	}
}
