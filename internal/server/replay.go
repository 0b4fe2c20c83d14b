package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"felt/table"
)

// replayLog walks a table log as the table played it, calling views for
// each round of views (a move, a deal, or an advance without a line, which
// belongs to the line after it: n is then that line's number and adv its
// place among the advances, from 1) and line after each complete line.
// The log was recovered already, so an error here is a log that changed.
func replayLog[M, O, E any](g *game[M, O, E], log []byte, views func(e table.Engine[M, O, E], n, adv int, v *table.Views[E]), line func(e table.Engine[M, O, E], n int, typ string, raw []byte)) error {
	var e table.Engine[M, O, E]
	var v table.Views[E]
	n := 0
	for len(log) > 0 {
		i := bytes.IndexByte(log, '\n')
		if i < 0 {
			break
		}
		raw := log[:i]
		log = log[i+1:]
		var rec struct {
			Type    string          `json:"type"`
			Adv     int             `json:"adv"`
			Seed    uint64          `json:"seed"`
			Options json.RawMessage `json:"options"`
			Seat    *table.Seat     `json:"seat"`
			Move    json.RawMessage `json:"move"`
			Deal    json.RawMessage `json:"deal"`
		}
		if err := json.Unmarshal(raw, &rec); err != nil {
			return fmt.Errorf("server: log line %d: %w", n, err)
		}
		if n == 0 {
			var err error
			if e, err = g.Spec.New(rec.Seed, rec.Options); err != nil {
				return fmt.Errorf("server: log line 0: %w", err)
			}
			if line != nil {
				line(e, n, rec.Type, raw)
			}
			n++
			continue
		}
		for k := range rec.Adv {
			v = table.Views[E]{}
			if _, err := e.Advance(&v); err != nil {
				return fmt.Errorf("server: log line %d: advance: %w", n, err)
			}
			if views != nil {
				views(e, n, k+1, &v)
			}
		}
		switch rec.Type {
		case "deal":
			v = table.Views[E]{}
			if err := e.Redeal(rec.Deal, &v); err != nil {
				return fmt.Errorf("server: log line %d: %w", n, err)
			}
			if views != nil {
				views(e, n, 0, &v)
			}
		case "move":
			if rec.Seat == nil {
				return fmt.Errorf("server: log line %d: a move without its seat", n)
			}
			m, err := e.UnmarshalMove(rec.Move)
			if err != nil {
				return fmt.Errorf("server: log line %d: %w", n, err)
			}
			v = table.Views[E]{}
			if err := e.Apply(*rec.Seat, m, &v); err != nil {
				return fmt.Errorf("server: log line %d: %w", n, err)
			}
			if views != nil {
				views(e, n, 0, &v)
			}
		}
		if line != nil {
			line(e, n, rec.Type, raw)
		}
		n++
	}
	return nil
}

// handViews rebuilds what each seat and the spectators saw of the hand
// being played, for the histories of a recovered table.
func (r *room[M, O, E]) handViews(log []byte) ([table.MaxSeats + 1][]histEntry[E], error) {
	var h [table.MaxSeats + 1][]histEntry[E]
	err := replayLog(r.g, log, func(e table.Engine[M, O, E], n, adv int, v *table.Views[E]) {
		for s := range len(r.st.Seats) {
			h[s] = append(h[s], histEntry[E]{n, adv, v.Seat[s]})
		}
		h[spectator] = append(h[spectator], histEntry[E]{n, adv, v.Spectator})
	}, func(_ table.Engine[M, O, E], n int, typ string, _ []byte) {
		if typ == "deal" {
			// The deal's views were appended before this call: keep them.
			for i := range h {
				if k := len(h[i]); k > 0 {
					h[i] = h[i][k-1:]
				}
			}
		}
	})
	return h, err
}

// ReplayStep is one step of a replay: what the seat (or a spectator) saw
// of one line or of an advance, and for a seat at a line its observation
// after it.
type ReplayStep struct {
	N     int `json:"n"`
	Adv   int `json:"adv,omitempty"`
	Event any `json:"event"`
	Obs   any `json:"obs,omitempty"`
}

// Replay is what GET /api/tables/{id}/replay returns.
type Replay struct {
	Game  string       `json:"game"`
	Seat  int          `json:"seat"`
	Steps []ReplayStep `json:"steps"`
}

func (r *room[M, O, E]) replay(ctx context.Context, seat int) (any, error) {
	lines, err := r.srv.cfg.Store.Lines(ctx, r.id, 0)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	for _, l := range lines {
		buf.Write(bytes.TrimSuffix(l, []byte{'\n'}))
		buf.WriteByte('\n')
	}
	out := Replay{Game: r.g.Name, Seat: seat, Steps: []ReplayStep{}}
	err = replayLog(r.g, buf.Bytes(), func(e table.Engine[M, O, E], n, adv int, v *table.Views[E]) {
		st := ReplayStep{N: n, Adv: adv}
		if seat < 0 {
			st.Event = r.g.Wire.Event(v.Spectator)
		} else {
			st.Event = r.g.Wire.Event(v.Seat[seat])
			if adv == 0 {
				st.Obs = r.g.Wire.Obs(e.Observe(table.Seat(seat)))
			}
		}
		out.Steps = append(out.Steps, st)
	}, nil)
	if err != nil {
		return nil, err
	}
	return out, nil
}
