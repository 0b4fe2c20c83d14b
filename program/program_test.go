package program

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"felt/internal/proc"
	"felt/internal/testenv"
	"felt/table"
)

// word is a move: any JSON string.
type word struct{}

func (word) MarshalMove(m string) ([]byte, error) { return json.Marshal(m) }
func (word) UnmarshalMove(b []byte) (string, error) {
	var m string
	err := json.Unmarshal(b, &m)
	return m, err
}

var game = Game[string, int, int]{Codec: word{}, Legal: func(o *int) ([]string, int) { return []string{"a", "b"}, 3 }}

func ask(t *testing.T, command string, d table.Decision[int]) (string, bool, error) {
	t.Helper()
	testenv.AcquireProc(t)
	// generous limits: a script may start python3, which takes seconds to
	// start on a loaded machine with a version manager's shim; no case
	// here waits for a limit to pass
	p := New(command, game, Options{Game: "words", Seed: 3, Startup: testenv.Timeout(60 * time.Second)})
	defer p.Close()
	ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(60*time.Second))
	defer cancel()
	return p.Decide(ctx, d)
}

const ready = `echo '{"type":"ready"}'; read start; read decide; `

func TestAnswers(t *testing.T) {
	for _, c := range []struct {
		name, script string
		optional     bool
		want         string
		ok           bool
		err          error
	}{
		{"move", ready + `echo '{"seq":7,"move":"b"}'`, false, "b", true, nil},
		{"stale answer ignored", ready + `echo '{"seq":6,"move":"a"}'; echo '{"seq":7,"move":"b"}'`, false, "b", true, nil},
		{"decline", ready + `echo '{"seq":7,"decline":true}'`, true, "", false, nil},
		{"nonsense", ready + `echo hello`, false, "", false, ErrBadLine},
		{"bad move", ready + `echo '{"seq":7,"move":5}'`, false, "", false, ErrBadLine},
		{"too long", ready + `head -c 70000 /dev/zero | tr '\0' x; echo`, false, "", false, ErrBadLine},
		{"exits", ready + `exit 0`, false, "", false, ErrExited},
		{"not ready", `echo hi; sleep 5`, false, "", false, ErrStartup},
		{"future seq", ready + `echo '{"seq":8,"move":"b"}'; sleep 60`, false, "", false, ErrBadLine},
		{"NUL line", ready + `printf '\000{"seq":7}\n'`, false, "", false, ErrBadLine},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, ok, err := ask(t, c.script, table.Decision[int]{Seq: 7, Optional: c.optional, Obs: 42})
			if m != c.want || ok != c.ok || !errors.Is(err, c.err) {
				t.Fatalf("got %q %v %v, want %q %v %v", m, ok, err, c.want, c.ok, c.err)
			}
		})
	}
}

// TestMessages: the start and decide lines carry the seat, seed, rules,
// observation and legal moves.
func TestMessages(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("no python3 (CI installs it)")
		}
		t.Skip("no python3")
	}
	m, ok, err := ask(t, ready+`printf '{"seq":7,"move":%s}\n' "$(printf '%s\n%s' "$start" "$decide" | python3 -c 'import json,sys; print(json.dumps(sys.stdin.read()))')"`,
		table.Decision[int]{Seq: 7, Obs: 42})
	if err != nil || !ok {
		t.Fatal(err)
	}
	for _, want := range []string{`"type":"start"`, `"protocol":2`, `"game":"words"`, fmt.Sprintf(`"seed":%d`, StartSeed(3)),
		`"type":"decide"`, `"seq":7`, `"observation":42`, `"legal":["a","b"]`, `"more":3`} {
		if !strings.Contains(m, want) {
			t.Errorf("no %s in %s", want, m)
		}
	}
}

// TestErrorsSayWhatHappened: each failure names what the program did, not
// another failure's words.
func TestErrorsSayWhatHappened(t *testing.T) {
	for _, c := range []struct {
		name, script string
		want         []string
		not          string
	}{
		// A NUL byte is not the reader's "too long" signal.
		{"NUL line", ready + `printf '\000{"seq":7}\n'; sleep 60`, []string{`"\x00{\"seq\":7}"`}, "longer than"},
		{"too long", ready + `head -c 70000 /dev/zero | tr '\0' x; echo; sleep 60`, []string{"longer than 65536 bytes"}, ""},
		// An answer to a decision not yet asked fails at once, saying so.
		{"future seq", ready + `echo '{"seq":8,"move":"b"}'; sleep 60`,
			[]string{"an answer to decision 8, which was not asked (the decision asked is 7)"}, ""},
		// Its standard error's last lines, as version 1 quotes them.
		{"stderr", ready + `echo first >&2; echo last words >&2; exit 3`,
			[]string{"program exited (exit status 3)", "its stderr ends: first | last words"}, ""},
		{"stderr of a bad line", ready + `echo 'Traceback: KeyError' >&2; echo nonsense; sleep 60`,
			[]string{`"nonsense"`, "its stderr ends: Traceback: KeyError"}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			_, _, err := ask(t, c.script, table.Decision[int]{Seq: 7, Obs: 42})
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %s", err, w)
				}
			}
			if c.not != "" && strings.Contains(err.Error(), c.not) {
				t.Errorf("error %q says %q", err, c.not)
			}
			// At once, not at a deadline (ask's is a minute).
			if d := time.Since(start); d > testenv.Timeout(20*time.Second) {
				t.Errorf("took %s", d)
			}
		})
	}
}

// TestWaitingForStart: a program that never answers start, when the
// decision's deadline passes, is waiting for its ready line, and says so
// (table.Waiter: the table adds it to "no move within …").
func TestWaitingForStart(t *testing.T) {
	testenv.AcquireProc(t)
	p := New(`while read l; do :; done`, game, Options{Game: "words"})
	defer p.Close()
	var _ table.Waiter = p
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	_, _, err := p.Decide(ctx, table.Decision[int]{Seq: 1})
	if !errors.Is(err, ErrStartup) || !strings.Contains(err.Error(), "no ready line") {
		t.Fatalf("Decide: %v", err)
	}
	if got, want := p.Waiting(), "it has not answered start (no ready line)"; got != want {
		t.Fatalf("Waiting() = %q, want %q", got, want)
	}
}

// TestSessionIgnoresLateAnswer: an answer of game N given twice is a late
// answer, ignored, not game N+1's ready line.
func TestSessionIgnoresLateAnswer(t *testing.T) {
	testenv.AcquireProc(t)
	script := ready + `echo '{"seq":7,"move":"a"}'; echo '{"seq":7,"move":"a"}'; ` +
		`read start; echo '{"type":"ready"}'; read decide; echo '{"seq":2,"move":"b"}'; cat >/dev/null`
	p := New(script, game, Options{Game: "words", Startup: testenv.Timeout(60 * time.Second)})
	defer p.Close()
	ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(60*time.Second))
	defer cancel()
	if m, ok, err := p.Decide(ctx, table.Decision[int]{Seq: 7}); m != "a" || !ok || err != nil {
		t.Fatalf("game 1: %q %v %v", m, ok, err)
	}
	p.Next(Options{Game: "words", Seat: 1})
	if m, ok, err := p.Decide(ctx, table.Decision[int]{Seq: 2}); m != "b" || !ok || err != nil {
		t.Fatalf("game 2: %q %v %v", m, ok, err)
	}
}

// TestFailureClosesInput: after a failure Felt's end of the program's
// input is closed, not left open until the garbage collector finds it.
func TestFailureClosesInput(t *testing.T) {
	testenv.AcquireProc(t)
	p := New(ready+`echo nonsense; sleep 60`, game, Options{Game: "words", Startup: testenv.Timeout(60 * time.Second)})
	defer p.Close()
	if _, _, err := p.Decide(context.Background(), table.Decision[int]{Seq: 7}); !errors.Is(err, ErrBadLine) {
		t.Fatalf("Decide: %v", err)
	}
	if _, err := p.in.Write([]byte("x")); !errors.Is(err, os.ErrClosed) {
		t.Fatalf("writing to the program's input after its failure: %v, want %v", err, os.ErrClosed)
	}
}

// TestNothingOutlivesIt: whatever the program started in the background
// is killed with it at every end: Close after a game, a failure, and Close
// after its context ended while it was thinking.
func TestNothingOutlivesIt(t *testing.T) {
	const child = `(sleep 131 &); sleep 132 & `
	for _, c := range []struct {
		name, script string
		cancel       bool // the context ends while the program thinks
		err          error
	}{
		{"close", child + ready + `echo '{"seq":7,"move":"a"}'; cat >/dev/null`, false, nil},
		{"close, quit ignored", child + `trap '' TERM HUP; ` + ready + `echo '{"seq":7,"move":"a"}'; while :; do read l; done`, false, nil},
		{"failure", child + ready + `echo nonsense; cat >/dev/null`, false, ErrBadLine},
		{"exits", child + ready + `exit 0`, false, ErrExited},
		{"context ends", child + ready + `cat >/dev/null`, true, context.Canceled},
	} {
		t.Run(c.name, func(t *testing.T) {
			testenv.AcquireProc(t)
			p := New(c.script, game, Options{Game: "words", Startup: testenv.Timeout(60 * time.Second)})
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if c.cancel {
				time.AfterFunc(200*time.Millisecond, cancel)
			}
			_, _, err := p.Decide(ctx, table.Decision[int]{Seq: 7})
			if !errors.Is(err, c.err) {
				t.Fatalf("Decide: %v, want %v", err, c.err)
			}
			p.mu.Lock()
			pgid := p.pid
			p.mu.Unlock()
			if pgid == 0 {
				t.Fatal("no process")
			}
			p.Close()
			if alive := proc.WaitGone(pgid, testenv.Timeout(5*time.Second)); alive != nil {
				t.Errorf("still running after Close: %s", strings.Join(alive, "; "))
				_ = syscall.Kill(-pgid, syscall.SIGKILL)
			}
		})
	}
}
