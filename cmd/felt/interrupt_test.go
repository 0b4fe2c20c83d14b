package main

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"felt/internal/testenv"
)

// TestInterruptible: a Ctrl-C cancels the command's context with
// errInterrupted as the cause, and a command that has not ended within
// the grace is ended with status 130, saying so.
func TestInterruptible(t *testing.T) {
	var out testenv.Buffer
	exited := make(chan int, 1)
	ctx := interruptible(&out, 10*time.Millisecond, func(code int) { exited <- code })
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case <-ctx.Done():
	case <-time.After(testenv.Timeout(30 * time.Second)):
		t.Fatal("a Ctrl-C did not cancel the context")
	}
	if c := context.Cause(ctx); !errors.Is(c, errInterrupted) {
		t.Fatalf("cause %v", c)
	}
	select {
	case code := <-exited:
		if code != 130 || !strings.Contains(out.String(), "interrupted") {
			t.Fatalf("exit %d, %q", code, out.String())
		}
	case <-time.After(testenv.Timeout(30 * time.Second)):
		t.Fatal("no exit after the grace")
	}
}

// TestCtrlCEndsAnyWait: the felt command, waiting on input that never
// comes and that no context reaches (felt shengji check reading a pipe
// kept open), ends at a Ctrl-C, with status 130, within its grace.
func TestCtrlCEndsAnyWait(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs felt")
	}
	testenv.AcquireProc(t)
	bin := buildFelt(t)
	cmd := exec.Command(bin, "shengji", "check")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	var stderr testenv.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	// felt is reading its standard input by now
	time.Sleep(testenv.Timeout(time.Second))
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 130 || !strings.Contains(stderr.String(), "interrupted") {
			t.Fatalf("felt ended: %v, stderr %q", err, stderr.String())
		}
	case <-time.After(interruptGrace + testenv.Timeout(60*time.Second)):
		cmd.Process.Kill()
		t.Fatal("felt shengji check did not end at a Ctrl-C")
	}
}
