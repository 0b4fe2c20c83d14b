package proc

import (
	"os"
	"strings"
	"testing"
	"time"

	"felt/internal/testenv"
)

// TestTail: a Tail keeps the last Max bytes however they are written, and
// Lines quotes the last non-blank lines.
func TestTail(t *testing.T) {
	tl := &Tail{Max: 8}
	for _, w := range []string{"abc", "defgh", "ij", "klmnopqrstuvwxyz", "1"} {
		if n, err := tl.Write([]byte(w)); n != len(w) || err != nil {
			t.Fatalf("Write(%q) = %d, %v", w, n, err)
		}
	}
	if got := tl.String(); got != "tuvwxyz1" {
		t.Fatalf("kept %q, want %q", got, "tuvwxyz1")
	}
	var d Tail // the zero value keeps TailSize
	d.Write([]byte(strings.Repeat("x", 3*TailSize)))
	d.Write([]byte("\nfirst\n\n  second \nthird\n"))
	if got := len(d.String()); got != TailSize {
		t.Fatalf("kept %d bytes, want %d", got, TailSize)
	}
	if got, want := d.Lines(3), "first | second | third"; got != want {
		t.Fatalf("Lines(3) = %q, want %q", got, want)
	}
	if got := (&Tail{}).Lines(3); got != "" {
		t.Fatalf("Lines of nothing = %q", got)
	}
}

// TestStartKillsGroupAtExit: when the shell exits, what it left running in
// its group is killed; its standard error's end is kept; its exit status is
// reported.
func TestStartKillsGroupAtExit(t *testing.T) {
	testenv.AcquireProc(t)
	inR, inW, _ := os.Pipe()
	outR, outW, _ := os.Pipe()
	defer inW.Close()
	defer outR.Close()
	p, err := Start(`(sleep 131 &); sleep 132 & echo gone >&2; exit 4`, inR, outW)
	if err != nil {
		t.Fatal(err)
	}
	if st := p.ExitStatus(testenv.Timeout(10 * time.Second)); st != "exit status 4" {
		t.Fatalf("exit status %q", st)
	}
	if alive := WaitGone(p.Pid(), testenv.Timeout(5*time.Second)); alive != nil {
		t.Fatalf("left running: %v", alive)
	}
	if got := p.Stderr().Lines(3); got != "gone" {
		t.Fatalf("stderr %q", got)
	}
}

// TestStopKillsGroup: Stop kills a program that does not exit, with its
// children, once its grace is over.
func TestStopKillsGroup(t *testing.T) {
	testenv.AcquireProc(t)
	inR, inW, _ := os.Pipe()
	outR, outW, _ := os.Pipe()
	defer inW.Close()
	defer outR.Close()
	p, err := Start(`trap '' TERM HUP; sleep 131 & exec sleep 132`, inR, outW)
	if err != nil {
		t.Fatal(err)
	}
	p.Stop(100 * time.Millisecond)
	select {
	case <-p.Exited():
	default:
		t.Fatal("Stop returned before the program exited")
	}
	if alive := WaitGone(p.Pid(), testenv.Timeout(5*time.Second)); alive != nil {
		t.Fatalf("left running: %v", alive)
	}
}
