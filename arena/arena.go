package arena

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"felt/agent"
	"felt/gin"
	"felt/internal/seed"
)

// Config describes a match.
type Config struct {
	A, B     string    // player names (built-in levels or exec:COMMAND)
	Rules    gin.Rules // the rules of every game
	Games    int       // games to play (1 to MaxGames); rounded up to an even number (mirrored pairs)
	Seed     uint64    // the match seed
	Parallel int       // games played at once (0 means 1)
	SaveDir  string    // if set, each game's replay log is written there
	Timeout  time.Duration
	// Protocol is the version of the line protocol that exec:COMMAND
	// players speak on the table driver: 2 (or 0), each worker keeping its
	// programs from game to game (package program), or 1, a process a game
	// (package agent). The agent driver (Run) speaks version 1 only.
	Protocol int
	// DefenderLaysOut (the table driver only) lets the defender lay out
	// its own melds after a knock (games.GinLayOutOption).
	DefenderLaysOut bool
	// Progress, if set, is called after each game with the number done.
	Progress func(done int)
	// NewPlayer, if set, makes the players instead of agent.New (for
	// experiments with players that have no name).
	NewPlayer func(name string, seed uint64, opt agent.Options) (agent.Player, error)
}

// MaxGames is the most games a match may have.
const MaxGames = 10_000_000

// GameRecord is one game of a match, from A's side.
type GameRecord struct {
	Index     int      // game number, from 0
	ASeat     gin.Seat // the seat A sat in
	AWon      bool
	Forfeit   bool   // someone lost by forfeit
	ForfeitA  bool   // it was A
	Reason    string // why
	AScore    int    // final totals with bonuses (0 after a forfeit)
	BScore    int
	Hands     []HandRecord
	DecisionA []time.Duration
	DecisionB []time.Duration
	Err       error // the game could not be played (not a forfeit)
}

// HandRecord is one hand of a game.
type HandRecord struct {
	Kind   gin.ResultKind
	AWon   bool // A scored the hand (false for a draw)
	Points int
	Moves  int
}

// DealSeed returns the seed of the deal stream of game i of the match
// seeded with match: the same for both games of a mirrored pair.
func DealSeed(match uint64, i int) uint64 { return seed.Mix(match, uint64(i/2), 1) }

// PlayerSeed returns the seed of player slot (0 for A, 1 for B) in game i
// of the match seeded with match. It is a seed.Mix of the match seed,
// which can be undone: an outside program is given program.StartSeed of
// it, a one-way function, never PlayerSeed itself.
func PlayerSeed(match uint64, i int, slot int) uint64 {
	return seed.Mix(match, uint64(i), 2, uint64(slot))
}

// ASeat returns the seat A takes in game i: 0 in even games, 1 in odd.
func ASeat(i int) gin.Seat { return gin.Seat(i % 2) }

// PlayGame plays game i of the match described by cfg.
func PlayGame(ctx context.Context, cfg Config, i int) GameRecord {
	rec := GameRecord{Index: i, ASeat: ASeat(i)}
	names := [2]string{cfg.A, cfg.B}
	if rec.ASeat == 1 {
		names = [2]string{cfg.B, cfg.A}
	}
	var players [2]agent.Player
	defer func() {
		for _, p := range players {
			if p != nil {
				p.Close()
			}
		}
	}()
	for s := gin.Seat(0); s < 2; s++ {
		slot := 0
		if s != rec.ASeat {
			slot = 1
		}
		newPlayer := agent.New
		if cfg.NewPlayer != nil {
			newPlayer = cfg.NewPlayer
		}
		p, err := newPlayer(names[s], PlayerSeed(cfg.Seed, i, slot), agent.Options{Rules: cfg.Rules, Timeout: cfg.Timeout, Seat: s})
		if err != nil {
			if errors.Is(err, agent.ErrProgram) {
				// An outside program that fails to start forfeits.
				rec.Forfeit, rec.ForfeitA, rec.Reason = true, slot == 0, err.Error()
				rec.AWon = slot != 0
				return rec
			}
			rec.Err = err
			return rec
		}
		players[s] = p
	}
	var logw io.Writer // nil: nothing recorded
	if cfg.SaveDir != "" {
		f, err := os.Create(filepath.Join(cfg.SaveDir, fmt.Sprintf("game-%06d.jsonl", i)))
		if err != nil {
			rec.Err = err
			return rec
		}
		defer f.Close()
		logw = f
	}
	g, err := gin.NewRecordedGame(logw, cfg.Rules, DealSeed(cfg.Seed, i), names)
	if err != nil {
		rec.Err = err
		return rec
	}
	out, err := agent.Play(ctx, g, players, nil)
	if err != nil {
		rec.Err = err
		return rec
	}
	a := rec.ASeat
	rec.AWon = out.Winner == a
	rec.Forfeit, rec.ForfeitA, rec.Reason = out.Forfeit, out.Forfeit && out.ForfeitSeat == a, out.Reason
	if !out.Forfeit {
		rec.AScore, rec.BScore = out.Result.Final[a], out.Result.Final[a.Other()]
	}
	for k, h := range out.Hands {
		hr := HandRecord{Kind: h.Kind, AWon: h.Kind != gin.DrawResult && h.Winner == a, Points: h.Points}
		if k < len(out.HandMoves) {
			hr.Moves = out.HandMoves[k]
		}
		rec.Hands = append(rec.Hands, hr)
	}
	rec.DecisionA, rec.DecisionB = out.Decisions[a], out.Decisions[a.Other()]
	return rec
}

// Run plays the match and returns every game, in game order. Games are
// independent, so the results do not depend on Parallel.
func Run(ctx context.Context, cfg Config) ([]GameRecord, error) {
	if cfg.Games <= 0 || cfg.Games > MaxGames {
		return nil, fmt.Errorf("arena: %d games, want 1 to %d", cfg.Games, MaxGames)
	}
	if cfg.Parallel < 0 {
		return nil, fmt.Errorf("arena: %d games at once, want 0 (one) or more", cfg.Parallel)
	}
	if cfg.Games%2 == 1 {
		cfg.Games++
	}
	if err := cfg.Rules.Validate(); err != nil {
		return nil, err
	}
	if cfg.SaveDir != "" {
		if err := os.MkdirAll(cfg.SaveDir, 0o755); err != nil {
			return nil, err
		}
	}
	par := min(max(1, cfg.Parallel), cfg.Games)
	recs := make([]GameRecord, cfg.Games)
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for w := 0; w < par; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				recs[i] = PlayGame(ctx, cfg, i)
				if cfg.Progress != nil {
					mu.Lock()
					done++
					d := done
					cfg.Progress(d)
					mu.Unlock()
				}
			}
		}()
	}
feed:
	for i := 0; i < cfg.Games; i++ {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return recs, err
	}
	for _, r := range recs {
		if r.Err != nil {
			return recs, fmt.Errorf("arena: game %d: %w", r.Index, r.Err)
		}
	}
	return recs, nil
}
