package loadtest

import (
	"bufio"
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"regexp"
	"sync"
	"syscall"
	"testing"
	"time"

	"felt/internal/store"
	"felt/internal/store/storetest"
	"felt/internal/testenv"
)

// serveProc is a felt serve process.
type serveProc struct {
	cmd  *exec.Cmd
	url  string
	mu   sync.Mutex
	logs bytes.Buffer
	done chan struct{}
}

var listening = regexp.MustCompile(`msg=listening url=(http://\S+)`)

func (p *serveProc) log() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.logs.String()
}

// startServe starts felt serve on a free loopback port with args and waits
// until it listens.
func startServe(t *testing.T, bin string, args ...string) *serveProc {
	t.Helper()
	p := &serveProc{done: make(chan struct{})}
	p.cmd = exec.Command(bin, append([]string{"serve", "--addr", "127.0.0.1:0",
		// The load test's clients all come from one address.
		"--create-rate", "-1", "--max-tables-per-addr", "-1", "--max-tables-per-player", "-1", "--max-tables", "-1"}, args...)...)
	stderr, err := p.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	urls := make(chan string, 1)
	go func() {
		defer close(p.done)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			p.mu.Lock()
			p.logs.WriteString(sc.Text() + "\n")
			p.mu.Unlock()
			if m := listening.FindStringSubmatch(sc.Text()); m != nil {
				urls <- m[1]
			}
		}
		p.cmd.Wait()
	}()
	t.Cleanup(func() {
		p.cmd.Process.Kill()
		<-p.done
		if t.Failed() {
			t.Logf("felt serve %s:\n%s", p.url, p.log())
		}
	})
	select {
	case p.url = <-urls:
	case <-p.done:
		t.Fatalf("felt serve exited:\n%s", p.log())
	case <-time.After(testenv.Timeout(60 * time.Second)):
		t.Fatalf("felt serve did not listen:\n%s", p.log())
	}
	return p
}

// TestClusterKill: three felt serve processes share one PostgreSQL
// database. Tables are created at each of them, and most players connect
// to another process than the one running their table, so that their
// moves and views pass through the database. One process is killed with
// SIGKILL mid-games; the others take its tables over once their leases
// expire, recovered from their logs, and every game is played to its end:
// no error, no hidden card in any message, every table over in the store.
func TestClusterKill(t *testing.T) {
	dsn := storetest.PostgresSchema(t)
	if testing.Short() {
		t.Skip("three felt serve processes and a dozen games: not in -short")
	}
	testenv.AcquireProcs(t, 3)
	bin := filepath.Join(t.TempDir(), "felt")
	if out, err := exec.Command("go", "build", "-o", bin, "felt/cmd/felt").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	args := []string{"--db", dsn, "--deal-pace", "0", "--move-timeout", "1h", "--away", "1h", "--lease", "3s"}
	procs := []*serveProc{startServe(t, bin, args...), startServe(t, bin, args...), startServe(t, bin, args...)}
	ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(30*time.Second))
	st, err := store.OpenPostgres(ctx, dsn)
	cancel()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })

	const tables = 12
	var urls []string
	for _, p := range procs {
		urls = append(urls, p.url)
	}
	type result struct {
		rep Report
		err error
	}
	res := make(chan result, 1)
	go func() {
		rep, err := Run(context.Background(), Config{
			URLs: urls, Tables: tables, Duration: testenv.Timeout(4 * time.Minute), Think: 100 * time.Millisecond,
			Game: "gin", OneGame: true, Reconnect: true, Wait: testenv.Timeout(60 * time.Second), PerAddr: -1,
			Lines: func(ctx context.Context, id string) ([][]byte, error) { return st.Lines(ctx, id, 0) },
		})
		res <- result{rep, err}
	}()
	// Kill the first process once the games are under way: most tables
	// created and some moves made at each.
	for deadline := time.Now().Add(testenv.Timeout(60 * time.Second)); ; time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the games did not get under way")
		}
		ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(30*time.Second))
		ts, err := st.Active(ctx)
		under := 0
		for _, tb := range ts {
			if lines, err := st.Lines(ctx, tb.ID, 0); err == nil && len(lines) >= 12 {
				under++
			}
		}
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if under >= tables*2/3 {
			break
		}
	}
	procs[0].cmd.Process.Signal(syscall.SIGKILL)
	<-procs[0].done
	r := <-res
	if r.err != nil {
		t.Fatal(r.err)
	}
	t.Logf("3 processes, one killed:\n%s", r.rep)
	if r.rep.Errors > 0 || r.rep.Leaks > 0 {
		t.Fatalf("%d errors, %d leaks: %v", r.rep.Errors, r.rep.Leaks, r.rep.Samples)
	}
	if r.rep.Tables != tables || r.rep.Games != tables {
		t.Fatalf("%d tables created, %d games played to the end; want %d", r.rep.Tables, r.rep.Games, tables)
	}
	if r.rep.Reconnects == 0 {
		t.Fatal("no client reconnected: the killed process ran nothing")
	}
	adopted := 0
	for _, p := range procs[1:] {
		adopted += bytes.Count([]byte(p.log()), []byte("msg=\"table adopted\""))
	}
	if adopted == 0 {
		t.Fatal("no table adopted by the processes left")
	}
	ctx, cancel = context.WithTimeout(context.Background(), testenv.Timeout(30*time.Second))
	defer cancel()
	// The outcome is stored just after "over" is sent: wait a little.
	for _, id := range r.rep.IDs {
		for deadline := time.Now().Add(testenv.Timeout(10 * time.Second)); ; time.Sleep(50 * time.Millisecond) {
			tb, err := st.Table(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if tb.Status == store.Over {
				break
			}
			if time.Now().After(deadline) {
				t.Errorf("table %s is %s in the store, not over", id, tb.Status)
				break
			}
		}
	}
	t.Logf("%d tables adopted after the kill", adopted)
}
