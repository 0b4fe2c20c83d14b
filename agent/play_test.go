package agent

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"felt/gin"
	"felt/internal/proc"
	"felt/internal/testenv"
)

// examplePlayer is the Python example, as the arena names it (tests run in
// the agent directory).
const examplePlayer = "exec:python3 ../examples/ginbot.py"

// game is one game played by playGame.
type game struct {
	out     Outcome
	log     bytes.Buffer
	players [2]Player
	ready   time.Duration // until every outside program answered start
	elapsed time.Duration // Play, after that
}

// playGame plays a whole game between the named players, with opt's
// timeouts, closes them and checks that no outside program's process
// group outlives Close. It waits for its turn to run outside programs
// (testenv.AcquireProcs) and for their start-up before Play, so that
// g.elapsed times the play alone.
func playGame(t *testing.T, names [2]string, rules gin.Rules, seed uint64, opt Options) *game {
	t.Helper()
	g := &game{}
	rec, err := gin.NewRecordedGame(&g.log, rules, seed, names)
	if err != nil {
		t.Fatal(err)
	}
	progs := 0
	for _, name := range names {
		if strings.HasPrefix(name, "exec:") {
			progs++
		}
	}
	if progs > 0 {
		testenv.AcquireProcs(t, progs)
	}
	ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(3*time.Minute))
	defer cancel()
	start := time.Now()
	for s := gin.Seat(0); s < 2; s++ {
		opt.Rules, opt.Seat = rules, s
		p, err := New(names[s], seed+uint64(s), opt)
		if err != nil {
			t.Fatalf("New(%q): %v", names[s], err)
		}
		g.players[s] = p
	}
	for _, p := range g.players {
		if prog, ok := p.(*Program); ok {
			// A failure is kept: Play reports it as a forfeit.
			_ = prog.Ready(ctx)
		}
	}
	g.ready = time.Since(start)
	start = time.Now()
	g.out, err = Play(ctx, rec, g.players, nil)
	g.elapsed = time.Since(start)
	for _, p := range g.players {
		if err := p.Close(); err != nil {
			t.Errorf("Close %s: %v", p.Name(), err)
		}
		if prog, ok := p.(*Program); ok {
			checkGroupGone(t, prog.Pid())
		}
	}
	if err != nil {
		t.Fatalf("Play: %v", err)
	}
	return g
}

// checkGroupGone fails the test if a live (not zombie) process is still in
// process group pgid shortly after Close.
func checkGroupGone(t *testing.T, pgid int) {
	t.Helper()
	if alive := proc.WaitGone(pgid, testenv.Timeout(2*time.Second)); alive != nil {
		t.Errorf("process group %d still running after Close: %s", pgid, strings.Join(alive, "; "))
		_ = syscall.Kill(-pgid, syscall.SIGKILL)
	}
}

// verifyLog replays the game's log and checks it agrees with the outcome.
func verifyLog(t *testing.T, g *game, complete bool) *gin.Replayed {
	t.Helper()
	rp, err := gin.ReadLog(bytes.NewReader(g.log.Bytes()))
	if err != nil {
		t.Fatalf("log does not verify: %v\n%s", err, g.log.String())
	}
	if rp.Complete() != complete {
		t.Fatalf("log complete = %v, want %v", rp.Complete(), complete)
	}
	if complete && rp.Game.Result() != g.out.Result {
		t.Fatalf("log replays to %+v, Play says %+v", rp.Game.Result(), g.out.Result)
	}
	return rp
}

func TestPlayExampleAgainstSimple(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games through python3")
	}
	requirePython(t)
	oklahoma := gin.Standard()
	oklahoma.Oklahoma, oklahoma.Upcard, oklahoma.KnockLimit = true, gin.NoUpcard, 7
	for _, tc := range []struct {
		name  string
		rules gin.Rules
		seeds []uint64
	}{
		{"standard", gin.Standard(), []uint64{1, 2, 3}},
		{"eaai", gin.EAAI(), []uint64{4}},
		{"oklahoma", oklahoma, []uint64{5}},
	} {
		for _, seed := range tc.seeds {
			for seat := gin.Seat(0); seat < 2; seat++ {
				t.Run(fmt.Sprintf("%s/seed%d/seat%d", tc.name, seed, seat), func(t *testing.T) {
					t.Parallel()
					var names [2]string
					names[seat], names[seat.Other()] = examplePlayer, "simple"
					g := playGame(t, names, tc.rules, seed, Options{Timeout: testenv.Timeout(5 * time.Second)})
					if g.out.Forfeit {
						t.Fatalf("forfeit by seat %d: %s", g.out.ForfeitSeat, g.out.Reason)
					}
					rp := verifyLog(t, g, true)
					if rp.Players != names {
						t.Fatalf("log players %q, want %q", rp.Players, names)
					}
					if len(g.out.Hands) == 0 || len(g.out.Hands) != len(g.out.HandMoves) {
						t.Fatalf("%d hands, %d move counts", len(g.out.Hands), len(g.out.HandMoves))
					}
					if len(g.out.Decisions[seat]) == 0 {
						t.Fatal("the program made no decision")
					}
				})
			}
		}
	}
}

// Two programs against each other, the example player twice.
func TestPlayExampleAgainstItself(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole game through python3")
	}
	requirePython(t)
	g := playGame(t, [2]string{examplePlayer, examplePlayer}, gin.Standard(), 7, Options{Timeout: testenv.Timeout(5 * time.Second)})
	if g.out.Forfeit {
		t.Fatalf("forfeit by seat %d: %s", g.out.ForfeitSeat, g.out.Reason)
	}
	verifyLog(t, g, true)
}

// requirePython skips the test when python3 is not installed, except in
// CI (CI=true), where a missing python3 fails the test: a skip there would
// silently stop checking outside programs.
func requirePython(t testing.TB) {
	t.Helper()
	if _, err := os.Stat("../examples/ginbot.py"); err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("python3"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("python3 is not installed: the outside-program tests run Python players (CI=true makes this a failure, not a skip)")
		}
		t.Skip("python3 is not installed: skipping the outside-program tests that need it (CI=true makes this a failure)")
	}
}

// outcomeTB records whether a helper failed or skipped the test; both end
// the goroutine, as in a real test.
type outcomeTB struct {
	testing.TB
	failed, skipped bool
}

func (o *outcomeTB) Helper()               {}
func (o *outcomeTB) Fatal(...any)          { o.failed = true; runtime.Goexit() }
func (o *outcomeTB) Fatalf(string, ...any) { o.failed = true; runtime.Goexit() }
func (o *outcomeTB) Skip(...any)           { o.skipped = true; runtime.Goexit() }

// Without python3, the Python tests are skipped on a developer's machine
// and fail in CI.
func TestRequirePython_FailsUnderCI(t *testing.T) {
	t.Setenv("PATH", t.TempDir()) // no python3 here
	for _, tc := range []struct {
		ci            string
		failed, skips bool
	}{
		{"true", true, false},
		{"", false, true},
		{"false", false, true},
	} {
		t.Setenv("CI", tc.ci)
		o := &outcomeTB{TB: t}
		done := make(chan struct{})
		go func() {
			defer close(done)
			requirePython(o)
		}()
		<-done
		if o.failed != tc.failed || o.skipped != tc.skips {
			t.Errorf("CI=%q without python3: failed %v, skipped %v; want failed %v, skipped %v", tc.ci, o.failed, o.skipped, tc.failed, tc.skips)
		}
	}
}
