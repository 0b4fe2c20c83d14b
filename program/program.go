package program

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"

	"felt/table"
)

// Protocol is this package's protocol version.
const Protocol = 2

// MaxLine bounds a line the program writes.
const MaxLine = 64 << 10

// WriteTimeout is how long a line to the program may wait for it to read.
const WriteTimeout = 10 * time.Second

// MaxLegal bounds the legal moves listed in a decision.
const MaxLegal = 256

// Errors of a program.
var (
	ErrExited  = errors.New("program exited")
	ErrBadLine = errors.New("program wrote a line that is not an answer")
	ErrStartup = errors.New("program did not say it was ready")
	ErrNoCheck = errors.New("this game answers no check: its decisions list its legal moves")
)

// Codec encodes and decodes a game's moves (a table.Engine is one).
type Codec[M any] interface {
	MarshalMove(m M) ([]byte, error)
	UnmarshalMove(b []byte) (M, error)
}

// Game is what a program needs of a game: its move codec, and optionally
// the legal moves of an observation (at most MaxLegal, and how many were
// left out), a check of any move against an observation (nil, or the
// rules' reason), and the wire forms of observations and events (nil: as
// they are).
type Game[M, O, E any] struct {
	Codec Codec[M]
	Legal func(o *O) ([]M, int)
	Check func(o *O, m M) error
	Obs   func(o O) any
	Event func(e E) any
}

// Options say how a program is started.
type Options struct {
	Game    string          // the game's kind
	Seat    table.Seat      // the seat it plays
	Seed    uint64          // its seed, so that it can reproduce its play
	Rules   json.RawMessage // the game's rules
	Startup time.Duration   // how long it may take to say it is ready (0: 30s)
}

// Program is an outside program as a table controller and listener. It is
// started at its first decision and stopped by Close.
type Program[M, O, E any] struct {
	command string
	game    Game[M, O, E]
	opts    Options

	mu     sync.Mutex
	cmd    *exec.Cmd
	pid    int
	in     *os.File
	lines  chan []byte
	done   chan struct{} // closed when the program is stopped
	fresh  bool          // a new game starts at the next decision
	failed error
}

// New returns a controller running command (by /bin/sh -c) for game.
func New[M, O, E any](command string, game Game[M, O, E], opts Options) *Program[M, O, E] {
	if opts.Startup <= 0 {
		opts.Startup = 30 * time.Second
	}
	return &Program[M, O, E]{command: command, game: game, opts: opts}
}

func (p *Program[M, O, E]) start(ctx context.Context) error {
	cmd := exec.Command("/bin/sh", "-c", p.command)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	// Our own pipe, so that a write to a program that stops reading has a
	// deadline instead of blocking the table for ever.
	r, in, err := os.Pipe()
	if err != nil {
		return err
	}
	cmd.Stdin = r
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		r.Close()
		in.Close()
		return fmt.Errorf("program: %s: %w", p.command, err)
	}
	r.Close()
	p.cmd, p.pid, p.in = cmd, cmd.Process.Pid, in
	p.lines, p.done = make(chan []byte, 1), make(chan struct{})
	go read(bufio.NewReaderSize(out, MaxLine), p.lines, p.done)
	sctx, cancel := context.WithTimeout(ctx, p.opts.Startup)
	defer cancel()
	return p.greet(sctx)
}

// greet starts a game: the start line, and the program's ready line
// before ctx ends.
func (p *Program[M, O, E]) greet(ctx context.Context) error {
	if err := p.sendStart(); err != nil {
		return err
	}
	return p.awaitReady(ctx)
}

func (p *Program[M, O, E]) sendStart() error {
	return p.send(map[string]any{"type": "start", "protocol": Protocol, "game": p.opts.Game,
		"seat": p.opts.Seat, "seed": p.opts.Seed, "rules": p.opts.Rules})
}

// awaitReady reads the program's ready line before ctx ends.
func (p *Program[M, O, E]) awaitReady(ctx context.Context) error {
	line, err := p.next(ctx)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrStartup, err)
	}
	var ready struct {
		Type string `json:"type"`
	}
	if json.Unmarshal(line, &ready) != nil || ready.Type != "ready" {
		return fmt.Errorf("%w: it wrote %.80q", ErrStartup, line)
	}
	return nil
}

// read sends each line the program writes to lines and closes it at the
// end, or stops when done closes.
func read(r *bufio.Reader, lines chan<- []byte, done <-chan struct{}) {
	defer close(lines)
	for {
		line, err := r.ReadSlice('\n')
		var out []byte
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			out = []byte("\x00too long")
		case len(bytesTrim(line)) > 0:
			out = append([]byte(nil), bytesTrim(line)...)
		}
		if out != nil {
			select {
			case lines <- out:
			case <-done:
				return
			}
		}
		if err != nil {
			return
		}
	}
}

func bytesTrim(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == '\r' || b[len(b)-1] == ' ') {
		b = b[:len(b)-1]
	}
	return b
}

func (p *Program[M, O, E]) next(ctx context.Context) ([]byte, error) {
	select {
	case line, ok := <-p.lines:
		if !ok {
			return nil, ErrExited
		}
		if len(line) > 0 && line[0] == 0 {
			return nil, fmt.Errorf("%w: longer than %d bytes", ErrBadLine, MaxLine)
		}
		return line, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (p *Program[M, O, E]) send(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_ = p.in.SetWriteDeadline(time.Now().Add(WriteTimeout))
	if _, err := p.in.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("%w: %v", ErrExited, err)
	}
	return nil
}

// fail remembers that the program failed, stops it and returns err.
func (p *Program[M, O, E]) fail(err error) error {
	if p.failed == nil {
		p.failed = err
		p.stop()
	}
	return p.failed
}

func (p *Program[M, O, E]) stop() {
	if p.cmd != nil {
		close(p.done)
		_ = syscall.Kill(-p.pid, syscall.SIGKILL)
		_ = p.cmd.Wait()
		p.cmd = nil
	}
}

// Decide asks the program.
func (p *Program[M, O, E]) Decide(ctx context.Context, d table.Decision[O]) (M, bool, error) {
	var zero M
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.failed != nil {
		return zero, false, p.failed
	}
	if p.cmd == nil {
		if err := p.start(ctx); err != nil {
			return zero, false, p.fail(err)
		}
	} else if p.fresh {
		if err := p.awaitReady(ctx); err != nil {
			return zero, false, p.fail(err)
		}
	}
	p.fresh = false
	msg := struct {
		Type     string            `json:"type"`
		Seq      int               `json:"seq"`
		Optional bool              `json:"optional"`
		Obs      any               `json:"observation"`
		Legal    []json.RawMessage `json:"legal,omitempty"`
		More     int               `json:"more,omitempty"`
	}{Type: "decide", Seq: d.Seq, Optional: d.Optional, Obs: d.Obs}
	if p.game.Obs != nil {
		msg.Obs = p.game.Obs(d.Obs)
	}
	var err error
	if msg.Legal, msg.More, err = Legal(p.game, &d.Obs); err != nil {
		return zero, false, err
	}
	if err := p.send(msg); err != nil {
		return zero, false, p.fail(err)
	}
	for {
		line, err := p.next(ctx)
		if err != nil {
			if ctx.Err() != nil {
				// A missed deadline: the program may still be thinking
				// of this decision; its late answer is ignored.
				return zero, false, err
			}
			return zero, false, p.fail(err)
		}
		var r struct {
			Seq     *int            `json:"seq"`
			Move    json.RawMessage `json:"move"`
			Check   json.RawMessage `json:"check"`
			Decline bool            `json:"decline"`
		}
		if err := json.Unmarshal(line, &r); err != nil || r.Seq == nil {
			return zero, false, p.fail(fmt.Errorf("%w: %.80q", ErrBadLine, line))
		}
		if r.Check != nil {
			if err := p.check(&d, *r.Seq, r.Check); err != nil {
				return zero, false, p.fail(err)
			}
			continue
		}
		if *r.Seq != d.Seq {
			continue // a late answer to an earlier decision
		}
		if r.Decline {
			return zero, false, nil
		}
		m, err := p.game.Codec.UnmarshalMove(r.Move)
		if err != nil {
			return zero, false, p.fail(fmt.Errorf("%w: %v", ErrBadLine, err))
		}
		return m, true, nil
	}
}

// Next makes the program, kept running, play another game: it sends a new
// start line (with opts' seat, seed and rules) at once, and the next
// decision waits for ready within that decision's deadline, so a program
// that starts slowly pays its start-up once per session. A program that failed
// stays failed: make a new one.
func (p *Program[M, O, E]) Next(opts Options) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if opts.Startup <= 0 {
		opts.Startup = p.opts.Startup
	}
	p.opts = opts
	if p.cmd == nil || p.failed != nil {
		return // the first decision starts it
	}
	// The start line goes now, before the new game's events; the ready
	// line is read at the first decision.
	if err := p.sendStart(); err != nil {
		p.fail(err)
		return
	}
	p.fresh = true
}

// Failed reports whether the program has failed (and been stopped).
func (p *Program[M, O, E]) Failed() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.failed != nil
}

// Event sends the program what its seat sees of a move.
func (p *Program[M, O, E]) Event(_ table.Seat, e E) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cmd == nil || p.failed != nil {
		return
	}
	var v any = e
	if p.game.Event != nil {
		v = p.game.Event(e)
	}
	if err := p.send(map[string]any{"type": "event", "event": v}); err != nil {
		p.fail(err)
	}
}

// Notice sends the program a table notice.
func (p *Program[M, O, E]) Notice(n table.Notice) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cmd == nil || p.failed != nil {
		return
	}
	if err := p.send(map[string]any{"type": "notice", "notice": n.String()}); err != nil {
		p.fail(err)
	}
}

// Close tells the program to quit and stops it.
func (p *Program[M, O, E]) Close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cmd != nil {
		_ = p.send(map[string]string{"type": "quit"})
		_ = p.in.Close()
		done := make(chan struct{})
		go func() {
			select {
			case <-done:
			case <-time.After(2 * time.Second):
				_ = syscall.Kill(-p.pid, syscall.SIGKILL)
			}
		}()
		_ = p.cmd.Wait()
		close(done)
		close(p.done)
		p.cmd = nil
	}
	return nil
}
