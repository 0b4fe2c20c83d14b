package jsonl

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"

	"felt/internal/strictjson"
)

// Error reports a line of a log that cannot be read.
type Error struct {
	Line int   // 1-based line number
	Err  error // what is wrong with it
}

// Error names the line and the problem.
func (e *Error) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// Reader reads a log's lines one at a time, each into a record.
type Reader struct {
	sc      *bufio.Scanner
	lim     *sizeLimit
	maxLine int
	maxSize int64
	line    int
	err     *Error
}

// NewReader returns a Reader of r that refuses a line longer than maxLine
// bytes and a log longer than maxSize bytes. It reads little more than
// maxSize bytes of r, whatever r holds.
func NewReader(r io.Reader, maxLine int, maxSize int64) *Reader {
	lim := &sizeLimit{r: r, n: maxSize}
	sc := bufio.NewScanner(lim)
	sc.Buffer(make([]byte, 0, min(4096, maxLine)), maxLine)
	return &Reader{sc: sc, lim: lim, maxLine: maxLine, maxSize: maxSize}
}

// Next reads the next line into v, a pointer to a record struct: the line,
// white space around it aside, must be one JSON object whose fields are
// all v's. It returns false at the log's end or at the first line that
// cannot be read, and then Err says which.
func (r *Reader) Next(v any) bool {
	if r.err != nil {
		return false
	}
	if !r.sc.Scan() {
		r.err = r.scanErr()
		return false
	}
	r.line++
	if r.lim.n < 0 {
		// the scanner hands out what it read before the limit, the last
		// line cut short: the log is refused whatever that line holds
		return r.fail(fmt.Errorf("log longer than %d bytes", r.maxSize))
	}
	raw := bytes.TrimSpace(r.sc.Bytes())
	if len(raw) == 0 {
		return r.fail(errors.New("empty line"))
	}
	if err := strictjson.Decode(raw, v); err != nil {
		if errors.Is(err, strictjson.ErrMoreValues) {
			return r.fail(errors.New("more than one JSON value on the line"))
		}
		return r.fail(fmt.Errorf("not a log record: %v", err))
	}
	return true
}

// Line returns the number of the line Next read last (1-based; 0 before
// the first).
func (r *Reader) Line() int { return r.line }

// Err returns what stopped Next, naming the line, or nil if the log ended
// cleanly (or Next has not stopped).
func (r *Reader) Err() *Error { return r.err }

// fail records err as the current line's problem and returns false.
func (r *Reader) fail(err error) bool {
	r.err = &Error{Line: r.line, Err: err}
	return false
}

// scanErr says why the scanner stopped, about the line after the last one
// read; nil at the end of the log.
func (r *Reader) scanErr() *Error {
	err := r.sc.Err()
	switch {
	case err == nil:
		return nil
	case errors.Is(err, bufio.ErrTooLong):
		err = fmt.Errorf("line longer than %d bytes", r.maxLine)
	case errors.Is(err, errSize):
		err = fmt.Errorf("log longer than %d bytes", r.maxSize)
	}
	return &Error{Line: r.line + 1, Err: err}
}

// errSize is returned by a sizeLimit reader past its limit.
var errSize = errors.New("log too large")

// sizeLimit reads from r and fails with errSize once more than n bytes
// have been read.
type sizeLimit struct {
	r io.Reader
	n int64 // bytes still allowed
}

func (l *sizeLimit) Read(p []byte) (int, error) {
	if l.n < 0 {
		return 0, errSize
	}
	if int64(len(p)) > l.n+1 {
		p = p[:l.n+1]
	}
	n, err := l.r.Read(p)
	l.n -= int64(n)
	if l.n < 0 {
		return n, errSize
	}
	return n, err
}
