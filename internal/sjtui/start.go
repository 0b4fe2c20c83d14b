package sjtui

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"

	"felt/games"
	"felt/shengji"
	"felt/table"
)

// Setup is a new game for the screen.
type Setup struct {
	// Seat is the person's (or, with Autoplay, the watched) seat.
	Seat shengji.Seat
	// Level is the computer players' level (see sjbot.Levels).
	Level string
	// Seed seeds the deals and the computer players.
	Seed  uint64
	Rules shengji.Rules
	// Autoplay has a computer play Seat too.
	Autoplay bool
	// Log receives the table log; nil keeps none.
	Log io.Writer
	// Spectator, if set, sees the spectator's view of every move.
	Spectator table.Listener[shengji.Event]
}

// Fallback is the level that takes over a seat whose controller fails.
const Fallback = "greedy"

// levelRand is the random source of seat's computer player.
func levelRand(seed uint64, seat shengji.Seat) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x736a74756900+uint64(seat)))
}

// Start seats the players and runs the table in a goroutine until ctx
// ends or the game is over; the returned bridge feeds the screen. The
// table stops when ctx ends (the log records an abandonment).
func Start(ctx context.Context, s Setup) (*Bridge, error) {
	if !s.Seat.Valid() {
		return nil, fmt.Errorf("sjtui: seat %d: want 0 to 3", s.Seat)
	}
	if err := s.Rules.Validate(); err != nil {
		return nil, err
	}
	rules, err := json.Marshal(s.Rules)
	if err != nil {
		return nil, err
	}
	players := make([]table.Player[shengji.Action, Obs], shengji.NumSeats)
	var b *Bridge
	for i := range shengji.NumSeats {
		seat := shengji.Seat(i)
		p, err := games.ShengjiLevel(s.Level, levelRand(s.Seed, seat))
		if err != nil {
			return nil, err
		}
		if seat == s.Seat {
			if s.Autoplay {
				b = NewBridge(ctx, seat, nil, p.Control)
			} else {
				b = NewBridge(ctx, seat, table.NewHuman[shengji.Action, Obs](nil), nil)
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
	tab, err := table.New(games.Shengji, players, table.Options[shengji.Action, Obs, shengji.Event]{
		Seed:        s.Seed,
		GameOptions: rules,
		Log:         s.Log,
		Spectators:  spectators,
		Fallback: func(seat table.Seat) table.Player[shengji.Action, Obs] {
			p, _ := games.ShengjiLevel(Fallback, levelRand(s.Seed^0xfa11, shengji.Seat(seat)))
			return p
		},
	})
	if err != nil {
		return nil, err
	}
	eng := tab.Engine()
	b.SetObserve(func() Obs { return eng.Observe(table.Seat(s.Seat)) })
	go func() {
		defer close(b.finished)
		r, err := tab.Run(ctx)
		b.Done(r, err)
	}()
	return b, nil
}
