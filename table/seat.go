package table

import (
	"fmt"
	"iter"
	"math/bits"
	"strings"
)

// MaxSeats is the most seats a table has.
const MaxSeats = 10

// Seat is a seat at the table, from 0, in turn order.
type Seat uint8

// Valid reports whether s is one of the MaxSeats seats.
func (s Seat) Valid() bool { return s < MaxSeats }

// String returns the seat's number.
func (s Seat) String() string { return fmt.Sprintf("%d", uint8(s)) }

// Seats is a set of seats: bit s is seat s. The zero Seats is empty.
type Seats uint16

// SeatsOf returns the set of the given seats, ignoring invalid ones.
func SeatsOf(seats ...Seat) Seats {
	var m Seats
	for _, s := range seats {
		m = m.Add(s)
	}
	return m
}

// AllSeats returns the set of seats 0 to n-1.
func AllSeats(n int) Seats {
	if n >= MaxSeats {
		return 1<<MaxSeats - 1
	}
	return Seats(1<<n - 1)
}

// Has reports whether s is in the set.
func (m Seats) Has(s Seat) bool { return s.Valid() && m&(1<<s) != 0 }

// Add returns the set with s in it.
func (m Seats) Add(s Seat) Seats {
	if !s.Valid() {
		return m
	}
	return m | 1<<s
}

// Remove returns the set without s.
func (m Seats) Remove(s Seat) Seats {
	if !s.Valid() {
		return m
	}
	return m &^ (1 << s)
}

// Len returns how many seats are in the set.
func (m Seats) Len() int { return bits.OnesCount16(uint16(m)) }

// IsEmpty reports whether the set is empty.
func (m Seats) IsEmpty() bool { return m == 0 }

// First returns the lowest seat in the set at or after from, and false if
// there is none.
func (m Seats) First(from Seat) (Seat, bool) {
	if from >= MaxSeats {
		return 0, false
	}
	rest := uint16(m) >> from
	if rest == 0 {
		return 0, false
	}
	return from + Seat(bits.TrailingZeros16(rest)), true
}

// All yields the seats in the set, lowest first.
func (m Seats) All() iter.Seq[Seat] {
	return func(yield func(Seat) bool) {
		for s := Seat(0); s < MaxSeats; s++ {
			if m.Has(s) && !yield(s) {
				return
			}
		}
	}
}

// String returns the seats as "{0,2}".
func (m Seats) String() string {
	var b strings.Builder
	b.WriteByte('{')
	for s := range m.All() {
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%d", s)
	}
	b.WriteByte('}')
	return b.String()
}
