package agent

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"felt/gin"
	"felt/internal/testenv"
)

// misbehave is a Python player that plays the first legal action until its
// n-th decision, then does what its mode says.
const misbehave = `import json, sys, time
mode, n = sys.argv[1], int(sys.argv[2])
decisions = 0
for line in sys.stdin:
    m = json.loads(line)
    t = m["type"]
    if t == "start":
        print(json.dumps({"type": "ready"}), flush=True)
    elif t == "decide":
        decisions += 1
        obs = m["observation"]
        if decisions >= n and (mode != "illegal" or obs["phase"] == "discard"):
            if mode == "nonsense":
                print("this is not JSON {", flush=True)
                continue
            if mode == "badcard":
                print('{"action": "discard", "card": "1X"}', flush=True)
                continue
            if mode == "illegal":
                held = set(obs["cards"])
                other = next(r + s for s in "SHDC" for r in "A23456789TJQK" if r + s not in held)
                print(json.dumps({"action": "discard", "card": other}), flush=True)
                continue
            if mode == "exit":
                print("bye", file=sys.stderr, flush=True)
                sys.exit(3)
        print(json.dumps(m["legal"][0]), flush=True)
    elif t == "quit":
        break
`

// script writes a program into dir and returns its path.
func script(t *testing.T, dir, name, text string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestExecMisbehavingPrograms(t *testing.T) {
	dir := t.TempDir()
	py := script(t, dir, "misbehave.py", misbehave)
	// Answers start, then reads everything and answers nothing.
	hang := script(t, dir, "hang.sh", `read start; echo '{"type":"ready"}'; while read line; do :; done`)
	// Reads everything, answers nothing, not even start.
	mute := script(t, dir, "mute.sh", `while read line; do :; done`)
	// Answers start, then never reads its input again and writes one endless
	// line, while a child floods its standard error.
	flood := script(t, dir, "flood.sh", `yes noise >&2 & echo '{"type":"ready"}'; yes 'flooding' | tr -d '\n'`)
	// The short limits are ones the program is meant to miss; the others
	// are ones it must meet, scaled for slow machines.
	short := 300 * time.Millisecond
	long := testenv.Timeout(5 * time.Second)
	tests := []struct {
		name    string
		command string
		timeout time.Duration
		start   time.Duration // 0: DefaultStartTimeout
		want    []string      // in the forfeit's reason
	}{
		{"never answers", "sh " + hang, short, 0, []string{"did not answer the decide message within 300ms"}},
		{"never ready", "sh " + mute, long, short, []string{"did not answer the start message within 300ms"}},
		{"wrong ready", `echo hello; cat >/dev/null`, short, 0, []string{`answered "hello" to start, want {"type":"ready"}`}},
		{"nonsense", "python3 " + py + " nonsense 3", long, 0,
			[]string{`answered "this is not JSON {": not an action object`}},
		{"bad card", "python3 " + py + " badcard 2", long, 0,
			[]string{`answered "{\"action\": \"discard\", \"card\": \"1X\"}"`, "unknown rank"}},
		{"illegal action", "python3 " + py + " illegal 1", long, 0,
			[]string{"illegal action discard", "card not in hand"}},
		{"exits mid-game", "python3 " + py + " exit 4", long, 0,
			[]string{"exited (exit status 3) without answering the decide message", "its stderr ends: bye"}},
		{"dies at once", "exit 7", long, 0, []string{"exited (exit status 7)"}},
		{"not found", "./no-such-player", long, 0, []string{"exited (exit status 127)", "not found"}},
		{"floods, never reads", "sh " + flood, long, 0, []string{"sent a line longer than 1048576 bytes", "its stderr ends: noise | noise"}},
	}
	for i, tc := range tests {
		seat := gin.Seat(i % 2)
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if strings.HasPrefix(tc.command, "python3 ") {
				requirePython(t)
			}
			var names [2]string
			names[seat], names[seat.Other()] = "exec:"+tc.command, "simple"
			g := playGame(t, names, gin.Standard(), uint64(10+i), Options{Timeout: tc.timeout, StartTimeout: tc.start})
			if !g.out.Forfeit || g.out.ForfeitSeat != seat || g.out.Winner != seat.Other() {
				t.Fatalf("outcome %+v, want a forfeit by seat %d", g.out, seat)
			}
			for _, w := range tc.want {
				if !strings.Contains(g.out.Reason, w) {
					t.Errorf("reason %q does not say %q", g.out.Reason, w)
				}
			}
			t.Logf("reason: %s", g.out.Reason)
			// The failure comes within one limit (and a margin), not later.
			if tc.start != 0 && g.ready > tc.start+testenv.Timeout(3*time.Second) {
				t.Errorf("start-up took %s, limit %s", g.ready, tc.start)
			}
			if g.elapsed > tc.timeout+testenv.Timeout(3*time.Second) {
				t.Errorf("the game took %s after start-up, limit %s", g.elapsed, tc.timeout)
			}
			verifyLog(t, g, false)
		})
	}
}

// A program that stops reading its input cannot block Felt's writes: each
// write is bounded by the timeout, and Close does not hang either.
func TestExecBlockedWrite(t *testing.T) {
	testenv.AcquireProc(t)
	p, err := Exec(`echo '{"type":"ready"}'; exec sleep 60`, Options{Timeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		start := time.Now()
		p.Close()
		if d := time.Since(start); d > testenv.Timeout(2*time.Second) {
			t.Errorf("Close took %s", d)
		}
		checkGroupGone(t, p.Pid())
	}()
	ctx := context.Background()
	if err := p.Ready(ctx); err != nil {
		t.Fatal(err)
	}
	g, err := gin.NewGame(gin.Standard(), gin.NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	obs := g.Observe(0)
	start := time.Now()
	n := 0
	for ; n < 100000; n++ {
		if err = p.Notify(ctx, Event{Kind: HandStartEvent, Hand: 1, Obs: &obs}); err != nil {
			break
		}
	}
	if err == nil {
		t.Fatal("100000 hand_start messages written to a program that reads nothing")
	}
	if !errors.Is(err, ErrProgram) || !strings.Contains(err.Error(), "did not read its input") ||
		!strings.Contains(err.Error(), "within 300ms") {
		t.Fatalf("after %d messages: %v", n, err)
	}
	if d := time.Since(start); d > testenv.Timeout(3*time.Second) {
		t.Fatalf("writing took %s", d)
	}
	// Every later call reports the same failure, at once.
	if _, err2 := p.Act(ctx, &Decision{Obs: obs}); err2 == nil || err2.Error() != err.Error() {
		t.Fatalf("Act after the failure: %v, want %v", err2, err)
	}
	// The end of a hand does not report it (the next hand would).
	if err := p.Notify(ctx, Event{Kind: HandEndEvent, Obs: &obs}); err != nil {
		t.Fatalf("hand_end after the failure: %v", err)
	}
}

// A program that ignores quit and the end of its input is killed after
// QuitGrace, with whatever it started.
func TestExecCloseKillsGroup(t *testing.T) {
	testenv.AcquireProc(t)
	p, err := Exec(`sleep 60 & trap '' TERM HUP; echo '{"type":"ready"}'; exec sleep 60`, Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Ready(context.Background()); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d < QuitGrace/2 || d > QuitGrace+testenv.Timeout(2*time.Second) {
		t.Errorf("Close took %s, want about %s", d, QuitGrace)
	}
	checkGroupGone(t, p.Pid())
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Act(context.Background(), &Decision{}); err == nil || !strings.Contains(err.Error(), "was closed") {
		t.Fatalf("Act after Close: %v", err)
	}
}

// A program that plays well but leaves a child running: Close ends both.
func TestExecBackgroundChildIsKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole game through python3")
	}
	requirePython(t)
	g := playGame(t, [2]string{"exec:sleep 60 & exec python3 ../examples/ginbot.py", "simple"}, gin.Standard(), 3,
		Options{Timeout: testenv.Timeout(5 * time.Second)})
	if g.out.Forfeit {
		t.Fatalf("forfeit: %s", g.out.Reason)
	}
	verifyLog(t, g, true)
}

// Close interrupts an Act that waits for an answer.
func TestExecCloseInterruptsAct(t *testing.T) {
	dir := t.TempDir()
	hang := script(t, dir, "hang.sh", `read start; echo '{"type":"ready"}'; while read line; do :; done`)
	testenv.AcquireProc(t)
	p, err := Exec("sh "+hang, Options{Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	g, _ := gin.NewGame(gin.Standard(), gin.NewRand(1))
	d := &Decision{Obs: g.Observe(g.Hand().Turn())}
	var wg sync.WaitGroup
	var actErr error
	wg.Add(1)
	go func() {
		defer wg.Done()
		_, actErr = p.Act(context.Background(), d)
	}()
	time.Sleep(200 * time.Millisecond)
	start := time.Now()
	p.Close()
	wg.Wait()
	if d := time.Since(start); d > testenv.Timeout(2*time.Second) {
		t.Fatalf("Close and Act took %s", d)
	}
	if actErr == nil || !strings.Contains(actErr.Error(), "was closed") {
		t.Fatalf("Act: %v", actErr)
	}
	checkGroupGone(t, p.Pid())
}

// Play returns the context's error, not a forfeit, when the context ends
// while a program thinks.
func TestExecContextEnds(t *testing.T) {
	dir := t.TempDir()
	hang := script(t, dir, "hang.sh", `read start; echo '{"type":"ready"}'; while read line; do :; done`)
	names := [2]string{"exec:sh " + hang, "exec:sh " + hang}
	var log strings.Builder
	rec, err := gin.NewRecordedGame(&log, gin.Standard(), 1, names)
	if err != nil {
		t.Fatal(err)
	}
	testenv.AcquireProcs(t, 2)
	var players [2]Player
	for s := range players {
		if players[s], err = New(names[s], 0, Options{Timeout: 10 * time.Second, Seat: gin.Seat(s)}); err != nil {
			t.Fatal(err)
		}
		defer players[s].Close()
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	out, err := Play(ctx, rec, players, nil)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Play: %+v, %v; want the context's error", out, err)
	}
	if d := time.Since(start); d > testenv.Timeout(2*time.Second) {
		t.Fatalf("Play took %s", d)
	}
}

func TestExecEmptyCommand(t *testing.T) {
	if _, err := New("exec:  ", 0, Options{}); !errors.Is(err, ErrProgram) {
		t.Fatalf("New(exec: empty): %v", err)
	}
}

// Start-up has its own limit, apart from the limit on each answer: a
// program slow to start (an interpreter behind a version manager's shim on
// a loaded machine) is not failed by a short per-move timeout.
func TestExecStartUpHasItsOwnLimit(t *testing.T) {
	testenv.AcquireProcs(t, 2)
	slow := `sleep 1; read start; echo '{"type":"ready"}'; cat >/dev/null`
	p, err := Exec(slow, Options{Timeout: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if err := p.Ready(context.Background()); err != nil {
		t.Fatalf("a program ready after 1s with a 200ms move limit and the default start-up limit: %v", err)
	}
	q, err := Exec(slow, Options{Timeout: time.Minute, StartTimeout: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	start := time.Now()
	err = q.Ready(context.Background())
	if err == nil || !strings.Contains(err.Error(), "did not answer the start message within 200ms") {
		t.Fatalf("a program ready after 1s with a 200ms start-up limit: %v", err)
	}
	if d := time.Since(start); d > testenv.Timeout(2*time.Second) {
		t.Fatalf("the start-up limit of 200ms took %s to end", d)
	}
}

func TestExecStartUpLimitDefaults(t *testing.T) {
	testenv.AcquireProc(t) // one program at a time, each closed before the next
	for _, tc := range []struct {
		opt  Options
		want time.Duration
	}{
		{Options{}, DefaultStartTimeout},
		{Options{Timeout: time.Second}, DefaultStartTimeout},
		{Options{Timeout: 2 * DefaultStartTimeout}, 2 * DefaultStartTimeout},
		{Options{Timeout: time.Second, StartTimeout: 5 * time.Second}, 5 * time.Second},
	} {
		p, err := Exec("cat >/dev/null", tc.opt)
		if err != nil {
			t.Fatal(err)
		}
		if p.start != tc.want {
			t.Errorf("%+v: start-up limit %s, want %s", tc.opt, p.start, tc.want)
		}
		p.Close()
	}
}

// The start message carries the seat, the rules and the timeout.
func TestExecStartMessage(t *testing.T) {
	testenv.AcquireProc(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "start.json")
	p, err := Exec(fmt.Sprintf(`read start; printf '%%s\n' "$start" > %s; echo '{"type":"ready","name":"x"}'; cat >/dev/null`, out),
		Options{Rules: gin.EAAI(), Seat: 1, Timeout: 1500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Ready(context.Background()); err != nil {
		t.Fatal(err)
	}
	p.Close()
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"type":"start","protocol":1,"game":"gin","seat":1,"rules":{"knock_limit":10,"gin_bonus":25,` +
		`"undercut_bonus":25,"big_gin_bonus":0,"target_score":100,"game_bonus":0,"box_bonus":0,"shutout_double":false,` +
		`"oklahoma":false,"upcard":"standard","next_dealer":"alternate"},"timeout_ms":1500}`
	if got := strings.TrimSpace(string(b)); got != want {
		t.Fatalf("start message\n got %s\nwant %s", got, want)
	}
}

// Programs that fail or behave leave no goroutine behind once closed.
func TestExecNoGoroutineLeak(t *testing.T) {
	testenv.AcquireProc(t)
	before := runtime.NumGoroutine()
	g, _ := gin.NewGame(gin.Standard(), gin.NewRand(1))
	d := &Decision{Obs: g.Observe(g.Hand().Turn())}
	for _, command := range []string{
		`read start; echo '{"type":"ready"}'; while read line; do :; done`, // never answers
		`read start; echo '{"type":"ready"}'; read line; echo nonsense; echo more; sleep 60`,
		`read start; echo '{"type":"ready"}'; exit 2`,
		`echo '{"type":"ready"}'; cat >/dev/null`, // behaves: reads until the end of its input
		`sleep 60 >/dev/null 2>&1 & echo '{"type":"ready"}'; yes >&2`,
	} {
		p, err := Exec(command, Options{Timeout: 200 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		_, _ = p.Act(context.Background(), d)
		p.Close()
		checkGroupGone(t, p.Pid())
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
