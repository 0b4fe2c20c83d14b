package server

import (
	"bytes"
	"context"
	"fmt"

	"felt/table"
)

// walkLog replays a stored table log (the table's one walk, table.Walk:
// strict, every move checked, every deal the seed's) and returns the table
// where the log leaves it, with what each seat and the spectators saw of
// the hand being played, for the histories of a recovered table.
func (r *room[M, O, E]) walkLog(log []byte) (*table.Recovered[M, O, E], [table.MaxSeats + 1][]histEntry[E], error) {
	var h [table.MaxSeats + 1][]histEntry[E]
	rec, err := table.Walk(bytes.NewReader(log), r.g.Spec, func(st table.Step[M, O, E]) error {
		if st.Type == table.UndoStep {
			h = [table.MaxSeats + 1][]histEntry[E]{} // the game made again: its steps follow (Redo)
			return nil
		}
		if st.Views == nil {
			return nil
		}
		if st.Type == table.DealStep {
			h = [table.MaxSeats + 1][]histEntry[E]{} // a new hand: its deal first
		}
		for s := range len(r.st.Seats) {
			h[s] = append(h[s], histEntry[E]{st.N, st.Adv, st.Views.Seat[s]})
		}
		h[spectator] = append(h[spectator], histEntry[E]{st.N, st.Adv, st.Views.Spectator})
		return nil
	})
	return rec, h, err
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
	_, err = table.Walk(bytes.NewReader(buf.Bytes()), r.g.Spec, func(st table.Step[M, O, E]) error {
		if st.Views == nil || st.Redo {
			return nil // a line that shows nothing (the header, a control line), or one made again after an undo
		}
		rs := ReplayStep{N: st.N, Adv: st.Adv}
		if seat < 0 {
			rs.Event = r.g.Wire.WireEvent(st.Views.Spectator)
		} else {
			rs.Event = r.g.Wire.WireEvent(st.Views.Seat[seat])
			if st.Adv == 0 {
				var o O
				st.Engine.Observe(table.Seat(seat), &o)
				rs.Obs = r.g.Wire.WireObs(o)
			}
		}
		out.Steps = append(out.Steps, rs)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("server: table %s: %w", r.id, err)
	}
	return out, nil
}
