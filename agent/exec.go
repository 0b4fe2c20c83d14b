package agent

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"felt/gin"
	"felt/internal/proc"
)

// DefaultTimeout bounds each answer of an outside program, and each write
// to it, unless Options say otherwise.
const DefaultTimeout = 10 * time.Second

// DefaultStartTimeout bounds an outside program's start-up — from Felt
// starting to wait for its answer to start until the ready message — unless
// Options say otherwise. It is generous because a program's start-up can be
// slow on a loaded machine (an interpreter behind a version manager's shim
// takes seconds) and is not part of its play.
const DefaultStartTimeout = 30 * time.Second

// MaxLine is the longest line Felt reads from an outside program, its
// newline included.
const MaxLine = 1 << 20

// QuitGrace is how long an outside program has to exit after Felt sends
// quit and closes its standard input, before its process group is killed.
const QuitGrace = time.Second

// exitWait is how long Felt waits, once a program's output has ended or its
// input is gone, for it to exit so that the error can give its exit status.
const exitWait = time.Second

// ErrProgram is wrapped by every error about an outside program: it died,
// answered late or answered nonsense.
var ErrProgram = errors.New("outside program failed")

// ProgramError says what an outside program did wrong. Its message does not
// repeat the program's name (the forfeit names the player); it ends with
// the last lines of the program's standard error, if any.
type ProgramError struct {
	Program string // "exec:COMMAND"
	Msg     string
}

// Error returns the message.
func (e *ProgramError) Error() string { return e.Msg }

// Is makes errors.Is(err, ErrProgram) true.
func (e *ProgramError) Is(target error) bool { return target == ErrProgram }

// Program is an outside program playing through the line protocol of
// docs/protocol.md: Felt writes one JSON object a line to its standard
// input and reads one a line from its standard output. Its standard error
// is kept (the last few KiB) for error messages.
//
// The program runs as /bin/sh -c COMMAND in a process group of its own.
// Every read and every write is bounded by the timeout, so a program that
// stops answering or stops reading cannot hang Felt. After the first
// failure the program's process group is killed and every later call
// returns the same error. When the process Felt started exits, whatever it
// left running in its group is killed too; Close kills the whole group.
//
// A Program's methods may be called from several goroutines; Close
// interrupts a pending Act or Notify.
type Program struct {
	name    string
	proc    *proc.Process
	stdin   *os.File // Felt's end of the program's standard input
	stdout  *os.File // Felt's end of the program's standard output
	rd      *bufio.Reader
	timeout time.Duration // each answer and write after start-up
	start   time.Duration // the ready message, and writing start

	closing atomic.Bool // Close has begun

	mu     sync.Mutex
	ready  bool  // the program has answered start
	err    error // the failure every later call reports
	closed bool
}

// Exec starts command (run by /bin/sh -c, in a new process group) as a
// player and sends it the protocol's start message, with opt's rules, seat
// (which must be the seat Play will give it) and timeout. It returns an
// error only when the command cannot be started at all; the program's
// answer to start is read when it is first needed (by Ready, the first
// Notify or the first Act), within opt.StartTimeout, so that a program that
// never answers loses its game like any other failure.
func Exec(command string, opt Options) (*Program, error) {
	if strings.TrimSpace(command) == "" {
		return nil, fmt.Errorf("exec: empty command: %w", ErrProgram)
	}
	p := &Program{name: "exec:" + command, timeout: opt.Timeout}
	if p.timeout <= 0 {
		p.timeout = DefaultTimeout
	}
	p.start = opt.StartTimeout
	if p.start <= 0 {
		p.start = max(DefaultStartTimeout, p.timeout)
	}
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("exec %q: %v: %w", command, err, ErrProgram)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, fmt.Errorf("exec %q: %v: %w", command, err, ErrProgram)
	}
	if p.proc, err = proc.Start(command, inR, outW); err != nil {
		inW.Close()
		outR.Close()
		return nil, fmt.Errorf("exec %q: %v: %w", command, err, ErrProgram)
	}
	p.stdin, p.stdout = inW, outR
	p.rd = bufio.NewReaderSize(outR, 64<<10)
	p.mu.Lock()
	defer p.mu.Unlock()
	_ = p.send(context.Background(), "start", p.start, StartMessage{Type: "start", Protocol: ProtocolVersion, Game: "gin",
		Seat: opt.Seat, Rules: opt.Rules, TimeoutMS: p.timeout.Milliseconds()})
	return p, nil
}

// Name returns "exec:COMMAND".
func (p *Program) Name() string { return p.name }

// Pid returns the process id of the program's shell, which is also its
// process group id.
func (p *Program) Pid() int { return p.proc.Pid() }

// Ready waits for the program's answer to start, if it has not come yet.
// Notify and Act wait for it themselves.
func (p *Program) Ready(ctx context.Context) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if err := p.usable(); err != nil {
		return err
	}
	return p.ensureReady(ctx)
}

// Act sends the decision and reads the program's action.
func (p *Program) Act(ctx context.Context, d *Decision) (gin.Action, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if err := p.usable(); err != nil {
		return gin.Action{}, err
	}
	if err := p.ensureReady(ctx); err != nil {
		return gin.Action{}, err
	}
	if err := p.send(ctx, "decide", p.timeout, decideMessage(d)); err != nil {
		return gin.Action{}, err
	}
	line, err := p.receive(ctx, "decide", p.timeout)
	if err != nil {
		return gin.Action{}, err
	}
	a, err := ParseAction(line)
	if err != nil {
		return gin.Action{}, p.failed(p.fail("answered %q: %v", clip(line), err))
	}
	return a, nil
}

// Notify tells the program of a hand's start or end or the game's end. A
// failure to write hand_end or game_end is not returned: it is reported by
// the next hand_start or decision, if the game goes on, so that a program
// that leaves once the game is decided does not lose it.
func (p *Program) Notify(ctx context.Context, ev Event) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if err := p.usable(); err != nil {
		if ev.Kind == HandStartEvent {
			return err
		}
		return nil
	}
	switch ev.Kind {
	case HandStartEvent:
		if err := p.ensureReady(ctx); err != nil {
			return err
		}
		if ev.Obs == nil {
			return nil
		}
		return p.send(ctx, "hand_start", p.timeout, handStartMessage(ev.Obs))
	case HandEndEvent, GameEndEvent:
		if err := p.ensureReady(ctx); err != nil {
			return ctx.Err()
		}
		var err error
		switch {
		case ev.Kind == HandEndEvent && ev.Obs != nil:
			err = p.send(ctx, "hand_end", p.timeout, handEndMessage(ev.Obs))
		case ev.Kind == GameEndEvent && ev.Game != nil:
			err = p.send(ctx, "game_end", p.timeout, gameEndMessage(ev.Game))
		}
		if err != nil {
			return ctx.Err()
		}
	}
	return nil
}

// Close tells the program to quit and closes its standard input, gives it
// QuitGrace to exit, then kills its process group; it returns once the
// program has been waited for. It interrupts a pending Act or Notify, and
// may be called more than once.
func (p *Program) Close() error {
	p.closing.Store(true)
	now := time.Now()
	_ = p.stdout.SetReadDeadline(now)
	_ = p.stdin.SetWriteDeadline(now)
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return nil
	}
	p.closed = true
	if p.err == nil {
		b, _ := json.Marshal(QuitMessage{Type: "quit"})
		_ = p.stdin.SetWriteDeadline(time.Now().Add(QuitGrace))
		_, _ = p.stdin.Write(append(b, '\n'))
	}
	_ = p.stdin.Close()
	p.proc.Stop(QuitGrace)
	_ = p.stdout.Close()
	return nil
}

// usable returns the error a call must report before doing anything: the
// program is closed or has failed.
func (p *Program) usable() error {
	if p.closed {
		return &ProgramError{Program: p.name, Msg: "was closed"}
	}
	return p.err
}

// ensureReady reads the answer to start once, within the start-up
// timeout.
func (p *Program) ensureReady(ctx context.Context) error {
	if p.err != nil {
		return p.err
	}
	if p.ready {
		return nil
	}
	line, err := p.receive(ctx, "start", p.start)
	if err != nil {
		return err
	}
	var r ReadyMessage
	if err := json.Unmarshal(line, &r); err != nil || r.Type != "ready" {
		return p.failed(p.fail("answered %q to start, want {\"type\":\"ready\"}", clip(line)))
	}
	p.ready = true
	return nil
}

// fail kills the program's process group and makes a ProgramError, with
// the end of the program's stderr. Every failure goes through fail, then
// failed.
func (p *Program) fail(format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	// The program has failed: its group is killed first, so that all it
	// wrote to its standard error before is in.
	p.proc.Kill()
	p.proc.ExitStatus(exitWait)
	if tail := p.proc.Stderr().Lines(3); tail != "" {
		msg += "; its stderr ends: " + tail
	}
	return &ProgramError{Program: p.name, Msg: msg}
}

// failed records the program's first failure, kills its process group and
// returns the failure.
func (p *Program) failed(err error) error {
	if p.err == nil {
		p.err = err
	}
	p.proc.Kill()
	return p.err
}

// interrupted returns, when the context has ended or Close has begun, the
// error to report instead of the program's own (nil otherwise).
func (p *Program) interrupted(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		_ = p.failed(&ProgramError{Program: p.name, Msg: "was stopped: " + err.Error()})
		return err
	}
	if p.closing.Load() {
		return p.failed(&ProgramError{Program: p.name, Msg: "was closed"})
	}
	return nil
}

// send writes one message, within timeout.
func (p *Program) send(ctx context.Context, what string, timeout time.Duration, v any) error {
	if p.err != nil {
		return p.err
	}
	b, err := json.Marshal(v)
	if err != nil {
		return p.failed(p.fail("cannot be sent the %s message: %v", what, err))
	}
	b = append(b, '\n')
	_ = p.stdin.SetWriteDeadline(time.Now().Add(timeout))
	stop := context.AfterFunc(ctx, func() { _ = p.stdin.SetWriteDeadline(time.Now()) })
	defer stop()
	if err := p.interrupted(ctx); err != nil {
		return err
	}
	if _, err = p.stdin.Write(b); err == nil {
		return nil
	}
	if err := p.interrupted(ctx); err != nil {
		return err
	}
	if errors.Is(err, os.ErrDeadlineExceeded) {
		return p.failed(p.fail("did not read its input: the %s message could not be written within %s", what, timeout))
	}
	if st := p.proc.ExitStatus(exitWait); st != "" {
		return p.failed(p.fail("exited (%s) before the %s message", st, what))
	}
	return p.failed(p.fail("closed its input (the %s message could not be written: %v)", what, err))
}

// receive reads the next non-blank line, within timeout.
func (p *Program) receive(ctx context.Context, what string, timeout time.Duration) ([]byte, error) {
	if p.err != nil {
		return nil, p.err
	}
	_ = p.stdout.SetReadDeadline(time.Now().Add(timeout))
	stop := context.AfterFunc(ctx, func() { _ = p.stdout.SetReadDeadline(time.Now()) })
	defer stop()
	if err := p.interrupted(ctx); err != nil {
		return nil, err
	}
	for {
		line, err := p.readLine()
		if err != nil {
			if err := p.interrupted(ctx); err != nil {
				return nil, err
			}
			switch {
			case errors.Is(err, os.ErrDeadlineExceeded):
				return nil, p.failed(p.fail("did not answer the %s message within %s", what, timeout))
			case errors.Is(err, errLineTooLong):
				return nil, p.failed(p.fail("sent a line longer than %d bytes", MaxLine))
			case err == io.EOF:
				if st := p.proc.ExitStatus(exitWait); st != "" {
					return nil, p.failed(p.fail("exited (%s) without answering the %s message", st, what))
				}
				return nil, p.failed(p.fail("closed its output without answering the %s message", what))
			default:
				return nil, p.failed(p.fail("cannot be read (%v)", err))
			}
		}
		if line = bytes.TrimSpace(line); len(line) > 0 {
			return line, nil
		}
	}
}

var errLineTooLong = errors.New("line too long")

// readLine reads one line of at most MaxLine bytes, newline included. A
// last line without a newline counts as a line.
func (p *Program) readLine() ([]byte, error) {
	var line []byte
	for {
		frag, err := p.rd.ReadSlice('\n')
		if len(line)+len(frag) > MaxLine {
			return nil, errLineTooLong
		}
		switch {
		case err == nil:
			return append(line, frag...), nil
		case errors.Is(err, bufio.ErrBufferFull):
			line = append(line, frag...)
		case err == io.EOF && len(line)+len(frag) > 0:
			return append(line, frag...), nil
		default:
			return nil, err
		}
	}
}

func clip(b []byte) string {
	if len(b) > 200 {
		return string(b[:200]) + "…"
	}
	return string(b)
}
