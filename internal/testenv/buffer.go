package testenv

import (
	"bytes"
	"sync"
)

// Buffer is a bytes.Buffer that goroutines may write while a test reads
// it: a program's output, a server's log, a table's log. The zero value
// is empty and ready; a Buffer must not be copied after first use.
type Buffer struct {
	// Max, if above 0, caps what is kept: a write that finds Max bytes or
	// more already kept is dropped (and reported written), so that a
	// chatty server cannot fill a test's memory.
	Max int

	mu  sync.Mutex
	buf bytes.Buffer
}

// Write appends p, unless the buffer already holds Max bytes.
func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.Max > 0 && b.buf.Len() >= b.Max {
		return len(p), nil
	}
	return b.buf.Write(p)
}

// Bytes returns a copy of what was kept.
func (b *Buffer) Bytes() []byte {
	b.mu.Lock()
	defer b.mu.Unlock()
	return bytes.Clone(b.buf.Bytes())
}

// String returns what was kept.
func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// Len returns how many bytes were kept.
func (b *Buffer) Len() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Len()
}
