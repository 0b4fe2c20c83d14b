package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"felt/internal/testenv"
)

// TestRefusesWhatIsNotARegularFile: a named pipe with no writer (which
// blocked the open, or the read, for ever) or a device given to felt
// replay verify, view or convert, felt play --resume, felt shengji
// --resume or any --rules is refused at once, naming it and saying what
// it is.
func TestRefusesWhatIsNotARegularFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "game.jsonl")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	cases := 0
	for _, path := range []string{fifo, "/dev/null", dir} {
		what := map[string]string{fifo: "a named pipe", "/dev/null": "a character device", dir: "a directory"}[path]
		for _, args := range [][]string{
			{"replay", "verify", path},
			{"replay", "view", path},
			{"replay", "convert", path},
			{"play", "--resume", path},
			{"shengji", "--resume", path},
			{"play", "--rules", path},
			{"shengji", "--rules", path},
			{"demo", "--rules", path},
			{"arena", "--rules", path, "--games", "2"},
		} {
			done := make(chan error, 1)
			go func() {
				_, _, err := felt(t, "", args...)
				done <- err
			}()
			select {
			case err := <-done:
				if err == nil || !strings.Contains(err.Error(), "not a regular file") || !strings.Contains(err.Error(), what) || !strings.Contains(err.Error(), path) {
					t.Errorf("felt %s: %v, want it refused as %s", strings.Join(args, " "), err, what)
				}
			case <-time.After(testenv.Timeout(30 * time.Second)):
				t.Errorf("felt %s: blocked on %s", strings.Join(args, " "), what)
				unblock(fifo, done)
			}
			cases++
		}
	}
	t.Logf("%d refusals", cases)
}

// unblock ends the waits of a command blocked on the named pipe: a writer
// opens it and goes, again and again, until the command is done.
func unblock(fifo string, done <-chan error) {
	for {
		select {
		case <-done:
			return
		default:
		}
		if w, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			w.Close()
		}
		time.Sleep(10 * time.Millisecond)
	}
}
