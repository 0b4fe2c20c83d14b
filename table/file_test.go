package table

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestOpenLogResumesAfterACrash: a log file cut mid-line, as a crash
// leaves it, is cut back, resumed and finished, and ends as the
// uninterrupted game's log.
func TestOpenLogResumesAfterACrash(t *testing.T) {
	want, _, _, err := play(t, 11, players(pure{}, pure{}, pure{}), Options[toyMove, toyObs, toyEvent]{ID: "g"})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, cut := range []int{len(want) / 3, len(want) / 2, len(want) - 2} {
		path := filepath.Join(dir, "t.jsonl")
		if err := os.WriteFile(path, want[:cut], 0o644); err != nil {
			t.Fatal(err)
		}
		rec, f, err := OpenLog(path, toySpec)
		if err != nil {
			t.Fatal(err)
		}
		tb, err := Resume(rec, players(pure{}, pure{}, pure{}), Options[toyMove, toyObs, toyEvent]{Log: f})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tb.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		f.Close()
		got, _ := os.ReadFile(path)
		if !bytes.Equal(got, want) {
			t.Fatalf("cut at %d: the finished log differs", cut)
		}
	}
	if _, _, err := OpenLog(filepath.Join(dir, "none"), toySpec); err == nil {
		t.Fatal("no file, no error")
	}
}
