package table

import "fmt"

// Replace seats p at seat s in place of the seat's player, before Run
// (or between runs): the log records a control line from the seat's
// player to p, with reason, as for a takeover. It is how a resumed table
// seats another player than the one its log names (an outside program a
// log never starts, say). No notice is sent: the caller tells its own
// interface. Replace must not be called while Run runs.
func (t *Table[M, O, E]) Replace(s Seat, p Player[M, O], reason string) error {
	if int(s) >= len(t.players) {
		return fmt.Errorf("table: seat %s of %d: %w", s, len(t.players), ErrSeats)
	}
	if p.Control == nil {
		return fmt.Errorf("table: seat %s has no controller: %w", s, ErrSeats)
	}
	if t.ended {
		return fmt.Errorf("table: seat %s: %w", s, ErrAfterEnd)
	}
	if len(reason) > MaxName {
		reason = reason[:MaxName]
	}
	seat := s
	line, err := otherLine(record{Type: "control", N: t.n, Adv: t.adv, Seat: &seat, From: t.players[s].Name, To: p.Name, Reason: reason})
	if err != nil {
		return err
	}
	if err := t.write(line); err != nil {
		return err
	}
	t.counted()
	t.setPlayer(s, p)
	return nil
}
