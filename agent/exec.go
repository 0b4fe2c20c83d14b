package agent

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"

	"felt/gin"
)

// DefaultTimeout bounds each answer of an outside program unless Options
// say otherwise.
const DefaultTimeout = 10 * time.Second

// maxLine is the longest line read from an outside program.
const maxLine = 1 << 20

// ErrProgram is wrapped by every error about an outside program: it died,
// answered late or answered nonsense.
var ErrProgram = errors.New("outside program failed")

// Program is an outside program playing through the line protocol: Felt
// writes one JSON object a line to its standard input and reads one a line
// from its standard output. Its standard error is kept (the last few KiB)
// for error messages.
type Program struct {
	name    string
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	lines   chan []byte
	readErr error
	stderr  *tailBuffer
	timeout time.Duration
	rules   gin.Rules
	seat    gin.Seat
	enc     *json.Encoder
	dead    bool
	mu      sync.Mutex
}

// Exec starts command (run by /bin/sh -c) as a player and performs the
// protocol's handshake: Felt sends {"type":"start", …} and the program must
// answer {"type":"ready"} in time.
func Exec(command string, opt Options) (*Program, error) {
	if strings.TrimSpace(command) == "" {
		return nil, fmt.Errorf("exec: empty command: %w", ErrProgram)
	}
	p := &Program{name: "exec:" + command, timeout: opt.Timeout, rules: opt.Rules, seat: opt.Seat,
		lines: make(chan []byte, 1), stderr: &tailBuffer{max: 4096}}
	if p.timeout <= 0 {
		p.timeout = DefaultTimeout
	}
	p.cmd = exec.Command("/bin/sh", "-c", command)
	p.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	p.cmd.Stderr = p.stderr
	var err error
	if p.stdin, err = p.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	stdout, err := p.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := p.cmd.Start(); err != nil {
		return nil, fmt.Errorf("exec %q: %v: %w", command, err, ErrProgram)
	}
	p.enc = json.NewEncoder(p.stdin)
	go p.read(stdout)
	rules := opt.Rules
	seat := opt.Seat
	if err := p.send(Message{Type: "start", Protocol: ProtocolVersion, Game: "gin", Seat: &seat, Rules: &rules}); err != nil {
		p.Close()
		return nil, err
	}
	line, err := p.receive(context.Background())
	if err != nil {
		p.Close()
		return nil, err
	}
	var ready struct {
		Type string `json:"type"`
		Name string `json:"name"`
	}
	if err := json.Unmarshal(line, &ready); err != nil || ready.Type != "ready" {
		p.Close()
		return nil, p.fail("answered %q to start, want {\"type\":\"ready\"}", clip(line))
	}
	return p, nil
}

func (p *Program) read(r io.Reader) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxLine)
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		p.lines <- append([]byte(nil), line...)
	}
	p.readErr = sc.Err()
	close(p.lines)
}

func (p *Program) fail(format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	if tail := strings.TrimSpace(p.stderr.String()); tail != "" {
		msg += "; its stderr ends: " + lastLines(tail, 3)
	}
	return fmt.Errorf("%s: %s: %w", p.name, msg, ErrProgram)
}

func (p *Program) send(m Message) error {
	if p.dead {
		return p.fail("is not running")
	}
	if err := p.enc.Encode(m); err != nil {
		p.kill()
		return p.fail("cannot be written to (%v)", err)
	}
	return nil
}

// receive waits for one line, the timeout or the context.
func (p *Program) receive(ctx context.Context) ([]byte, error) {
	t := time.NewTimer(p.timeout)
	defer t.Stop()
	select {
	case line, ok := <-p.lines:
		if !ok {
			p.kill()
			if p.readErr != nil {
				return nil, p.fail("sent a line that cannot be read (%v)", p.readErr)
			}
			return nil, p.fail("exited without answering")
		}
		return line, nil
	case <-t.C:
		p.kill()
		return nil, p.fail("did not answer within %s", p.timeout)
	case <-ctx.Done():
		p.kill()
		return nil, ctx.Err()
	}
}

// Name returns "exec:COMMAND".
func (p *Program) Name() string { return p.name }

// Act sends the decision and reads the program's action.
func (p *Program) Act(ctx context.Context, d *Decision) (gin.Action, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	obs := WireObs(&d.Obs)
	m := Message{Type: "decide", Obs: &obs, Events: make([]WireEvent, 0, len(d.Events)), Legal: make([]WireAction, 0, len(d.Legal))}
	for _, e := range d.Events {
		if e.Kind == MoveEvent {
			m.Events = append(m.Events, WireEvent{Seat: e.Seat, Action: e.Action.String(), Card: e.Card})
		}
	}
	for _, a := range d.Legal {
		m.Legal = append(m.Legal, ToWire(a))
	}
	if err := p.send(m); err != nil {
		return gin.Action{}, err
	}
	line, err := p.receive(ctx)
	if err != nil {
		return gin.Action{}, err
	}
	var w WireAction
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return gin.Action{}, p.fail("answered %q, not an action (%v)", clip(line), err)
	}
	a, err := w.ToAction()
	if err != nil {
		return gin.Action{}, p.fail("answered %q: %v", clip(line), err)
	}
	return a, nil
}

// Notify tells the program of a hand's start or end or the game's end.
func (p *Program) Notify(_ context.Context, ev Event) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch ev.Kind {
	case HandStartEvent:
		o := ev.Obs
		return p.send(Message{Type: "hand_start", Hand: ev.Hand, Seat: ptr(o.Seat), Dealer: ptr(o.Dealer),
			Cards: o.Hand.Cards(), Upcard: o.Upcard, Scores: ptr(o.Scores)})
	case HandEndEvent:
		return p.send(handEndMessage(ev.Obs))
	case GameEndEvent:
		g := ev.Game
		return p.send(Message{Type: "game_end", Winner: ptr(g.Winner), Scores: ptr(g.Scores), Final: ptr(g.Final)})
	}
	return nil
}

// Close tells the program to quit, gives it a moment, then kills it.
func (p *Program) Close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.dead {
		return nil
	}
	_ = p.enc.Encode(Message{Type: "quit"})
	_ = p.stdin.Close()
	done := make(chan struct{})
	go func() { _ = p.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(time.Second):
		p.killGroup()
		<-done
	}
	p.dead = true
	return nil
}

func (p *Program) kill() {
	if p.dead {
		return
	}
	p.dead = true
	_ = p.stdin.Close()
	p.killGroup()
	go func() { _ = p.cmd.Wait() }()
}

func (p *Program) killGroup() {
	if p.cmd.Process != nil {
		_ = syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
	}
}

func clip(b []byte) string {
	if len(b) > 200 {
		return string(b[:200]) + "…"
	}
	return string(b)
}

func lastLines(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " | ")
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
	max int
}

func (t *tailBuffer) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, b...)
	if len(t.buf) > t.max {
		t.buf = append([]byte(nil), t.buf[len(t.buf)-t.max:]...)
	}
	return len(b), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}
