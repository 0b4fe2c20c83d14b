package store

import (
	"context"
	"fmt"
)

// checkResults refuses a result without a player or with a negative seat.
func checkResults(id string, rs []Result) error {
	for _, r := range rs {
		if r.Player == "" || r.Seat < 0 || r.Game == "" {
			return fmt.Errorf("store: table %s: a result needs a seat, a player and a game: %+v", id, r)
		}
	}
	return nil
}

// RecordResults records table id's results in one transaction.
func (s *SQLite) RecordResults(ctx context.Context, id string, rs []Result) error {
	if err := checkResults(id, rs); err != nil {
		return err
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: table %s results: %w", id, err)
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM tables WHERE id = ?`, id).Scan(&n); err != nil {
		return fmt.Errorf("store: table %s results: %w", id, err)
	}
	if n == 0 {
		return fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	for _, r := range rs {
		won := 0
		if r.Won {
			won = 1
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO results (table_id, seat, player, game, won, levels)
			VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, id, r.Seat, r.Player, r.Game, won, r.Levels); err != nil {
			return fmt.Errorf("store: table %s results: %w", id, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: table %s results: %w", id, err)
	}
	return nil
}

// PlayerStats sums a player's results by game.
func (s *SQLite) PlayerStats(ctx context.Context, player string) ([]Stats, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT game, count(*), sum(won), sum(levels) FROM results
		WHERE player = ? GROUP BY game ORDER BY game`, player)
	if err != nil {
		return nil, fmt.Errorf("store: statistics of player %s: %w", player, err)
	}
	defer rows.Close()
	out := []Stats{}
	for rows.Next() {
		var st Stats
		if err := rows.Scan(&st.Game, &st.Played, &st.Won, &st.Levels); err != nil {
			return nil, fmt.Errorf("store: statistics of player %s: %w", player, err)
		}
		out = append(out, st)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: statistics of player %s: %w", player, err)
	}
	return out, nil
}

// RecordResults records table id's results in one transaction.
func (p *Postgres) RecordResults(ctx context.Context, id string, rs []Result) error {
	if err := checkResults(id, rs); err != nil {
		return err
	}
	tx, err := p.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("store: table %s results: %w", id, err)
	}
	defer tx.Rollback(ctx)
	var n int
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM tables WHERE id = $1`, id).Scan(&n); err != nil {
		return fmt.Errorf("store: table %s results: %w", id, err)
	}
	if n == 0 {
		return fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	for _, r := range rs {
		if _, err := tx.Exec(ctx, `INSERT INTO results (table_id, seat, player, game, won, levels)
			VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`, id, r.Seat, r.Player, r.Game, r.Won, r.Levels); err != nil {
			return fmt.Errorf("store: table %s results: %w", id, err)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("store: table %s results: %w", id, err)
	}
	return nil
}

// PlayerStats sums a player's results by game.
func (p *Postgres) PlayerStats(ctx context.Context, player string) ([]Stats, error) {
	rows, err := p.pool.Query(ctx, `SELECT game, count(*)::bigint, count(*) FILTER (WHERE won)::bigint, coalesce(sum(levels), 0)::bigint
		FROM results WHERE player = $1 GROUP BY game ORDER BY game`, player)
	if err != nil {
		return nil, fmt.Errorf("store: statistics of player %s: %w", player, err)
	}
	defer rows.Close()
	out := []Stats{}
	for rows.Next() {
		var st Stats
		var played, won, levels int64
		if err := rows.Scan(&st.Game, &played, &won, &levels); err != nil {
			return nil, fmt.Errorf("store: statistics of player %s: %w", player, err)
		}
		st.Played, st.Won, st.Levels = int(played), int(won), int(levels)
		out = append(out, st)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: statistics of player %s: %w", player, err)
	}
	return out, nil
}
