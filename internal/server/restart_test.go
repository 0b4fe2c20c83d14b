package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"felt/internal/store"
	"felt/internal/testenv"
)

// binDir holds the felt binary the tests build; TestMain removes it.
var binDir string

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// feltBinary builds ./cmd/felt once per test binary.
var feltBinary = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "felt-server-bin-")
	if err != nil {
		return "", err
	}
	binDir = dir
	bin := filepath.Join(dir, "felt")
	out, err := exec.Command("go", "build", "-o", bin, "felt/cmd/felt").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
})

// proc is a felt serve process.
type proc struct {
	cmd  *exec.Cmd
	url  string // http://127.0.0.1:PORT
	mu   sync.Mutex
	logs bytes.Buffer
	done chan struct{}
	err  error
}

var listening = regexp.MustCompile(`msg=listening url=(http://\S+)`)

// startFelt starts felt serve on a free port with the store at db, and
// waits until it listens.
func startFelt(t *testing.T, bin, db string) *proc {
	t.Helper()
	p := &proc{done: make(chan struct{})}
	p.cmd = exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", db, "--deal-pace", "0", "--move-timeout", "1h", "--away", "1h", "--rate", "500")
	stderr, err := p.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	urls := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			p.mu.Lock()
			p.logs.WriteString(sc.Text() + "\n")
			p.mu.Unlock()
			if m := listening.FindStringSubmatch(sc.Text()); m != nil {
				urls <- m[1]
			}
		}
		p.err = p.cmd.Wait()
		close(p.done)
	}()
	t.Cleanup(func() {
		p.cmd.Process.Kill()
		<-p.done
	})
	select {
	case p.url = <-urls:
	case <-p.done:
		t.Fatalf("felt serve exited: %v\n%s", p.err, p.log())
	case <-time.After(testenv.Timeout(60 * time.Second)):
		t.Fatalf("felt serve did not listen\n%s", p.log())
	}
	return p
}

func (p *proc) log() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.logs.String()
}

// seatClient plays one seat of a table over a connection to a felt serve
// process, slowly enough for the rate limit, until the game ends or the
// connection breaks; it reconnects to a new process on request.
type seatClient struct {
	table, token, player string
	rng                  *rand.Rand
	mu                   sync.Mutex
	events               map[int]string // line number → the event as seen
	maxN                 int
	over                 bool
}

// run plays on a connection to url until over or the connection ends.
func (s *seatClient) run(url string) error {
	ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(3*time.Minute))
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(url, "http")+"/ws", nil)
	if err != nil {
		return err
	}
	defer ws.CloseNow()
	ws.SetReadLimit(8 << 20)
	hello, _ := json.Marshal(map[string]string{"type": "hello", "table": s.table, "token": s.token, "player": s.player})
	if s.token == "" {
		hello, _ = json.Marshal(map[string]string{"type": "hello", "table": s.table})
	}
	if err := ws.Write(ctx, websocket.MessageText, hello); err != nil {
		return err
	}
	// A goroutine reads, so that a move is written while the next
	// messages are read.
	in := make(chan []byte, 1024)
	rerr := make(chan error, 1)
	go func() {
		for {
			_, b, err := ws.Read(ctx)
			if err != nil {
				rerr <- err
				close(in)
				return
			}
			in <- b
		}
	}()
	var game string // the table's, from the welcome
	for {
		b, ok := <-in
		if !ok {
			return <-rerr
		}

		var m struct {
			Type     string            `json:"type"`
			Game     string            `json:"game"` // in the welcome
			N        int               `json:"n"`
			Adv      int               `json:"adv"`
			Seq      int               `json:"seq"`
			Optional bool              `json:"optional"`
			Event    json.RawMessage   `json:"event"`
			Legal    []json.RawMessage `json:"legal"`
			Obs      json.RawMessage   `json:"obs"`
			Error    string            `json:"error"`
		}
		if err := json.Unmarshal(b, &m); err != nil {
			return err
		}
		if m.Type == "welcome" {
			game = m.Game
		}
		m.Game = game
		switch m.Type {
		case "event":
			s.mu.Lock()
			if m.Adv == 0 {
				s.events[m.N] = string(m.Event)
			}
			s.maxN = max(s.maxN, m.N)
			s.mu.Unlock()
		case "over":
			s.mu.Lock()
			s.over = true
			s.mu.Unlock()
			return nil
		case "error":
			return fmt.Errorf("server: %s", m.Error)
		case "refused":
			// A move that crossed a restart: the pending decision is
			// sent again (or was), and answered then.
		case "decide":
			if m.Optional || s.token == "" {
				continue
			}
			time.Sleep(2 * time.Millisecond) // the games last until the kill
			g, err := gameOf(m.Game)
			if err != nil {
				return err
			}
			mv, err := g.PickMove(m.Obs, m.Legal, s.rng)
			if err != nil {
				return fmt.Errorf("%w: %s", err, b)
			}
			if err := ws.Write(ctx, websocket.MessageText, fmt.Appendf(nil, `{"type":"move","seq":%d,"move":%s}`, m.Seq, mv)); err != nil {
				return err
			}
		}
	}
}

func (s *seatClient) progress() (int, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.maxN, s.over
}

// readLog reads a table's log from a store file no process is using.
func readLogs(t *testing.T, db string, ids []string) map[string][]string {
	t.Helper()
	st, err := store.OpenSQLite(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	out := map[string][]string{}
	for _, id := range ids {
		ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(30*time.Second))
		lines, err := st.Lines(ctx, id, 0)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range lines {
			out[id] = append(out[id], strings.TrimSuffix(string(l), "\n"))
		}
	}
	return out
}

// TestRestartRecovers: a real felt serve process, several tables being
// played by real websocket clients, killed with SIGKILL in the middle of
// the games; started again on the same SQLite file, every table resumes
// from its log, the clients reconnect and play on; then a graceful stop
// (SIGTERM) and a third start, and the games are played to the end. Every
// event a client saw before the kill was in the store at the kill; the
// log at the kill is a prefix of the final log, which replays.
func TestRestartRecovers(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs felt serve three times")
	}
	t.Parallel() // mostly waiting: its clients keep within the rate limit
	testenv.AcquireProc(t)
	bin, err := feltBinary()
	if err != nil {
		t.Fatal(err)
	}
	// A killed process loses nothing the kernel has: the file may be in
	// memory-backed /dev/shm, whose fsyncs cost nothing on a loaded machine.
	db := filepath.Join(fastDir(t), "felt.db")
	p := startFelt(t, bin, db)
	bodies := []string{
		`{"game":"gin","player":"p0","name":"Ann","seats":[{"kind":"me"},{"kind":"computer","level":"simple"}]}`,
		`{"game":"gin","player":"p0","name":"Ann","seats":[{"kind":"me"},{"kind":"computer","level":"normal"}]}`,
		`{"game":"gin","player":"p0","name":"Ann","seats":[{"kind":"me"},{"kind":"open"}]}`,
		`{"game":"shengji","player":"p0","name":"Ann","seats":[{"kind":"me"},{"kind":"computer","level":"greedy"},{"kind":"computer","level":"greedy"},{"kind":"computer","level":"random"}]}`,
		`{"game":"shengji","preset":"simple","player":"p0","name":"Ann","seats":[{"kind":"me"},{"kind":"open"},{"kind":"computer","level":"greedy"},{"kind":"computer","level":"random"}]}`,
	}
	var ids []string
	var seats []*seatClient
	games := map[string]string{}
	for i, body := range bodies {
		var cr Created
		resp, err := httpPost(p.url+"/api/tables", body, &cr)
		if err != nil || resp != 201 {
			t.Fatalf("create: %d %v", resp, err)
		}
		ids = append(ids, cr.ID)
		var g struct {
			Game string `json:"game"`
		}
		json.Unmarshal([]byte(body), &g)
		games[cr.ID] = g.Game
		seats = append(seats, &seatClient{table: cr.ID, token: cr.Token, player: "p0", rng: rand.New(rand.NewPCG(uint64(i), 0)), events: map[int]string{}})
		for _, inv := range cr.Invites {
			seats = append(seats, &seatClient{table: cr.ID, token: inviteToken(t, inv), player: fmt.Sprintf("p%d", inv.Seat), rng: rand.New(rand.NewPCG(uint64(i), uint64(inv.Seat))), events: map[int]string{}})
		}
		seats = append(seats, &seatClient{table: cr.ID, events: map[int]string{}}) // a spectator
	}
	// Phase 1: play until every table is well under way, then SIGKILL.
	runAll := func(url string) *sync.WaitGroup {
		var wg sync.WaitGroup
		for _, s := range seats {
			if _, over := s.progress(); over {
				continue
			}
			wg.Go(func() {
				err := s.run(url)
				n, over := s.progress()
				t.Logf("table %s seat %q: %v at line %d (over %v)", s.table, s.player, err, n, over)
			})
		}
		return &wg
	}
	waitProgress := func(min int) {
		deadline := time.Now().Add(testenv.Timeout(120 * time.Second))
		for {
			ok := true
			for _, s := range seats {
				n, over := s.progress()
				ok = ok && (n >= min || over)
			}
			if ok {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("the games did not get under way\n%s", p.log())
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	wg := runAll(p.url)
	waitProgress(20)
	p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.done
	wg.Wait()
	atKill := readLogs(t, db, ids)
	for _, s := range seats {
		s.mu.Lock()
		for n := range s.events {
			if n >= len(atKill[s.table]) {
				t.Errorf("table %s: an event of line %d was sent, but the store held %d lines at the kill", s.table, n, len(atKill[s.table]))
			}
		}
		s.mu.Unlock()
	}
	t.Logf("killed with %s lines", lineCounts(atKill, ids))
	// Phase 2: start again; the clients reconnect and play on; SIGTERM.
	p = startFelt(t, bin, db)
	wg = runAll(p.url)
	waitProgress(0)
	time.Sleep(testenv.Timeout(500 * time.Millisecond))
	p.cmd.Process.Signal(syscall.SIGTERM)
	<-p.done
	if p.err != nil || !strings.Contains(p.log(), "msg=stopped") {
		t.Fatalf("felt serve after SIGTERM: %v\n%s", p.err, p.log())
	}
	wg.Wait()
	atStop := readLogs(t, db, ids)
	// Phase 3: start again and finish every game.
	p = startFelt(t, bin, db)
	for range 3 { // a client that dropped out (a move crossing a restart) connects again
		runAll(p.url).Wait()
	}
	for _, s := range seats {
		if _, over := s.progress(); !over {
			t.Fatalf("table %s: a client did not see the game end\n%s", s.table, p.log())
		}
	}
	p.cmd.Process.Signal(syscall.SIGTERM)
	<-p.done
	final := readLogs(t, db, ids)
	for _, id := range ids {
		for _, before := range []map[string][]string{atKill, atStop} {
			if len(before[id]) > len(final[id]) || strings.Join(before[id], "\n") != strings.Join(final[id][:len(before[id])], "\n") {
				t.Fatalf("table %s: the log before a restart is not a prefix of the final log", id)
			}
		}
		v := verifyLog(t, games[id], []byte(strings.Join(final[id], "\n")+"\n"))
		if !v.Outcome.Over {
			t.Fatalf("table %s: the final log's game is not over", id)
		}
	}
	t.Logf("%d tables; lines at the kill %s, at the stop %s, at the end %s", len(ids), lineCounts(atKill, ids), lineCounts(atStop, ids), lineCounts(final, ids))
}

func lineCounts(logs map[string][]string, ids []string) string {
	var out []string
	for _, id := range ids {
		out = append(out, fmt.Sprint(len(logs[id])))
	}
	return strings.Join(out, ",")
}

func httpPost(url, body string, out any) (int, error) {
	resp, err := httpClient.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	return resp.StatusCode, json.NewDecoder(resp.Body).Decode(out)
}
