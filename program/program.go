package program

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"felt/internal/proc"
	"felt/internal/seed"
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

// QuitGrace is how long a program has to exit after Close sends quit and
// closes its input, before its process group is killed. The group is
// killed whatever it does: nothing the program started outlives it.
const QuitGrace = 2 * time.Second

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

// WireObs returns an observation's wire form: Obs's, or o as it is.
func (g Game[M, O, E]) WireObs(o O) any {
	if g.Obs == nil {
		return o
	}
	return g.Obs(o)
}

// WireEvent returns an event's wire form: Event's, or e as it is.
func (g Game[M, O, E]) WireEvent(e E) any {
	if g.Event == nil {
		return e
	}
	return g.Event(e)
}

// Options say how a program is started.
type Options struct {
	Game    string          // the game's kind
	Seat    table.Seat      // the seat it plays
	Seed    uint64          // the seed its own is derived from (StartSeed): the start line never carries it
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
	proc   *proc.Process // nil before it starts and once it is stopped
	pid    int           // its process group, once started
	in     *os.File      // Felt's end of its standard input
	lines  chan line
	done   chan struct{} // closed when the program is stopped
	fresh  bool          // a new game starts at the next decision
	asked  int           // the last decision asked in this game (-1: none)
	failed error

	// waiting says what a Decide waits for, for Waiting (read while
	// Decide holds mu).
	waiting atomic.Pointer[string]
}

// line is a line the program wrote, or too long: a line longer than
// MaxLine (its bytes dropped).
type line struct {
	b       []byte
	tooLong bool
}

// New returns a controller running command (by /bin/sh -c) for game.
func New[M, O, E any](command string, game Game[M, O, E], opts Options) *Program[M, O, E] {
	if opts.Startup <= 0 {
		opts.Startup = 30 * time.Second
	}
	return &Program[M, O, E]{command: command, game: game, opts: opts, asked: -1}
}

// StartSeed returns the seed the start line gives a program whose
// Options.Seed is s: seed.Derive(s, "program"), a one-way function of it.
// Options.Seed may be a seed the deal comes from, or one Mix derives from
// it (which can be undone); what the program is given says nothing about
// it.
func StartSeed(s uint64) uint64 { return seed.Derive(s, "program") }

func (p *Program[M, O, E]) start(ctx context.Context) error {
	// Our own pipes, so that a write to a program that stops reading has a
	// deadline instead of blocking the table for ever.
	inR, in, err := os.Pipe()
	if err != nil {
		return err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		in.Close()
		return err
	}
	pr, err := proc.Start(p.command, inR, outW)
	if err != nil {
		in.Close()
		outR.Close()
		return fmt.Errorf("program: %s: %w", p.command, err)
	}
	p.proc, p.pid, p.in = pr, pr.Pid(), in
	p.lines, p.done = make(chan line, 1), make(chan struct{})
	go read(bufio.NewReaderSize(outR, MaxLine), outR, p.lines, p.done)
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
		"seat": p.opts.Seat, "seed": StartSeed(p.opts.Seed), "rules": p.opts.Rules})
}

// awaitReady reads the program's ready line before ctx ends. An answer
// to a decision of the game before (one it answered late, or twice) is
// ignored, as a late answer always is.
func (p *Program[M, O, E]) awaitReady(ctx context.Context) error {
	// Kept after a failure, for the table's reason if the deadline passed.
	p.setWaiting("it has not answered start (no ready line)")
	for {
		line, err := p.next(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return fmt.Errorf("%w: no ready line in answer to start (%v)", ErrStartup, err)
			}
			return fmt.Errorf("%w: %w", ErrStartup, err)
		}
		var ready struct {
			Type string `json:"type"`
			Seq  *int   `json:"seq"`
		}
		if json.Unmarshal(line, &ready) == nil && ready.Type == "" && ready.Seq != nil && *ready.Seq <= p.asked {
			continue // a late answer to the game before
		}
		p.asked = -1
		if ready.Type != "ready" {
			return fmt.Errorf("%w: it wrote %.80q in answer to start", ErrStartup, line)
		}
		p.setWaiting("")
		return nil
	}
}

// setWaiting says what Decide now waits for ("" for nothing to report).
func (p *Program[M, O, E]) setWaiting(s string) { p.waiting.Store(&s) }

// Waiting says what the program has not done, when it is waiting for more
// than its answer to a decision: table.Waiter, for the reason the table
// gives when the decision's deadline passes.
func (p *Program[M, O, E]) Waiting() string {
	if s := p.waiting.Load(); s != nil {
		return *s
	}
	return ""
}

// read sends each line the program writes to lines and closes it (and
// the pipe) at the end, or stops when done closes. A line longer than
// MaxLine is sent as too long.
func read(r *bufio.Reader, f *os.File, lines chan<- line, done <-chan struct{}) {
	defer f.Close()
	defer close(lines)
	for {
		b, err := r.ReadSlice('\n')
		var out line
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			out.tooLong = true
		case len(bytesTrim(b)) > 0:
			out.b = append([]byte(nil), bytesTrim(b)...)
		}
		if out.b != nil || out.tooLong {
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
	case l, ok := <-p.lines:
		if !ok {
			if st := p.proc.ExitStatus(time.Second); st != "" {
				return nil, fmt.Errorf("%w (%s)", ErrExited, st)
			}
			return nil, fmt.Errorf("%w: it closed its output", ErrExited)
		}
		if l.tooLong {
			return nil, fmt.Errorf("%w: longer than %d bytes", ErrBadLine, MaxLine)
		}
		return l.b, nil
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

// fail remembers that the program failed, stops it and returns err, with
// the end of the program's standard error.
func (p *Program[M, O, E]) fail(err error) error {
	if p.failed == nil {
		// Stopped first, so that all it wrote to its standard error
		// before it failed is in.
		if pr := p.proc; pr != nil {
			p.stop(0)
			if tail := pr.Stderr().Lines(3); tail != "" {
				err = fmt.Errorf("%w; its stderr ends: %s", err, tail)
			}
		}
		p.failed = err
	}
	return p.failed
}

// stop closes the program's input, gives it grace to exit, kills its
// process group and waits for it.
func (p *Program[M, O, E]) stop(grace time.Duration) {
	if p.proc != nil {
		_ = p.in.Close()
		p.proc.Stop(grace)
		close(p.done)
		p.proc = nil
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
	p.setWaiting("")
	if p.proc == nil {
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
	}{Type: "decide", Seq: d.Seq, Optional: d.Optional, Obs: p.game.WireObs(d.Obs)}
	var err error
	if msg.Legal, msg.More, err = Legal(p.game, &d.Obs); err != nil {
		return zero, false, err
	}
	if err := p.send(msg); err != nil {
		return zero, false, p.fail(err)
	}
	p.asked = d.Seq
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
		if *r.Seq > d.Seq {
			return zero, false, p.fail(fmt.Errorf("%w: an answer to decision %d, which was not asked (the decision asked is %d): %.80q",
				ErrBadLine, *r.Seq, d.Seq, line))
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
	if p.proc == nil || p.failed != nil {
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
	if p.proc == nil || p.failed != nil {
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
	if p.proc == nil || p.failed != nil {
		return
	}
	if err := p.send(map[string]any{"type": "notice", "notice": n.String()}); err != nil {
		p.fail(err)
	}
}

// Close tells the program to quit, closes its input, gives it QuitGrace
// to exit and kills its process group: whatever it started is gone when
// Close returns.
func (p *Program[M, O, E]) Close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.proc != nil {
		// A program that does not read has its grace for quit, not a
		// line's WriteTimeout.
		_ = p.in.SetWriteDeadline(time.Now().Add(QuitGrace))
		_, _ = p.in.Write([]byte(`{"type":"quit"}` + "\n"))
		p.stop(QuitGrace)
	}
	return nil
}
