package table

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// ErrLeft is what a controller returns when its person left the table.
var ErrLeft = errors.New("left the table")

// Kind is what controls a seat.
type Kind uint8

// The kinds of controller.
const (
	NoKind  Kind = iota // not said
	Person              // a person at an interface
	Level               // a built-in computer player
	Program             // an outside program
)

var kindNames = [...]string{"none", "person", "level", "program"}

// String returns the kind's name.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Decision is one question to a seat's controller. It is a value of its
// own: nothing in it changes after it is handed out, and nothing in it is
// shared with another seat's decision.
type Decision[O any] struct {
	Seat Seat
	// Seq is the number of the log line the move would be: a reply meant
	// for an earlier decision can be recognised as stale.
	Seq int
	// Optional says the seat may decline (return ok false).
	Optional bool
	// Obs is the seat's observation, made for this decision.
	Obs O
}

// Controller decides a seat's moves. Decide returns the move and true, or
// false to decline an optional decision. It should return when ctx ends.
type Controller[M, O any] interface {
	Decide(ctx context.Context, d Decision[O]) (m M, ok bool, err error)
}

// Waiter is a controller that can say what it is waiting for when a
// decision's deadline passes: an outside program that has not said it is
// ready, say. The table adds it to the reason it gives ("no move within
// 10s: …"). Waiting is called while Decide runs, from another goroutine;
// "" says nothing more than the deadline.
type Waiter interface {
	Waiting() string
}

// Listener receives what a seat (or a spectator) sees of every move, and
// the table's notices. A controller that is a Listener gets its seat's
// views.
type Listener[E any] interface {
	Event(seat Seat, e E)
	Notice(n Notice)
}

// Player is who sits at a seat: a name, the kind of controller, the
// controller and its deadline per decision (0 for none).
type Player[M, O any] struct {
	Name     string
	Kind     Kind
	Control  Controller[M, O]
	Deadline time.Duration
}

// NoticeKind says what a Notice reports.
type NoticeKind uint8

// The table's notices.
const (
	NoNotice    NoticeKind = iota
	Takeover               // a built-in level took a seat over
	Forfeit                // a seat forfeited the game
	Abandon                // the table was abandoned
	TeamsChange            // the teams changed (a friend revealed, a team formed)
	Undone                 // a seat took moves back (Undo): the game is as it was before line Back
)

var noticeNames = [...]string{"none", "takeover", "forfeit", "abandon", "teams", "undo"}

// String returns the notice's name.
func (k NoticeKind) String() string {
	if int(k) < len(noticeNames) {
		return noticeNames[k]
	}
	return fmt.Sprintf("NoticeKind(%d)", uint8(k))
}

// Notice is an event of the table rather than of a seat's view of the
// game: a takeover, a forfeit, the table's abandonment, or teams that
// changed. Everyone at the table sees it.
type Notice struct {
	Kind   NoticeKind
	Seat   Seat   // the seat concerned (not for Abandon or TeamsChange)
	From   string // who played the seat until now
	To     string // who plays it from now on (Takeover)
	Reason string // why, in plain words
	// Teams are the teams from now on (TeamsChange), as the engine's
	// Teams says them after the move or advance just seen.
	Teams Teams
	// Back is the line of the move taken back (Undone): the game is
	// where it stood before it.
	Back int
}

// String describes the notice in a line.
func (n Notice) String() string {
	switch n.Kind {
	case Takeover:
		return fmt.Sprintf("seat %s: %s takes over from %s (%s)", n.Seat, n.To, n.From, n.Reason)
	case Forfeit:
		return fmt.Sprintf("seat %s (%s) forfeits: %s", n.Seat, n.From, n.Reason)
	case Abandon:
		return fmt.Sprintf("table abandoned: %s", n.Reason)
	case TeamsChange:
		return fmt.Sprintf("teams now %s", n.Teams)
	case Undone:
		return fmt.Sprintf("seat %s takes back its moves from line %d (%s)", n.Seat, n.Back, n.Reason)
	}
	return n.Kind.String()
}
