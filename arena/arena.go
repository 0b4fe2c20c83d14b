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
	"felt/internal/seed"
	"felt/table"
)

// Config describes a match of any registered game.
type Config struct {
	// Game is the game played (games.Lookup, or games.Of for a variant).
	Game games.Game
	// Options are the game's options for every game (its rules, as JSON;
	// empty for the game's defaults).
	Options json.RawMessage
	A, B    string // players: the game's levels, or exec:COMMAND
	// Games to play (1 to MaxGames), rounded up to an even number: the
	// mirrored pairs.
	Games    int
	Seed     uint64 // the match seed
	Parallel int    // games played at once (0 means 1)
	// SaveDir, if set, receives each game's table log, game-NNNNNN.jsonl
	// (not synced line by line: a match is not a game to bring back).
	SaveDir string
	// Timeout is how long an outside program may take per decision (0:
	// 10s); a program that fails forfeits the game for its side.
	Timeout time.Duration
	// MaxHands, if not 0, makes a game still going after that many hands
	// an error.
	MaxHands int
	// Progress, if set, is called after each game with the number done.
	Progress func(done int)
}

// MaxGames is the most games a match may have.
const MaxGames = 10_000_000

// GameRecord is one game of a match, from A's side. Teams may form or
// change during a game (Shengji's Finding Friends), so a game's result is
// per player: A won when a larger share of A's seats than of B's were
// among the winners, and the two drew when the shares were equal (no
// winner at all, or as many of each on the winning team).
type GameRecord struct {
	Index    int         // game number, from 0
	ASeats   table.Seats // the seats A played
	AWon     bool
	Draw     bool
	Forfeit  bool   // someone lost by forfeit
	ForfeitA bool   // it was one of A's seats
	Reason   string // why
	// AScore and BScore are the mean final score of A's seats and of
	// B's, in the game's terms (0 after a forfeit).
	AScore, BScore float64
	// Winners are the seats that won (after a forfeit, the seats of the
	// side that did not forfeit).
	Winners table.Seats
	// Teams are the teams as the game ended, in the order of their
	// lowest seat (none after a forfeit or an error).
	Teams     TeamList
	Hands     []games.Hand
	DecisionA []time.Duration
	DecisionB []time.Duration
	Err       error // the game could not be played (not a forfeit)
}

// DealSeed returns the seed of the table of game i of the match seeded
// with match: the same for both games of a mirrored pair.
func DealSeed(match uint64, i int) uint64 { return seed.Mix(match, uint64(i/2), 1) }

// ASeats returns the seats A plays in game i of a game of n seats: the
// even seats in even games, the odd ones in odd games (seat 0 of two in
// even games; the team of seats 0 and 2 of four).
func ASeats(i, n int) table.Seats {
	var m table.Seats
	for s := range n {
		if s%2 == i%2 {
			m = m.Add(table.Seat(s))
		}
	}
	return m
}

// session is a worker's outside programs, kept from game to game: A's
// seats first, then B's, each in seat order.
type session []*games.Program

func (s session) close() {
	for k, p := range s {
		p.Close()
		s[k] = nil
	}
}

// check refuses a configuration that makes no match: no game, no games or
// too many, fewer than none at once, or a player that is neither a level a
// match of the game may seat (games.ErrUnknownLevel) nor exec:COMMAND.
func (cfg Config) check() error {
	if cfg.Game == nil {
		return fmt.Errorf("arena: %w: no game", games.ErrUnknownGame)
	}
	if cfg.Games < 1 || cfg.Games > MaxGames {
		return fmt.Errorf("arena: %d games: want 1 to %d", cfg.Games, MaxGames)
	}
	if cfg.Parallel < 0 {
		return fmt.Errorf("arena: parallel %d: want 0 or more", cfg.Parallel)
	}
	for _, p := range []struct{ side, name string }{{"A", cfg.A}, {"B", cfg.B}} {
		if err := CheckPlayer(cfg.Game.About(), p.name); err != nil {
			return fmt.Errorf("arena: player %s: %w", p.side, err)
		}
	}
	return nil
}

// CheckPlayer refuses a player that is neither a level a match of the
// game may seat nor exec:COMMAND: a match checks its players before any
// game is played, and a command line before it starts one.
func CheckPlayer(info games.Info, name string) error {
	if command, ok := strings.CutPrefix(name, "exec:"); ok {
		if strings.TrimSpace(command) == "" {
			return fmt.Errorf("player %q names no program", name)
		}
		return nil
	}
	if !info.HasMatchLevel(name) {
		return fmt.Errorf("no %s player %q (have %s or exec:COMMAND): %w", info.Title, name,
			strings.Join(info.MatchLevelNames(), ", "), games.ErrUnknownLevel)
	}
	return nil
}

// seats is the number of seats of the match's tables, as its rules set
// them (the game's first if the rules say nothing it can read).
func (cfg Config) seats() int {
	if n, err := cfg.Game.SeatsFor(cfg.Options); err == nil {
		return n
	}
	return cfg.Game.About().Seats[0]
}

// PlayGame plays game i of the match alone (its programs started for it).
func PlayGame(ctx context.Context, cfg Config, i int) GameRecord {
	if err := cfg.check(); err != nil {
		return GameRecord{Index: i, Err: err}
	}
	s := make(session, cfg.seats())
	defer s.close()
	return play(ctx, cfg, i, s)
}

// play plays game i with the worker's session of programs.
func play(ctx context.Context, cfg Config, i int, sess session) (rec GameRecord) {
	n := cfg.seats()
	a := ASeats(i, n)
	rec = GameRecord{Index: i, ASeats: a}
	defer func() {
		if rec.Forfeit || rec.Err != nil {
			sess.close() // a program that failed, or may still be thinking, is not kept
		}
	}()
	p := games.Play{ID: fmt.Sprintf("game-%06d", i), Seed: DealSeed(cfg.Seed, i), Options: cfg.Options, Forfeit: true,
		MaxHands: cfg.MaxHands}
	times := make([]*[]time.Duration, n)
	nA := a.Len()
	ka, kb := 0, 0
	for s := range table.Seat(n) {
		st := games.Seating{Name: cfg.B, Deadline: cfg.Timeout}
		side, slot := 1, nA+kb
		times[s] = &rec.DecisionB
		if a.Has(s) {
			st.Name, side, slot = cfg.A, 0, ka
			times[s] = &rec.DecisionA
			ka++
		} else {
			kb++
		}
		st.Seed = cfg.Game.SeatSeed(cfg.Seed, i, s, side)
		if strings.HasPrefix(st.Name, "exec:") {
			st.Keep = &sess[slot]
		}
		p.Seats = append(p.Seats, st)
	}
	p.DecisionTime = func(s table.Seat, took time.Duration) { *times[s] = append(*times[s], took) }
	if cfg.SaveDir != "" {
		f, err := os.Create(filepath.Join(cfg.SaveDir, fmt.Sprintf("game-%06d.jsonl", i)))
		if err != nil {
			rec.Err = err
			return rec
		}
		defer f.Close()
		p.Log = struct{ io.Writer }{f} // not synced line by line
	}
	out, err := cfg.Game.Play(ctx, p)
	if err != nil {
		rec.Err = err
		return rec
	}
	rec.Hands = out.Hands
	b := table.AllSeats(n) &^ a
	if out.Forfeited {
		rec.Forfeit, rec.ForfeitA = true, a.Has(out.Forfeiter)
		rec.AWon, rec.Reason = !rec.ForfeitA, out.Reasons[out.Forfeiter]
		rec.Winners = a
		if rec.ForfeitA {
			rec.Winners = b
		}
		return rec
	}
	rec.Winners, rec.Teams = out.Winners, TeamList(out.Teams.List(n))
	aShare, bShare := share(out.Winners, a), share(out.Winners, b)
	rec.AWon, rec.Draw = aShare > bShare, aShare == bShare
	rec.AScore, rec.BScore = meanScore(out.Scores, a), meanScore(out.Scores, b)
	return rec
}

// share is the part of seats that are among the winners.
func share(winners, seats table.Seats) float64 {
	if seats.IsEmpty() {
		return 0
	}
	return float64((winners & seats).Len()) / float64(seats.Len())
}

// meanScore is the mean score of seats.
func meanScore(scores [table.MaxSeats]int, seats table.Seats) float64 {
	if seats.IsEmpty() {
		return 0
	}
	sum := 0
	for s := range seats.All() {
		sum += scores[s]
	}
	return float64(sum) / float64(seats.Len())
}

// Points is the game's result for A: 1 for a win, ½ for a draw, 0 for a
// loss.
func (r GameRecord) Points() float64 {
	switch {
	case r.AWon:
		return 1
	case r.Draw:
		return 0.5
	}
	return 0
}

// Run plays a match: cfg.Games (rounded up to whole mirrored pairs),
// cfg.Parallel at once, each worker keeping its outside programs running
// from game to game. A configuration that makes no match (no game, no
// games or too many, a negative Parallel, a player that is neither exec:
// with a command nor a level a match of the game seats, which is
// games.ErrUnknownLevel) is refused before anything is played; a game that
// could not be played is an error (its record says why); a forfeit is a
// result.
func Run(ctx context.Context, cfg Config) ([]GameRecord, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	if cfg.SaveDir != "" {
		if err := os.MkdirAll(cfg.SaveDir, 0o755); err != nil {
			return nil, err
		}
	}
	n := cfg.Games + cfg.Games%2
	workers := min(max(cfg.Parallel, 1), n) // a session a worker, and no more workers than games (pool's bound)
	sessions := make([]session, workers)
	for w := range sessions {
		sessions[w] = make(session, cfg.seats())
	}
	defer func() {
		for _, s := range sessions {
			s.close()
		}
	}()
	recs, err := pool(ctx, n, workers, cfg.Progress, func(w, i int) GameRecord { return play(ctx, cfg, i, sessions[w]) })
	if err != nil {
		return nil, err
	}
	var errs []error
	for i, r := range recs {
		if r.Err != nil {
			errs = append(errs, fmt.Errorf("game %d: %w", i, r.Err))
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
		wg.Go(func() {
			for i := range next {
				recs[i] = play(w, i)
				if progress != nil {
					mu.Lock()
					done++
					progress(done)
					mu.Unlock()
				}
			}
		})
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
