package table

import (
	"math/bits"
	"strings"
)

// Teams is how the seats of a table stand together, as every seat may
// know it now: Teams[s] is the set of seats that seat s plays with, s
// included. Teams may change during a hand: in Shengji's Finding Friends
// the banker's friends are revealed as they play the called cards. A seat
// whose partners nobody knows yet stands alone. Teams is a small
// comparable value: a table compares the engine's teams after each move
// and tells everyone when they change.
type Teams [MaxSeats]Seats

// SoloTeams returns n seats each playing for itself (Gin Rummy).
func SoloTeams(n int) Teams {
	var t Teams
	for s := range min(n, MaxSeats) {
		t[s] = SeatsOf(Seat(s))
	}
	return t
}

// TeamsByTurn returns n seats in k teams by turn: seat s plays for team
// s mod k, so four seats in two teams are seats 0 and 2 against 1 and 3.
func TeamsByTurn(n, k int) Teams {
	n = min(n, MaxSeats)
	var t Teams
	for s := range n {
		for o := s % k; o < n; o += k {
			t[s] = t[s].Add(Seat(o))
		}
	}
	return t
}

// TeamsOf returns n seats in the given teams; a seat of none stands
// alone, a seat of several is in the first, and seats past n are left
// out.
func TeamsOf(n int, teams ...Seats) Teams {
	all := AllSeats(n)
	var t Teams
	var placed Seats
	for _, m := range teams {
		m &= all &^ placed
		placed |= m
		for r := m; r != 0; r &= r - 1 { // each seat of m (a table asks after every move)
			t[bits.TrailingZeros16(uint16(r))] = m
		}
	}
	for r := all &^ placed; r != 0; r &= r - 1 {
		s := bits.TrailingZeros16(uint16(r))
		t[s] = 1 << s
	}
	return t
}

// Of returns the team of seat s: the seats it plays with, s included.
func (t Teams) Of(s Seat) Seats {
	if !s.Valid() {
		return 0
	}
	return t[s]
}

// List returns the teams of n seats, each once, in the order of their
// lowest seat.
func (t Teams) List(n int) []Seats {
	var out []Seats
	var seen Seats
	for s := range Seat(min(n, MaxSeats)) {
		if seen.Has(s) || t[s].IsEmpty() {
			continue
		}
		out = append(out, t[s])
		seen |= t[s]
	}
	return out
}

// String returns the teams of every seat in a team, as "{0,2} {1,3}".
func (t Teams) String() string {
	var parts []string
	for _, m := range t.List(MaxSeats) {
		parts = append(parts, m.String())
	}
	return strings.Join(parts, " ")
}
