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

	"felt/games"
	"felt/gin"
	"felt/program"
	"felt/table"
)

// handCounter is a spectator that counts each hand's moves and keeps how
// it ended.
type handCounter struct {
	moves int
	hands []HandRecord
	a     gin.Seat
}

func (h *handCounter) Event(_ table.Seat, e gin.Event) {
	if e.Kind != gin.NoAction {
		h.moves++
	}
	if e.End != nil {
		r := e.End.Result
		h.hands = append(h.hands, HandRecord{Kind: r.Kind, AWon: r.Kind != gin.DrawResult && r.Winner == h.a, Points: r.Points, Moves: h.moves})
		h.moves = 0
	}
}

func (h *handCounter) Notice(table.Notice) {}

// ginSession is a worker's outside programs, kept from game to game:
// A's, then B's.
type ginSession [2]*program.Program[gin.Action, gin.Observation, gin.Event]

func (s *ginSession) close() {
	for k, p := range s {
		if p != nil {
			p.Close()
			s[k] = nil
		}
	}
}

// ginForfeits keeps why each seat forfeited.
type ginForfeits map[table.Seat]string

func (f ginForfeits) Event(table.Seat, gin.Event) {}

func (f ginForfeits) Notice(n table.Notice) {
	if n.Kind == table.Forfeit {
		f[n.Seat] = fmt.Sprintf("seat %s (%s): %s", n.Seat, n.From, n.Reason)
	}
}

// ginTimed times a Gin Rummy controller's decisions and passes events and
// notices on to it when it listens (an outside program does).
type ginTimed struct {
	timed[gin.Action, gin.Observation]
}

func (t ginTimed) Event(s table.Seat, e gin.Event) {
	if l, ok := t.inner.(table.Listener[gin.Event]); ok {
		l.Event(s, e)
	}
}

func (t ginTimed) Notice(n table.Notice) {
	if l, ok := t.inner.(table.Listener[gin.Event]); ok {
		l.Notice(n)
	}
}

// ginOptions are the table's options: the rules, and the defender laying
// out its own melds when cfg says so.
func ginOptions(cfg Config) (json.RawMessage, error) {
	rules, err := json.Marshal(cfg.Rules)
	if err != nil || !cfg.DefenderLaysOut {
		return rules, err
	}
	var fields map[string]any
	if err := json.Unmarshal(rules, &fields); err != nil {
		return nil, err
	}
	fields[games.GinLayOutOption] = true
	return json.Marshal(fields)
}

// PlayGinTable plays game i of the match through the table driver: A in
// seat ASeat(i), each hand's deck drawn from the table's seed
// DealSeed(cfg.Seed, i) and the hand's number (so mirrored pairs meet the
// same deals, though not those of PlayGame). Players are built-in levels
// or exec:COMMAND, an outside program speaking protocol version 2 (package
// program) that forfeits the game when it fails. With cfg.SaveDir the
// table log is written there as game-NNNNNN.jsonl.
func PlayGinTable(ctx context.Context, cfg Config, i int) GameRecord {
	var s ginSession
	defer s.close()
	return playGinTable(ctx, cfg, i, &s)
}

func playGinTable(ctx context.Context, cfg Config, i int, sess *ginSession) GameRecord {
	rec := GameRecord{Index: i, ASeat: ASeat(i)}
	defer func() {
		if rec.Forfeit || rec.Err != nil {
			sess.close() // a program that failed, or may still be thinking, is not kept
		}
	}()
	rules, err := ginOptions(cfg)
	if err != nil {
		rec.Err = err
		return rec
	}
	var ps []table.Player[gin.Action, gin.Observation]
	for s := gin.Seat(0); s < 2; s++ {
		name, slot, ds := cfg.A, 0, &rec.DecisionA
		if s != rec.ASeat {
			name, slot, ds = cfg.B, 1, &rec.DecisionB
		}
		pseed := PlayerSeed(cfg.Seed, i, slot)
		var p table.Player[gin.Action, gin.Observation]
		if command, ok := strings.CutPrefix(name, "exec:"); ok {
			opts := program.Options{Game: games.Gin.Kind, Seat: table.Seat(s), Seed: pseed, Rules: rules}
			prog := sess[slot]
			if prog == nil || prog.Failed() {
				if prog != nil {
					prog.Close()
				}
				prog = program.New(command, games.GinProgram, opts)
				sess[slot] = prog
			} else {
				prog.Next(opts)
			}
			timeout := cfg.Timeout
			if timeout <= 0 {
				timeout = 10 * time.Second
			}
			p = table.Player[gin.Action, gin.Observation]{Name: name, Kind: table.Program, Control: prog, Deadline: timeout}
		} else if p, err = games.GinLevel(name, gin.NewRand(pseed)); err != nil {
			rec.Err = err
			return rec
		}
		p.Control = ginTimed{timed[gin.Action, gin.Observation]{p.Control, ds}}
		ps = append(ps, p)
	}
	var log io.Writer
	if cfg.SaveDir != "" {
		f, err := os.Create(filepath.Join(cfg.SaveDir, fmt.Sprintf("game-%06d.jsonl", i)))
		if err != nil {
			rec.Err = err
			return rec
		}
		defer f.Close()
		log = struct{ io.Writer }{f}
	}
	count := &handCounter{a: rec.ASeat}
	reasons := ginForfeits{}
	tb, err := table.New(games.Gin, ps, table.Options[gin.Action, gin.Observation, gin.Event]{
		Seed: DealSeed(cfg.Seed, i), GameOptions: rules, ID: fmt.Sprintf("game-%06d", i), Log: log, Forfeit: true,
		Spectators: []table.Listener[gin.Event]{count, reasons}})
	if err != nil {
		rec.Err = err
		return rec
	}
	res, err := tb.Run(ctx)
	if err != nil {
		rec.Err = err
		return rec
	}
	rec.Hands = count.hands
	a := int(rec.ASeat)
	if res.Forfeited {
		rec.Forfeit, rec.ForfeitA = true, int(res.Forfeiter) == a
		rec.AWon, rec.Reason = !rec.ForfeitA, reasons[res.Forfeiter]
		return rec
	}
	rec.AWon = res.Winner == a
	rec.AScore, rec.BScore = res.Scores[a], res.Scores[1-a]
	return rec
}

// RunGinTable plays a Gin Rummy match through the table driver, as Run
// does through agent.Play. Each worker keeps its outside programs running
// from game to game (a session of protocol version 2).
func RunGinTable(ctx context.Context, cfg Config) ([]GameRecord, error) {
	if cfg.Games < 1 || cfg.Games > MaxGames {
		return nil, fmt.Errorf("arena: %d games: want 1 to %d", cfg.Games, MaxGames)
	}
	if cfg.Parallel < 0 {
		return nil, fmt.Errorf("arena: parallel %d: want 0 or more", cfg.Parallel)
	}
	if cfg.SaveDir != "" {
		if err := os.MkdirAll(cfg.SaveDir, 0o755); err != nil {
			return nil, err
		}
	}
	sessions := make([]ginSession, max(cfg.Parallel, 1))
	defer func() {
		for w := range sessions {
			sessions[w].close()
		}
	}()
	recs, err := pool(ctx, cfg.Games+cfg.Games%2, cfg.Parallel, cfg.Progress, func(w, i int) GameRecord {
		return playGinTable(ctx, cfg, i, &sessions[w])
	})
	if err != nil {
		return nil, err
	}
	var errs []error
	for _, r := range recs {
		if r.Err != nil {
			errs = append(errs, fmt.Errorf("game %d: %w", r.Index, r.Err))
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
