package table

import (
	"encoding/json"
	"errors"
	"fmt"
)

// Taking moves back.
//
// A table made with Options.Undo (its header says "undo":true) lets a
// seat's controller take back the seat's last move of the hand being
// played, and every move and advance made after it: Decide returns an
// *Undo as its error. The table writes an undo line,
//
//	{"type":"undo","n":N,"adv":A,"seat":S,"back":K,"reason":"…"}
//
// where K is the line of the seat's move taken back, and the game is then
// where it stood after the lines before K that still count: the table
// makes a new engine from the header's seed and options and replays those
// lines on it (their advances first, as any replay). The lines taken back
// stay in the log, which is append-only; a line after the undo line counts
// the advances made since it. Walk replays an undo line the same way and
// refuses one that does not take back the seat's last move of the hand,
// or one at a table whose header does not allow undo. Advances are made
// again from the seed as the table goes on, so a deal made again is the
// same deal.

// Errors of taking a move back.
var (
	ErrNoUndo      = errors.New("this table does not allow taking moves back")
	ErrNothingUndo = errors.New("no move of the seat's to take back in this hand")
)

// Undo is what a controller's Decide returns, as its error, to take back
// its seat's last move of the hand (see above). It is not a failure:
// refused (the table does not allow it, nothing to take back), the
// controller is told (UndoRefuser) and asked again.
type Undo struct {
	Reason string // why, for the log (at most MaxName bytes)
}

// Error says what the controller asks.
func (u *Undo) Error() string { return "take back the seat's last move: " + u.Reason }

// UndoRefuser is a controller that wants to hear why its Undo was refused.
type UndoRefuser interface {
	UndoRefused(err error)
}

// lineKind is what a line that still counts does to the engine.
type lineKind uint8

const (
	plainLine lineKind = iota // no change but its advances (control, abandon)
	dealLine
	moveLine
)

// counting is a line that still counts (not taken back), kept by a table
// that allows undo and by Walk, to make the game again without the lines
// an undo takes back.
type counting struct {
	n, adv int
	kind   lineKind
	seat   Seat
	data   json.RawMessage // a move's encoding, a deal's record
}

// undoTarget returns the index in lines of seat s's last move since the
// hand's last deal.
func undoTarget(lines []counting, s Seat) (int, error) {
	for i := len(lines) - 1; i >= 0; i-- {
		switch {
		case lines[i].kind == dealLine:
			return 0, ErrNothingUndo
		case lines[i].kind == moveLine && lines[i].seat == s:
			return i, nil
		}
	}
	return 0, ErrNothingUndo
}

// remake makes the game again from the header's seed and options and the
// lines that still count, as a replay would; step, if not nil, is told of
// each line and advance made, with the views they showed. It returns the
// engine and the first seat to ask in an optional round.
func remake[M, O, E any](spec Spec[M, O, E], seed uint64, options json.RawMessage, lines []counting, views *Views[E],
	step func(st Step[M, O, E]) error) (Engine[M, O, E], Seat, error) {
	e, err := spec.New(seed, options)
	if err != nil {
		return nil, 0, err
	}
	var askFrom Seat
	shown := func() *Views[E] {
		if views == nil {
			return nil
		}
		*views = Views[E]{}
		return views
	}
	tell := func(st Step[M, O, E]) error {
		if step == nil {
			return nil
		}
		st.Engine, st.Views, st.Redo = e, views, true
		if views == nil {
			st.Views = nil
		}
		return step(st)
	}
	for _, l := range lines {
		for k := range l.adv {
			rec, err := e.Advance(shown())
			if err != nil || rec != nil {
				return nil, 0, fmt.Errorf("line %d: an advance made again: %v", l.n, err)
			}
			askFrom = 0
			if err := tell(Step[M, O, E]{Type: AdvanceStep, N: l.n, Adv: k + 1}); err != nil {
				return nil, 0, err
			}
		}
		switch l.kind {
		case dealLine:
			rec, err := e.Advance(shown())
			if err != nil || rec == nil {
				return nil, 0, fmt.Errorf("line %d: a deal made again: %v", l.n, err)
			}
			if diff := jsonDiff(l.data, rec); diff != "" {
				return nil, 0, fmt.Errorf("line %d: %w %d: %s", l.n, ErrNotSeedDeal, seed, diff)
			}
			if err := e.Redeal(rec, shown()); err != nil {
				return nil, 0, fmt.Errorf("line %d: a deal made again: %v", l.n, err)
			}
			askFrom = 0
			if err := tell(Step[M, O, E]{Type: DealStep, N: l.n}); err != nil {
				return nil, 0, err
			}
		case moveLine:
			m, err := e.UnmarshalMove(l.data)
			if err == nil {
				err = e.Apply(l.seat, m, shown())
			}
			if err != nil {
				return nil, 0, fmt.Errorf("line %d: a move made again: %v", l.n, err)
			}
			askFrom = l.seat + 1
			if err := tell(Step[M, O, E]{Type: MoveStep, N: l.n, Seat: l.seat, Move: m}); err != nil {
				return nil, 0, err
			}
		}
	}
	return e, askFrom, nil
}

// keep records a line that counts, when the table allows undo.
func (t *Table[M, O, E]) keep(l counting) {
	if t.undo {
		t.lines = append(t.lines, l)
	}
}

// takeBack handles seat s's Undo: the undo line, the game made again
// without the lines it takes back, an Undone notice to everyone. A
// refused one changes nothing; the controller is told.
func (t *Table[M, O, E]) takeBack(s Seat, u *Undo) error {
	refuse := func(err error) error {
		if r, ok := t.players[s].Control.(UndoRefuser); ok {
			r.UndoRefused(err)
		}
		return nil
	}
	if !t.undo {
		return refuse(ErrNoUndo)
	}
	k, err := undoTarget(t.lines, s)
	if err != nil {
		return refuse(err)
	}
	back := t.lines[k].n
	e, askFrom, err := remake(t.spec, t.seed, t.options, t.lines[:k], nil, nil)
	if err != nil {
		return fmt.Errorf("table: taking back line %d: %w", back, err)
	}
	reason := u.Reason
	if len(reason) > MaxName {
		reason = reason[:MaxName]
	}
	seat := s
	if err := t.writeOther(record{Type: "undo", N: t.n, Adv: t.adv, Seat: &seat, Back: back, Reason: reason}); err != nil {
		return err
	}
	t.e, t.askFrom = e, askFrom
	t.lines = t.lines[:k]
	t.counted()
	t.notice(Notice{Kind: Undone, Seat: s, Back: back, Reason: reason})
	if tm := t.e.Teams(); tm != t.teams {
		t.teams = tm
		t.notice(Notice{Kind: TeamsChange, Teams: tm})
	}
	return nil
}
