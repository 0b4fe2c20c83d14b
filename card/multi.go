package card

import (
	"errors"
	"fmt"
	"iter"
	"strings"
)

// MaxCopies is the most copies of one face a Multi holds: a deal from up to
// five packs.
const MaxCopies = 5

// Multi is a multiset of cards in which each of the 54 faces appears at most
// MaxCopies times, as in a deal from two to five packs with jokers. It is
// five planes of the Set bitmask: One holds every face present at least
// once, Two every face present at least twice, and so on to Five (each plane
// is within the one before). A deal from two packs uses only One and Two. The
// zero Multi is empty; Multis are comparable values that cost nothing to
// copy. Build one with Add, MultiOf, Double or ParseMulti, or by planes in a
// keyed literal: card.Multi{One: s, Two: s} holds every face of s twice.
type Multi struct {
	One   Set // faces held at least once
	Two   Set // faces held at least twice
	Three Set // faces held at least three times
	Four  Set // faces held at least four times
	Five  Set // faces held five times
}

// ErrTooMany is returned when a card would be held more than MaxCopies
// times.
var ErrTooMany = errors.New("card: more than five copies")

// ErrAbsent is returned when a card to remove is not held.
var ErrAbsent = errors.New("card: not held")

// Double returns the multiset holding every card of s twice.
func Double(s Set) Multi { s &= AllFaces; return Multi{One: s, Two: s} }

// Times returns the multiset holding every card of s n times (n is clamped
// to 0 … MaxCopies).
func Times(s Set, n int) Multi {
	var p [MaxCopies]Set
	for i := range min(max(n, 0), MaxCopies) {
		p[i] = s & AllFaces
	}
	return fromPlanes(p)
}

// planes returns m's five planes, plane i holding the faces present more
// than i times.
func (m Multi) planes() [MaxCopies]Set { return [MaxCopies]Set{m.One, m.Two, m.Three, m.Four, m.Five} }

func fromPlanes(p [MaxCopies]Set) Multi { return Multi{p[0], p[1], p[2], p[3], p[4]} }

// AtLeast returns the faces m holds at least n times (every face for n ≤ 0,
// none for n > MaxCopies).
func (m Multi) AtLeast(n int) Set {
	switch n {
	case 1:
		return m.One
	case 2:
		return m.Two
	case 3:
		return m.Three
	case 4:
		return m.Four
	case 5:
		return m.Five
	}
	if n <= 0 {
		return AllFaces
	}
	return 0
}

// Exactly returns the faces m holds exactly n times (n ≥ 1).
func (m Multi) Exactly(n int) Set { return m.AtLeast(n) &^ m.AtLeast(n+1) }

// MaxCount returns the largest number of copies of any face of m.
func (m Multi) MaxCount() int {
	switch {
	case m.Five&AllFaces != 0:
		return 5
	case m.Four&AllFaces != 0:
		return 4
	case m.Three&AllFaces != 0:
		return 3
	case m.Two&AllFaces != 0:
		return 2
	case m.One&AllFaces != 0:
		return 1
	}
	return 0
}

// MultiOf returns the multiset of the given cards. It refuses a value that is
// not one of the 54 faces and a card given more than MaxCopies times.
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
// that is not one of the 54 faces (ErrInvalidCard) and a copy beyond
// MaxCopies (ErrTooMany).
func (m *Multi) Add(c Card) error {
	b := Bit(c)
	switch {
	case b == 0:
		return fmt.Errorf("card: %d is not a card: %w", uint8(c), ErrInvalidCard)
	case m.One&b == 0:
		m.One |= b
	case m.Two&b == 0:
		m.Two |= b
	case m.Three&b == 0:
		m.Three |= b
	case m.Four&b == 0:
		m.Four |= b
	case m.Five&b == 0:
		m.Five |= b
	default:
		return fmt.Errorf("%w: a sixth %s", ErrTooMany, c)
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
	case m.Five&b != 0:
		m.Five &^= b
	case m.Four&b != 0:
		m.Four &^= b
	case m.Three&b != 0:
		m.Three &^= b
	case m.Two&b != 0:
		m.Two &^= b
	default:
		m.One &^= b
	}
	return nil
}

// Count returns how many copies of c m holds, 0 to MaxCopies.
func (m Multi) Count(c Card) int {
	b := Bit(c)
	switch {
	case m.One&b == 0:
		return 0
	case m.Two&b == 0:
		return 1
	case m.Three&b == 0:
		return 2
	case m.Four&b == 0:
		return 3
	case m.Five&b == 0:
		return 4
	}
	return 5
}

// Has reports whether m holds at least one copy of c.
func (m Multi) Has(c Card) bool { return m.One.Has(c) }

// Len returns the number of cards in m, each copy counted.
func (m Multi) Len() int {
	n := m.One.Len() + m.Two.Len()
	if m.Three != 0 {
		n += m.Three.Len() + m.Four.Len() + m.Five.Len()
	}
	return n
}

// IsEmpty reports whether m holds no card.
func (m Multi) IsEmpty() bool { return m.One&AllFaces == 0 }

// Pairs returns the faces m holds at least twice.
func (m Multi) Pairs() Set { return m.Two }

// Singles returns the faces m holds exactly once.
func (m Multi) Singles() Set { return m.One &^ m.Two }

// Faces returns the distinct faces in m.
func (m Multi) Faces() Set { return m.One }

// Within returns the cards of m whose faces are in s, with their counts.
func (m Multi) Within(s Set) Multi {
	return Multi{m.One & s, m.Two & s, m.Three & s, m.Four & s, m.Five & s}
}

// Contains reports whether m holds every card of o at least as many times as
// o does.
func (m Multi) Contains(o Multi) bool {
	return o.One&^m.One == 0 && o.Two&^m.Two == 0 && o.Three&^m.Three == 0 && o.Four&^m.Four == 0 && o.Five&^m.Five == 0
}

// Sum returns the cards of m and o together, counts added. It refuses
// (ErrTooMany, naming a card) a sum that would hold some card more than
// MaxCopies times.
func (m Multi) Sum(o Multi) (Multi, error) {
	a, b := m.planes(), o.planes()
	at := func(p *[MaxCopies]Set, i int) Set { // faces with at least i copies
		if i <= 0 {
			return AllFaces
		}
		if i > MaxCopies {
			return 0
		}
		return p[i-1]
	}
	var over Set
	for j := 1; j <= MaxCopies; j++ {
		over |= at(&a, j) & at(&b, MaxCopies+1-j)
	}
	if over&AllFaces != 0 {
		return Multi{}, fmt.Errorf("%w: %s", ErrTooMany, first(over))
	}
	var s [MaxCopies]Set
	for i := 1; i <= MaxCopies; i++ {
		for j := 0; j <= i; j++ {
			s[i-1] |= at(&a, j) & at(&b, i-j)
		}
		s[i-1] &= AllFaces
	}
	return fromPlanes(s), nil
}

// Minus returns m with the cards of o taken out, count by count; a card o
// holds more often than m is simply gone.
func (m Multi) Minus(o Multi) Multi {
	if m.Three == 0 && o.Three == 0 {
		return Multi{One: m.Two&^o.Two | m.One&^o.One, Two: m.Two &^ o.One}
	}
	if o.Two == 0 { // one copy of each face of o: every count down by one
		s := o.One
		return Multi{m.One&^s | m.Two&s, m.Two&^s | m.Three&s, m.Three&^s | m.Four&s, m.Four&^s | m.Five&s, m.Five &^ s}
	}
	a, b := m.planes(), o.planes()
	// exactly[j]: the faces o holds exactly j times.
	var exactly [MaxCopies + 1]Set
	exactly[0] = AllFaces &^ b[0]
	for j := 1; j <= MaxCopies; j++ {
		exactly[j] = b[j-1]
		if j < MaxCopies {
			exactly[j] &^= b[j]
		}
	}
	var r [MaxCopies]Set
	for i := 1; i <= MaxCopies; i++ {
		for j := 0; i+j <= MaxCopies; j++ {
			r[i-1] |= a[i+j-1] & exactly[j]
		}
	}
	return fromPlanes(r)
}

// Union returns, for each face, the larger of its counts in m and o.
func (m Multi) Union(o Multi) Multi {
	return Multi{m.One | o.One, m.Two | o.Two, m.Three | o.Three, m.Four | o.Four, m.Five | o.Five}
}

// Intersect returns, for each face, the smaller of its counts in m and o.
func (m Multi) Intersect(o Multi) Multi {
	return Multi{m.One & o.One, m.Two & o.Two, m.Three & o.Three, m.Four & o.Four, m.Five & o.Five}
}

// All yields the cards of m in Set order (suit then rank, then the jokers),
// the copies of a face one after the other.
func (m Multi) All() iter.Seq[Card] {
	return func(yield func(Card) bool) {
		for c := range m.One.All {
			for range m.Count(c) {
				if !yield(c) {
					return
				}
			}
		}
	}
}

// Cards returns the cards of m in the order of All.
func (m Multi) Cards() []Card { return m.AppendCards(make([]Card, 0, m.Len())) }

// AppendCards appends the cards of m, in the order of All, to dst.
func (m Multi) AppendCards(dst []Card) []Card {
	for c := range m.One.All {
		for range m.Count(c) {
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
// ("7S 7S SJ"), each card at most MaxCopies times. It refuses a malformed
// card and a sixth copy of a card, naming it; a caller dealing from fewer
// packs checks MaxCount against them.
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
