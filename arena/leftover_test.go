package arena

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"felt/internal/proc"
	"felt/internal/testenv"
)

// forker is a Python player that forks: its child sleeps, holding the
// player's standard input and output, while the player itself becomes the
// command after the file it writes its process group to.
const forker = `import os, sys, time
with open(sys.argv[1], "a") as f:
    f.write("%d\n" % os.getpgrp())
if os.fork() == 0:
    time.sleep(131)
    os._exit(0)
os.execvp(sys.argv[2], sys.argv[2:])
`

// leftovers is what a leftover test runs a match with: the file the
// programs write their process groups to, and commands that start a child
// first.
type leftovers struct {
	t      *testing.T
	groups string // one process group a line
	fork   string // forker's path
	hang   string // a shell script that answers start, then nothing
}

func newLeftovers(t *testing.T) *leftovers {
	needPython(t)
	dir := t.TempDir()
	l := &leftovers{t: t, groups: filepath.Join(dir, "groups"), fork: filepath.Join(dir, "fork.py"), hang: filepath.Join(dir, "hang.sh")}
	if err := os.WriteFile(l.fork, []byte(forker), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(l.hang, []byte(hang), 0o644); err != nil {
		t.Fatal(err)
	}
	return l
}

// background is an exec: player whose shell leaves a child in the
// background (the subshell exits at once: the child is no one's to wait
// for), then runs command.
func (l *leftovers) background(command string) string {
	return fmt.Sprintf("exec:echo $$ >> %s; (sleep 131 &); %s", l.groups, command)
}

// forking is an exec: player, a Python program that forks, then runs
// command (a python3 player).
func (l *leftovers) forking(command string) string {
	return fmt.Sprintf("exec:python3 %s %s %s", l.fork, l.groups, command)
}

// check fails the test unless every process group the programs wrote is
// gone (a scaled deadline: SIGKILL takes effect at once, but a loaded
// machine may be slow to reap). It wants at least one group.
func (l *leftovers) check() {
	l.t.Helper()
	b, err := os.ReadFile(l.groups)
	if err != nil {
		l.t.Fatalf("no program wrote its process group: %v", err)
	}
	for _, f := range strings.Fields(string(b)) {
		pgid, err := strconv.Atoi(f)
		if err != nil || pgid <= 1 {
			l.t.Fatalf("process group %q", f)
		}
		if alive := proc.WaitGone(pgid, testenv.Timeout(10*time.Second)); alive != nil {
			l.t.Errorf("process group %d outlived the match: %s", pgid, strings.Join(alive, "; "))
			_ = syscall.Kill(-pgid, syscall.SIGKILL)
		}
	}
}

// cancelWhenStarted returns a context that ends once a program has written
// its process group (and had a moment to start its child).
// It returns when it was cancelled, too.
func (l *leftovers) cancelWhenStarted() (context.Context, *atomic.Int64) {
	ctx, cancel := context.WithCancel(context.Background())
	l.t.Cleanup(cancel)
	var at atomic.Int64
	go func() {
		defer func() {
			at.Store(time.Now().UnixNano())
			cancel()
		}()
		deadline := time.Now().Add(testenv.Timeout(60 * time.Second))
		for time.Now().Before(deadline) && ctx.Err() == nil {
			if b, _ := os.ReadFile(l.groups); len(b) > 0 {
				time.Sleep(300 * time.Millisecond)
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
	}()
	return ctx, &at
}

// ended fails the test unless the match ended promptly after it was
// cancelled: a program that is thinking is stopped, its limit (a minute)
// not waited for.
func (l *leftovers) ended(at *atomic.Int64) {
	l.t.Helper()
	if d := time.Since(time.Unix(0, at.Load())); at.Load() == 0 || d > testenv.Timeout(15*time.Second) {
		l.t.Errorf("the match ended %s after it was cancelled", d)
	}
}

// hang answers start and then nothing, reading its input to the end.
const hang = `read start; echo '{"type":"ready"}'; cat >/dev/null`

// TestNoProcessOutlivesGin: a Gin Rummy program that leaves a child in the
// background or forks one (either example player) leaves no
// process of its group behind when the match ends: normally, by the
// program's failure, by its timeout, or by the match's context ending
// (Ctrl-C).
func TestNoProcessOutlivesGin(t *testing.T) {
	testenv.AcquireProc(t)
	drivers := []struct {
		name   string
		player string // a python3 player
	}{
		{"gin_random_v2.py", "../examples/gin_random_v2.py"},
		{"ginbot.py", "../examples/ginbot.py"},
	}
	for _, d := range drivers {
		t.Run(d.name, func(t *testing.T) {
			for _, c := range []struct {
				name    string
				player  func(l *leftovers) string
				cancel  bool
				timeout time.Duration
				forfeit string // in the reason
			}{
				{"background child, end", func(l *leftovers) string { return l.background("exec python3 " + d.player) }, false, 0, ""},
				{"forked child, end", func(l *leftovers) string { return l.forking("python3 " + d.player) }, false, 0, ""},
				{"background child, failure", func(l *leftovers) string { return l.background("echo nonsense; cat >/dev/null") }, false, 0, "nonsense"},
				{"forked child, failure", func(l *leftovers) string { return l.forking("sh -c 'echo nonsense; cat >/dev/null'") }, false, 0, "nonsense"},
				// The limit is one the program is meant to miss.
				{"background child, timeout", func(l *leftovers) string { return l.background(hang) }, false, 300 * time.Millisecond, "300ms"},
				{"forked child, cancelled", func(l *leftovers) string { return l.forking("sh " + l.hang) }, true, 0, ""},
			} {
				t.Run(c.name, func(t *testing.T) {
					l := newLeftovers(t)
					timeout := c.timeout
					if timeout == 0 {
						timeout = testenv.Timeout(20 * time.Second)
					}
					cfg := gin(t, Config{A: c.player(l), B: "simple", Games: 2, Seed: 7, Parallel: 1, Timeout: timeout})
					ctx, cancelled := context.Background(), (*atomic.Int64)(nil)
					if c.cancel {
						ctx, cancelled = l.cancelWhenStarted()
						cfg.Timeout = testenv.Timeout(time.Minute)
					}
					recs, err := Run(ctx, cfg)
					switch {
					case c.cancel:
						if !errors.Is(err, context.Canceled) {
							t.Errorf("match: %v, want %v", err, context.Canceled)
						}
						l.ended(cancelled)
					case err != nil:
						t.Fatal(err)
					default:
						for _, r := range recs {
							if (c.forfeit != "") != r.Forfeit || !strings.Contains(r.Reason, c.forfeit) {
								t.Errorf("game %d: forfeit %v (%s), want one saying %q", r.Index, r.Forfeit, r.Reason, c.forfeit)
							}
						}
					}
					l.check()
				})
			}
		})
	}
}

// TestGinNeverReady: a Gin Rummy program that never answers start
// forfeits saying so, not only that no move came in time.
func TestGinNeverReady(t *testing.T) {
	testenv.AcquireProc(t)
	// The limit is one the program is meant to miss.
	cfg := gin(t, Config{A: "exec:cat >/dev/null", B: "simple", Games: 2, Seed: 7, Parallel: 1, Timeout: 300 * time.Millisecond})
	recs, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if want := "no move within 300ms: it has not answered start (no ready line)"; !r.Forfeit || !r.ForfeitA || !strings.Contains(r.Reason, want) {
			t.Errorf("game %d: forfeit %v (%s), want A's, saying %q", r.Index, r.Forfeit, r.Reason, want)
		}
	}
}

// TestNoProcessOutlivesShengji: the same of Shengji's programs (protocol
// version 2, two to a team).
func TestNoProcessOutlivesShengji(t *testing.T) {
	testenv.AcquireProcs(t, 2)
	const player = "../examples/shengji_random.py"
	for _, c := range []struct {
		name    string
		player  func(l *leftovers) string
		cancel  bool
		timeout time.Duration
		forfeit string
	}{
		{"background child, end", func(l *leftovers) string { return l.background("exec python3 " + player) }, false, 0, ""},
		{"forked child, end", func(l *leftovers) string { return l.forking("python3 " + player) }, false, 0, ""},
		{"forked child, failure", func(l *leftovers) string { return l.forking("sh -c 'echo nonsense; cat >/dev/null'") }, false, 0, "nonsense"},
		// Its first decisions are optional (a declaration as the cards are
		// dealt): one that misses the limit declines, and the program is
		// not ready, so it has failed: its next decision forfeits.
		{"background child, timeout", func(l *leftovers) string { return l.background("cat >/dev/null") }, false, 300 * time.Millisecond,
			"program did not say it was ready: no ready line"},
		{"background child, cancelled", func(l *leftovers) string { return l.background(hang) }, true, 0, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := newLeftovers(t)
			timeout := c.timeout
			if timeout == 0 {
				timeout = testenv.Timeout(20 * time.Second)
			}
			cfg := shengji(t, Config{A: c.player(l), B: "random", Games: 2, Seed: 1, Parallel: 1, Timeout: timeout})
			ctx, cancelled := context.Background(), (*atomic.Int64)(nil)
			if c.cancel {
				ctx, cancelled = l.cancelWhenStarted()
				cfg.Timeout = testenv.Timeout(time.Minute)
			}
			recs, err := Run(ctx, cfg)
			switch {
			case c.cancel:
				if !errors.Is(err, context.Canceled) {
					t.Errorf("match: %v, want %v", err, context.Canceled)
				}
				l.ended(cancelled)
			case err != nil:
				t.Fatal(err)
			default:
				for _, r := range recs {
					if (c.forfeit != "") != r.Forfeit || !strings.Contains(r.Reason, c.forfeit) {
						t.Errorf("game %d: forfeit %v (%s), want one saying %q", r.Index, r.Forfeit, r.Reason, c.forfeit)
					}
				}
			}
			l.check()
		})
	}
}
