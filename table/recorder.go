package table

import (
	"encoding/json"
	"fmt"
)

// Recorder drives an engine one move at a time for a caller that makes
// every seat's moves itself (a learning environment): it checks and makes
// each move, makes the advances between them as a table does, and keeps
// what a table log needs (the header, the moves, the deals' records and
// the advances counted between them), encoding nothing until Log is
// called. After its first games it does not allocate a move (the moves'
// slice is reused); a deal's record is the engine's own.
//
// A Recorder is not safe for concurrent use.
type Recorder[M, O, E any] struct {
	spec  Spec[M, O, E]
	h     Header
	e     Engine[M, O, E]
	try   Trier[M, E]
	lines []recLine[M]
	adv   int
}

// recLine is a line of the log to be: a move, or a deal's record.
type recLine[M any] struct {
	adv  int // advances without a record made before it
	seat Seat
	m    M
	deal json.RawMessage // a deal line when not nil
}

// NewRecorder returns a recorder of a game of spec: its header names the
// game's options and seats (h.Game and h.Format are spec's). Reset deals
// its first game.
func NewRecorder[M, O, E any](spec Spec[M, O, E], h Header) *Recorder[M, O, E] {
	h.Game, h.Format = spec.Kind, spec.Format
	return &Recorder[M, O, E]{spec: spec, h: h}
}

// Reset starts a new game from seed, as a table of the header's options
// seeded with it would; it makes no advance (see Settle).
func (r *Recorder[M, O, E]) Reset(seed uint64) error {
	e, err := r.spec.New(seed, r.h.Options)
	if err != nil {
		return err
	}
	r.h.Seed = seed
	r.e = e
	r.try, _ = e.(Trier[M, E])
	clear(r.lines) // no move kept from the game before
	r.lines = r.lines[:0]
	r.adv = 0
	return nil
}

// Engine returns the game's engine, for reading it (to observe it, ask
// who is to act): a change made to it past the recorder is not logged.
func (r *Recorder[M, O, E]) Engine() Engine[M, O, E] { return r.e }

// Seed returns the seed of the game being played.
func (r *Recorder[M, O, E]) Seed() uint64 { return r.h.Seed }

// Play makes seat s's move m if the rules allow it, and records it; a
// refused move returns the engine's reason wrapped in ErrRefusedMove and
// changes nothing. v, when not nil, is filled with what the move showed.
func (r *Recorder[M, O, E]) Play(s Seat, m M, v *Views[E]) error {
	var err error
	if r.try != nil {
		err = r.try.TryApply(s, m, v)
	} else if err = r.e.Check(s, m); err == nil {
		if err = r.e.Apply(s, m, v); err != nil {
			return fmt.Errorf("table: seat %s: a checked move failed to apply: %w", s, err)
		}
	}
	if err != nil {
		return fmt.Errorf("%w: %w", ErrRefusedMove, err)
	}
	r.lines = append(r.lines, recLine[M]{adv: r.adv, seat: s, m: m})
	r.adv = 0
	return nil
}

// Advance makes one advance, as a table does when no seat acts (or the
// seats to act declined): a deal's record is kept for the log.
func (r *Recorder[M, O, E]) Advance(v *Views[E]) error {
	rec, err := r.e.Advance(v)
	if err != nil {
		return err
	}
	if rec == nil {
		r.adv++
		return nil
	}
	if err := r.e.Redeal(rec, v); err != nil {
		return fmt.Errorf("table: a deal failed to apply: %w", err)
	}
	r.lines = append(r.lines, recLine[M]{adv: r.adv, deal: rec})
	r.adv = 0
	return nil
}

// Settle makes advances while the game is not over, no seat is to act
// and stop (if not nil) does not say to stop: until a decision, the
// game's end or the caller's end (a hand's).
func (r *Recorder[M, O, E]) Settle(stop func(Engine[M, O, E]) bool) error {
	for !r.e.Over() && r.e.ToAct() == 0 && (stop == nil || !stop(r.e)) {
		if err := r.Advance(nil); err != nil {
			return err
		}
	}
	return nil
}

// Log returns the game so far as a table log: its header, then each deal
// and move in order. Advances made after the last line are not written
// (a table's replay makes them again).
func (r *Recorder[M, O, E]) Log() ([]byte, error) {
	if r.e == nil {
		return nil, fmt.Errorf("table: recorder: no game yet")
	}
	out, err := headerLine(r.h)
	if err != nil {
		return nil, err
	}
	for i, l := range r.lines {
		n := i + 1
		if l.deal != nil {
			line, err := otherLine(record{Type: "deal", N: n, Adv: l.adv, Deal: l.deal})
			if err != nil {
				return nil, err
			}
			out = append(out, line...)
			continue
		}
		enc, err := r.e.MarshalMove(l.m)
		if err != nil {
			return nil, fmt.Errorf("table: line %d: encoding the move: %w", n, err)
		}
		out = appendMove(out, n, l.adv, l.seat, enc)
	}
	return out, nil
}
