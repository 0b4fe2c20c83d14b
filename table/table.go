package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"
)

// Errors of running a table.
var (
	ErrSeats      = errors.New("wrong number of players")
	ErrNoFallback = errors.New("no built-in level to take over")
	ErrLogWrite   = errors.New("log write failed")
)

// Options are a table's settings.
type Options[M, O, E any] struct {
	// ID is the game id the log's header records.
	ID string
	// Seed is the table's one seed; the engine derives every deal from it.
	Seed uint64
	// GameOptions are the game's rules as JSON (empty for its defaults).
	GameOptions json.RawMessage
	// Log receives the table log; nil keeps none. Each line is one Write.
	// If Log has a Sync() error method, it is called after every line.
	Log io.Writer
	// Forfeit makes a failing controller forfeit the game instead of
	// being replaced.
	Forfeit bool
	// Fallback returns the built-in level that takes over seat s.
	Fallback func(s Seat) Player[M, O]
	// Spectators see the spectator's view of every move and each notice.
	Spectators []Listener[E]
	// AfterLine, if set, is called after each log line has counted (the
	// move applied), with the line's number.
	AfterLine func(n int)
	// Undo lets a seat's controller take moves back (Undo, see undo.go);
	// the log's header records it. Resume takes it from the header.
	Undo bool
	// DecisionTime, if set, is told how long the table waited for each
	// decision that is not optional (its controller's answer, or its
	// deadline).
	DecisionTime func(s Seat, took time.Duration)
	// Checkpoint, if set, is asked after each advance without a record,
	// before its views are told: true writes an advanced line counting the
	// advances not yet logged, this one last (they are shown to a person
	// as they come, and a recovered table must not take them back).
	Checkpoint func() bool
}

// Result is how a run ended.
type Result struct {
	Outcome
	Forfeited bool // a seat forfeited
	Forfeiter Seat
	Takeovers int // built-in levels that took a seat over in this run
	Lines     int // log lines so far, the header included
}

// Table is a game being played: an engine, a player per seat, a log. Its
// state is private to whoever runs it: players see observations and views.
type Table[M, O, E any] struct {
	e       Engine[M, O, E]
	players []Player[M, O]
	// listens[s] is seat s's controller as a Listener, nil when it does
	// not listen (set with the player: setPlayer).
	listens []Listener[E]
	// watched says someone is shown what moves show: a controller that
	// listens or a spectator (set with the players: setPlayer).
	watched bool
	// try is the engine as a Trier when the table keeps no log; made says
	// that ask made the move it returned.
	try     Trier[M, E]
	made    bool
	opts    Options[M, O, E]
	n       int  // the next line's number
	adv     int  // advances without a record since the last line
	askFrom Seat // in an optional round, the first seat still to ask
	views   Views[E]
	// dec is the decision being asked, observed in place; each
	// controller is handed a copy of its own.
	dec   Decision[O]
	buf   []byte
	res   Result
	ended bool
	// teams are the engine's teams as everyone was last told them.
	teams Teams
	// With undo (undo.go): what makes the game again, and the lines
	// that still count.
	undo    bool
	spec    Spec[M, O, E]
	seed    uint64
	options json.RawMessage
	lines   []counting
}

// New seats the players at a new game of spec and writes the log's header.
func New[M, O, E any](spec Spec[M, O, E], players []Player[M, O], opts Options[M, O, E]) (*Table[M, O, E], error) {
	e, err := spec.New(opts.Seed, opts.GameOptions)
	if err != nil {
		return nil, err
	}
	t, err := seat(e, players, opts)
	if err != nil {
		return nil, err
	}
	t.undo, t.spec, t.seed, t.options = opts.Undo, spec, opts.Seed, opts.GameOptions
	if opts.Log == nil {
		t.n++ // the header, counted: without a log nothing is encoded
		return t, nil
	}
	h := Header{Game: spec.Kind, ID: opts.ID, Format: spec.Format, Seed: opts.Seed, Options: opts.GameOptions, Undo: opts.Undo}
	for _, p := range players {
		h.Seats = append(h.Seats, SeatInfo{Name: p.Name, Kind: p.Kind})
	}
	line, err := headerLine(h)
	if err != nil {
		return nil, err
	}
	if err := t.write(line); err != nil {
		return nil, err
	}
	return t, nil
}

// Resume seats players at a recovered table; lines are appended to
// opts.Log, which should be the log cut back to rec.Offset. opts.Seed and
// opts.GameOptions are ignored: the log's header holds them.
func Resume[M, O, E any](rec *Recovered[M, O, E], players []Player[M, O], opts Options[M, O, E]) (*Table[M, O, E], error) {
	t, err := seat(rec.Engine, players, opts)
	if err != nil {
		return nil, err
	}
	t.n, t.askFrom = rec.Lines, rec.askFrom
	t.undo, t.spec, t.seed, t.options = rec.Header.Undo, rec.spec, rec.Header.Seed, rec.Header.Options
	t.lines = rec.lines
	if rec.Forfeited {
		t.ended = true
		t.res.Forfeited, t.res.Forfeiter = true, rec.Forfeiter
	}
	t.res.Lines = t.n
	return t, nil
}

func seat[M, O, E any](e Engine[M, O, E], players []Player[M, O], opts Options[M, O, E]) (*Table[M, O, E], error) {
	if len(players) != e.Seats() {
		return nil, fmt.Errorf("table: %d players for %d seats: %w", len(players), e.Seats(), ErrSeats)
	}
	for i, p := range players {
		if p.Control == nil {
			return nil, fmt.Errorf("table: seat %d has no controller: %w", i, ErrSeats)
		}
	}
	t := &Table[M, O, E]{e: e, players: make([]Player[M, O], len(players)), listens: make([]Listener[E], len(players)), opts: opts,
		teams: e.Teams()}
	for s, p := range players {
		t.setPlayer(Seat(s), p)
	}
	if opts.Log == nil {
		t.try, _ = e.(Trier[M, E])
	}
	return t, nil
}

// setPlayer seats p at seat s. The controller's Listener is looked up once
// here, not at every move.
func (t *Table[M, O, E]) setPlayer(s Seat, p Player[M, O]) {
	t.players[s] = p
	t.listens[s], _ = p.Control.(Listener[E])
	t.watched = len(t.opts.Spectators) > 0
	for _, l := range t.listens {
		t.watched = t.watched || l != nil
	}
}

// Engine returns the table's engine: the full state, for whoever runs the
// table and no one else.
func (t *Table[M, O, E]) Engine() Engine[M, O, E] { return t.e }

// Player returns who plays seat s now.
func (t *Table[M, O, E]) Player(s Seat) Player[M, O] { return t.players[s] }

func (t *Table[M, O, E]) write(line []byte) error {
	if t.opts.Log == nil {
		t.n++
		return nil
	}
	if _, err := t.opts.Log.Write(line); err != nil {
		return fmt.Errorf("table: line %d: %w: %v", t.n, ErrLogWrite, err)
	}
	if s, ok := t.opts.Log.(interface{ Sync() error }); ok {
		if err := s.Sync(); err != nil {
			return fmt.Errorf("table: line %d: %w: %v", t.n, ErrLogWrite, err)
		}
	}
	t.n++
	return nil
}

// shown returns the views a move or an advance is to fill: the table's,
// those of its seats and the spectator's zeroed (the rest are never
// filled), or nil when nobody is shown them (see watched).
func (t *Table[M, O, E]) shown() *Views[E] {
	if !t.watched {
		return nil
	}
	clear(t.views.Seat[:len(t.players)])
	var zero E
	t.views.Spectator = zero
	return &t.views
}

// writeOther writes a line that is not a move. Without a log nothing is
// encoded: the line is only counted.
func (t *Table[M, O, E]) writeOther(r record) error {
	if t.opts.Log == nil {
		t.n++
		return nil
	}
	line, err := otherLine(r)
	if err != nil {
		return err
	}
	return t.write(line)
}

func (t *Table[M, O, E]) counted() {
	t.adv = 0
	t.res.Lines = t.n
	if t.opts.AfterLine != nil {
		t.opts.AfterLine(t.n - 1)
	}
}

// notifyViews tells every seat and spectator what the move or advance
// just made showed them, then, if it changed the teams, the new teams.
func (t *Table[M, O, E]) notifyViews() {
	for s, l := range t.listens {
		if l != nil {
			l.Event(Seat(s), t.views.Seat[s])
		}
	}
	for _, l := range t.opts.Spectators {
		l.Event(MaxSeats, t.views.Spectator)
	}
	if tm := t.e.Teams(); tm != t.teams {
		t.teams = tm
		t.notice(Notice{Kind: TeamsChange, Teams: tm})
	}
}

func (t *Table[M, O, E]) notice(n Notice) {
	for _, l := range t.listens {
		if l != nil {
			l.Notice(n)
		}
	}
	for _, l := range t.opts.Spectators {
		l.Notice(n)
	}
}

// Run plays until the game is over, a seat forfeits, ctx ends (the table
// is abandoned: logged with ctx's cause as the reason, see
// context.WithCancelCause, and ctx's error returned) or something fails that
// no takeover mends (a log write, an engine error).
func (t *Table[M, O, E]) Run(ctx context.Context) (Result, error) {
	// who may act changes only with a move or an advance, each of which
	// counts a line or an advance: a seat that declines, say, leaves it
	// as it was, and it is not asked of the engine again
	var who Seats
	optional := false
	at := [2]int{-1, -1} // the lines and advances who was asked at
	for !t.ended && !t.e.Over() {
		if err := ctx.Err(); err != nil {
			return t.abandon(ctx, err)
		}
		if now := [2]int{t.n, t.adv}; now != at {
			who, optional, at = t.e.ToAct(), t.e.Optional(), now
		}
		if who.IsEmpty() {
			if err := t.advance(); err != nil {
				return t.result(), err
			}
			continue
		}
		if !optional {
			s, _ := who.First(0)
			if err := t.turn(ctx, s, false); err != nil {
				return t.result(), err
			}
			continue
		}
		s, ok := who.First(t.askFrom)
		if !ok {
			if err := t.advance(); err != nil {
				return t.result(), err
			}
			continue
		}
		t.askFrom = s + 1
		if err := t.turn(ctx, s, true); err != nil {
			return t.result(), err
		}
	}
	return t.result(), nil
}

func (t *Table[M, O, E]) result() Result {
	t.res.Outcome = t.e.Outcome()
	t.res.Lines = t.n
	return t.res
}

func (t *Table[M, O, E]) advance() error {
	rec, err := t.e.Advance(t.shown())
	if err != nil {
		return err
	}
	t.askFrom = 0
	if rec == nil {
		t.adv++
		// An advance shown as it comes (paced for a person) is kept before
		// anyone is told of it: a recovered table does not take it back.
		if t.opts.Checkpoint != nil && t.opts.Checkpoint() {
			if err := t.writeOther(record{Type: "advanced", N: t.n, Adv: t.adv}); err != nil {
				return err
			}
			t.keep(counting{n: t.n - 1, adv: t.adv}) // an undo's game made again makes its advances
			t.counted()
		}
		t.notifyViews()
		return nil
	}
	// A deal draws on chance: logged, then made from its record.
	if err := t.writeOther(record{Type: "deal", N: t.n, Adv: t.adv, Deal: rec}); err != nil {
		return err
	}
	if err := t.e.Redeal(rec, t.shown()); err != nil {
		return fmt.Errorf("table: a deal failed to apply: %w", err)
	}
	t.keep(counting{n: t.n - 1, adv: t.adv, kind: dealLine, data: rec})
	t.counted()
	t.notifyViews()
	return nil
}

type answer[M any] struct {
	m   M
	ok  bool
	err error
}

// ask puts one decision to seat s's controller and says what came of it:
// a move, a decline, or why the controller failed.
func (t *Table[M, O, E]) ask(ctx context.Context, s Seat, optional bool) (m M, ok bool, fail string, err error) {
	p := t.players[s]
	d := &t.dec
	d.Seat, d.Seq, d.Optional = s, t.n, optional
	t.e.Observe(s, &d.Obs)
	var a answer[M]
	timed := t.opts.DecisionTime != nil && !optional
	var start time.Duration
	if timed {
		start = time.Since(epoch)
	}
	if p.Deadline <= 0 {
		a.m, a.ok, a.err = p.Control.Decide(ctx, *d)
		if timed {
			t.opts.DecisionTime(s, time.Since(epoch)-start)
		}
	} else {
		dctx, cancel := context.WithTimeout(ctx, p.Deadline)
		ch := make(chan answer[M], 1)
		dd := *d // only a decision with a deadline goes to the heap
		go func() {
			var a answer[M]
			a.m, a.ok, a.err = p.Control.Decide(dctx, dd)
			ch <- a
		}()
		timedOut := false
		select {
		case a = <-ch:
			// A controller that gave up at its deadline timed out too.
			timedOut = a.err != nil && dctx.Err() != nil
		case <-dctx.Done():
			timedOut = true
		}
		cancel()
		if timed {
			t.opts.DecisionTime(s, time.Since(epoch)-start)
		}
		if ctx.Err() != nil {
			return m, false, "", ctx.Err()
		}
		if timedOut {
			if optional {
				return m, false, "", nil // a deadline on an optional decision is a decline
			}
			why := fmt.Sprintf("no move within %s", p.Deadline)
			if w, ok := p.Control.(Waiter); ok {
				if s := w.Waiting(); s != "" {
					why += ": " + s
				}
			}
			return m, false, why, nil
		}
	}
	if ctx.Err() != nil {
		return m, false, "", ctx.Err()
	}
	switch {
	case a.err != nil:
		// errors.As only on an error: it reflects on its target, too dear
		// for every move.
		var h *Handover
		if errors.As(a.err, &h) {
			return m, false, "", h
		}
		var u *Undo
		if errors.As(a.err, &u) && !optional {
			return m, false, "", u
		}
		return m, false, a.err.Error(), nil
	case !a.ok && !optional:
		return m, false, "declined a move that is due", nil
	case !a.ok:
		return m, false, "", nil
	}
	var refused error
	if t.try != nil {
		// No log: nothing is written between the check and the move, so
		// the engine checks it and makes it in one step.
		refused = t.try.TryApply(s, a.m, t.shown())
		t.made = refused == nil
	} else {
		refused = t.e.Check(s, a.m)
	}
	if refused != nil {
		if r, ok := p.Control.(Refuser[M]); ok {
			r.Refused(a.m, refused)
			if p.Kind == Person {
				return m, false, "", errRefused
			}
		}
		return m, false, "illegal move: " + refused.Error(), nil
	}
	return a.m, true, "", nil
}

// epoch is the origin of decision times: a time taken as the time since
// epoch reads only the monotonic clock.
var epoch = time.Now()

// errRefused: a person's illegal move was refused; ask again.
var errRefused = errors.New("refused")

// maxHandovers is how many times a controller may hand its seat over
// (Handover) for one decision.
const maxHandovers = 2

// turn asks seat s until its controller (or the level that took over)
// moves or declines, then logs and applies the move.
func (t *Table[M, O, E]) turn(ctx context.Context, s Seat, optional bool) error {
	handovers := 0
	for tries := 0; ; tries++ {
		m, ok, fail, err := t.ask(ctx, s, optional)
		if err == errRefused {
			if optional {
				return nil // a refused queued bid is dropped
			}
			tries-- // a person may try again
			continue
		}
		if u, isU := err.(*Undo); isU {
			if err := t.takeBack(s, u); err != nil {
				return err
			}
			return nil // taken back or refused: the run goes on from the game as it is
		}
		if h, isH := err.(*Handover); isH {
			err = nil
			switch {
			case handovers == maxHandovers:
				fail = fmt.Sprintf("handed the seat over more than %d times for one decision", maxHandovers)
			case h.Name == "" || len(h.Name) > MaxName:
				fail = fmt.Sprintf("handed the seat over to a name of %d bytes (1 to %d)", len(h.Name), MaxName)
			default:
				handovers++
				if err := t.handover(s, h); err != nil {
					return err
				}
				tries-- // the controller is asked again, as the seat's new player
				continue
			}
		}
		if err != nil {
			_, err = t.abandon(ctx, err)
			return err
		}
		if fail != "" {
			if tries > 0 {
				return fmt.Errorf("table: seat %s: %s failed too: %s: %w", s, t.players[s].Name, fail, ErrNoFallback)
			}
			if err := t.fail(s, fail); err != nil || t.ended {
				return err
			}
			continue
		}
		if !ok {
			return nil
		}
		return t.move(s, m)
	}
}

func (t *Table[M, O, E]) move(s Seat, m M) error {
	if t.opts.Log != nil || t.undo {
		enc, err := t.e.MarshalMove(m)
		if err != nil {
			return fmt.Errorf("table: seat %s: encoding the move: %w", s, err)
		}
		t.buf = appendMove(t.buf[:0], t.n, t.adv, s, enc)
		if t.undo {
			t.keep(counting{n: t.n, adv: t.adv, kind: moveLine, seat: s, data: append(json.RawMessage(nil), enc...)})
		}
	}
	if err := t.write(t.buf); err != nil {
		return err
	}
	if t.made {
		t.made = false // made by ask (no log), its views filled
	} else {
		if err := t.e.Apply(s, m, t.shown()); err != nil {
			return fmt.Errorf("table: seat %s: a checked move failed to apply: %w", s, err)
		}
	}
	t.counted()
	t.notifyViews()
	return nil
}

// fail handles a controller's failure: a forfeit, or a takeover.
func (t *Table[M, O, E]) fail(s Seat, reason string) error {
	if len(reason) > MaxName {
		reason = reason[:MaxName]
	}
	from := t.players[s].Name
	if t.opts.Forfeit {
		seat := s
		if err := t.writeOther(record{Type: "forfeit", N: t.n, Adv: t.adv, Seat: &seat, From: from, Reason: reason}); err != nil {
			return err
		}
		t.keep(counting{n: t.n - 1, adv: t.adv})
		t.counted()
		t.ended = true
		t.res.Forfeited, t.res.Forfeiter = true, s
		t.notice(Notice{Kind: Forfeit, Seat: s, From: from, Reason: reason})
		return nil
	}
	if t.opts.Fallback == nil {
		return fmt.Errorf("table: seat %s (%s): %s: %w", s, from, reason, ErrNoFallback)
	}
	p := t.opts.Fallback(s)
	if p.Control == nil {
		return fmt.Errorf("table: seat %s (%s): %s: %w", s, from, reason, ErrNoFallback)
	}
	seat := s
	if err := t.writeOther(record{Type: "control", N: t.n, Adv: t.adv, Seat: &seat, From: from, To: p.Name, Reason: reason}); err != nil {
		return err
	}
	t.keep(counting{n: t.n - 1, adv: t.adv})
	t.counted()
	t.setPlayer(s, p)
	t.res.Takeovers++
	t.notice(Notice{Kind: Takeover, Seat: s, From: from, To: p.Name, Reason: reason})
	return nil
}

// handover records that the seat's controller plays it as h says from
// now on: a control line, the seat's player's name and kind, and a
// Takeover notice to everyone.
func (t *Table[M, O, E]) handover(s Seat, h *Handover) error {
	reason := h.Reason
	if len(reason) > MaxName {
		reason = reason[:MaxName]
	}
	from := t.players[s].Name
	seat := s
	if err := t.writeOther(record{Type: "control", N: t.n, Adv: t.adv, Seat: &seat, From: from, To: h.Name, Reason: reason}); err != nil {
		return err
	}
	t.keep(counting{n: t.n - 1, adv: t.adv})
	t.counted()
	t.players[s].Name, t.players[s].Kind = h.Name, h.Kind
	t.notice(Notice{Kind: Takeover, Seat: s, From: from, To: h.Name, Reason: reason})
	return nil
}

// abandon ends the table because ctx ended (cause is ctx's error): the
// abandon line's reason is ctx's cause when one was given
// (context.WithCancelCause: "the player quit"), else said in words a person
// reads, not Go's "context canceled".
func (t *Table[M, O, E]) abandon(ctx context.Context, cause error) (Result, error) {
	reason := abandonReason(ctx, cause)
	if len(reason) > MaxName {
		reason = reason[:MaxName]
	}
	err := t.writeOther(record{Type: "abandon", N: t.n, Adv: t.adv, Reason: reason})
	if err == nil {
		t.keep(counting{n: t.n - 1, adv: t.adv})
		t.counted()
	}
	t.ended = true
	t.notice(Notice{Kind: Abandon, Reason: reason})
	return t.result(), errors.Join(cause, err)
}

// abandonReason says why a table whose ctx ended was abandoned.
func abandonReason(ctx context.Context, err error) string {
	if c := context.Cause(ctx); c != nil && c != context.Canceled && c != context.DeadlineExceeded {
		return c.Error()
	}
	switch {
	case errors.Is(err, context.Canceled):
		return "stopped before the game was over"
	case errors.Is(err, context.DeadlineExceeded):
		return "out of time before the game was over"
	}
	return err.Error()
}
