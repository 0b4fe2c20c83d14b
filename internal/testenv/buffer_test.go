package testenv

import (
	"strings"
	"sync"
	"testing"
)

// TestBufferConcurrentWrites: writers in goroutines and a reader at once
// (run under -race) lose no write and tear none.
func TestBufferConcurrentWrites(t *testing.T) {
	var b Buffer
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			line := strings.Repeat(string(rune('a'+w)), 9) + "\n"
			for range 200 {
				b.Write([]byte(line))
				_ = b.Len()
			}
		}()
	}
	for range 50 {
		_ = b.String()
	}
	wg.Wait()
	if b.Len() != 4*200*10 {
		t.Fatalf("%d bytes kept, want %d", b.Len(), 4*200*10)
	}
	for _, l := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		if len(l) != 9 || strings.Count(l, l[:1]) != 9 {
			t.Fatalf("torn line %q", l)
		}
	}
}

// TestBufferMax: past Max, writes are dropped but reported written, and
// what was kept is untouched; Bytes is a copy.
func TestBufferMax(t *testing.T) {
	b := Buffer{Max: 8}
	for _, s := range []string{"12345", "6789", "abc"} {
		if n, err := b.Write([]byte(s)); n != len(s) || err != nil {
			t.Fatalf("Write(%q) = %d, %v", s, n, err)
		}
	}
	if got := b.String(); got != "123456789" {
		t.Fatalf("kept %q, want %q (the write that reached Max is kept whole, the next dropped)", got, "123456789")
	}
	c := b.Bytes()
	c[0] = 'x'
	if b.String()[0] != '1' {
		t.Fatal("Bytes is not a copy")
	}
}
