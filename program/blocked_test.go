package program

import (
	"context"
	"errors"
	"runtime"
	"testing"
	"time"

	"felt/internal/testenv"
	"felt/table"
)

// TestBlockedWrite: a program that stops reading its input cannot block
// Felt's writes: once the pipe is full, a write fails within WriteTimeout,
// the program has failed, the next decision says so at once, and Close
// does not hang.
func TestBlockedWrite(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for WriteTimeout")
	}
	testenv.AcquireProc(t)
	p := New(ready+`echo '{"seq":7,"move":"a"}'; exec sleep 60`, game, Options{Game: "words", Startup: testenv.Timeout(60 * time.Second)})
	if m, ok, err := p.Decide(context.Background(), table.Decision[int]{Seq: 7}); m != "a" || !ok || err != nil {
		t.Fatalf("first decision: %q %v %v", m, ok, err)
	}
	start := time.Now()
	n := 0
	for ; n < 1_000_000 && !p.Failed(); n++ {
		p.Event(0, n)
	}
	if !p.Failed() {
		t.Fatalf("%d events written to a program that reads nothing", n)
	}
	if d := time.Since(start); d > WriteTimeout+testenv.Timeout(5*time.Second) {
		t.Errorf("writing took %s", d)
	}
	at := time.Now()
	if _, _, err := p.Decide(context.Background(), table.Decision[int]{Seq: 9}); !errors.Is(err, ErrExited) {
		t.Errorf("the decision after the failure: %v, want %v", err, ErrExited)
	}
	if d := time.Since(at); d > testenv.Timeout(time.Second) {
		t.Errorf("the decision after the failure took %s", d)
	}
	at = time.Now()
	p.Close()
	if d := time.Since(at); d > QuitGrace+testenv.Timeout(2*time.Second) {
		t.Errorf("Close took %s", d)
	}
}

// TestNoGoroutineLeak: programs that fail or behave leave no goroutine
// behind once closed.
func TestNoGoroutineLeak(t *testing.T) {
	testenv.AcquireProc(t)
	before := runtime.NumGoroutine()
	for _, command := range []string{
		ready + `while read line; do :; done`, // never answers
		ready + `echo nonsense; echo more; sleep 60`,
		ready + `exit 2`,
		ready + `echo '{"seq":7,"move":"a"}'; cat >/dev/null`, // behaves: reads until the end of its input
		`sleep 60 >/dev/null 2>&1 & echo '{"type":"ready"}'; yes >&2`,
	} {
		p := New(command, game, Options{Game: "words", Startup: testenv.Timeout(60 * time.Second)})
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		_, _, _ = p.Decide(ctx, table.Decision[int]{Seq: 7})
		cancel()
		p.Close()
	}
	deadline := time.Now().Add(testenv.Timeout(2 * time.Second))
	for runtime.NumGoroutine() > before {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("%d goroutines before, %d after:\n%s", before, runtime.NumGoroutine(), buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(10 * time.Millisecond)
	}
}
