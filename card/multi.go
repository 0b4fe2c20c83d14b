package card

import (
	"errors"
	"fmt"
	"iter"
	"strings"
)

// Multi is a multiset of cards in which each of the 54 faces appears at most
// twice, as in a hand dealt from two packs with jokers. It is two planes of
// the Set bitmask: One holds every face present at least once, Two every face
// present twice (Two is always within One). The zero Multi is empty; Multis
// are comparable values that cost nothing to copy.
type Multi struct {
	One Set // faces held at least once
	Two Set // faces held twice
}

// ErrTooMany is returned when a card would be held more than twice.
var ErrTooMany = errors.New("card: more than two copies")

// ErrAbsent is returned when a card to remove is not held.
var ErrAbsent = errors.New("card: not held")

// Double returns the multiset holding every card of s twice.
func Double(s Set) Multi { s &= AllFaces; return Multi{s, s} }

// MultiOf returns the multiset of the given cards. It refuses a value that is
// not one of the 54 faces and a card given more than twice.
func MultiOf(cards ...Card) (Multi, error) {
	var m Multi
	for _, c := range cards {
		if err := m.Add(c); err != nil {
			return Multi{}, err
		}
	}
	return m, nil
}

// Add puts one copy of c into m. It refuses, leaving m unchanged, a value
// that is not one of the 54 faces (ErrInvalidCard) and a third copy
// (ErrTooMany).
func (m *Multi) Add(c Card) error {
	b := Bit(c)
	switch {
	case b == 0:
		return fmt.Errorf("card: %d is not a card: %w", uint8(c), ErrInvalidCard)
	case m.Two&b != 0:
		return fmt.Errorf("%w: a third %s", ErrTooMany, c)
	case m.One&b != 0:
		m.Two |= b
	default:
		m.One |= b
	}
	return nil
}

// Remove takes one copy of c out of m. It refuses, leaving m unchanged, a
// card m does not hold (ErrAbsent).
func (m *Multi) Remove(c Card) error {
	b := Bit(c)
	switch {
	case b == 0 || m.One&b == 0:
		return fmt.Errorf("%w: %s", ErrAbsent, c)
	case m.Two&b != 0:
		m.Two &^= b
	default:
		m.One &^= b
	}
	return nil
}

// Count returns how many copies of c m holds: 0, 1 or 2.
func (m Multi) Count(c Card) int {
	n := 0
	if m.One.Has(c) {
		n++
	}
	if m.Two.Has(c) {
		n++
	}
	return n
}

// Has reports whether m holds at least one copy of c.
func (m Multi) Has(c Card) bool { return m.One.Has(c) }

// Len returns the number of cards in m, each copy counted.
func (m Multi) Len() int { return m.One.Len() + m.Two.Len() }

// IsEmpty reports whether m holds no card.
func (m Multi) IsEmpty() bool { return m.One&AllFaces == 0 }

// Pairs returns the faces m holds twice.
func (m Multi) Pairs() Set { return m.Two }

// Singles returns the faces m holds exactly once.
func (m Multi) Singles() Set { return m.One &^ m.Two }

// Faces returns the distinct faces in m.
func (m Multi) Faces() Set { return m.One }

// Within returns the cards of m whose faces are in s, with their counts.
func (m Multi) Within(s Set) Multi { return Multi{m.One & s, m.Two & s} }

// Contains reports whether m holds every card of o at least as many times as
// o does.
func (m Multi) Contains(o Multi) bool { return o.One&^m.One == 0 && o.Two&^m.Two == 0 }

// Sum returns the cards of m and o together, counts added. It refuses
// (ErrTooMany, naming a card) a sum that would hold some card three or four
// times.
func (m Multi) Sum(o Multi) (Multi, error) {
	if over := m.Two&o.One | m.One&o.Two; over&AllFaces != 0 {
		return Multi{}, fmt.Errorf("%w: %s", ErrTooMany, first(over))
	}
	return Multi{m.One | o.One, m.Two | o.Two | m.One&o.One}, nil
}

// Minus returns m with the cards of o taken out, count by count; a card o
// holds more often than m is simply gone.
func (m Multi) Minus(o Multi) Multi {
	return Multi{m.Two&^o.Two | m.One&^o.One, m.Two &^ o.One}
}

// Union returns, for each face, the larger of its counts in m and o.
func (m Multi) Union(o Multi) Multi { return Multi{m.One | o.One, m.Two | o.Two} }

// Intersect returns, for each face, the smaller of its counts in m and o.
func (m Multi) Intersect(o Multi) Multi { return Multi{m.One & o.One, m.Two & o.Two} }

// All yields the cards of m in Set order (suit then rank, then the jokers),
// the two copies of a pair one after the other.
func (m Multi) All() iter.Seq[Card] {
	return func(yield func(Card) bool) {
		for c := range m.One.All {
			if !yield(c) {
				return
			}
			if m.Two.Has(c) && !yield(c) {
				return
			}
		}
	}
}

// Cards returns the cards of m in the order of All.
func (m Multi) Cards() []Card { return m.AppendCards(make([]Card, 0, m.Len())) }

// AppendCards appends the cards of m, in the order of All, to dst.
func (m Multi) AppendCards(dst []Card) []Card {
	for c := range m.One.All {
		dst = append(dst, c)
		if m.Two.Has(c) {
			dst = append(dst, c)
		}
	}
	return dst
}

// String returns the cards of m in the order of All separated by spaces
// ("7S 7S 8S BJ").
func (m Multi) String() string { return Format(m.Cards()) }

// MarshalText implements encoding.TextMarshaler with String.
func (m Multi) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler with ParseMulti; on an
// error m is unchanged.
func (m *Multi) UnmarshalText(b []byte) error {
	p, err := ParseMulti(string(b))
	if err != nil {
		return err
	}
	*m = p
	return nil
}

// ParseMulti reads cards separated by spaces or commas, jokers included
// ("7S 7S SJ"), each card at most twice. It refuses a malformed card and a
// third copy of a card, naming it.
func ParseMulti(s string) (Multi, error) {
	var m Multi
	for f := range strings.FieldsFuncSeq(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' }) {
		c, err := Parse(f)
		if err != nil {
			return Multi{}, err
		}
		if err := m.Add(c); err != nil {
			return Multi{}, err
		}
	}
	return m, nil
}

// MustParseMulti is like ParseMulti but panics on error; for tests and
// examples.
func MustParseMulti(s string) Multi {
	m, err := ParseMulti(s)
	if err != nil {
		panic(err)
	}
	return m
}

// first returns the first card of s in Set order, or the zero Card.
func first(s Set) Card {
	for c := range s.All {
		return c
	}
	return 0
}
