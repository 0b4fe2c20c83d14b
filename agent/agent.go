package agent

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"felt/card"
	"felt/gin"
	"felt/gin/ginbot"
)

// EventKind says what an Event reports. The zero value is a move.
type EventKind uint8

// The kinds of event.
const (
	MoveEvent      EventKind = iota // a player acted
	HandStartEvent                  // a hand was dealt
	HandEndEvent                    // a hand ended
	GameEndEvent                    // the game ended
)

var eventNames = [...]string{"move", "hand_start", "hand_end", "game_end"}

// String returns "move", "hand_start", "hand_end" or "game_end".
func (k EventKind) String() string {
	if int(k) < len(eventNames) {
		return eventNames[k]
	}
	return fmt.Sprintf("EventKind(%d)", uint8(k))
}

// Event is something public that happened, as one seat may see it.
type Event struct {
	Kind   EventKind
	Hand   int            // hand number
	Seat   gin.Seat       // for a move: who moved
	Action gin.ActionKind // for a move: what they did
	// Card is the card the move showed: the card taken from the discard
	// pile, passed or discarded face up. An opponent's stock draw and a
	// knock's face-down discard show no card (the zero Card); a player's own
	// stock draw shows the card it drew.
	Card card.Card
	// Obs is the receiving seat's observation after the event: at a hand's
	// start its cards, at a hand's end the result with both hands. It is
	// the receiver's own copy.
	Obs *gin.Observation
	// Game is set on GameEndEvent.
	Game *gin.GameResult
}

// Decision is what a player is asked to decide on. Each Decision, and
// everything it holds, is the player's own: Play and Seated give every call
// fresh values and never change them afterwards, so a player may keep a
// Decision (to resend it on a reconnect, say) and it will only ever hold
// what its seat could see.
type Decision struct {
	Obs gin.Observation
	// Events are the moves since the player's previous decision in this
	// hand, oldest first: its own previous move (with the card it drew,
	// for a stock draw), then the opponent's moves since; at its first
	// decision of a hand, the opponent's moves so far.
	Events []Event
}

// Legal returns every legal action in d.Obs (knocks with the automatic
// arrangement), in a new slice that is the caller's own. It is worked out
// when asked, from d.Obs alone: a player that never asks (a built-in
// level reads the observation) costs the driver nothing.
func (d *Decision) Legal() []gin.Action {
	n := 2
	if d.Obs.Phase == gin.DiscardPhase {
		n = 2*d.Obs.Hand.Len() + 1 // a discard and a knock a card, and big gin
	}
	return d.Obs.LegalActions(make([]gin.Action, 0, n))
}

// ownObs returns a copy of o that shares no storage with it.
func ownObs(o *gin.Observation) *gin.Observation {
	c := *o
	if c.Result != nil {
		r := *c.Result
		r.Showdown.Layoffs = slices.Clone(r.Showdown.Layoffs)
		c.Result = &r
	}
	return &c
}

// Player plays Gin Rummy from one seat.
type Player interface {
	// Name names the player ("hard", "exec:python3 bot.py").
	Name() string
	// Act returns the player's action. An error, or an illegal action,
	// forfeits the game.
	Act(ctx context.Context, d *Decision) (gin.Action, error)
	// Notify reports a hand's start and end and the game's end (moves come
	// with the next Decision). An error forfeits the game.
	Notify(ctx context.Context, ev Event) error
	// Close releases what the player holds (an outside program's process).
	Close() error
}

// Bot adapts a built-in computer player.
type Bot struct{ P ginbot.Player }

// Name returns the built-in player's name.
func (b Bot) Name() string { return b.P.Name() }

// Act asks the built-in player.
func (b Bot) Act(_ context.Context, d *Decision) (gin.Action, error) { return b.P.Act(&d.Obs), nil }

// Notify does nothing: built-in players read everything from observations.
func (b Bot) Notify(context.Context, Event) error { return nil }

// Close does nothing.
func (b Bot) Close() error { return nil }

// Options configure players made by New.
type Options struct {
	// Rules are the game's rules, sent to outside programs.
	Rules gin.Rules
	// Timeout bounds each answer of an outside program, and each write
	// to it, after start-up (default DefaultTimeout).
	Timeout time.Duration
	// StartTimeout bounds an outside program's start-up: its answer to
	// the start message (default DefaultStartTimeout, or Timeout if that
	// is longer).
	StartTimeout time.Duration
	// Seat is the seat the player will sit in, told to outside programs.
	Seat gin.Seat
}

// New returns the player named name: a built-in level (see ginbot.Levels)
// seeded with seed, or "exec:COMMAND" for an outside program.
func New(name string, seed uint64, opt Options) (Player, error) {
	if cmd, ok := strings.CutPrefix(name, "exec:"); ok {
		return Exec(cmd, opt)
	}
	p, err := ginbot.New(name, gin.NewRand(seed))
	if err != nil {
		return nil, err
	}
	return Bot{p}, nil
}
