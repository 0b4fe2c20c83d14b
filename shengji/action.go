package shengji

import (
	"errors"
	"fmt"

	"felt/card"
)

// ActionKind is what a player does. The zero value NoAction is no action.
type ActionKind uint8

// The kinds of action. Dealing the next card is not a player's action: see
// Hand.Deal.
const (
	NoAction ActionKind = iota
	// Declare shows level-rank cards or a joker pair to declare trump,
	// reinforce one's own single into a pair or override another's
	// declaration.
	Declare
	// Pass declines to declare on one's turn (only when declaring after
	// the deal).
	Pass
	// Bury puts eight cards face down as the kitty (the banker, once).
	Bury
	// Play leads or follows to a trick.
	Play
	// FriendCall is the banker's friend calls after burying, in Finding
	// Friends (written "call").
	FriendCall
)

var actionNames = [...]string{"none", "bid", "pass", "bury", "play", "call"}

// String returns the kind's name as written in logs: "bid", "pass",
// "bury", "play" or "call".
func (k ActionKind) String() string {
	if int(k) < len(actionNames) {
		return actionNames[k]
	}
	return fmt.Sprintf("ActionKind(%d)", uint8(k))
}

// ParseActionKind is the inverse of String.
func ParseActionKind(s string) (ActionKind, error) {
	for i, n := range actionNames[1:] {
		if n == s {
			return ActionKind(i + 1), nil
		}
	}
	return NoAction, fmt.Errorf("shengji: action %q: %w (want bid, pass, bury, play or call)", s, ErrMalformedAction)
}

// KittySize is the number of cards in the kitty at the standard table
// (Rules.KittySize for any table).
const KittySize = 8

// Action is one player's move: its kind and the cards it shows, buries or
// plays, or the banker's friend calls. It is a comparable value that costs
// nothing to copy.
type Action struct {
	Kind  ActionKind
	Cards card.Multi
	// Calls are a FriendCall's calls, the first NCalls of them.
	Calls  [MaxCalls]Call
	NCalls int
}

// CallAction calls friends (Finding Friends); calls past MaxCalls are
// dropped.
func CallAction(calls ...Call) Action {
	a := Action{Kind: FriendCall, NCalls: min(len(calls), MaxCalls)}
	copy(a.Calls[:], calls)
	return a
}

// CallList returns a FriendCall's calls.
func (a Action) CallList() []Call {
	return append([]Call(nil), a.Calls[:max(0, min(a.NCalls, MaxCalls))]...)
}

// DeclareAction shows cards to declare, reinforce or override.
func DeclareAction(cards card.Multi) Action { return Action{Kind: Declare, Cards: cards} }

// PassAction passes on one's turn to declare after the deal.
func PassAction() Action { return Action{Kind: Pass} }

// BuryAction buries cards as the kitty.
func BuryAction(cards card.Multi) Action { return Action{Kind: Bury, Cards: cards} }

// PlayAction leads or follows with cards.
func PlayAction(cards card.Multi) Action { return Action{Kind: Play, Cards: cards} }

// String describes the action: "bid 7H 7H", "pass", "play QS QS", "call
// 2nd AS, 1st KH".
func (a Action) String() string {
	if a.Kind == FriendCall {
		s := a.Kind.String()
		for i, c := range a.CallList() {
			if i > 0 {
				s += ","
			}
			s += " " + c.String()
		}
		return s
	}
	if a.Cards.IsEmpty() {
		return a.Kind.String()
	}
	return a.Kind.String() + " " + a.Cards.String()
}

// Validate reports whether a has its kind's form: one to five cards to
// declare, none to pass, one to MaxKitty to bury (Hand.Check wants the
// kitty's size), at least one to play, no cards but at most MaxCalls calls
// to call friends. It does not say whether the action is legal now;
// Hand.Check does.
func (a Action) Validate() error {
	n := a.Cards.Len()
	m := a.Cards
	if m.One&^card.AllFaces != 0 || m.Two&^m.One != 0 || m.Three&^m.Two != 0 || m.Four&^m.Three != 0 || m.Five&^m.Four != 0 {
		return fmt.Errorf("shengji: %s: cards that are not faces: %w", a.Kind, ErrMalformedAction)
	}
	if a.Kind != FriendCall && (a.NCalls != 0 || a.Calls != [MaxCalls]Call{}) {
		return fmt.Errorf("shengji: %s: friend calls belong to a call: %w", a.Kind, ErrMalformedAction)
	}
	switch a.Kind {
	case FriendCall:
		if n != 0 {
			return fmt.Errorf("shengji: a call shows no cards, not %d: %w", n, ErrMalformedAction)
		}
		if a.NCalls < 0 || a.NCalls > MaxCalls {
			return fmt.Errorf("shengji: %d calls, at most %d: %w", a.NCalls, MaxCalls, ErrMalformedAction)
		}
		for _, c := range a.Calls[a.NCalls:] {
			if c != (Call{}) {
				return fmt.Errorf("shengji: a call past the %d given: %w", a.NCalls, ErrMalformedAction)
			}
		}
	case Declare:
		if n < 1 || n > card.MaxCopies {
			return fmt.Errorf("shengji: a declaration shows 1 to %d cards, not %d: %w", card.MaxCopies, n, ErrMalformedAction)
		}
	case Pass:
		if n != 0 {
			return fmt.Errorf("shengji: a pass shows no cards, not %d: %w", n, ErrMalformedAction)
		}
	case Bury:
		if n < 1 || n > MaxKitty {
			return fmt.Errorf("shengji: bury 1 to %d cards, not %d: %w", MaxKitty, n, ErrMalformedAction)
		}
	case Play:
		if n == 0 {
			return fmt.Errorf("shengji: a play needs at least one card: %w", ErrMalformedAction)
		}
	default:
		return fmt.Errorf("shengji: action kind %s: %w", a.Kind, ErrMalformedAction)
	}
	return nil
}

// Sentinel errors, one a rule. Every refusal of Hand.Check and Hand.Apply
// is an *ActionError that wraps one of them (or a *FollowError, or
// ErrNotHeld, ErrBadLead), so callers can test with errors.Is.
var (
	ErrMalformedAction = errors.New("malformed action")
	ErrWrongPhase      = errors.New("not allowed in this phase")
	ErrNotYourTurn     = errors.New("not your turn")
	ErrInvalidSeat     = errors.New("no such seat")
	ErrHandOver        = errors.New("the hand is over")
	ErrGameOver        = errors.New("the game is over")
	ErrNotDeclaration  = errors.New("not a declaration")
	ErrBidTooLow       = errors.New("does not outrank the standing declaration")
	ErrOverrideSelf    = errors.New("may not override one's own declaration")
	ErrDealOver        = errors.New("every card is dealt")
)

// ActionError is a refused action: who tried what, the rule it breaks (Err,
// a sentinel or a *FollowError) and why in plain words.
type ActionError struct {
	Seat   Seat
	Action Action
	Err    error
	Reason string // "seat 2 cannot play 8♥ 9♥: you hold the pair 9♥ 9♥: …"
}

// Error returns the reason, prefixed with the package name.
func (e *ActionError) Error() string { return "shengji: " + e.Reason }

// Unwrap returns the broken rule's error.
func (e *ActionError) Unwrap() error { return e.Err }

// refuse builds an ActionError for seat's action a.
func refuse(seat Seat, a Action, err error, format string, args ...any) error {
	return &ActionError{Seat: seat, Action: a, Err: err, Reason: fmt.Sprintf(format, args...)}
}
