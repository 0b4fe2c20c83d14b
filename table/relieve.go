package table

import (
	"errors"
	"fmt"
)

// ErrNotRunning is Relieve called for a table that has ended.
var ErrNotRunning = errors.New("table has ended")

// Relieve records that seat s is played by name, a controller of kind
// kind, from now on, without changing the seat's controller: for a
// controller that stands for a person and plays the seat with a built-in
// level while the person is away, then gives the seat back. It writes a
// control line (from the seat's present name to name, with reason) and
// tells everyone at the table with a Takeover notice, as a failing
// controller's takeover does; Player(s) then reports name and kind.
//
// Relieve must be called from the goroutine running Run: from the seat's
// controller's Decide, for a seat without a deadline. It returns the number
// of the line a move would now be, the Seq of the decision being decided.
func (t *Table[M, O, E]) Relieve(s Seat, name string, kind Kind, reason string) (int, error) {
	if t.ended || t.e.Over() {
		return t.n, fmt.Errorf("table: relieving seat %s: %w", s, ErrNotRunning)
	}
	if int(s) >= len(t.players) {
		return t.n, fmt.Errorf("table: relieving seat %s of %d: %w", s, len(t.players), ErrSeats)
	}
	if name == "" || len(name) > MaxName {
		return t.n, fmt.Errorf("table: relieving seat %s: a name of 1 to %d bytes is needed", s, MaxName)
	}
	if len(reason) > MaxName {
		reason = reason[:MaxName]
	}
	from := t.players[s].Name
	seat := s
	line, err := otherLine(record{Type: "control", N: t.n, Adv: t.adv, Seat: &seat, From: from, To: name, Reason: reason})
	if err != nil {
		return t.n, err
	}
	if err := t.write(line); err != nil {
		return t.n, err
	}
	t.counted()
	t.players[s].Name, t.players[s].Kind = name, kind
	t.notice(Notice{Kind: Takeover, Seat: s, From: from, To: name, Reason: reason})
	return t.n, nil
}
