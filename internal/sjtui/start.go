package sjtui

import (
	"context"
	"encoding/json"
	sjgame "felt/games/shengji"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"felt/program"
	"felt/shengji"
	"felt/shengji/sjbot"
	"felt/table"
)

// Setup is a new game for the screen.
type Setup struct {
	// Seat is the person's (or, with Autoplay, the watched) seat.
	Seat shengji.Seat
	// Level is the computer players' level (see sjbot.Levels).
	Level string
	// ID is the game id the log's header records.
	ID string
	// Seed seeds the deals and the computer players.
	Seed  uint64
	Rules shengji.Rules
	// Autoplay has a computer play Seat too.
	Autoplay bool
	// Log receives the table log; nil keeps none.
	Log io.Writer
	// Spectator, if set, sees the spectator's view of every move.
	Spectator table.Listener[shengji.Event]
	// Resume, if set, is a table read back from its log to go on with;
	// Seed and Rules are then the log's. The computers keep the levels
	// the log names; a seat the log gives to anything else (an outside
	// program) is played by Fallback: a log never starts a program.
	Resume *table.Recovered[shengji.Action, Obs, shengji.Event]
}

// Fallback is the level that takes over a seat whose controller fails.
const Fallback = "greedy"

// ProgramDeadline is how long an outside program has for each decision.
const ProgramDeadline = 10 * time.Second

func closeAll(progs []*program.Program[shengji.Action, Obs, shengji.Event]) {
	for _, p := range progs {
		p.Close()
	}
}

// levelRand is the random source of seat's computer player.
func levelRand(seed uint64, seat shengji.Seat) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x736a74756900+uint64(seat)))
}

// Start seats the players and runs the table in a goroutine until ctx
// ends or the game is over; the returned bridge feeds the screen. The
// table stops when ctx ends (the log records an abandonment).
func Start(ctx context.Context, s Setup) (*Bridge, error) {
	var n int
	if s.Resume != nil {
		s.Seed = s.Resume.Header.Seed ^ uint64(s.Resume.Lines)<<32
		n = s.Resume.Engine.Seats()
	} else if err := s.Rules.Validate(); err != nil {
		return nil, err
	} else {
		n = s.Rules.NumPlayers()
	}
	if !s.Seat.In(n) {
		return nil, fmt.Errorf("sjtui: seat %d: want 0 to %d", s.Seat, n-1)
	}
	var rules json.RawMessage
	if s.Resume == nil {
		var err error
		if rules, err = json.Marshal(s.Rules); err != nil {
			return nil, err
		}
	}
	players := make([]table.Player[shengji.Action, Obs], n)
	var progs []*program.Program[shengji.Action, Obs, shengji.Event]
	var b *Bridge
	for i := range n {
		seat := shengji.Seat(i)
		level := s.Level
		if s.Resume != nil && i < len(s.Resume.Names) {
			level = s.Resume.Names[i]
			if !slices.Contains(sjbot.Levels(), level) {
				level = Fallback
			}
		}
		var p table.Player[shengji.Action, Obs]
		if seat == s.Seat && !s.Autoplay {
			level = Fallback // the person plays: no computer here
		}
		if command, ok := strings.CutPrefix(level, "exec:"); ok && s.Resume == nil {
			prog := program.New(command, sjgame.Wire, program.Options{Game: sjgame.Spec.Kind, Seat: table.Seat(seat), Seed: s.Seed + uint64(seat), Rules: rules})
			progs = append(progs, prog)
			p = table.Player[shengji.Action, Obs]{Name: level, Kind: table.Program, Control: prog, Deadline: ProgramDeadline}
		} else {
			var err error
			if p, err = sjgame.Level(level, levelRand(s.Seed, seat)); err != nil {
				closeAll(progs)
				return nil, err
			}
		}
		if seat == s.Seat {
			if s.Autoplay {
				b = NewBridge(ctx, seat, p.Control)
			} else {
				b = NewBridge(ctx, seat, nil)
				p = table.Player[shengji.Action, Obs]{Name: "human", Kind: table.Person}
			}
			p.Control = b.Control()
		}
		players[i] = p
	}
	var spectators []table.Listener[shengji.Event]
	if s.Spectator != nil {
		spectators = append(spectators, s.Spectator)
	}
	opts := table.Options[shengji.Action, Obs, shengji.Event]{
		ID:          s.ID,
		Seed:        s.Seed,
		GameOptions: rules,
		Log:         s.Log,
		Spectators:  spectators,
		Fallback: func(seat table.Seat) table.Player[shengji.Action, Obs] {
			p, _ := sjgame.Level(Fallback, levelRand(s.Seed^0xfa11, shengji.Seat(seat)))
			if shengji.Seat(seat) == s.Seat && s.Autoplay && p.Control != nil {
				// The watched seat's new player decides through the
				// bridge, so the screen still sees the seat's events
				// (and this takeover's notice).
				b.setInner(p.Control)
				p.Control = b.Control()
			}
			return p
		},
	}
	var tab *table.Table[shengji.Action, Obs, shengji.Event]
	var err error
	if s.Resume != nil {
		tab, err = table.Resume(s.Resume, players, opts)
	} else {
		tab, err = table.New(sjgame.Spec, players, opts)
	}
	if err != nil {
		closeAll(progs)
		return nil, err
	}
	eng := tab.Engine()
	b.SetObserve(func() Obs {
		var o Obs
		eng.Observe(table.Seat(s.Seat), &o)
		return o
	})
	go func() {
		defer close(b.finished)
		defer closeAll(progs)
		r, err := tab.Run(ctx)
		b.Done(r, err)
	}()
	return b, nil
}
