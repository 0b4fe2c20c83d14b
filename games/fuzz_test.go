package games

import (
	"bytes"
	"testing"

	"felt/table"
)

// FuzzRecover: any bytes given as a Gin Rummy or Shengji table log are
// recovered or refused with an error, never a panic; what is recovered is
// a prefix of whole lines.
func FuzzRecover(f *testing.F) {
	g, _ := runGin(f, 2, short, ginPures(), nil)
	s, _ := runSJ(f, 2, fast, sjPures(), nil)
	// Whole logs make the fuzzer crawl: seed it with their first lines.
	f.Add(lines(g, 6))
	f.Add(lines(s, 9))
	f.Add(lines(g, 4)[:600])
	f.Add([]byte(`{"type":"header","n":0,"table":1,"game":"gin","format":1,"seed":1,"seats":[{"name":"a","kind":"level"},{"name":"b","kind":"level"}]}` + "\n" +
		`{"type":"deal","n":1,"deal":{"hand":1,"dealer":7,"deck":["AS"]}}` + "\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if rec, err := table.Recover(bytes.NewReader(b), Gin); err == nil {
			if rec.Offset > int64(len(b)) || rec.Offset > 0 && b[rec.Offset-1] != '\n' {
				t.Fatalf("gin: offset %d of %d", rec.Offset, len(b))
			}
		}
		if rec, err := table.Recover(bytes.NewReader(b), Shengji); err == nil {
			if rec.Offset > int64(len(b)) || rec.Offset > 0 && b[rec.Offset-1] != '\n' {
				t.Fatalf("shengji: offset %d of %d", rec.Offset, len(b))
			}
		}
	})
}

// lines returns the first n lines of log.
func lines(log []byte, n int) []byte {
	end := 0
	for range n {
		i := bytes.IndexByte(log[end:], '\n')
		if i < 0 {
			return log
		}
		end += i + 1
	}
	return log[:end]
}
