package table

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

// countingReader counts the bytes read from it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// TestRecoverReadsLineByLine: a log is read a line at a time, so a log
// whose first line is refused is refused after reading little of it,
// not after loading the whole file (tens of megabytes) into memory.
func TestRecoverReadsLineByLine(t *testing.T) {
	bad := "not a header\n" + strings.Repeat(strings.Repeat("x", 1000)+"\n", 32<<10)
	c := &countingReader{r: strings.NewReader(bad)}
	_, err := Recover(c, toySpec)
	var le *LogError
	if !errors.As(err, &le) || le.Line != 0 || !errors.Is(err, ErrBadLine) {
		t.Fatalf("Recover = %v, want a malformed line 0", err)
	}
	if c.n > 1<<20 {
		t.Errorf("Recover read %d bytes of a log refused at its first line, want at most one buffer", c.n)
	}
}

// TestRecoverLongLines: a line of exactly MaxLogLine bytes (newline
// included) is read whole; one byte more is refused as too long, complete
// or torn.
func TestRecoverLongLines(t *testing.T) {
	log, _, _, err := play(t, 1, players(pure{}, pure{}, pure{}), Options[toyMove, toyObs, toyEvent]{ID: "g"})
	if err != nil {
		t.Fatal(err)
	}
	first := bytes.IndexByte(log, '\n') + 1
	header := log[:first]
	long := func(n int, newline bool) []byte {
		b := append([]byte(nil), header...)
		b = append(b, bytes.Repeat([]byte{' '}, n-1)...)
		if newline {
			return append(b, '\n')
		}
		return append(b, ' ')
	}
	// A blank line of MaxLogLine bytes is read whole and refused as
	// malformed, not as too long.
	_, err = Recover(bytes.NewReader(long(MaxLogLine, true)), toySpec)
	if err == nil || strings.Contains(err.Error(), "longer than") {
		t.Errorf("a line of MaxLogLine bytes: %v, want malformed, not too long", err)
	}
	for _, newline := range []bool{true, false} {
		_, err := Recover(bytes.NewReader(long(MaxLogLine+1, newline)), toySpec)
		if err == nil || !strings.Contains(err.Error(), "longer than") {
			t.Errorf("a line of MaxLogLine+1 bytes (newline %v): %v, want too long", newline, err)
		}
	}
	// A torn line shorter than the limit is cut, as before.
	rec, err := Recover(bytes.NewReader(append(append([]byte(nil), header...), `{"type":"mo`...)), toySpec)
	if err != nil || rec.Torn != len(`{"type":"mo`) || rec.Offset != int64(first) {
		t.Errorf("torn line: rec %+v, err %v", rec, err)
	}
}
