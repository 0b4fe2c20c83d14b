package jsonl

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

type rec struct {
	Type string `json:"type"`
	N    int    `json:"n,omitempty"`
}

// readAll reads every record of log, returning them and Err.
func readAll(log io.Reader, maxLine int, maxSize int64) ([]rec, *Error) {
	rd := NewReader(log, maxLine, maxSize)
	var out []rec
	for {
		var r rec
		if !rd.Next(&r) {
			break
		}
		if rd.Line() != len(out)+1 {
			return out, &Error{Line: rd.Line(), Err: errors.New("line count out of step")}
		}
		out = append(out, r)
	}
	return out, rd.Err()
}

// TestReaderReadsEveryLine: a log's records in order, white space around a
// line ignored, a last line without a newline read too.
func TestReaderReadsEveryLine(t *testing.T) {
	got, err := readAll(strings.NewReader("{\"type\":\"a\"}\n  {\"type\":\"b\",\"n\":2}\r\n{\"type\":\"c\"}"), 100, 1000)
	if err != nil || len(got) != 3 || got[0].Type != "a" || got[1] != (rec{"b", 2}) || got[2].Type != "c" {
		t.Fatalf("got %v, %v", got, err)
	}
	if got, err := readAll(strings.NewReader(""), 100, 1000); err != nil || len(got) != 0 {
		t.Fatalf("an empty log: %v, %v", got, err)
	}
}

// TestReaderRefusesABadLine: each bad line is refused with its number and
// the problem in words, and nothing after it is read.
func TestReaderRefusesABadLine(t *testing.T) {
	ok := `{"type":"a"}` + "\n"
	for _, tc := range []struct {
		log  string
		line int
		err  string
	}{
		{ok + "\n" + ok, 2, "line 2: empty line"},
		{ok + "  \t\n", 2, "line 2: empty line"},
		{ok + ok + "{nope}\n" + ok, 3, "line 3: not a log record: malformed JSON at byte 2: invalid character 'n' looking for beginning of object key string"},
		{`{"type":"a","x":1}` + "\n", 1, `line 1: not a log record: unknown field "x"`},
		{`{"type":7}` + "\n", 1, "line 1: not a log record: field type: want string, got number"},
		{`[1]` + "\n", 1, "line 1: not a log record: want a JSON object, got array"},
		{`{"type":"a"` + "\n", 1, "line 1: not a log record: malformed JSON: cut short"},
		{ok + `{"type":"a"} {"type":"b"}` + "\n", 2, "line 2: more than one JSON value on the line"},
		{ok + `{"type":"a"}}` + "\n", 2, "line 2: more than one JSON value on the line"},
		{`{"Type":"a"}` + "\n", 1, `line 1: not a log record: unknown field "Type"`},
		{`{"type":"a","type":"b"}` + "\n", 1, "line 1: not a log record: field type given twice"},
	} {
		got, err := readAll(strings.NewReader(tc.log), 100, 1000)
		if err == nil || err.Line != tc.line || err.Error() != tc.err || len(got) != tc.line-1 {
			t.Errorf("%q: %d records, %v; want %d records and %q", tc.log, len(got), err, tc.line-1, tc.err)
		}
	}
}

// zeros is an endless stream of zero bytes, like /dev/zero.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// TestReaderBoundsTheLine: an endless line is refused as line 1 after
// reading little more than the line limit.
func TestReaderBoundsTheLine(t *testing.T) {
	cr := &countingReader{r: zeros{}}
	_, err := readAll(cr, 64<<10, 1<<30)
	if err == nil || err.Line != 1 || err.Error() != "line 1: line longer than 65536 bytes" {
		t.Fatalf("an endless line: %v", err)
	}
	if cr.n > 2*64<<10 {
		t.Fatalf("read %d bytes of an endless line", cr.n)
	}
	_, err = readAll(strings.NewReader(`{"type":"a"}`+"\n"+strings.Repeat(" ", 30)+"\n"), 20, 1000)
	if err == nil || err.Error() != "line 2: line longer than 20 bytes" {
		t.Fatalf("a line of 30 bytes: %v", err)
	}
}

// TestReaderBoundsTheSize: a log longer than the size limit is refused
// whatever its lines hold, reading no more than the limit and a byte; a log
// of exactly the limit is read.
func TestReaderBoundsTheSize(t *testing.T) {
	log := []byte(strings.Repeat(`{"type":"a"}`+"\n", 10)) // 130 bytes
	if got, err := readAll(bytes.NewReader(log), 100, int64(len(log))); err != nil || len(got) != 10 {
		t.Fatalf("a log of exactly the limit: %d records, %v", len(got), err)
	}
	for _, tc := range []struct {
		limit int64
		tail  io.Reader
		err   string
	}{
		{129, nil, "log longer than 129 bytes"},
		{64, nil, "log longer than 64 bytes"},
		{1, nil, "log longer than 1 bytes"},
		{130, strings.NewReader("\n"), "log longer than 130 bytes"},
		{130, zeros{}, "log longer than 130 bytes"},
	} {
		src := io.Reader(bytes.NewReader(log))
		if tc.tail != nil {
			src = io.MultiReader(src, tc.tail)
		}
		cr := &countingReader{r: src}
		_, err := readAll(cr, 100, tc.limit)
		// the line named is the one being read when the limit was
		// passed, which depends on how much a read brings in
		if err == nil || err.Err.Error() != tc.err || err.Line < 1 || err.Line > 11 {
			t.Errorf("limit %d: %v, want %q", tc.limit, err, tc.err)
		}
		if int64(cr.n) > tc.limit+1 {
			t.Errorf("limit %d: read %d bytes", tc.limit, cr.n)
		}
	}
}

// TestErrorUnwraps: an Error's problem is reachable with errors.Is.
func TestErrorUnwraps(t *testing.T) {
	sentinel := errors.New("x")
	var err error = &Error{Line: 3, Err: sentinel}
	if !errors.Is(err, sentinel) || err.Error() != "line 3: x" {
		t.Fatalf("%v", err)
	}
}

// TestNextAfterAnError: once a line is refused, Next stays false.
func TestNextAfterAnError(t *testing.T) {
	rd := NewReader(strings.NewReader("\n"+`{"type":"a"}`+"\n"), 100, 1000)
	var r rec
	for i := range 2 {
		if rd.Next(&r) || rd.Err() == nil || rd.Err().Line != 1 {
			t.Fatalf("Next call %d: %v", i+1, rd.Err())
		}
	}
}
