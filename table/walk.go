package table

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// StepType says what a Step of a table log is.
type StepType uint8

// The steps of a log: one per line, named as the line's type, and one per
// advance that has no line of its own.
const (
	HeaderStep   StepType = iota // line 0: the engine is new
	DealStep                     // a deal line: a hand dealt from the seed
	MoveStep                     // a move line
	ControlStep                  // a control line: another player plays a seat
	ForfeitStep                  // a forfeit line: the table ended
	AbandonStep                  // an abandon line
	AdvanceStep                  // an advance without a record (Shengji dealing a card), counted by line N's adv
	AdvancedStep                 // an advanced line: the advances before it kept, nothing more
	UndoStep                     // an undo line: moves taken back; Redo steps make the game again after it
)

var stepNames = [...]string{"header", "deal", "move", "control", "forfeit", "abandon", "advance", "advanced", "undo"}

// String returns the step's name: the line's type, or "advance".
func (t StepType) String() string {
	if int(t) < len(stepNames) {
		return stepNames[t]
	}
	return fmt.Sprintf("StepType(%d)", uint8(t))
}

// Step is one step of a table log as Walk replays it: a line, or an advance
// that a line counts (its adv) and that is made before it.
type Step[M, O, E any] struct {
	Type StepType
	// N is the line's number (the header is 0); for an advance, the
	// number of the line that counts it.
	N int
	// Adv is, for an advance, its place among the advances line N
	// counts, from 1; 0 for a line.
	Adv int
	// Seat is who moved (a move), whose player changed (control) or who
	// forfeited.
	Seat Seat
	// Move is a move line's move.
	Move M
	// From, To and Reason are a control line's (who played the seat, who
	// plays it now, why), a forfeit's From and Reason, an abandonment's
	// Reason.
	From, To, Reason string
	// Views is what a deal, a move or an advance showed each seat and a
	// spectator, as the engine filled it when the table played it; nil for
	// the other lines. It is the walk's: read it during the call.
	Views *Views[E]
	// Engine is the game after the step: read it during the call, and do
	// not change it.
	Engine Engine[M, O, E]
	// Header is the log's header.
	Header *Header
	// Redo says the step is made again after an undo line (UndoStep):
	// the game made anew from the lines that still count, each line and
	// advance told again, with its views, in order. (A replay shows them
	// once, where they were first played; a history of the hand being
	// played starts again at the UndoStep.)
	Redo bool
	// Back is an undo line's: the line of the move taken back.
	Back int
}

// Recovered is a table read back from its log: the engine where the table
// stood at the last complete line, and what the log says of the seats.
type Recovered[M, O, E any] struct {
	Header Header
	Engine Engine[M, O, E]
	Lines  int   // complete lines replayed, the header included
	Offset int64 // bytes in those lines: the log is cut back to this
	Torn   int   // bytes of a torn last line, cut
	Moves  int   // move lines
	// Names is who plays each seat after the log's control lines.
	Names []string
	// Forfeited says a seat forfeited (Forfeiter); the table is over.
	Forfeited bool
	Forfeiter Seat
	// Abandoned says the last table line was an abandonment.
	Abandoned bool
	askFrom   Seat
	spec      Spec[M, O, E]
	lines     []counting // with undo: the lines that still count
}

// Recover replays a table log (Walk without a step function). A last line
// without its newline is torn (a crash while it was written) and ignored:
// Offset says where the log should be cut before lines are appended. Every
// complete line must replay: a line that is malformed or that the rules
// refuse is an error naming it. A log without a complete header line
// returns ErrNoHeader: there is no table.
func Recover[M, O, E any](r io.Reader, spec Spec[M, O, E]) (*Recovered[M, O, E], error) {
	return Walk(r, spec, nil)
}

// Walk replays a table log as the table played it, calling step (if not
// nil) after each line and after each advance a line counts, in the order
// the table made them, with what each showed every seat and a spectator.
// It is the one reader of a table log: strict as recovery must be (an
// unknown field, a line the rules refuse, a deal that is not the seed's
// are errors naming the line, a *LogError), and a torn last line is cut
// as Recover says. An error from step stops the walk and is returned as
// it is. The log is read a line at a time, at most MaxLogSize bytes of
// lines of at most MaxLogLine.
func Walk[M, O, E any](r io.Reader, spec Spec[M, O, E], step func(Step[M, O, E]) error) (*Recovered[M, O, E], error) {
	// Read line by line: memory stays within one line (MaxLogLine) and a
	// reused buffer, however large the log.
	br := bufio.NewReaderSize(io.LimitReader(r, MaxLogSize+1), 64<<10)
	w := &walker[M, O, E]{spec: spec, step: step}
	rec := &w.rec
	rec.spec = spec
	var buf []byte
	var total int64
	line := 0
	for {
		chunk, err := br.ReadSlice('\n')
		total += int64(len(chunk))
		if total > MaxLogSize {
			return nil, &LogError{Line: 0, Err: fmt.Errorf("%w: more than %d bytes", ErrTooLarge, MaxLogSize)}
		}
		buf = append(buf, chunk...)
		if err == bufio.ErrBufferFull {
			if len(buf) >= MaxLogLine {
				return nil, &LogError{Line: line, Err: fmt.Errorf("%w: longer than %d bytes", ErrBadLine, MaxLogLine)}
			}
			continue
		}
		if err != nil && err != io.EOF {
			return nil, fmt.Errorf("table: reading the log: %w", err)
		}
		if err == io.EOF {
			if len(buf) >= MaxLogLine {
				return nil, &LogError{Line: line, Err: fmt.Errorf("%w: longer than %d bytes", ErrBadLine, MaxLogLine)}
			}
			rec.Torn = len(buf)
			break
		}
		if len(buf) > MaxLogLine {
			return nil, &LogError{Line: line, Err: fmt.Errorf("%w: longer than %d bytes", ErrBadLine, MaxLogLine)}
		}
		if err := w.line(line, buf[:len(buf)-1]); err != nil {
			return nil, err
		}
		rec.Offset += int64(len(buf))
		buf = buf[:0]
		line++
		rec.Lines = line
	}
	if rec.Engine == nil {
		return nil, fmt.Errorf("table: %w", ErrNoHeader)
	}
	return rec, nil
}

// walker is one walk of a log: the table so far and the step function.
type walker[M, O, E any] struct {
	spec  Spec[M, O, E]
	step  func(Step[M, O, E]) error
	rec   Recovered[M, O, E]
	views Views[E]
}

// stepErr marks an error of the step function, returned as it is.
type stepErr struct{ err error }

func (e stepErr) Error() string { return e.err.Error() }

// line replays line n; a line that does not replay is a *LogError, an
// error of the step function is returned as it is.
func (w *walker[M, O, E]) line(n int, b []byte) error {
	err := w.replay(n, b)
	if se, ok := err.(stepErr); ok {
		return se.err
	}
	if err != nil {
		return &LogError{Line: n, Err: err}
	}
	return nil
}

// tell calls the step function, if any, with st and the engine.
func (w *walker[M, O, E]) tell(st Step[M, O, E]) error {
	if w.step == nil {
		return nil
	}
	st.Engine, st.Header = w.rec.Engine, &w.rec.Header
	if err := w.step(st); err != nil {
		return stepErr{err}
	}
	return nil
}

func (w *walker[M, O, E]) replay(n int, b []byte) error {
	rec, views := &w.rec, &w.views
	var r record
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(&r); err != nil {
		return fmt.Errorf("%w: %v", ErrBadLine, err)
	}
	if d.More() {
		return fmt.Errorf("%w: more than one JSON value", ErrBadLine)
	}
	if r.N != n {
		return fmt.Errorf("%w: numbered %d", ErrBadLine, r.N)
	}
	if n == 0 {
		if err := w.start(r); err != nil {
			return err
		}
		return w.tell(Step[M, O, E]{Type: HeaderStep})
	}
	if r.Type == "header" {
		return fmt.Errorf("%w: a second header", ErrBadLine)
	}
	if rec.Forfeited {
		return ErrAfterEnd
	}
	if r.Adv < 0 {
		return fmt.Errorf("%w: adv %d", ErrBadLine, r.Adv)
	}
	e := rec.Engine
	// What the line is, before the advances it counts are made: a line
	// refused for its form yields no step. (A move the rules refuse is
	// known only after them.)
	var s Seat
	var m M
	switch r.Type {
	case "deal":
		if len(r.Deal) == 0 {
			return fmt.Errorf("%w: deal without its record", ErrBadLine)
		}
	case "move", "control", "forfeit":
		if r.Seat == nil || int(*r.Seat) >= e.Seats() {
			return fmt.Errorf("%w: %s without a seat of the table", ErrBadLine, r.Type)
		}
		s = *r.Seat
		switch r.Type {
		case "move":
			var err error
			if m, err = e.UnmarshalMove(r.Move); err != nil {
				return fmt.Errorf("%w: %v", ErrBadLine, err)
			}
		case "control":
			if r.To == "" || len(r.To) > MaxName || len(r.Reason) > MaxName {
				return fmt.Errorf("%w: control line needs a name (to) and a reason of at most %d bytes", ErrBadLine, MaxName)
			}
		}
	case "undo":
		if r.Seat == nil || int(*r.Seat) >= e.Seats() {
			return fmt.Errorf("%w: undo without a seat of the table", ErrBadLine)
		}
		if len(r.Reason) > MaxName {
			return fmt.Errorf("%w: undo with a reason of more than %d bytes", ErrBadLine, MaxName)
		}
		s = *r.Seat
	case "abandon":
	case "advanced":
		if r.Adv == 0 {
			return fmt.Errorf("%w: an advanced line counting no advance", ErrBadLine)
		}
	default:
		return fmt.Errorf("%w: unknown type %q", ErrBadLine, r.Type)
	}
	for k := range r.Adv {
		if e.Over() || !e.ToAct().IsEmpty() && !e.Optional() {
			return fmt.Errorf("%w: an advance where a seat must act", ErrRefusedMove)
		}
		*views = Views[E]{}
		got, err := e.Advance(views)
		if err != nil {
			return fmt.Errorf("%w: advance: %v", ErrRefusedMove, err)
		}
		if got != nil {
			return fmt.Errorf("%w: an advance that deals where the log has no deal", ErrRefusedMove)
		}
		rec.askFrom = 0
		if err := w.tell(Step[M, O, E]{Type: AdvanceStep, N: n, Adv: k + 1, Views: views}); err != nil {
			return err
		}
	}
	if r.Type != "abandon" {
		rec.Abandoned = false
	}
	keep := func(kind lineKind, data json.RawMessage) {
		if rec.Header.Undo {
			rec.lines = append(rec.lines, counting{n: n, adv: r.Adv, kind: kind, seat: s, data: data})
		}
	}
	switch r.Type {
	case "deal":
		// The header's seed decides every deal: the engine draws this one
		// again, and a logged deal that is not the one drawn is refused.
		if e.Over() || !e.ToAct().IsEmpty() && !e.Optional() {
			return fmt.Errorf("%w: a deal where a seat must act", ErrRefusedMove)
		}
		*views = Views[E]{}
		want, err := e.Advance(views)
		if err != nil {
			return fmt.Errorf("%w: deal: %v", ErrRefusedMove, err)
		}
		if want == nil {
			return fmt.Errorf("%w: a deal where the game draws none", ErrRefusedMove)
		}
		if diff := jsonDiff(r.Deal, want); diff != "" {
			return fmt.Errorf("%w %d: %s", ErrNotSeedDeal, rec.Header.Seed, diff)
		}
		*views = Views[E]{}
		if err := e.Redeal(want, views); err != nil {
			return fmt.Errorf("%w: deal: %v", ErrRefusedMove, err)
		}
		keep(dealLine, r.Deal)
		rec.askFrom = 0
		return w.tell(Step[M, O, E]{Type: DealStep, N: n, Views: views})
	case "move":
		if !e.ToAct().Has(s) {
			return fmt.Errorf("%w: seat %s may not act now (seats %s may)", ErrRefusedMove, s, e.ToAct())
		}
		if err := e.Check(s, m); err != nil {
			return fmt.Errorf("%w: %v", ErrRefusedMove, err)
		}
		*views = Views[E]{}
		if err := e.Apply(s, m, views); err != nil {
			return fmt.Errorf("%w: %v", ErrRefusedMove, err)
		}
		rec.Moves++
		keep(moveLine, r.Move)
		rec.askFrom = s + 1
		return w.tell(Step[M, O, E]{Type: MoveStep, N: n, Seat: s, Move: m, Views: views})
	case "undo":
		return w.undo(n, s, r)
	case "control":
		keep(plainLine, nil)
		rec.Names[s] = r.To
		return w.tell(Step[M, O, E]{Type: ControlStep, N: n, Seat: s, From: r.From, To: r.To, Reason: r.Reason})
	case "forfeit":
		keep(plainLine, nil)
		rec.Forfeited, rec.Forfeiter = true, s
		return w.tell(Step[M, O, E]{Type: ForfeitStep, N: n, Seat: s, From: r.From, Reason: r.Reason})
	case "abandon":
		keep(plainLine, nil)
		rec.Abandoned = true
		return w.tell(Step[M, O, E]{Type: AbandonStep, N: n, Reason: r.Reason})
	case "advanced":
		keep(plainLine, nil) // its advances count for a game made again
		return w.tell(Step[M, O, E]{Type: AdvancedStep, N: n})
	}
	return nil
}

func (w *walker[M, O, E]) start(r record) error {
	spec, rec := w.spec, &w.rec
	if r.Type != "header" {
		return fmt.Errorf("%w: the first line is %q, not a header", ErrNoHeader, r.Type)
	}
	if r.Table != LogFormat || r.Game != spec.Kind || r.Format != spec.Format {
		return fmt.Errorf("%w: table log %d of %q format %d, want table log %d of %q format %d",
			ErrWrongGame, r.Table, r.Game, r.Format, LogFormat, spec.Kind, spec.Format)
	}
	if r.Seed == nil {
		return fmt.Errorf("%w: header without a seed", ErrBadLine)
	}
	if len(r.ID) > MaxName {
		return fmt.Errorf("%w: id longer than %d bytes", ErrBadLine, MaxName)
	}
	e, err := spec.New(*r.Seed, r.Options)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrBadLine, err)
	}
	if len(r.Seats) != e.Seats() {
		return fmt.Errorf("%w: %d seats for a game of %d", ErrBadLine, len(r.Seats), e.Seats())
	}
	for _, s := range r.Seats {
		if len(s.Name) > MaxName {
			return fmt.Errorf("%w: seat name longer than %d bytes", ErrBadLine, MaxName)
		}
	}
	rec.Header = Header{Game: r.Game, ID: r.ID, Format: r.Format, Seed: *r.Seed, Options: r.Options, Seats: r.Seats, Undo: r.Undo}
	rec.Engine = e
	for _, s := range r.Seats {
		rec.Names = append(rec.Names, s.Name)
	}
	return nil
}

// undo replays undo line n of seat s: the line must take back the seat's
// last move of the hand (as the table chooses it) at a table that allows
// undo; the game is made again from the lines that still count, each
// told as a Redo step after the UndoStep.
func (w *walker[M, O, E]) undo(n int, s Seat, r record) error {
	rec := &w.rec
	if !rec.Header.Undo {
		return fmt.Errorf("%w: %v", ErrRefusedMove, ErrNoUndo)
	}
	k, err := undoTarget(rec.lines, s)
	if err != nil {
		return fmt.Errorf("%w: seat %s: %v", ErrRefusedMove, s, err)
	}
	if back := rec.lines[k].n; r.Back != back {
		return fmt.Errorf("%w: undo back to line %d, but seat %s's last move of the hand is line %d", ErrRefusedMove, r.Back, s, back)
	}
	if err := w.tell(Step[M, O, E]{Type: UndoStep, N: n, Seat: s, Back: r.Back, Reason: r.Reason}); err != nil {
		return err
	}
	var views *Views[E]
	if w.step != nil {
		views = &w.views
	}
	e, askFrom, err := remake(w.spec, rec.Header.Seed, rec.Header.Options, rec.lines[:k], views, func(st Step[M, O, E]) error {
		if w.step == nil {
			return nil
		}
		st.Header = &rec.Header
		if err := w.step(st); err != nil {
			return stepErr{err}
		}
		return nil
	})
	if err != nil {
		if se, ok := err.(stepErr); ok {
			return se
		}
		return fmt.Errorf("%w: %v", ErrRefusedMove, err)
	}
	rec.Engine, rec.askFrom = e, askFrom
	rec.lines = rec.lines[:k]
	return nil
}
