package table

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"felt/internal/testenv"
	"felt/internal/userfile"
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

// TestOpenLogRefusesANamedPipe: a named pipe with no writer given as a
// log is refused at once as no regular file, not waited on for ever.
func TestOpenLogRefusesANamedPipe(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "log.jsonl")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, f, err := OpenLog(fifo, toySpec)
		if err == nil {
			f.Close()
		}
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, userfile.ErrNotRegular) || !strings.Contains(err.Error(), "a named pipe") {
			t.Fatalf("OpenLog: %v", err)
		}
	case <-time.After(testenv.Timeout(30 * time.Second)):
		if w, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			w.Close()
		}
		t.Fatal("OpenLog blocked on a named pipe")
	}
}
