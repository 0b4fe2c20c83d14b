package shengji

import (
	"fmt"
	"iter"
	"math/bits"
	"strings"
)

// Seat is one of the four players, 0 to 3, in turn order. Seats 0 and 2
// are one team, 1 and 3 the other.
type Seat uint8

// NumSeats is the number of players.
const NumSeats = 4

// NoSeat stands for no player: the banker of a first hand before the
// bidding has decided it.
const NoSeat Seat = NumSeats

// Valid reports whether s is one of the four seats.
func (s Seat) Valid() bool { return s < NumSeats }

// Next returns the seat after s in turn order.
func (s Seat) Next() Seat { return (s + 1) % NumSeats }

// Partner returns the seat across the table.
func (s Seat) Partner() Seat { return (s + 2) % NumSeats }

// Team returns the seat's team: 0 for seats 0 and 2, 1 for seats 1 and 3.
func (s Seat) Team() Team { return Team(s & 1) }

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

// Seats is a set of seats as a 4-bit mask: bit s stands for seat s. The
// zero Seats is empty. While the cards are dealt several seats may be
// allowed to declare at once, so who may act is a set.
type Seats uint8

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
func (m Seats) Len() int { return bits.OnesCount8(uint8(m & 0xF)) }

// IsEmpty reports whether no seat is in the set.
func (m Seats) IsEmpty() bool { return m&0xF == 0 }

// All yields the seats of the set in turn order from seat 0.
func (m Seats) All() iter.Seq[Seat] {
	return func(yield func(Seat) bool) {
		for s := Seat(0); s < NumSeats; s++ {
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
