package shengji

import (
	"fmt"

	"felt/card"
)

// This file is what a table (package table) needs of the engine: a game
// dealt from decks the table gives it, dealing a card at a time, and for
// every card, declaration, pass, burial and play what each seat and a
// spectator see of it. The engine decides what a move shows; drivers only
// pass the events on.

// EventKind says what an Event reports.
type EventKind uint8

// The events.
const (
	NoEvent      EventKind = iota
	HandEvent              // a new hand: its dealer, banker (if known) and level
	CardEvent              // one card dealt to Seat
	DeclareEvent           // Seat showed a declaration
	PassEvent              // Seat passed (declaring after the deal)
	BuryEvent              // the banker buried eight cards
	PlayEvent              // Seat played to the trick
	CallEvent              // the banker called its friends
)

var eventNames = [...]string{"none", "hand", "card", "declare", "pass", "bury", "play", "call"}

// String returns the kind's name.
func (k EventKind) String() string {
	if int(k) < len(eventNames) {
		return eventNames[k]
	}
	return fmt.Sprintf("EventKind(%d)", uint8(k))
}

// Event is what one seat, or a spectator, sees of one card dealt or one
// move. It is a value with no slices, maps or pointers: every Event is its
// own.
type Event struct {
	Kind EventKind
	Hand int  // the hand's number, from 1
	Seat Seat // who moved, or who was dealt the card; the dealer for HandEvent
	// Card is the card dealt, for its receiver alone.
	Card card.Card
	// Cards are the cards declared or played (a failed throw: the unit it
	// was cut to), or, for the banker alone, the cards buried.
	Cards card.Multi
	// Attempt is a failed throw as it was shown.
	Attempt card.Multi
	// Level and Levels, at a new hand: the hand's level and the levels of
	// seats 0 and 1 (each team's with fixed partnerships); SeatLevels,
	// each seat's.
	Level      card.Rank
	Levels     [2]card.Rank
	SeatLevels [MaxSeats]card.Rank
	// Banker is the banker, once known (NoSeat while a first hand's
	// bidding goes on).
	Banker Seat
	// Settled says this event decided the trump and the banker, who took
	// up the kitty: Trump, the kitty cards turned up to decide it, and for
	// the banker alone PickedUp, the eight cards it took.
	Settled  bool
	Trump    Trump
	Turned   [MaxKitty]card.Card
	NTurned  int
	PickedUp card.Multi
	// TrickDone says the play completed a trick: its winner and points,
	// and with Finding Friends the seats that joined the banker's side
	// as it ended.
	TrickDone bool
	Winner    Seat
	Points    int
	Joined    Seats
	// Calls are the banker's friend calls (CallEvent), the first NCalls.
	Calls  [MaxCalls]Call
	NCalls int
	// HandOver says the move ended the hand: Score, the buried Kitty (now
	// shown to all), and the game's state after it.
	HandOver bool
	Score    Score
	Kitty    card.Multi
	GameOver bool
	Winners  Team
	// WinnerSeats are the seats that won the game (the last banker's
	// side).
	WinnerSeats Seats
}

// NewGameUndealt returns a game with no hand dealt yet: the caller deals
// each hand with DealDeck.
func NewGameUndealt(r Rules) (*Game, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	return &Game{rules: r, levels: startLevels(r), nextBanker: NoSeat}, nil
}

// ResetUndealt makes g a new game with no hand dealt yet under rules r,
// as NewGameUndealt returns one, keeping its storage (the hands' history)
// for reuse: nothing of the game before is left.
func (g *Game) ResetUndealt(r Rules) error {
	if err := r.Validate(); err != nil {
		return err
	}
	h := g.history[:0]
	*g = Game{rules: r, levels: startLevels(r), nextBanker: NoSeat, history: h}
	return nil
}

// NeedsDeal reports whether the game waits for a hand to be dealt: none
// has been, or the last one is over and the game is not.
func (g *Game) NeedsDeal() bool { return !g.over && (g.handNo == 0 || g.hand.Over()) }

// DealDeck starts the next hand with deck (top first): the first hand is
// dealt from seat 0 with the banker left to the bidding, each later one by
// NextBanker, who is its banker (after a redeal: by the next seat, with
// the same banker). No card is dealt yet (see DealOne). It fills the
// views of the table's seats (the first Rules.NumPlayers of seen; the rest
// are left as they were) and the spectator's, as DealOne and ApplyShown
// do; with seen and spectator nil (nobody is shown the views) none.
func (g *Game) DealDeck(deck []card.Card, seen *[MaxSeats]Event, spectator *Event) error {
	if !g.NeedsDeal() {
		return fmt.Errorf("shengji: deal: %w (no hand is due)", ErrWrongPhase)
	}
	dealer, banker := Seat(0), NoSeat
	if g.handNo > 0 {
		dealer, banker = g.nextDealer, g.nextBanker
	}
	level := g.handLevel(banker)
	h, err := NewHand(g.rules, deck, dealer, banker, level)
	if err != nil {
		return err
	}
	g.hand = h
	g.handNo++
	if seen == nil {
		return nil
	}
	ev := Event{Kind: HandEvent, Hand: g.handNo, Seat: dealer, Banker: banker, Level: level, Levels: g.Levels(), SeatLevels: g.levels}
	*spectator = ev
	for s := range seen[:g.rules.NumPlayers()] {
		seen[s] = ev
	}
	return nil
}

// DealOne deals the next card and fills what each seat and a spectator
// see of it: the card, to its receiver alone (nothing with seen and
// spectator nil, as DealDeck).
func (g *Game) DealOne(seen *[MaxSeats]Event, spectator *Event) error {
	if g.over || g.handNo == 0 {
		return fmt.Errorf("shengji: deal: %w", ErrDealOver)
	}
	h := &g.hand
	to := h.dealer.Plus(int(h.dealt), h.players())
	c := h.deck[h.dealt]
	was := h.phase
	if err := g.Deal(); err != nil {
		return err
	}
	if seen == nil {
		return nil
	}
	ev := Event{Kind: CardEvent, Hand: g.handNo, Seat: to, Banker: h.banker}
	g.fill(&ev, was, seen, spectator)
	seen[to].Card = c
	return nil
}

// ApplyShown applies an action like Apply and fills what each seat and a
// spectator see of it (nothing with seen and spectator nil, as DealDeck).
func (g *Game) ApplyShown(seat Seat, a Action, seen *[MaxSeats]Event, spectator *Event) error {
	if g.handNo == 0 {
		return fmt.Errorf("shengji: %s: %w (no hand dealt)", a.Kind, ErrWrongPhase)
	}
	h := &g.hand
	was := h.phase
	trick := h.tricks.Len() - 1
	side := h.side()
	if err := g.Apply(seat, a); err != nil || seen == nil {
		return err
	}
	ev := Event{Hand: g.handNo, Seat: seat, Banker: h.banker}
	switch a.Kind {
	case Declare:
		ev.Kind, ev.Cards = DeclareEvent, a.Cards
	case Pass:
		ev.Kind = PassEvent
	case Bury:
		ev.Kind = BuryEvent
	case FriendCall:
		ev.Kind, ev.Calls, ev.NCalls = CallEvent, a.Calls, a.NCalls
	case Play:
		var done bool
		ev.Kind = PlayEvent
		ev.Cards, ev.Attempt, ev.Winner, ev.Points, done = h.tricks.shown(trick, seat)
		if done {
			ev.TrickDone = true
			if h.called {
				ev.Joined = h.friends.Side &^ side
			}
		}
	}
	g.fill(&ev, was, seen, spectator)
	if a.Kind == Bury {
		seen[seat].Cards = a.Cards
	}
	return nil
}

// fill copies ev to every viewer (the table's seats and the spectator),
// adding what a change of phase shows.
func (g *Game) fill(ev *Event, was Phase, seen *[MaxSeats]Event, spectator *Event) {
	h := &g.hand
	if was < BuryPhase && h.phase >= BuryPhase && !h.score.Redeal {
		ev.Settled, ev.Trump, ev.Banker = true, h.trump, h.banker
		d := h.dealSize()
		ev.NTurned = copy(ev.Turned[:], h.deck[d:d+int(h.turned)])
	}
	if h.phase == OverPhase {
		ev.HandOver, ev.Score, ev.Kitty = true, h.score, h.kitty
		ev.Levels, ev.SeatLevels, ev.GameOver, ev.Winners, ev.WinnerSeats = g.Levels(), g.levels, g.over, g.winner, g.winners
	}
	*spectator = *ev
	for s := range seen[:g.rules.NumPlayers()] {
		seen[s] = *ev
	}
	if ev.Settled {
		seen[h.banker].PickedUp = h.DealtKitty()
	}
}
