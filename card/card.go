package card

import (
	"errors"
	"fmt"
	"strings"
)

// Suit is one of the four suits. The zero value is Spades; suits are ordered
// S, H, D, C as in the notation.
type Suit uint8

// The four suits, in notation order.
const (
	Spades Suit = iota
	Hearts
	Diamonds
	Clubs
)

// NumSuits is the number of suits in a pack.
const NumSuits = 4

// NoSuit is the suit of a joker, which belongs to no suit. It prints as
// "none".
const NoSuit Suit = NumSuits

var suitLetters = [NumSuits]byte{'S', 'H', 'D', 'C'}
var suitSymbols = [NumSuits]string{"♠", "♥", "♦", "♣"}
var suitNames = [NumSuits]string{"spades", "hearts", "diamonds", "clubs"}

// String returns the suit's letter: "S", "H", "D" or "C".
func (s Suit) String() string {
	if s == NoSuit {
		return "none"
	}
	if s >= NumSuits {
		return fmt.Sprintf("Suit(%d)", uint8(s))
	}
	return string(suitLetters[s])
}

// Symbol returns the suit's symbol: "♠", "♥", "♦" or "♣".
func (s Suit) Symbol() string {
	if s >= NumSuits {
		return "?"
	}
	return suitSymbols[s]
}

// Name returns the suit's English name in lower case, e.g. "spades".
func (s Suit) Name() string {
	if s == NoSuit {
		return "none"
	}
	if s >= NumSuits {
		return s.String()
	}
	return suitNames[s]
}

// IsRed reports whether the suit is hearts or diamonds.
func (s Suit) IsRed() bool { return s == Hearts || s == Diamonds }

// Rank is a card's rank, Ace (1) to King (13). The zero value NoRank is not a
// rank; it marks the zero Card as invalid.
type Rank uint8

// The ranks. Ace is low only.
const (
	NoRank Rank = iota
	Ace
	Two
	Three
	Four
	Five
	Six
	Seven
	Eight
	Nine
	Ten
	Jack
	Queen
	King
)

// NumRanks is the number of ranks in a suit.
const NumRanks = 13

const rankLetters = "?A23456789TJQK"

// String returns the rank's letter: "A", "2" … "9", "T", "J", "Q", "K".
func (r Rank) String() string {
	if r > King {
		return fmt.Sprintf("Rank(%d)", uint8(r))
	}
	return rankLetters[r : r+1]
}

// Card is one playing card. Its zero value is not a card.
//
// A Card is encoded as suit<<4 | rank, so that uint(c) indexes a bit of a Set.
type Card uint8

// New returns the card of rank r and suit s. It returns the zero Card if r or
// s is out of range.
func New(r Rank, s Suit) Card {
	if r < Ace || r > King || s >= NumSuits {
		return 0
	}
	return Card(uint8(s)<<4 | uint8(r))
}

// Rank returns the card's rank (NoRank for the zero Card and for a joker).
func (c Card) Rank() Rank {
	if r := Rank(c & 0xF); r <= King {
		return r
	}
	return NoRank
}

// Suit returns the card's suit (NoSuit for a joker).
func (c Card) Suit() Suit {
	if c.IsJoker() {
		return NoSuit
	}
	return Suit(c >> 4)
}

// IsValid reports whether c is one of the 52 cards.
//
// Jokers are not: see In54 and IsJoker.
func (c Card) IsValid() bool {
	r := Rank(c & 0xF)
	return r >= Ace && r <= King && c>>4 < NumSuits
}

// Index returns a dense index in [0, 52): suit*13 + rank-1. It is -1 for an
// invalid card.
func (c Card) Index() int {
	if !c.IsValid() {
		return -1
	}
	return int(c.Suit())*NumRanks + int(c.Rank()) - 1
}

// FromIndex is the inverse of Index. It returns the zero Card for an index
// outside [0, 52).
func FromIndex(i int) Card {
	if i < 0 || i >= PackSize {
		return 0
	}
	return New(Rank(i%NumRanks+1), Suit(i/NumRanks))
}

// String returns the two-letter form, rank then suit ("7S", "TD"), or "SJ"
// and "BJ" for the jokers. The zero Card prints as "??".
func (c Card) String() string {
	if !c.IsValid() {
		return jokerString(c)
	}
	return string([]byte{rankLetters[c.Rank()], suitLetters[c.Suit()]})
}

// Pretty returns the rank followed by the suit symbol ("7♥", "T♣"); the
// jokers are "SJ" and "BJ".
func (c Card) Pretty() string {
	if !c.IsValid() {
		return jokerString(c)
	}
	return c.Rank().String() + c.Suit().Symbol()
}

// MarshalText implements encoding.TextMarshaler with the two-letter form;
// jokers included. The zero Card, no card, is the empty string, so that a
// value holding no card yet (nothing drawn, nothing taken) marshals.
func (c Card) MarshalText() ([]byte, error) {
	if c == 0 {
		return []byte{}, nil
	}
	if !c.In54() {
		return nil, ErrInvalidCard
	}
	return []byte(c.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler with Parse; the empty
// string reads as the zero Card, as MarshalText writes it.
func (c *Card) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*c = 0
		return nil
	}
	p, err := Parse(string(b))
	if err != nil {
		return err
	}
	*c = p
	return nil
}

// ErrInvalidCard is returned when a card is not one of the 52 (or, where
// jokers are allowed, not one of the 54 faces).
var ErrInvalidCard = errors.New("card: not a valid card")

// ParseError reports a string that is not a card.
type ParseError struct {
	Input  string // what was given
	Reason string // why it is not a card
}

// Error names the input and why it is not a card.
func (e *ParseError) Error() string {
	return fmt.Sprintf("card: cannot parse %q: %s", e.Input, e.Reason)
}

// Is makes errors.Is(err, ErrInvalidCard) true for a ParseError.
func (e *ParseError) Is(target error) bool { return target == ErrInvalidCard }

// Parse reads a card written rank then suit: "7S", "TD", "10D", "ah", "Q♥".
// Ranks are A 2–9 T (or 10) J Q K; suits S H D C or ♠ ♥ ♦ ♣ (also the
// outline forms ♤ ♡ ♢ ♧). "SJ" and "BJ" are the small and big jokers. Case
// does not matter; surrounding space is ignored.
func Parse(s string) (Card, error) {
	in := s
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, &ParseError{in, "empty"}
	}
	if j := parseJoker(s); j != 0 {
		return j, nil
	}
	var r Rank
	rest := s
	switch {
	case strings.HasPrefix(s, "10"):
		r, rest = Ten, s[2:]
	default:
		switch s[0] {
		case 'A', 'a':
			r = Ace
		case '2', '3', '4', '5', '6', '7', '8', '9':
			r = Rank(s[0] - '0')
		case 'T', 't':
			r = Ten
		case 'J', 'j':
			r = Jack
		case 'Q', 'q':
			r = Queen
		case 'K', 'k':
			r = King
		default:
			return 0, &ParseError{in, "unknown rank (want A 2-9 T J Q K)"}
		}
		rest = s[1:]
	}
	var su Suit
	switch rest {
	case "S", "s", "♠", "♤":
		su = Spades
	case "H", "h", "♥", "♡":
		su = Hearts
	case "D", "d", "♦", "♢":
		su = Diamonds
	case "C", "c", "♣", "♧":
		su = Clubs
	case "":
		return 0, &ParseError{in, "missing suit (want S H D C)"}
	default:
		return 0, &ParseError{in, "unknown suit (want S H D C)"}
	}
	return New(r, su), nil
}

// MustParse is like Parse but panics on error. It is meant for tests and
// constants.
func MustParse(s string) Card {
	c, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return c
}
