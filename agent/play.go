package agent

import (
	"context"
	"fmt"
	"time"

	"felt/card"
	"felt/gin"
)

// MaxHandMoves bounds a hand's length: the rules let players trade cards
// through the discard pile forever, and Play stops such a hand with an
// error rather than hang.
const MaxHandMoves = 5000

// Outcome is how a game between two players ended.
type Outcome struct {
	Winner gin.Seat
	// Forfeit is set when a player lost by an error, an illegal action or a
	// late answer; Reason says which.
	Forfeit     bool
	ForfeitSeat gin.Seat
	Reason      string
	// Result is the game's result (zero after a forfeit).
	Result gin.GameResult
	// Hands are the finished hands; HandMoves the number of actions in each.
	Hands     []gin.HandSummary
	HandMoves []int
	// Decisions holds each seat's decision times.
	Decisions [2][]time.Duration
}

// Hooks let a caller watch a game as it is played (all optional).
type Hooks struct {
	// Moved is called after each accepted action, with the card it showed
	// to everyone (see Event.Card) and the drawn card for a stock draw.
	Moved func(seat gin.Seat, a gin.Action, shown card.Card)
	// HandOver is called when a hand ends, before the next deal.
	HandOver func(h *gin.Hand)
}

// Play plays the recorder's game to its end between players (players[s]
// sits in seat s) and returns the outcome. A player's error or illegal
// action forfeits the game, which is then over; Play returns an error only
// when the context ends or the log cannot be written.
func Play(ctx context.Context, rec *gin.Recorder, players [2]Player, hooks *Hooks) (Outcome, error) {
	g := rec.Game()
	var out Outcome
	var events [2]seatEvents
	// notified reports a failed notification: a forfeit, unless the
	// context ended or the game was already over.
	notified := func(s gin.Seat, err error) (Outcome, error, bool) {
		if ctx.Err() != nil {
			return out, ctx.Err(), true
		}
		if g.Over() {
			return out, nil, false
		}
		o, e := forfeit0(&out, g, s, fmt.Sprintf("%s: %v", players[s].Name(), err))
		return o, e, true
	}
	forfeit := func(seat gin.Seat, reason string) (Outcome, error) {
		return forfeit0(&out, g, seat, reason)
	}
	notifyAll := func(kind EventKind) (gin.Seat, error) {
		for s := gin.Seat(0); s < 2; s++ {
			obs := g.Observe(s)
			ev := Event{Kind: kind, Hand: g.HandNumber(), Obs: &obs}
			if kind == GameEndEvent {
				res := g.Result()
				ev.Game = &res
			}
			if err := players[s].Notify(ctx, ev); err != nil {
				return s, err
			}
		}
		return 0, nil
	}
	if s, err := notifyAll(HandStartEvent); err != nil {
		if o, e, stop := notified(s, err); stop {
			return o, e
		}
	}
	moves := 0
	for {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		h := g.Hand()
		if h.Over() {
			out.HandMoves = append(out.HandMoves, moves)
			moves = 0
			if hooks != nil && hooks.HandOver != nil {
				hooks.HandOver(h)
			}
			if s, err := notifyAll(HandEndEvent); err != nil {
				if o, e, stop := notified(s, err); stop {
					return o, e
				}
			}
			if g.Over() {
				// The game is decided: a player that fails to hear its end
				// does not change it.
				_, _ = notifyAll(GameEndEvent)
				out.Winner, out.Result, out.Hands = g.Result().Winner, g.Result(), g.History()
				return out, nil
			}
			if err := rec.NextHand(); err != nil {
				return out, err
			}
			if s, err := notifyAll(HandStartEvent); err != nil {
				if o, e, stop := notified(s, err); stop {
					return o, e
				}
			}
			continue
		}
		if moves >= MaxHandMoves {
			return out, fmt.Errorf("agent: hand %d passed %d moves without ending (players keep trading the discard pile)", g.HandNumber(), MaxHandMoves)
		}
		seat := h.Turn()
		// Each call gets its own Decision, its events worked out from the
		// seat's observations as Seated does: a player may keep what it
		// was given, and nothing of it is reused for the other seat or a
		// later turn. Its legal actions are worked out if it asks.
		d := &Decision{Obs: g.Observe(seat)}
		d.Events = events[seat].next(&d.Obs)
		start := time.Now()
		a, err := players[seat].Act(ctx, d)
		out.Decisions[seat] = append(out.Decisions[seat], time.Since(start))
		if err != nil {
			if ctx.Err() != nil {
				return out, ctx.Err()
			}
			return forfeit(seat, fmt.Sprintf("%s: %v", players[seat].Name(), err))
		}
		shown := shownCard(h, a)
		if err := rec.Apply(seat, a); err != nil {
			return forfeit(seat, fmt.Sprintf("%s: illegal action %s: %v", players[seat].Name(), a, err))
		}
		moves++
		if hooks != nil && hooks.Moved != nil {
			own := shown
			if a.Kind == gin.DrawStock {
				own = h.Drawn()
			}
			if a.Kind == gin.Knock {
				own = a.Card
			}
			hooks.Moved(seat, a, own)
		}
	}
}

// shownCard is the card an action shows to both players; call it before
// applying the action.
func shownCard(h *gin.Hand, a gin.Action) card.Card {
	switch a.Kind {
	case gin.TakeDiscard, gin.Pass:
		return h.Pile().Top()
	case gin.Discard:
		return a.Card
	}
	return 0
}

func forfeit0(out *Outcome, g *gin.Game, seat gin.Seat, reason string) (Outcome, error) {
	out.Forfeit, out.ForfeitSeat, out.Winner, out.Reason = true, seat, seat.Other(), reason
	out.Hands = g.History()
	return *out, nil
}
