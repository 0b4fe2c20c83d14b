package gin

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"felt/card"
)

// MeldKind tells a set from a run. The zero value NoMeld is neither.
type MeldKind uint8

// The kinds of meld.
const (
	NoMeld  MeldKind = iota // not a valid meld
	SetMeld                 // three or four cards of one rank
	RunMeld                 // three or more cards of one suit in sequence, ace low
)

// String returns "none", "set" or "run".
func (k MeldKind) String() string {
	switch k {
	case SetMeld:
		return "set"
	case RunMeld:
		return "run"
	case NoMeld:
		return "none"
	}
	return fmt.Sprintf("MeldKind(%d)", uint8(k))
}

// Meld is a group of cards laid out together: a set or a run. It is a
// card.Set, so melds are comparable and cost nothing to copy.
type Meld card.Set

// MeldOf returns the meld of the given cards, whether or not it is valid;
// check Kind.
func MeldOf(cards ...card.Card) Meld { return Meld(card.SetOf(cards...)) }

// Set returns the meld's cards as a card.Set.
func (m Meld) Set() card.Set { return card.Set(m) }

// Len returns the number of cards in the meld.
func (m Meld) Len() int { return card.Set(m).Len() }

// Value returns the deadwood value of the meld's cards.
func (m Meld) Value() int { return Sum(card.Set(m)) }

// Cards returns the meld's cards: a set in suit order, a run in rank order.
func (m Meld) Cards() []card.Card { return card.Set(m).Cards() }

// Kind reports whether the meld is a valid set, a valid run, or neither.
func (m Meld) Kind() MeldKind {
	s := card.Set(m)
	if s&^card.FullSet != 0 {
		return NoMeld
	}
	n := s.Len()
	if n < 3 {
		return NoMeld
	}
	// A set: every suit's mask is the same single rank bit.
	var rankBits uint16
	suits := 0
	for su := card.Suit(0); su < card.NumSuits; su++ {
		if mk := s.SuitMask(su); mk != 0 {
			rankBits |= mk
			suits++
		}
	}
	if bits.OnesCount16(rankBits) == 1 && n <= 4 {
		return SetMeld
	}
	if suits == 1 {
		// consecutive: rankBits shifted to bit 0 is 2^n-1
		low := rankBits >> bits.TrailingZeros16(rankBits)
		if low&(low+1) == 0 {
			return RunMeld
		}
	}
	return NoMeld
}

// String returns the meld's cards in two-letter form separated by spaces.
func (m Meld) String() string { return card.Format(m.Cards()) }

// lowKey orders melds for display: lowest rank first, then suit.
func (m Meld) lowKey() int {
	c := lowestByRank(card.Set(m))
	return int(c.Rank())*8 + int(c.Suit())
}

func lowestByRank(s card.Set) card.Card {
	best := card.Card(0)
	for c := range s.All {
		if best == 0 || c.Rank() < best.Rank() || (c.Rank() == best.Rank() && c.Suit() < best.Suit()) {
			best = c
		}
	}
	return best
}

// MaxMelds is the most melds an arrangement of eleven cards can hold.
const MaxMelds = 3

// Arrangement is a choice of disjoint melds from a hand. It is a comparable
// value; the zero Arrangement holds no meld.
type Arrangement struct {
	melds [MaxMelds]Meld
	n     uint8
}

// NewArrangement returns the arrangement of the given melds. It checks that
// each meld is valid, that no card is in two melds, and that there are at
// most MaxMelds of them.
func NewArrangement(melds ...Meld) (Arrangement, error) {
	var a Arrangement
	if len(melds) > MaxMelds {
		return a, errorf(ErrInvalidMeld, "gin: %d melds, at most %d fit in a hand", len(melds), MaxMelds)
	}
	var used card.Set
	for _, m := range melds {
		if m.Kind() == NoMeld {
			return Arrangement{}, fmt.Errorf("gin: %s: %w", m, ErrInvalidMeld)
		}
		if used&card.Set(m) != 0 {
			return Arrangement{}, errorf(ErrInvalidMeld, "gin: %s is in two melds", card.Set(used&card.Set(m)))
		}
		used |= card.Set(m)
		a.melds[a.n] = m
		a.n++
	}
	a.sort()
	return a, nil
}

func (a *Arrangement) add(m Meld) {
	if int(a.n) < MaxMelds {
		a.melds[a.n] = m
		a.n++
	}
}

func (a *Arrangement) sort() {
	ms := a.melds[:a.n]
	slices.SortFunc(ms, func(x, y Meld) int { return x.lowKey() - y.lowKey() })
}

// Len returns the number of melds.
func (a Arrangement) Len() int { return int(a.n) }

// Meld returns the i-th meld, ordered by lowest rank.
func (a Arrangement) Meld(i int) Meld { return a.melds[i] }

// Melds returns the melds, ordered by lowest rank.
func (a Arrangement) Melds() []Meld { return slices.Clone(a.melds[:a.n]) }

// Melded returns every card in some meld.
func (a Arrangement) Melded() card.Set {
	var s card.Set
	for _, m := range a.melds[:a.n] {
		s |= card.Set(m)
	}
	return s
}

// Deadwood returns the cards of hand in no meld and their value.
func (a Arrangement) Deadwood(hand card.Set) (card.Set, int) {
	d := hand &^ a.Melded()
	return d, Sum(d)
}

// String lists the melds in brackets, e.g. "[AS 2S 3S] [7H 7D 7C]".
func (a Arrangement) String() string {
	var b strings.Builder
	for i, m := range a.melds[:a.n] {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte('[')
		b.WriteString(m.String())
		b.WriteByte(']')
	}
	return b.String()
}

// SortByRank sorts cards by rank, then suit: the order Felt shows deadwood in.
func SortByRank(cards []card.Card) {
	slices.SortFunc(cards, func(x, y card.Card) int {
		if x.Rank() != y.Rank() {
			return int(x.Rank()) - int(y.Rank())
		}
		return int(x.Suit()) - int(y.Suit())
	})
}

// MeldLists writes an arrangement as lists of cards, for JSON.
func MeldLists(a Arrangement) [][]card.Card {
	out := make([][]card.Card, 0, a.Len())
	for i := 0; i < a.Len(); i++ {
		out = append(out, a.Meld(i).Cards())
	}
	return out
}

// ArrangementOf reads lists of cards as an arrangement, checking each meld.
func ArrangementOf(lists [][]card.Card) (Arrangement, error) {
	ms := make([]Meld, len(lists))
	for i, l := range lists {
		if card.SetOf(l...).Len() != len(l) {
			return Arrangement{}, fmt.Errorf("gin: meld %s repeats or holds an invalid card: %w", card.Format(l), ErrInvalidMeld)
		}
		ms[i] = MeldOf(l...)
	}
	return NewArrangement(ms...)
}
