package gin

import (
	"errors"
	"fmt"
)

// Sentinel errors, one a rule. Every error the engine returns wraps one of
// them, so callers can test with errors.Is; the message adds the cards and
// numbers involved.
var (
	ErrInvalidMeld      = errors.New("not a valid meld")
	ErrWrongPhase       = errors.New("not allowed in this phase")
	ErrNotYourTurn      = errors.New("not your turn")
	ErrNotInHand        = errors.New("card not in hand")
	ErrJustTaken        = errors.New("you just took it from the discard pile")
	ErrOverKnockLimit   = errors.New("deadwood over the knock limit")
	ErrEmptyStock       = errors.New("stock is empty")
	ErrEmptyDiscardPile = errors.New("discard pile is empty")
	ErrMustDrawStock    = errors.New("both players passed the upcard: draw from the stock")
	ErrNotBigGin        = errors.New("not every card melds")
	ErrBigGinOff        = errors.New("big gin is off in these rules")
	ErrHandOver         = errors.New("the hand is over")
	ErrGameOver         = errors.New("the game is over")
	ErrUnknownAction    = errors.New("unknown action")
	ErrMalformedAction  = errors.New("malformed action")
	ErrBadArrangement   = errors.New("arrangement does not fit the hand")
	ErrInvalidRules     = errors.New("invalid rules")
	ErrInvalidSeat      = errors.New("no such seat")
)

// KnockLimitError is returned for a knock whose deadwood is over the hand's
// knock limit. It wraps ErrOverKnockLimit.
type KnockLimitError struct {
	Deadwood int // deadwood of the ten cards laid out
	Limit    int // the hand's knock limit
}

// Error gives the deadwood and the limit.
func (e *KnockLimitError) Error() string {
	if e.Limit == 0 {
		return fmt.Sprintf("gin: deadwood %d is over the knock limit 0 (gin only)", e.Deadwood)
	}
	return fmt.Sprintf("gin: deadwood %d is over the knock limit %d", e.Deadwood, e.Limit)
}

// Unwrap returns ErrOverKnockLimit.
func (e *KnockLimitError) Unwrap() error { return ErrOverKnockLimit }

// quietError is an error whose message already says what its sentinel
// means: errors.Is finds the sentinel, and the message does not repeat it
// ("gin: deck has 7S twice", not "gin: deck has 7S twice: card: duplicate
// card").
type quietError struct {
	msg      string
	sentinel error
}

func (e *quietError) Error() string { return e.msg }
func (e *quietError) Unwrap() error { return e.sentinel }

// errorf formats a message that says in full what sentinel means and
// returns it as an error wrapping sentinel without repeating its text.
func errorf(sentinel error, format string, args ...any) error {
	return &quietError{msg: fmt.Sprintf(format, args...), sentinel: sentinel}
}

func asErr[T error](err error, target *T) bool { return errors.As(err, target) }
