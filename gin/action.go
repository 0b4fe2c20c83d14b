package gin

import (
	"fmt"

	"felt/card"
)

// Seat is one of the two players: 0 or 1.
type Seat uint8

// Other returns the opponent's seat.
func (s Seat) Other() Seat { return 1 - s&1 }

// String returns "0" or "1".
func (s Seat) String() string { return fmt.Sprintf("%d", uint8(s)) }

// Valid reports whether s is 0 or 1.
func (s Seat) Valid() bool { return s <= 1 }

// ActionKind is what a player does. The zero value NoAction is no action.
type ActionKind uint8

// The kinds of action.
const (
	NoAction    ActionKind = iota
	DrawStock              // draw the top card of the stock
	TakeDiscard            // take the top of the discard pile (the upcard, in the upcard phase)
	Pass                   // pass the upcard
	Discard                // discard Card face up
	Knock                  // discard Card face down and lay out the other ten
	BigGin                 // lay out all eleven cards, no discard
	// LayOff lays Card off onto the one meld of Show: the defender's move,
	// after a knock, at a table whose defender lays out its own melds
	// (package games). A Hand never takes it.
	LayOff
)

var actionNames = [...]string{"none", "draw_stock", "take_discard", "pass", "discard", "knock", "big_gin", "lay_off"}

// String returns the action kind's name as written in logs and protocols:
// "draw_stock", "take_discard", "pass", "discard", "knock", "big_gin",
// "lay_off".
func (k ActionKind) String() string {
	if int(k) < len(actionNames) {
		return actionNames[k]
	}
	return fmt.Sprintf("ActionKind(%d)", uint8(k))
}

// ParseActionKind is the inverse of String for the kinds a Hand takes
// (DrawStock to BigGin).
func ParseActionKind(s string) (ActionKind, error) {
	for i, n := range actionNames[1:LayOff] {
		if n == s {
			return ActionKind(i + 1), nil
		}
	}
	return NoAction, fmt.Errorf("gin: %q: %w (want draw_stock, take_discard, pass, discard, knock or big_gin)", s, ErrUnknownAction)
}

// Action is one player's move. It is a comparable value.
//
// Each move has exactly one form: Card is set for Discard and Knock and
// only for them, and Show only for Knock and BigGin. Validate checks the
// form; Hand.Apply refuses an action of any other form, so that two
// different Action values never stand for the same move.
type Action struct {
	Kind ActionKind
	Card card.Card // the card discarded, for Discard and Knock
	// Show is the arrangement a knocker lays out. The zero Arrangement asks
	// for the automatic choice (least deadwood, then most left to the
	// defender).
	Show Arrangement
}

// Validate reports whether a has the one form of its kind: a known kind, one
// of the 52 cards for Discard and Knock and no card for the others, and no
// arrangement except on Knock and BigGin. The error wraps
// ErrMalformedAction (ErrUnknownAction for an unknown kind). Validate does
// not check that the action is legal now; Hand.Apply does.
func (a Action) Validate() error {
	switch a.Kind {
	case DrawStock, TakeDiscard, Pass, Discard, Knock, BigGin:
	case LayOff:
		return fmt.Errorf("gin: %s: %w (a lay-off is the table's move for a defender laying out its own melds, not a hand's)", a.Kind, ErrWrongPhase)
	default:
		return fmt.Errorf("gin: action kind %s: %w", a.Kind, ErrUnknownAction)
	}
	switch a.Kind {
	case Discard, Knock:
		if !a.Card.IsValid() {
			return fmt.Errorf("gin: %s needs one of the 52 cards: %w", a.Kind, ErrMalformedAction)
		}
	default:
		if a.Card != 0 {
			return fmt.Errorf("gin: %s takes no card, got %s: %w", a.Kind, a.Card, ErrMalformedAction)
		}
	}
	if a.Show.Len() > 0 && a.Kind != Knock && a.Kind != BigGin {
		return fmt.Errorf("gin: %s takes no melds, got %s: %w", a.Kind, a.Show, ErrMalformedAction)
	}
	return nil
}

// Convenience constructors.

// DrawStockAction draws from the stock.
func DrawStockAction() Action { return Action{Kind: DrawStock} }

// TakeDiscardAction takes the top of the discard pile.
func TakeDiscardAction() Action { return Action{Kind: TakeDiscard} }

// PassAction passes the upcard.
func PassAction() Action { return Action{Kind: Pass} }

// DiscardAction discards c face up.
func DiscardAction(c card.Card) Action { return Action{Kind: Discard, Card: c} }

// KnockAction knocks, discarding c face down, with the automatic arrangement.
func KnockAction(c card.Card) Action { return Action{Kind: Knock, Card: c} }

// BigGinAction lays out eleven melded cards.
func BigGinAction() Action { return Action{Kind: BigGin} }

// String describes the action: "draw_stock", "discard 7H", "knock 3C".
func (a Action) String() string {
	switch a.Kind {
	case Discard, Knock:
		s := a.Kind.String() + " " + a.Card.String()
		if a.Show.Len() > 0 {
			s += " " + a.Show.String()
		}
		return s
	}
	return a.Kind.String()
}
