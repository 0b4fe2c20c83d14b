// Package browsertest runs Felt's browser tests: the end-to-end scripts
// in e2e/ (playwright-core driving Debian's chromium) against a felt serve
// of their own. The tests that call it live in several packages (web and
// web/e2etest/...), so that no one package runs past go test's timeout.
package browsertest

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

// Root returns the module's root directory (the one holding go.mod),
// found from the test's working directory up.
func Root(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("browsertest: no go.mod above the test's directory")
		}
		dir = up
	}
}

// Run builds felt and runs one script as a test of its own: the
// top-level tests named after what a script checks call it.
func Run(t *testing.T, s Script) {
	t.Helper()
	RunScript(t, BuildFelt(t), s)
}

// Need skips the test when a tool the browser tests need is missing, or
// fails it on CI, where .ci/run installs everything.
func Need(t *testing.T, what string, err error) {
	t.Helper()
	if err == nil {
		return
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("browser tests need %s: %v", what, err)
	}
	t.Skipf("browser tests need %s: %v", what, err)
}

// Script is an end-to-end script in e2e/ (Name.mjs), run against a
// fresh felt serve started with Flags.
type Script struct {
	Name, About string
	Flags       []string
	Restart     bool // the script asks (RESTART) for felt serve to be killed and started again
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
	Need(t, "node", err)
	chromium := os.Getenv("FELT_CHROMIUM")
	if chromium == "" {
		chromium = "/usr/bin/chromium"
	}
	_, err = os.Stat(chromium)
	Need(t, "chromium (FELT_CHROMIUM)", err)
	root := Root(t)
	e2e := filepath.Join(root, "e2e")
	_, err = os.Stat(filepath.Join(e2e, "node_modules", "playwright-core", "package.json"))
	Need(t, "e2e/node_modules (npm ci in e2e/)", err)
	shots := os.Getenv("FELT_SCREENSHOTS")
	if shots == "" {
		shots = filepath.Join(t.TempDir(), "screenshots")
	}
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	return browserEnv{node: node, chromium: chromium, e2e: e2e, shots: shots}
}

// BuildFelt checks that the browser tests can run (see needBrowser),
// builds felt into the test's temporary directory and returns its path.
// It holds two of the test processes' slots for the rest of the test:
// one server and one node (with its chromium) run at a time.
func BuildFelt(t *testing.T) string {
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

// RunScript starts felt serve (bin) with the script's flags on a free
// loopback port and a new SQLite database, and runs e2e/NAME.mjs against
// it; the script's screenshots go to a directory of its name.
func RunScript(t *testing.T, bin string, s Script) {
	t.Helper()
	env := needBrowser(t)
	t.Logf("%s: %s", s.Name, s.About)
	addr := freeAddr(t)
	base := "http://" + addr
	db := filepath.Join(t.TempDir(), "felt.db")
	srv := startServer(t, bin, addr, db, s.Flags...)
	waitUp(t, base, srv)
	dir := filepath.Join(env.shots, s.Name)
	t.Logf("screenshots in %s", dir)
	ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(8*time.Minute))
	defer cancel()
	cmd := exec.CommandContext(ctx, env.node, filepath.Join(env.e2e, s.Name+".mjs"), base, dir)
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
			if !s.Restart {
				t.Errorf("e2e/%s.mjs asked for a restart", s.Name)
			}
			t.Logf("killing felt serve (SIGKILL) and starting it again")
			srv.kill()
			srv = startServer(t, bin, addr, db, s.Flags...)
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
		t.Fatalf("node e2e/%s.mjs: %v\n%s", s.Name, runErr, out.String())
	}
	if testing.Verbose() {
		t.Logf("%s", out.String())
	}
	shotsMade, _ := filepath.Glob(filepath.Join(dir, "*.png"))
	if len(shotsMade) == 0 {
		t.Errorf("e2e/%s.mjs saved no screenshot in %s", s.Name, dir)
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
