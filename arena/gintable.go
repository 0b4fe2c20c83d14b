package arena

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"felt/games"
	"felt/gin"
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

// PlayGinTable plays game i of the match through the table driver: built-in
// levels only, A in seat ASeat(i), each hand's deck drawn from the table's
// seed DealSeed(cfg.Seed, i) and the hand's number (so mirrored pairs meet
// the same deals, though not those of PlayGame).
func PlayGinTable(ctx context.Context, cfg Config, i int) GameRecord {
	rec := GameRecord{Index: i, ASeat: ASeat(i)}
	rules, err := json.Marshal(cfg.Rules)
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
		p, err := games.GinLevel(name, gin.NewRand(PlayerSeed(cfg.Seed, i, slot)))
		if err != nil {
			rec.Err = err
			return rec
		}
		p.Control = timed[gin.Action, gin.Observation]{p.Control, ds}
		ps = append(ps, p)
	}
	count := &handCounter{a: rec.ASeat}
	tb, err := table.New(games.Gin, ps, table.Options[gin.Action, gin.Observation, gin.Event]{
		Seed: DealSeed(cfg.Seed, i), GameOptions: rules, ID: fmt.Sprintf("game-%06d", i),
		Spectators: []table.Listener[gin.Event]{count}})
	if err != nil {
		rec.Err = err
		return rec
	}
	res, err := tb.Run(ctx)
	if err != nil {
		rec.Err = err
		return rec
	}
	a := int(rec.ASeat)
	rec.AWon = res.Winner == a
	rec.AScore, rec.BScore = res.Scores[a], res.Scores[1-a]
	rec.Hands = count.hands
	return rec
}

// RunGinTable plays a Gin Rummy match of built-in levels through the
// table driver, as Run does through agent.Play.
func RunGinTable(ctx context.Context, cfg Config) ([]GameRecord, error) {
	if cfg.Games < 1 || cfg.Games > MaxGames {
		return nil, fmt.Errorf("arena: %d games: want 1 to %d", cfg.Games, MaxGames)
	}
	if cfg.Parallel < 0 {
		return nil, fmt.Errorf("arena: parallel %d: want 0 or more", cfg.Parallel)
	}
	recs, err := pool(ctx, cfg.Games+cfg.Games%2, cfg.Parallel, cfg.Progress, func(_, i int) GameRecord { return PlayGinTable(ctx, cfg, i) })
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
