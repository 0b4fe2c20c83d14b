package tui

import (
	"context"
	gingame "felt/games/gin"
	"fmt"
	"io"
	"sync"

	tea "charm.land/bubbletea/v2"

	"felt/gin"
	"felt/table"
)

// Obs is a seat's observation of Gin Rummy.
type Obs = gin.Observation

// Seen is what the person's seat knows after an event: its observation,
// the score sheet (each hand's result, which both players see) and the
// game's result once it is over. The table's engine makes it.
type Seen struct {
	Obs     Obs
	History []gin.HandSummary
	Game    *gin.GameResult
}

// EventMsg is what the person's seat saw of a move or a deal (the
// engine's view), with what the seat knows after it.
type EventMsg struct {
	Event gin.Event
	Seen  Seen
}

// DecisionMsg is a decision the table puts to the person.
type DecisionMsg struct {
	Decision table.Decision[Obs]
}

// RefusedMsg says the table refused the person's move, and why.
type RefusedMsg struct {
	Action gin.Action
	Err    error
}

// NoticeMsg is a notice of the table: a takeover, an abandonment.
type NoticeMsg struct {
	Notice table.Notice
}

// DoneMsg says the table stopped: the game is over, or it was abandoned
// or failed (Err).
type DoneMsg struct {
	Result table.Result
	Err    error
}

// Setup is a game for the screen: the person in Seat, Computer in the
// other seat.
type Setup struct {
	// Seat is the person's seat.
	Seat gin.Seat
	// Computer plays the other seat: a built-in level (games.GinLevel)
	// or an outside program (package program).
	Computer table.Player[gin.Action, Obs]
	// Fallback returns the built-in level that takes the computer's seat
	// over when its player fails; nil: none (the table then stops).
	Fallback func() table.Player[gin.Action, Obs]
	// Seed and Options make a new game (Options: the table's options, the
	// rules as JSON; empty for the standard rules).
	Seed    uint64
	Options []byte
	// ID is the game id the log's header records.
	ID string
	// Log receives the table log; nil keeps none. A write that fails is
	// reported (SaveError) and no line is written after it, so the log
	// stays one that resumes to the last line written; play goes on.
	Log io.Writer
	// Resume, if set, is the table read back from its log to go on with.
	Resume *table.Recovered[gin.Action, Obs, gin.Event]
	// Earlier, with Resume, is what the person's seat saw of the moves of
	// the hand being resumed (HandSoFar): the screen lists them again.
	Earlier []gin.Event
	// Replaced, with Resume, says why Computer plays the computer's seat
	// in place of the player the log names (a control line is logged);
	// empty when Computer is that player.
	Replaced string
	// Spectator, if set, sees the spectator's view of every move.
	Spectator table.Listener[gin.Event]
}

// Bridge connects a running table to the Model: the person's seat is
// played by a table.PersonController, whose decisions the Model reads
// (Next) as they are signalled, with the seat's events and the table's
// notices, which the bridge forwards on a channel of its own; the
// person's moves are checked with the engine (Check, answered in the
// table's goroutine while the decision waits) and submitted (Submit).
// Check waits for the table: the Model calls both from its commands.
type Bridge struct {
	seat   gin.Seat
	ch     chan tea.Msg
	ctx    context.Context
	person *table.PersonController[gin.Action, Obs]
	engine table.Engine[gin.Action, Obs, gin.Event]
	seen   func() Seen
	first  Seen
	// earlier is what the seat saw of the resumed hand's moves.
	earlier []gin.Event
	names   [2]string
	save    *saver

	finished chan struct{} // closed when the table has stopped

	mu       sync.Mutex
	last     [2]string    // who plays each seat now
	takeover table.Notice // the last takeover, if any
}

// Start seats the person and the computer and runs the table in a
// goroutine until ctx ends (the log records an abandonment) or the game
// is over; the returned bridge feeds the screen.
func Start(ctx context.Context, s Setup) (*Bridge, error) {
	s.Seat &= 1
	comp := table.Seat(s.Seat.Other())
	if s.Computer.Control == nil {
		return nil, fmt.Errorf("tui: no computer player")
	}
	b := &Bridge{seat: s.Seat, ch: make(chan tea.Msg), ctx: ctx, finished: make(chan struct{})}
	b.person = table.NewPersonController(table.PersonOptions[gin.Action, Obs]{
		Name: HumanName,
		// in the table's goroutine, while the decision waits: the engine
		// does not change
		Check:   func(d table.Decision[Obs], a gin.Action) error { return b.engine.Check(d.Seat, a) },
		Refused: func(_ table.Decision[Obs], a gin.Action, err error) { b.send(RefusedMsg{Action: a, Err: err}) },
	})
	var log io.Writer
	if s.Log != nil {
		b.save = &saver{w: s.Log}
		log = b.save
	}
	players := make([]table.Player[gin.Action, Obs], 2)
	players[s.Seat] = table.Player[gin.Action, Obs]{Name: HumanName, Kind: table.Person, Control: b.Control()}
	players[comp] = s.Computer
	if s.Resume != nil && s.Replaced != "" {
		// seated as the log names it, then replaced with a control line
		players[comp].Name = s.Resume.Names[comp]
		players[comp].Kind = table.Program
	}
	var spect []table.Listener[gin.Event]
	if s.Spectator != nil {
		spect = append(spect, s.Spectator)
	}
	opts := table.Options[gin.Action, Obs, gin.Event]{ID: s.ID, Seed: s.Seed, GameOptions: s.Options, Log: log, Spectators: spect}
	if s.Fallback != nil {
		opts.Fallback = func(table.Seat) table.Player[gin.Action, Obs] { return s.Fallback() }
	}
	var tab *table.Table[gin.Action, Obs, gin.Event]
	var err error
	if s.Resume != nil {
		tab, err = table.Resume(s.Resume, players, opts)
		if err == nil && s.Replaced != "" {
			err = tab.Replace(comp, s.Computer, s.Replaced)
		}
	} else {
		tab, err = table.New(gingame.Spec, players, opts)
	}
	if err != nil {
		return nil, err
	}
	b.engine = tab.Engine()
	ge, ok := b.engine.(*gingame.Engine)
	if !ok {
		return nil, fmt.Errorf("tui: the table's engine is not Gin Rummy's")
	}
	seat := table.Seat(s.Seat)
	b.seen = func() Seen {
		g := ge.Game()
		sn := Seen{History: g.History()}
		ge.Observe(seat, &sn.Obs)
		if g.Over() {
			r := g.Result()
			sn.Game = &r
		}
		return sn
	}
	b.first = b.seen()
	if s.Resume != nil {
		b.earlier = s.Earlier
	}
	for i := range 2 {
		b.last[i] = tab.Player(table.Seat(i)).Name
	}
	b.names = b.last
	go func() {
		defer close(b.finished)
		r, err := tab.Run(ctx)
		b.send(DoneMsg{Result: r, Err: err})
	}()
	return b, nil
}

// HumanName is the name of the person's seat in a table log.
const HumanName = "human"

// Names returns who played each seat when the table started.
func (b *Bridge) Names() [2]string { return b.names }

// Playing returns who plays each seat now (after takeovers).
func (b *Bridge) Playing() [2]string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.last
}

// Takeover returns the last takeover of a seat, if there was one.
func (b *Bridge) Takeover() (table.Notice, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.takeover, b.takeover.Kind == table.Takeover
}

// SaveError returns why the log could not be written, or nil.
func (b *Bridge) SaveError() error {
	if b.save == nil {
		return nil
	}
	return b.save.failed()
}

// Wait waits until the table has stopped (its log written).
func (b *Bridge) Wait() { <-b.finished }

// Outcome is how the table stands once it has stopped (after Wait):
// the hands dealt and the scores.
func (b *Bridge) Outcome() table.Outcome {
	<-b.finished
	return b.engine.Outcome()
}

func (b *Bridge) send(m tea.Msg) {
	select {
	case b.ch <- m:
	case <-b.ctx.Done():
	}
}

// Next waits for the table's next message: a decision put to the person
// as it is signalled, or what the bridge forwards of the table.
func (b *Bridge) Next() tea.Msg {
	select {
	case m := <-b.ch:
		return m
	case d := <-b.person.Decisions():
		return DecisionMsg{Decision: d}
	case <-b.ctx.Done():
		return DoneMsg{Err: b.ctx.Err()}
	}
}

// Check asks the engine whether the person may make move a for the
// decision numbered seq, which must be pending; it changes nothing. It
// waits for the table's goroutine.
func (b *Bridge) Check(seq int, a gin.Action) error { return b.person.Check(seq, a) }

// Submit gives the person's move for the decision numbered seq.
func (b *Bridge) Submit(seq int, a gin.Action) error { return b.person.Submit(seq, a) }

// Control is the person's seat's controller: the person's, listening to
// the seat's events and the table's notices.
func (b *Bridge) Control() table.Controller[gin.Action, Obs] { return seatControl{b.person, b} }

type seatControl struct {
	*table.PersonController[gin.Action, Obs]
	b *Bridge
}

func (c seatControl) Event(_ table.Seat, e gin.Event) {
	b := c.b
	b.send(EventMsg{Event: e, Seen: b.seen()})
}

func (c seatControl) Notice(n table.Notice) {
	b := c.b
	if n.Kind == table.Takeover && n.Seat < 2 {
		b.mu.Lock()
		b.last[n.Seat], b.takeover = n.To, n
		b.mu.Unlock()
	}
	b.send(NoticeMsg{Notice: n})
}

// saver writes the table log until a write fails; after that it writes
// nothing more (the log stays a prefix that resumes, at worst with a torn
// last line that recovery cuts) and reports success, so that play goes
// on. failed says why it stopped.
type saver struct {
	w   io.Writer
	mu  sync.Mutex
	err error
}

func (s *saver) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return len(p), nil
	}
	if _, err := s.w.Write(p); err != nil {
		s.err = err
	}
	return len(p), nil
}

// Sync syncs the file under the log, when it is one.
func (s *saver) Sync() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if sy, ok := s.w.(interface{ Sync() error }); ok && s.err == nil {
		if err := sy.Sync(); err != nil {
			s.err = err
		}
	}
	return nil
}

func (s *saver) failed() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}
