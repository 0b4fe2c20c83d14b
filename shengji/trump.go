package shengji

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"felt/card"
	"felt/internal/strictjson"
)

// Trump is a hand's trump: the trump suit, card.NoSuit for no trump (无主),
// and the level rank, two to ace, or LevelNT (always without a trump
// suit). The zero Trump has no level and is not valid; NewTrump and
// ParseTrump make valid ones.
type Trump struct {
	Suit  card.Suit // trump suit, or card.NoSuit
	Level card.Rank // the hand's level rank
}

// LevelNT is the level above A of a table with the no-trump top rank
// (Rules.NoTrumpRank), written "NT": a hand played at it has no trump suit
// and no level rank, so the jokers are its only trumps, and nobody
// declares. It is not a card's rank: no card is of it.
const LevelNT card.Rank = card.King + 1

// ErrBadTrump is returned for a trump suit or level that does not exist.
var ErrBadTrump = errors.New("shengji: not a trump")

// NewTrump returns the trump of suit s (card.NoSuit for no trump) at level
// rank level.
func NewTrump(s card.Suit, level card.Rank) (Trump, error) {
	t := Trump{s, level}
	if !t.IsValid() {
		return Trump{}, fmt.Errorf("%w: suit %d, level %d", ErrBadTrump, uint8(s), uint8(level))
	}
	return t, nil
}

// IsValid reports whether t has a suit (or NoSuit) and a level rank, or is
// level NT without a trump suit.
func (t Trump) IsValid() bool {
	return t.Suit <= card.NoSuit && t.Level >= card.Ace && t.Level <= card.King ||
		t.Suit == card.NoSuit && t.Level == LevelNT
}

// IsNoTrump reports whether t has no trump suit.
func (t Trump) IsNoTrump() bool { return t.Suit == card.NoSuit }

// IsTrump reports whether c is a trump: a joker, a level-rank card or a card
// of the trump suit.
func (t Trump) IsTrump(c card.Card) bool {
	return c.IsJoker() || c.IsValid() && (c.Rank() == t.Level || c.Suit() == t.Suit)
}

// String writes the trump as "S 2", "H 10" or "none A": the suit's letter
// (or "none") and the level.
func (t Trump) String() string {
	if !t.IsValid() {
		return "Trump(?)"
	}
	return t.Suit.String() + " " + LevelString(t.Level)
}

// LevelString writes a level as "2" … "10", "J", "Q", "K", "A" or "NT".
func LevelString(r card.Rank) string {
	switch r {
	case card.Ten:
		return "10"
	case LevelNT:
		return "NT"
	}
	return r.String()
}

// ParseLevel reads a level: "2" … "9", "10" or "T", "J", "Q", "K", "A", or
// "NT" (LevelNT), any case.
func ParseLevel(s string) (card.Rank, error) {
	s = strings.TrimSpace(s)
	switch {
	case s == "10":
		return card.Ten, nil
	case strings.EqualFold(s, "NT"):
		return LevelNT, nil
	}
	if len(s) == 1 {
		// A rank is a card without its suit: borrow the card parser.
		if c, err := card.Parse(s + "S"); err == nil && c.IsValid() {
			return c.Rank(), nil
		}
	}
	return 0, fmt.Errorf("%w: level %q (want 2-10, J, Q, K, A or NT)", ErrBadTrump, s)
}

// ParseTrumpSuit reads a trump suit: "S", "H", "D", "C" (any case) or
// "none".
func ParseTrumpSuit(s string) (card.Suit, error) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "S":
		return card.Spades, nil
	case "H":
		return card.Hearts, nil
	case "D":
		return card.Diamonds, nil
	case "C":
		return card.Clubs, nil
	case "NONE":
		return card.NoSuit, nil
	}
	return 0, fmt.Errorf("%w: suit %q (want S, H, D, C or none)", ErrBadTrump, s)
}

// ParseTrump reads a trump from its suit and level as written in the JSON
// form.
func ParseTrump(suit, level string) (Trump, error) {
	s, err := ParseTrumpSuit(suit)
	if err != nil {
		return Trump{}, err
	}
	l, err := ParseLevel(level)
	if err != nil {
		return Trump{}, err
	}
	if l == LevelNT && s != card.NoSuit {
		return Trump{}, fmt.Errorf("%w: suit %s at level NT (a hand at NT has no trump suit: want none)", ErrBadTrump, s)
	}
	return Trump{s, l}, nil
}

// trumpJSON is Trump's JSON form.
type trumpJSON struct {
	Suit  *string `json:"suit"`
	Level *string `json:"level"`
}

// MarshalJSON writes {"suit": "S"|"H"|"D"|"C"|"none", "level": "2"…"A"|"NT"}.
func (t Trump) MarshalJSON() ([]byte, error) {
	if !t.IsValid() {
		return nil, fmt.Errorf("%w: suit %d, level %d", ErrBadTrump, uint8(t.Suit), uint8(t.Level))
	}
	s, l := t.Suit.String(), LevelString(t.Level)
	return json.Marshal(trumpJSON{&s, &l})
}

// UnmarshalJSON reads the form MarshalJSON writes, the level ten also as
// "T"; both fields are required and no others are allowed. On an error t is
// unchanged.
func (t *Trump) UnmarshalJSON(b []byte) error {
	var v trumpJSON
	if err := strictjson.Decode(b, &v); err != nil {
		return fmt.Errorf("%w: %v (want {\"suit\": …, \"level\": …})", ErrBadTrump, err)
	}
	if v.Suit == nil || v.Level == nil {
		return fmt.Errorf("%w: want both \"suit\" and \"level\"", ErrBadTrump)
	}
	p, err := ParseTrump(*v.Suit, *v.Level)
	if err != nil {
		return err
	}
	*t = p
	return nil
}

// LevelNumber returns a level as a number that grows as levels climb: 2 to
// 10 for their ranks, J 11, Q 12, K 13, A 14 and NT 15.
func LevelNumber(r card.Rank) int { return power(r) + 2 }
