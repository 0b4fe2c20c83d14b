package card

import (
	"fmt"
	"math/bits"
	"strings"
)

// Set is a set of distinct cards as a bitmask: bit suit*16+rank stands for a
// card, and bits 14 and 15 for the small and big jokers. The zero Set is
// empty. Sets are comparable values.
type Set uint64

// SuitMask returns the 13-bit rank mask of one suit's cards in s: bit rank-1
// is set for each card of that suit.
func (s Set) SuitMask(su Suit) uint16 { return uint16(s>>(16*uint(su)+1)) & 0x1FFF }

// FullSet is the set of all 52 cards.
const FullSet Set = 0x3FFE | 0x3FFE<<16 | 0x3FFE<<32 | 0x3FFE<<48

// Jokers is the set of the two jokers.
const Jokers Set = 1<<SmallJoker | 1<<BigJoker

// AllFaces is the set of all 54 faces: the 52 cards and the two jokers.
const AllFaces = FullSet | Jokers

// SetOf returns the set of the given cards; invalid cards are ignored.
func SetOf(cards ...Card) Set {
	var s Set
	for _, c := range cards {
		s = s.Add(c)
	}
	return s
}

// Bit returns the one-card set {c}, or the empty set for a value that is
// neither one of the 52 cards nor a joker.
func Bit(c Card) Set {
	if !c.In54() {
		return 0
	}
	return 1 << uint(c)
}

// Add returns s with c added.
func (s Set) Add(c Card) Set { return s | Bit(c) }

// Remove returns s without c.
func (s Set) Remove(c Card) Set { return s &^ Bit(c) }

// Has reports whether c is in s.
func (s Set) Has(c Card) bool { return c.In54() && s&(1<<uint(c)) != 0 }

// Len returns the number of cards in s, jokers included; stray bits that
// stand for no card are not counted.
func (s Set) Len() int { return bits.OnesCount64(uint64(s & AllFaces)) }

// Union returns the cards in s or t.
func (s Set) Union(t Set) Set { return s | t }

// Intersect returns the cards in both s and t.
func (s Set) Intersect(t Set) Set { return s & t }

// Minus returns the cards in s and not in t.
func (s Set) Minus(t Set) Set { return s &^ t }

// Contains reports whether every card of t is in s.
func (s Set) Contains(t Set) bool { return t&^s == 0 }

// Cards returns the cards in s, ordered by suit (S H D C) then rank, then
// the small and the big joker.
func (s Set) Cards() []Card {
	out := make([]Card, 0, s.Len())
	return s.AppendCards(out)
}

// AppendCards appends the cards of s, ordered by suit then rank, then the
// jokers, to dst.
func (s Set) AppendCards(dst []Card) []Card {
	m := uint64(s & FullSet)
	for m != 0 {
		i := bits.TrailingZeros64(m)
		dst = append(dst, Card(i))
		m &= m - 1
	}
	if s&Jokers != 0 {
		dst = appendJokers(dst, s)
	}
	return dst
}

// All yields the cards of s in suit then rank order, then the jokers.
func (s Set) All(yield func(Card) bool) {
	// One loop, so that All stays small enough to be inlined (the rules'
	// hot loops range over it): the jokers' bits 14 and 15 are read at 62
	// and 63, which no card uses, so they come last.
	for m := uint64(s&FullSet) | uint64(s&Jokers)<<48; m != 0; m &= m - 1 {
		c := Card(bits.TrailingZeros64(m))
		if c >= 62 {
			c -= 48
		}
		if !yield(c) {
			return
		}
	}
}

// String returns the cards in suit-then-rank order separated by spaces.
func (s Set) String() string {
	return Format(s.Cards())
}

// Format writes cards in two-letter form separated by single spaces.
func Format(cards []Card) string {
	var b strings.Builder
	for i, c := range cards {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
	}
	return b.String()
}

// ParseList reads cards of one 52-card pack separated by spaces or commas
// ("7S 8S 9S"). It refuses a malformed card, a joker and a card given twice;
// ParseMulti reads jokers and cards given twice.
func ParseList(s string) ([]Card, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
	out := make([]Card, 0, len(fields))
	var seen Set
	for _, f := range fields {
		c, err := Parse(f)
		if err != nil {
			return nil, err
		}
		if c.IsJoker() {
			return nil, &ParseError{f, "a joker is not one of the 52 cards"}
		}
		if seen.Has(c) {
			return nil, fmt.Errorf("%w: %s", ErrDuplicate, c)
		}
		seen = seen.Add(c)
		out = append(out, c)
	}
	return out, nil
}

// ParseSet is ParseList returning a Set.
func ParseSet(s string) (Set, error) {
	cards, err := ParseList(s)
	if err != nil {
		return 0, err
	}
	return SetOf(cards...), nil
}

// MustParseSet is like ParseSet but panics on error; for tests and examples.
func MustParseSet(s string) Set {
	set, err := ParseSet(s)
	if err != nil {
		panic(err)
	}
	return set
}
