package agent

import (
	"context"
	"sync"

	"felt/gin"
	"felt/gin/ginbot"
)

// Seated lets any Player play where a built-in computer player is expected
// (ginbot.Player: an action from an observation), as the terminal game
// does. It builds each Decision from the observation — with the events
// Play would send at the same point (the player's own previous move of the
// hand, then the opponent's moves since) — and tells
// the player when a hand starts. Call HandEnded and GameEnded when they
// happen so an outside program hears them too.
//
// If the player fails (an outside program dies or answers nonsense), Seated
// plays on with Fallback and keeps the error for Problem.
type Seated struct {
	P        Player
	Fallback ginbot.Player

	mu      sync.Mutex
	hand    int
	started bool
	events  seatEvents
	err     error
}

// NewSeated wraps p, falling back to the built-in normal player seeded
// with seed if p fails.
func NewSeated(p Player, seed uint64) *Seated {
	return &Seated{P: p, Fallback: ginbot.NewNormal(gin.NewRand(seed))}
}

// Name returns the player's name.
func (s *Seated) Name() string { return s.P.Name() }

// Problem returns the error that made Seated fall back, or nil.
func (s *Seated) Problem() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// Act asks the player for its action. The player is given its own copy
// of obs, which the caller may reuse.
func (s *Seated) Act(obs *gin.Observation) gin.Action { return s.ActContext(context.Background(), obs) }

// ActContext is Act, stopped when ctx ends (the player has failed then).
func (s *Seated) ActContext(ctx context.Context, obs *gin.Observation) gin.Action {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return s.Fallback.Act(obs)
	}
	if !s.startHand(ctx, obs) {
		return s.Fallback.Act(obs)
	}
	// The player gets its own copy of everything: the caller may reuse
	// obs, and the player may keep what it was given.
	d := &Decision{Obs: *ownObs(obs)}
	d.Events = s.events.next(&d.Obs)
	a, err := s.P.Act(ctx, d)
	if err != nil {
		s.err = err
		return s.Fallback.Act(obs)
	}
	return a
}

// startHand tells the player that obs's hand has started, unless it has
// been told already, and reports whether the player is still playing. Call
// it with s.mu held.
func (s *Seated) startHand(ctx context.Context, obs *gin.Observation) bool {
	if s.err != nil {
		return false
	}
	if s.started && obs.HandNumber == s.hand {
		return true
	}
	s.started, s.hand = true, obs.HandNumber
	if err := s.P.Notify(ctx, Event{Kind: HandStartEvent, Hand: obs.HandNumber, Obs: ownObs(obs)}); err != nil {
		s.err = err
		return false
	}
	return true
}

// HandEnded tells the player a hand is over; obs is its seat's observation
// with the result. The player is given a copy: the caller may reuse obs.
// A hand that ended before the player's first decision in it (the other
// seat took the upcard and knocked) is first reported as started, with the
// player's cards and the scores and boxes from before the hand, so that
// the player always hears a hand start before it ends.
func (s *Seated) HandEnded(obs *gin.Observation) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ctx := context.Background()
	if !s.startHand(ctx, beforeResult(obs)) {
		return
	}
	if err := s.P.Notify(ctx, Event{Kind: HandEndEvent, Hand: obs.HandNumber, Obs: ownObs(obs)}); err != nil {
		s.err = err
	}
}

// beforeResult returns a copy of a finished hand's observation as it was
// before the hand was scored: no result, and the scores and boxes from
// before the hand. The seat's cards are those it holds, which are the
// cards it was dealt when it made no move in the hand.
func beforeResult(obs *gin.Observation) *gin.Observation {
	o := ownObs(obs)
	if r := o.Result; r != nil && r.Kind != gin.DrawResult && r.Kind != gin.NoResult {
		o.Scores[r.Winner] -= r.Points
		o.Boxes[r.Winner]--
	}
	o.Result = nil
	return o
}

// GameEnded tells the player the game is over.
func (s *Seated) GameEnded(res gin.GameResult) {
	s.notify(Event{Kind: GameEndEvent, Game: &res})
}

func (s *Seated) notify(ev Event) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return
	}
	if err := s.P.Notify(context.Background(), ev); err != nil {
		s.err = err
	}
}

// Close closes the player.
func (s *Seated) Close() error { return s.P.Close() }

var _ ginbot.Player = (*Seated)(nil)
