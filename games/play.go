package games

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"felt/program"
	"felt/table"
)

// Seating says who plays one seat of a game the registry plays to its
// end (Game.Play): a level of the game, or an outside program.
type Seating struct {
	// Name is a level's name, or exec:COMMAND for an outside program
	// speaking protocol version 2.
	Name string
	// Seed is the seat's player seed: a level's choices are drawn from it
	// alone; a program is given program.StartSeed of it.
	Seed uint64
	// Deadline is a program's time for each decision (0: 10s).
	Deadline time.Duration
	// Keep, for a program, is where the caller keeps it from game to game:
	// a program running there is told of the new game, else one is
	// started and left there. Nil starts one for this game only.
	Keep **Program
}

// Program is an outside program kept from game to game, whatever its
// game's types.
type Program struct {
	impl  any // the game's *program.Program
	close func() error
}

// Close stops the program.
func (p *Program) Close() error {
	if p == nil || p.close == nil {
		return nil
	}
	return p.close()
}

// Play is a game for Game.Play to play to its end.
type Play struct {
	ID      string          // the log header's id
	Seed    uint64          // the table's seed
	Options json.RawMessage // the game's options
	Log     io.Writer       // the table log (nil: none)
	// Forfeit makes a seat whose player fails forfeit the game.
	Forfeit bool
	Seats   []Seating
	// DecisionTime, if set, is told how long each seat took for each
	// decision that is not optional.
	DecisionTime func(s table.Seat, took time.Duration)
	// MaxHands, if not 0, ends a game still going after that many hands
	// with an error.
	MaxHands int
}

// Played is how a game Game.Play played ended: its Result says which
// seats won and each seat's score.
type Played struct {
	table.Result
	// Teams are the teams as the game ended (they may have formed or
	// changed during it).
	Teams table.Teams
	// Reasons say why a seat forfeited.
	Reasons map[table.Seat]string
	// Hands are the game's hands as its Tally recorded them (nil
	// without one).
	Hands []Hand
}

// Hand is one hand of a game, as the game's Tally records it for a
// match's report.
type Hand struct {
	// Kind is how the hand ended, in the game's words ("gin", "knock").
	Kind string
	// Winners are the seats that won the hand (none for a draw).
	Winners table.Seats
	// Points are what the winners scored with it, in the game's terms.
	Points int
	// Moves are the moves made in it.
	Moves int
	// Detail is the game's own record of the hand, for its Figures.
	Detail any
}

// Tally is a spectator that records a game's hands as they are played.
type Tally[E any] interface {
	table.Listener[E]
	// Hands returns the hands recorded, once the game is over (e is the
	// table's engine then).
	Hands(e any) []Hand
}

// ErrTooLong is a game that went on past its Play's MaxHands.
var ErrTooLong = fmt.Errorf("game did not end")

// play plays one game to its end with the game's own types: built-in
// levels decide on the observations the engine makes, with nothing
// converted on the way.
func (d *Def[M, O, E]) play(ctx context.Context, p Play) (out Played, err error) {
	var players []table.Player[M, O]
	var closers []io.Closer
	defer func() {
		for _, c := range closers {
			c.Close()
		}
	}()
	for s, st := range p.Seats {
		seat := table.Seat(s)
		if command, ok := strings.CutPrefix(st.Name, "exec:"); ok {
			opts := program.Options{Game: d.Name, Seat: seat, Seed: st.Seed, Rules: p.Options}
			prog := d.keepProgram(command, opts, st.Keep)
			if st.Keep == nil {
				closers = append(closers, prog)
			}
			deadline := st.Deadline
			if deadline <= 0 {
				deadline = 10 * time.Second
			}
			players = append(players, table.Player[M, O]{Name: st.Name, Kind: table.Program, Control: prog, Deadline: deadline})
			continue
		}
		if d.Level == nil {
			return out, fmt.Errorf("%s: no levels: %w", d.Name, ErrUnknownLevel)
		}
		pl, err := d.Level(st.Name, st.Seed)
		if err != nil {
			return out, err
		}
		if c, ok := pl.Control.(io.Closer); ok {
			closers = append(closers, c)
		}
		players = append(players, pl)
	}
	out.Reasons = map[table.Seat]string{}
	spectators := []table.Listener[E]{forfeits[E](out.Reasons)}
	var tally Tally[E]
	if d.Tally != nil {
		tally = d.Tally()
		spectators = append(spectators, tally)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var tb *table.Table[M, O, E]
	var stopped error
	opts := table.Options[M, O, E]{ID: p.ID, Seed: p.Seed, GameOptions: p.Options, Log: p.Log, Forfeit: p.Forfeit,
		Spectators: spectators, DecisionTime: p.DecisionTime}
	if p.MaxHands > 0 {
		opts.AfterLine = func(int) {
			if tb != nil && stopped == nil && tb.Engine().Outcome().Hands > p.MaxHands {
				stopped = fmt.Errorf("%s: %w in %d hands", d.Name, ErrTooLong, p.MaxHands)
				cancel()
			}
		}
	}
	tb, err = table.New(d.Spec, players, opts)
	if err != nil {
		return out, err
	}
	res, err := tb.Run(ctx)
	if stopped != nil {
		err = stopped
	}
	if err != nil {
		return out, err
	}
	out.Result = res
	out.Teams = tb.Engine().Teams()
	if tally != nil {
		out.Hands = tally.Hands(tb.Engine())
	}
	return out, nil
}

// keepProgram returns the program kept at keep, told of a new game, or
// starts one (and keeps it there).
func (d *Def[M, O, E]) keepProgram(command string, opts program.Options, keep **Program) *program.Program[M, O, E] {
	if keep != nil && *keep != nil {
		if pp, ok := (*keep).impl.(*program.Program[M, O, E]); ok && !pp.Failed() {
			pp.Next(opts)
			return pp
		}
		(*keep).Close()
		*keep = nil
	}
	pp := program.New(command, d.Wire, opts)
	if keep != nil {
		*keep = &Program{impl: pp, close: pp.Close}
	}
	return pp
}

// forfeits keeps why each seat forfeited.
type forfeits[E any] map[table.Seat]string

func (f forfeits[E]) Event(table.Seat, E) {}

func (f forfeits[E]) Notice(n table.Notice) {
	if n.Kind == table.Forfeit {
		f[n.Seat] = fmt.Sprintf("seat %s (%s): %s", n.Seat, n.From, n.Reason)
	}
}

// Side is one side's hands of one game of a match: the seats it played
// and the game's hands.
type Side struct {
	Seats table.Seats
	Hands []Hand
}

// Figure is one figure a game measures of a match, from one side's view:
// its JSON key, value, and a line of text saying it (printed as is; ""
// leaves the figure to the JSON).
type Figure struct {
	Key   string
	Value float64
	Text  string
}
