package server

import (
	"context"
	"fmt"
	"net/http"

	"felt/internal/store"
	"felt/table"
)

// Players' statistics: each person's result at a table that is over is
// recorded (store.RecordResults) before its outcome, and a player's
// figures are their sums (GET /api/stats?player=P, shown at /stats).

// results are the people's results of a game that ended with outcome o:
// whether each won and, in a game whose scores are levels, the levels
// they gained since the game's start. r.mu is held.
func (r *room[M, O, E]) results(o table.Outcome) []store.Result {
	var start table.Outcome
	levels := r.g.Score == "level"
	if levels {
		e, err := r.g.Spec.New(r.st.Seed, r.st.Options)
		if err != nil {
			r.log.Error("the game's start, for its levels gained", "err", err)
			levels = false
		} else {
			start = e.Outcome()
		}
	}
	var rs []store.Result
	for i, s := range r.st.Seats {
		if s.Kind != "person" || s.Player == "" || i >= table.MaxSeats {
			continue
		}
		res := store.Result{Seat: i, Player: s.Player, Game: r.st.Game, Won: o.Winners.Has(table.Seat(i))}
		if levels {
			res.Levels = o.Scores[i] - start.Scores[i]
		}
		rs = append(rs, res)
	}
	return rs
}

// saveResults records the people's results; a failure is logged (the
// game's outcome is saved all the same).
func (r *room[M, O, E]) saveResults(rs []store.Result) {
	if len(rs) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), r.srv.cfg.StoreTimeout)
	defer cancel()
	if err := r.srv.cfg.Store.RecordResults(ctx, r.id, rs); err != nil {
		r.log.Error("saving the players' results", "err", err)
	}
}

// StatsWire is GET /api/stats's answer: a player's figures, a game each.
type StatsWire struct {
	Player string      `json:"player"`
	Games  []GameStats `json:"games"`
}

// GameStats are a player's figures at one game: games played, won and
// (a game whose scores are levels) levels gained, with the game's title
// and whether it counts levels.
type GameStats struct {
	store.Stats
	Title       string `json:"title"`
	CountLevels bool   `json:"count_levels"`
}

// playerStats is GET /api/stats?player=P.
func (s *Server) playerStats(w http.ResponseWriter, r *http.Request) {
	player := r.URL.Query().Get("player")
	if !validID(player) {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("player: 1 to %d letters, digits, - or _", maxID))
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.StoreTimeout)
	defer cancel()
	st, err := s.cfg.Store.PlayerStats(ctx, player)
	if err != nil {
		s.log.Error("a player's statistics", "err", err)
		writeError(w, http.StatusInternalServerError, "the statistics could not be read")
		return
	}
	out := StatsWire{Player: player, Games: []GameStats{}}
	for _, x := range st {
		gs := GameStats{Stats: x, Title: x.Game}
		if g, err := gameOf(x.Game); err == nil {
			gs.Title, gs.CountLevels = g.Title, g.Score == "level"
		}
		out.Games = append(out.Games, gs)
	}
	writeJSON(w, http.StatusOK, out)
}
