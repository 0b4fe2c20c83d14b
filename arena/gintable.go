package arena

import (
	"context"
	"encoding/json"
	gingame "felt/games/gin"

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
	fields[gingame.LayOutOption] = true
	return json.Marshal(fields)
}

// ginMatch is cfg's match on the table driver.
func ginMatch(cfg Config) (*tableMatch[gin.Action, gin.Observation, gin.Event], error) {
	rules, err := ginOptions(cfg)
	if err != nil {
		return nil, err
	}
	m := &tableMatch[gin.Action, gin.Observation, gin.Event]{spec: gingame.Spec, seats: 2, program: gingame.Wire, options: rules,
		a: cfg.A, b: cfg.B, games: cfg.Games, seed: cfg.Seed, parallel: cfg.Parallel, saveDir: cfg.SaveDir, timeout: cfg.Timeout,
		progress: cfg.Progress,
		playerSeed: func(i int, s table.Seat) uint64 {
			slot := 0
			if gin.Seat(s) != ASeat(i) {
				slot = 1
			}
			return PlayerSeed(cfg.Seed, i, slot)
		}}
	m.player = func(name string, _ table.Seat, seed uint64) (table.Player[gin.Action, gin.Observation], error) {
		if cfg.NewPlayer != nil {
			return cfg.NewPlayer(name, seed)
		}
		return gingame.Level(name, gin.NewRand(seed))
	}
	return m, nil
}

// PlayGinTable plays game i of the match through the table driver: A in
// seat ASeat(i), each hand's deck drawn from the table's seed
// DealSeed(cfg.Seed, i) and the hand's number (so mirrored pairs meet the
// same deals). Players are built-in levels or exec:COMMAND, an outside
// program speaking protocol version 2 (package program) that forfeits the
// game when it fails. With cfg.SaveDir the table log is written there as
// game-NNNNNN.jsonl.
func PlayGinTable(ctx context.Context, cfg Config, i int) GameRecord {
	m, err := ginMatch(cfg)
	if err != nil {
		return GameRecord{Index: i, ASeat: ASeat(i), Err: err}
	}
	s := make(session[gin.Action, gin.Observation, gin.Event], m.seats)
	defer s.close()
	return playGin(ctx, m, i, s)
}

func playGin(ctx context.Context, m *tableMatch[gin.Action, gin.Observation, gin.Event], i int, sess session[gin.Action, gin.Observation, gin.Event]) GameRecord {
	rec := GameRecord{Index: i, ASeat: ASeat(i)}
	count := &handCounter{a: rec.ASeat}
	p := m.play(ctx, i, sess, count)
	rec.DecisionA, rec.DecisionB, rec.Err = p.decA, p.decB, p.err
	if p.err != nil {
		return rec
	}
	rec.Hands = count.hands
	if p.res.Forfeited {
		rec.Forfeit, rec.ForfeitA = true, p.forfeitA
		rec.AWon, rec.Reason = !rec.ForfeitA, p.forfeit()
		return rec
	}
	a := int(rec.ASeat)
	rec.AWon = p.res.Winner == a
	rec.AScore, rec.BScore = p.res.Scores[a], p.res.Scores[1-a]
	return rec
}

// RunGinTable plays a Gin Rummy match through the table driver: games in
// mirrored pairs (an odd count rounded up), cfg.Parallel at once, every
// game's record in game order (they do not depend on cfg.Parallel). Each
// worker keeps its outside programs running from game to game (a session
// of protocol version 2), so that each pays its start-up once.
func RunGinTable(ctx context.Context, cfg Config) ([]GameRecord, error) {
	m, err := ginMatch(cfg)
	if err != nil {
		return nil, err
	}
	return run(ctx, m, func(i int, s session[gin.Action, gin.Observation, gin.Event]) GameRecord {
		return playGin(ctx, m, i, s)
	}, func(r GameRecord) error { return r.Err })
}
