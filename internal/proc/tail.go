package proc

import (
	"strings"
	"sync"
)

// TailSize is how much of a program's standard error a Process keeps.
const TailSize = 4 << 10

// Tail is an io.Writer that keeps the last Max bytes written to it. Its
// methods may be called from several goroutines.
type Tail struct {
	Max int // the most bytes kept (0: TailSize)

	mu  sync.Mutex
	buf []byte
}

// Write keeps the end of what was written so far; it never fails.
func (t *Tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	m := t.Max
	if m <= 0 {
		m = TailSize
	}
	if len(b) >= m {
		t.buf = append(t.buf[:0], b[len(b)-m:]...)
		return len(b), nil
	}
	if over := len(t.buf) + len(b) - m; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	t.buf = append(t.buf, b...)
	return len(b), nil
}

// String returns what was kept.
func (t *Tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}

// Lines returns the last n non-blank lines kept, joined by " | " (""
// when nothing was written): what an error quotes of a program's
// standard error.
func (t *Tail) Lines(n int) string {
	s := strings.TrimSpace(t.String())
	if s == "" {
		return ""
	}
	var lines []string
	for l := range strings.SplitSeq(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " | ")
}
