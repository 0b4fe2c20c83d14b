package gin

import (
	"fmt"
	"slices"

	"felt/card"
)

// This file is what a table (package table) needs of the engine: a game
// dealt from decks the table gives it, Check on a copy, and for every move
// and deal what each seat and a spectator see of it. The engine decides
// what a move shows; drivers only pass the events on.

// Event is what one seat, or a spectator, sees of one deal or move. Every
// Event is its own: End, when set, points at a value made for this viewer.
type Event struct {
	Hand int        // the hand's number, from 1
	Seat Seat       // who moved; for a deal, the dealer
	Kind ActionKind // NoAction for a deal
	// Card is the card the move put in view, when this viewer may see it:
	// a take, a pass or a discard (everyone), the card drawn from the stock
	// (the drawer alone), a knock's discard (everyone: the hand is over).
	Card card.Card
	// Cards is, at a deal, the viewer's own ten cards (none for a
	// spectator).
	Cards  card.Set
	Upcard card.Card // at a deal, the card turned up
	// End is set when the move ended the hand: all that is shown.
	End *HandEnd
}

// HandEnd is what everyone sees when a hand ends.
type HandEnd struct {
	Result  Result      // how it ended, with the showdown of a knock
	Hands   [2]card.Set // both hands as they ended (a knocker's without its discard)
	Discard card.Card   // the knock's discard, face up at the end
	Scores  [2]int      // running totals after the hand
	Over    bool        // the game is over
	Game    GameResult  // the game's result, when Over
}

// NewGameUndealt returns a game with no hand dealt yet: the caller deals
// each hand with DealDeck.
func NewGameUndealt(r Rules) (*Game, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	return &Game{rules: r}, nil
}

// NeedsDeal reports whether the game waits for a hand to be dealt: none
// has been, or the last one is over and the game is not.
func (g *Game) NeedsDeal() bool { return !g.over && (g.handNo == 0 || g.hand.Over()) }

// DealDeck deals the next hand from deck (top first) with dealer dealing:
// for a hand after the first, dealer must be NextDealer. It fills what
// each seat and a spectator see of the deal.
func (g *Game) DealDeck(deck []card.Card, dealer Seat, seen *[2]Event, spectator *Event) error {
	if !g.NeedsDeal() {
		return fmt.Errorf("gin: deal: %w (no hand is due)", ErrWrongPhase)
	}
	if g.handNo > 0 && dealer != g.NextDealer() {
		return fmt.Errorf("gin: deal: dealer %s, but seat %s deals hand %d: %w", dealer, g.NextDealer(), g.handNo+1, ErrInvalidSeat)
	}
	h, err := NewHand(g.rules, deck, dealer)
	if err != nil {
		return err
	}
	g.hand = h
	g.handNo++
	ev := Event{Hand: g.handNo, Seat: dealer, Upcard: h.upcard}
	*spectator = ev
	for s := range seen {
		seen[s] = ev
		seen[s].Cards = h.hands[s]
	}
	return nil
}

// Check reports whether seat may make action now, trying it on a copy of
// the hand; it changes nothing.
func (g *Game) Check(seat Seat, a Action) error {
	if g.over {
		return fmt.Errorf("gin: %s: %w", a.Kind, ErrGameOver)
	}
	if g.handNo == 0 {
		return fmt.Errorf("gin: %s: %w (no hand dealt)", a.Kind, ErrWrongPhase)
	}
	h := g.hand
	return h.Apply(seat, a)
}

// ApplyShown applies an action like Apply and fills what each seat and a
// spectator see of it.
func (g *Game) ApplyShown(seat Seat, a Action, seen *[2]Event, spectator *Event) error {
	if g.handNo == 0 {
		return fmt.Errorf("gin: %s: %w (no hand dealt)", a.Kind, ErrWrongPhase)
	}
	var shown card.Card
	switch a.Kind {
	case TakeDiscard, Pass:
		shown = g.hand.pile.Top()
	case Discard, Knock:
		shown = a.Card
	}
	if err := g.Apply(seat, a); err != nil {
		return err
	}
	ev := Event{Hand: g.handNo, Seat: seat, Kind: a.Kind, Card: shown}
	*spectator = ev
	for s := range seen {
		seen[s] = ev
	}
	if a.Kind == DrawStock {
		seen[seat].Card = g.hand.drawn
	}
	if g.hand.Over() {
		spectator.End = g.handEnd(a)
		for s := range seen {
			seen[s].End = g.handEnd(a)
		}
	}
	return nil
}

func (g *Game) handEnd(a Action) *HandEnd {
	e := &HandEnd{Result: g.hand.result, Hands: g.hand.hands, Scores: g.scores, Over: g.over}
	e.Result.Showdown.Layoffs = slices.Clone(e.Result.Showdown.Layoffs)
	if a.Kind == Knock {
		e.Discard = a.Card
	}
	if g.over {
		e.Game = g.result
	}
	return e
}
