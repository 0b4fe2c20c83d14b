package web_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"felt/internal/testenv"
)

// browserScripts are the end-to-end scripts in e2e/, each run against a
// fresh felt serve started with the script's flags.
var browserScripts = []browserScript{
	{"gin", "a whole Gin Rummy hand against the computer; my games; the replay", nil, false},
	{"friend", "a Gin Rummy hand between two browser contexts, one reloading mid-hand", nil, false},
	// A quicker deal than the default keeps the Shengji test short; it is
	// still paced, so the page can declare while the cards are dealt.
	{"shengji", "Shengji hands with three computers: declare, bury as banker, a refused play, play to the end", []string{"--deal-pace", "40ms"}, false},
	{"shengji-friends", "a friends-6 table made on the home page (its settings, a refused one), five computers: declare until the banker, bury six, call two friends (a refused call), play to the end; axe-core on each screen", []string{"--deal-pace", "40ms"}, false},
	// A short grace period after a person's last connection closes.
	{"takeover", "a friend leaves: the computer takes the seat, the page says so; the friend comes back", []string{"--away", "1s"}, false},
	{"watch", "watching computers play both games as a spectator: the public table, no hand", nil, false},
	{"restart", "felt serve killed mid-hand and started again: the page reconnects by itself and plays on", nil, true},
}

// need skips the test when a tool the browser tests need is missing, or
// fails it on CI, where .ci/run installs everything.
func need(t *testing.T, what string, err error) {
	t.Helper()
	if err == nil {
		return
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("browser tests need %s: %v", what, err)
	}
	t.Skipf("browser tests need %s: %v", what, err)
}

// TestPageUnits runs the unit tests of the page's card logic
// (e2e/unit.test.mjs) with Node's test runner: Gin Rummy's melds against a
// brute-force reference, Shengji's trump order, pairs and tractors.
func TestPageUnits(t *testing.T) {
	node, err := exec.LookPath("node")
	need(t, "node", err)
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	testenv.AcquireProc(t)
	ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(2*time.Minute))
	defer cancel()
	cmd := exec.CommandContext(ctx, node, "--test", filepath.Join("e2e", "unit.test.mjs"))
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node --test e2e/unit.test.mjs: %v\n%s", err, out)
	}
	if testing.Verbose() {
		t.Logf("%s", out)
	}
}

// browserScript is an end-to-end script in e2e/ (name.mjs), run against a
// fresh felt serve started with flags.
type browserScript struct {
	name, about string
	flags       []string
	restart     bool // the script asks (RESTART) for felt serve to be killed and started again
}

// TestBrowser builds felt and, for each script in e2e/, starts felt serve
// on a free loopback port with a new SQLite database and plays through the
// page in chromium with playwright-core. Screenshots (360×740 and 1280×800) go to
// $FELT_SCREENSHOTS, or the test's temporary directory.
func TestBrowser(t *testing.T) {
	bin := buildFelt(t)
	for _, s := range browserScripts {
		t.Run(s.name, func(t *testing.T) { runScript(t, bin, s) })
	}
}

// browserEnv is what the browser tests need: node, chromium and e2e/'s
// node_modules; the test is skipped (failed on CI) without them.
type browserEnv struct {
	node, chromium, e2e, shots string
}

// needBrowser finds node, chromium and e2e/node_modules, or skips the
// test (fails it on CI); it also skips in -short mode.
func needBrowser(t *testing.T) browserEnv {
	t.Helper()
	if testing.Short() {
		t.Skip("browser tests are long")
	}
	node, err := exec.LookPath("node")
	need(t, "node", err)
	chromium := os.Getenv("FELT_CHROMIUM")
	if chromium == "" {
		chromium = "/usr/bin/chromium"
	}
	_, err = os.Stat(chromium)
	need(t, "chromium (FELT_CHROMIUM)", err)
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	e2e := filepath.Join(root, "e2e")
	_, err = os.Stat(filepath.Join(e2e, "node_modules", "playwright-core", "package.json"))
	need(t, "e2e/node_modules (npm ci in e2e/)", err)
	shots := os.Getenv("FELT_SCREENSHOTS")
	if shots == "" {
		shots = filepath.Join(t.TempDir(), "screenshots")
	}
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	return browserEnv{node: node, chromium: chromium, e2e: e2e, shots: shots}
}

// buildFelt checks that the browser tests can run (see needBrowser),
// builds felt into the test's temporary directory and returns its path.
// It holds two of the test processes' slots for the rest of the test:
// one server and one node (with its chromium) run at a time.
func buildFelt(t *testing.T) string {
	t.Helper()
	env := needBrowser(t)
	root := filepath.Dir(env.e2e)
	bin := filepath.Join(t.TempDir(), "felt")
	build := exec.Command("go", "build", "-o", bin, "./cmd/felt")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/felt: %v\n%s", err, out)
	}
	testenv.AcquireProcs(t, 2)
	return bin
}

// runScript starts felt serve (bin) with the script's flags on a free
// loopback port and a new SQLite database, and runs e2e/NAME.mjs against
// it; the script's screenshots go to a directory of its name.
func runScript(t *testing.T, bin string, s browserScript) {
	t.Helper()
	env := needBrowser(t)
	t.Logf("%s: %s", s.name, s.about)
	addr := freeAddr(t)
	base := "http://" + addr
	db := filepath.Join(t.TempDir(), "felt.db")
	srv := startServer(t, bin, addr, db, s.flags...)
	waitUp(t, base, srv)
	dir := filepath.Join(env.shots, s.name)
	t.Logf("screenshots in %s", dir)
	ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(8*time.Minute))
	defer cancel()
	cmd := exec.CommandContext(ctx, env.node, filepath.Join(env.e2e, s.name+".mjs"), base, dir)
	cmd.Dir = env.e2e
	cmd.Env = append(os.Environ(), "FELT_CHROMIUM="+env.chromium)
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGKILL) }
	cmd.WaitDelay = 10 * time.Second
	out := &testenv.Buffer{Max: 1 << 20}
	cmd.Stderr = out
	// The script's output, line by line: a RESTART line asks for
	// the server to be killed and started again, then GO on stdin.
	pr, pw := io.Pipe()
	cmd.Stdout = pw
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	restart := make(chan struct{}, 1)
	scanned := make(chan struct{})
	go func() {
		defer close(scanned)
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			fmt.Fprintln(out, sc.Text())
			if sc.Text() == "RESTART" {
				restart <- struct{}{}
			}
		}
		_, _ = io.Copy(io.Discard, pr)
	}()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() {
		err := cmd.Wait()
		pw.Close()
		exited <- err
	}()
	var runErr error
wait:
	for {
		select {
		case <-restart:
			if !s.restart {
				t.Errorf("e2e/%s.mjs asked for a restart", s.name)
			}
			t.Logf("killing felt serve (SIGKILL) and starting it again")
			srv.kill()
			srv = startServer(t, bin, addr, db, s.flags...)
			waitUp(t, base, srv)
			if _, err := io.WriteString(stdin, "GO\n"); err != nil {
				t.Errorf("telling the script the server is back: %v", err)
			}
		case runErr = <-exited:
			break wait
		}
	}
	<-scanned
	if runErr != nil {
		t.Fatalf("node e2e/%s.mjs: %v\n%s", s.name, runErr, out.String())
	}
	if testing.Verbose() {
		t.Logf("%s", out.String())
	}
	shotsMade, _ := filepath.Glob(filepath.Join(dir, "*.png"))
	if len(shotsMade) == 0 {
		t.Errorf("e2e/%s.mjs saved no screenshot in %s", s.name, dir)
	}
}

type server struct {
	cmd    *exec.Cmd
	log    *testenv.Buffer
	exited chan struct{} // closed once the process has exited
	err    error         // its exit status, once exited
}

func startServer(t *testing.T, bin, addr, db string, flags ...string) *server {
	t.Helper()
	s := &server{log: &testenv.Buffer{Max: 1 << 20}, exited: make(chan struct{})}
	s.cmd = exec.Command(bin, append([]string{"serve", "--addr", addr, "--db", db}, flags...)...)
	s.cmd.Stdout = s.log
	s.cmd.Stderr = s.log
	if err := s.cmd.Start(); err != nil {
		t.Fatalf("start felt serve: %v", err)
	}
	go func() {
		s.err = s.cmd.Wait()
		close(s.exited)
	}()
	t.Cleanup(func() {
		_ = s.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-s.exited:
		case <-time.After(testenv.Timeout(10 * time.Second)):
			_ = s.cmd.Process.Kill()
			<-s.exited
		}
		if t.Failed() {
			t.Logf("felt serve's output:\n%s", s.log.String())
		}
	})
	return s
}

// kill kills the server at once, as a crash would, and waits for it.
func (s *server) kill() {
	_ = s.cmd.Process.Kill()
	<-s.exited
}

// waitUp waits until the server answers its home page.
func waitUp(t *testing.T, base string, s *server) {
	t.Helper()
	deadline := time.Now().Add(testenv.Timeout(60 * time.Second))
	client := &http.Client{Timeout: testenv.Timeout(5 * time.Second)}
	delay := 20 * time.Millisecond
	for {
		select {
		case <-s.exited:
			t.Fatalf("felt serve exited: %v\n%s", s.err, s.log.String())
		default:
		}
		res, err := client.Get(base + "/")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return
			}
			err = fmt.Errorf("GET /: %s", res.Status)
		}
		if time.Now().After(deadline) {
			t.Fatalf("felt serve did not come up at %s: %v\n%s", base, err, s.log.String())
		}
		time.Sleep(delay)
		delay = min(delay*2, 500*time.Millisecond)
	}
}

// freeAddr returns a loopback address whose port was free a moment ago.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// runBrowserScript runs one e2e script as a test of its own (building
// felt for it): the top-level tests named after what a script checks call
// it.
func runBrowserScript(t *testing.T, s browserScript) {
	t.Helper()
	runScript(t, buildFelt(t), s)
}
