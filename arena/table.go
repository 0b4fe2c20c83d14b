package arena

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"felt/program"
	"felt/table"
)

// tableMatch is a match of one game on the table driver: what both games'
// matches share, and the game's own parts. Seat s plays for A in game i
// when s%2 == i%2 (A is seat 0 in even games of Gin Rummy and seat 1 in
// odd ones; the team of seats 0 and 2, then 1 and 3, in Shengji).
type tableMatch[M, O, E any] struct {
	spec     table.Spec[M, O, E]
	seats    int                   // the game's seats (2 or 4: two teams)
	program  program.Game[M, O, E] // protocol version 2's view of the game
	options  json.RawMessage       // the table's game options
	a, b     string
	games    int
	seed     uint64
	parallel int
	saveDir  string
	timeout  time.Duration // an outside program's deadline per decision (0: 10s)
	progress func(done int)
	// playerSeed is the seed of seat s's player in game i.
	playerSeed func(i int, s table.Seat) uint64
	// player seats name, one that is not exec:COMMAND: a built-in level.
	// A player whose Control is an io.Closer is closed after the game.
	player func(name string, s table.Seat, seed uint64) (table.Player[M, O], error)
	// tooLong, if set, ends a game that has gone on too long, with an
	// error, checked after each log line.
	tooLong func(e table.Engine[M, O, E]) error
}

// session is a worker's outside programs of protocol version 2, kept from
// game to game: A's seats first, then B's, each in seat order.
type session[M, O, E any] []*program.Program[M, O, E]

func (s session[M, O, E]) close() {
	for k, p := range s {
		if p != nil {
			p.Close()
			s[k] = nil
		}
	}
}

// played is a game played at a table, from A's side: what both games'
// records are made of.
type played[M, O, E any] struct {
	decA, decB []time.Duration
	engine     table.Engine[M, O, E]
	res        table.Result
	reasons    map[table.Seat]string // why a seat forfeited
	forfeitA   bool                  // a seat of A's forfeited (when res.Forfeited)
	err        error
}

// forfeit is the reason a played game was forfeited.
func (p *played[M, O, E]) forfeit() string { return p.reasons[p.res.Forfeiter] }

// play plays game i, with watchers as extra spectators.
func (m *tableMatch[M, O, E]) play(ctx context.Context, i int, sess session[M, O, E], watchers ...table.Listener[E]) (p played[M, O, E]) {
	defer func() {
		if p.res.Forfeited || p.err != nil {
			sess.close() // a program that failed, or may still be thinking, is not kept
		}
	}()
	seats := m.seats
	var ps []table.Player[M, O]
	var closers []io.Closer
	var times []*[]time.Duration // each seat's decision times: A's or B's
	defer func() {
		for _, c := range closers {
			c.Close()
		}
	}()
	for s := range table.Seat(seats) {
		isA := int(s)%2 == i%2
		name, ds, slot := m.b, &p.decB, seats/2+int(s)/2
		if isA {
			name, ds, slot = m.a, &p.decA, int(s)/2
		}
		pseed := m.playerSeed(i, s)
		var pl table.Player[M, O]
		if command, ok := strings.CutPrefix(name, "exec:"); ok {
			opts := program.Options{Game: m.spec.Kind, Seat: s, Seed: pseed, Rules: m.options}
			prog := sess[slot]
			if prog == nil || prog.Failed() {
				if prog != nil {
					prog.Close()
				}
				prog = program.New(command, m.program, opts)
				sess[slot] = prog
			} else {
				prog.Next(opts)
			}
			timeout := m.timeout
			if timeout <= 0 {
				timeout = 10 * time.Second
			}
			pl = table.Player[M, O]{Name: name, Kind: table.Program, Control: prog, Deadline: timeout}
		} else {
			var err error
			if pl, err = m.player(name, s, pseed); err != nil {
				p.err = err
				return p
			}
			if c, ok := pl.Control.(io.Closer); ok {
				closers = append(closers, c)
			}
		}
		times = append(times, ds)
		ps = append(ps, pl)
	}
	var log io.Writer
	if m.saveDir != "" {
		f, err := os.Create(filepath.Join(m.saveDir, fmt.Sprintf("game-%06d.jsonl", i)))
		if err != nil {
			p.err = err
			return p
		}
		defer f.Close()
		log = struct{ io.Writer }{f} // not synced line by line: a match is not a game to bring back
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	p.reasons = map[table.Seat]string{}
	var tb *table.Table[M, O, E]
	var stopped error
	opts := table.Options[M, O, E]{Seed: DealSeed(m.seed, i), GameOptions: m.options, ID: fmt.Sprintf("game-%06d", i), Log: log,
		Forfeit: true, Spectators: append([]table.Listener[E]{forfeits[E](p.reasons)}, watchers...),
		DecisionTime: func(s table.Seat, took time.Duration) { *times[s] = append(*times[s], took) }}
	if m.tooLong != nil {
		opts.AfterLine = func(int) {
			if tb != nil && stopped == nil {
				if stopped = m.tooLong(tb.Engine()); stopped != nil {
					cancel()
				}
			}
		}
	}
	tb, err := table.New(m.spec, ps, opts)
	if err != nil {
		p.err = err
		return p
	}
	res, err := tb.Run(ctx)
	if stopped != nil {
		err = stopped
	}
	if err != nil {
		p.err = err
		return p
	}
	p.engine, p.res = tb.Engine(), res
	p.forfeitA = res.Forfeited && int(res.Forfeiter)%2 == i%2
	return p
}

// run plays the match: games in mirrored pairs (an odd count rounded up),
// m.parallel at once, each worker keeping its outside programs from game
// to game. It returns every game's record, and an error joining those of
// the games that could not be played.
func run[M, O, E, R any](ctx context.Context, m *tableMatch[M, O, E], play func(i int, sess session[M, O, E]) R, failed func(R) error) ([]R, error) {
	if m.games < 1 || m.games > MaxGames {
		return nil, fmt.Errorf("arena: %d games: want 1 to %d", m.games, MaxGames)
	}
	if m.parallel < 0 {
		return nil, fmt.Errorf("arena: parallel %d: want 0 or more", m.parallel)
	}
	if m.saveDir != "" {
		if err := os.MkdirAll(m.saveDir, 0o755); err != nil {
			return nil, err
		}
	}
	n := m.games + m.games%2
	// a session a worker, and no more workers than games (pool's bound)
	sessions := make([]session[M, O, E], min(max(m.parallel, 1), n))
	for w := range sessions {
		sessions[w] = make(session[M, O, E], m.seats)
	}
	defer func() {
		for _, s := range sessions {
			s.close()
		}
	}()
	recs, err := pool(ctx, n, m.parallel, m.progress, func(w, i int) R {
		return play(i, sessions[w])
	})
	if err != nil {
		return nil, err
	}
	var errs []error
	for i, r := range recs {
		if err := failed(r); err != nil {
			errs = append(errs, fmt.Errorf("game %d: %w", i, err))
		}
	}
	return recs, errors.Join(errs...)
}

// pool plays n games on parallel workers (at least one), reporting
// progress after each; play is told its worker's number, from 0.
func pool[R any](ctx context.Context, n, parallel int, progress func(int), play func(worker, i int) R) ([]R, error) {
	recs := make([]R, n)
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for w := range min(max(parallel, 1), n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				recs[i] = play(w, i)
				if progress != nil {
					mu.Lock()
					done++
					progress(done)
					mu.Unlock()
				}
			}
		}()
	}
feed:
	for i := range n {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return recs, nil
}

// forfeits keeps why each seat forfeited.
type forfeits[E any] map[table.Seat]string

func (f forfeits[E]) Event(table.Seat, E) {}

func (f forfeits[E]) Notice(n table.Notice) {
	if n.Kind == table.Forfeit {
		f[n.Seat] = fmt.Sprintf("seat %s (%s): %s", n.Seat, n.From, n.Reason)
	}
}
