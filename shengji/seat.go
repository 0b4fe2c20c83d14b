package shengji

import (
	"fmt"
	"iter"
	"math/bits"
	"strings"
)

// Seat is one of the players, 0 to MaxSeats-1, in turn order; a hand has
// Rules.NumPlayers of them. At the standard four-player table seats 0 and
// 2 are one team, 1 and 3 the other.
type Seat uint8

// MaxSeats is the most players a table has (MaxPlayers): arrays by seat
// have this size, and a hand uses the first Rules.NumPlayers of them.
const MaxSeats = MaxPlayers

// NumSeats is the number of players at the standard table (four). Code
// that plays any table uses Rules.NumPlayers and MaxSeats instead.
const NumSeats = 4

// NoSeat stands for no player: the banker of a first hand before the
// bidding has decided it.
const NoSeat Seat = MaxSeats

// Valid reports whether s is a seat of some table (below MaxSeats); a
// hand's seats are those below its Rules.NumPlayers.
func (s Seat) Valid() bool { return s < MaxSeats }

// In reports whether s is a seat of a table of n players.
func (s Seat) In(n int) bool { return int(s) < n }

// Next returns the seat after s in turn order at the standard four-player
// table (NextOf for any table).
func (s Seat) Next() Seat { return (s + 1) % NumSeats }

// NextOf returns the seat after s in turn order at a table of n players.
func (s Seat) NextOf(n int) Seat { return Seat((int(s) + 1) % n) }

// Plus returns the seat k places after s at a table of n players.
func (s Seat) Plus(k, n int) Seat { return Seat((int(s) + k) % n) }

// Partner returns the seat across the table at the standard four-player
// table.
func (s Seat) Partner() Seat { return (s + 2) % NumSeats }

// Team returns the seat's team with fixed partnerships: 0 for the even
// seats (0 and 2 at four players), 1 for the odd ones.
func (s Seat) Team() Team { return Team(s & 1) }

// Parity returns the seats of a table of n players that share s's parity:
// s's side with fixed partnerships (every other seat).
func (s Seat) Parity(n int) Seats {
	var m Seats
	for o := int(s & 1); o < n; o += 2 {
		m |= 1 << o
	}
	return m
}

// String returns "0" … "3", or "none" for NoSeat.
func (s Seat) String() string {
	if s == NoSeat {
		return "none"
	}
	return fmt.Sprintf("%d", uint8(s))
}

// Team is one of the two partnerships: 0 (seats 0 and 2) or 1 (seats 1
// and 3).
type Team uint8

// Other returns the other team.
func (t Team) Other() Team { return 1 - t&1 }

// Seats returns the team's two seats.
func (t Team) Seats() Seats { return SeatsOf(Seat(t&1), Seat(t&1)+2) }

// String returns "0" or "1".
func (t Team) String() string { return fmt.Sprintf("%d", uint8(t)) }

// Seats is a set of seats as a bitmask: bit s stands for seat s. The
// zero Seats is empty. While the cards are dealt several seats may be
// allowed to declare at once, so who may act is a set.
type Seats uint16

// SeatsOf returns the set of the given seats; values that are not seats
// are ignored.
func SeatsOf(seats ...Seat) Seats {
	var m Seats
	for _, s := range seats {
		if s.Valid() {
			m |= 1 << s
		}
	}
	return m
}

// Has reports whether s is in the set.
func (m Seats) Has(s Seat) bool { return s.Valid() && m&(1<<s) != 0 }

// Len returns the number of seats in the set.
func (m Seats) Len() int { return bits.OnesCount16(uint16(m & allSeats)) }

// IsEmpty reports whether no seat is in the set.
func (m Seats) IsEmpty() bool { return m&allSeats == 0 }

// All yields the seats of the set in turn order from seat 0.
func (m Seats) All() iter.Seq[Seat] {
	return func(yield func(Seat) bool) {
		for s := Seat(0); s < MaxSeats; s++ {
			if m.Has(s) && !yield(s) {
				return
			}
		}
	}
}

// String writes the set as "{0,2}".
func (m Seats) String() string {
	var b strings.Builder
	b.WriteByte('{')
	for s := range m.All() {
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		b.WriteString(s.String())
	}
	b.WriteByte('}')
	return b.String()
}

// allSeats is every seat of the largest table.
const allSeats Seats = 1<<MaxSeats - 1

// AllSeats returns the seats of a table of n players.
func AllSeats(n int) Seats { return Seats(1<<min(n, MaxSeats) - 1) }
