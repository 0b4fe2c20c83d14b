package gin

import (
	"errors"
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
	Hand int  // the hand's number, from 1
	Seat Seat // who moved; for a deal, the dealer
	// Kind is the move's kind: NoAction for a deal, and for a defender's
	// layout ending the hand at a table whose defender lays out (End set);
	// LayOff for that defender's lay-off, seen by everyone.
	Kind ActionKind
	// Card is the card the move put in view, when this viewer may see it:
	// a take, a pass or a discard (everyone), the card drawn from the stock
	// (the drawer alone), a knock's discard (everyone: the hand is over),
	// the card laid off (everyone).
	Card card.Card
	// Cards is, at a deal, the viewer's own ten cards (none for a
	// spectator).
	Cards  card.Set
	Upcard card.Card // at a deal, the card turned up
	// End is set when the move ended the hand: all that is shown.
	End *HandEnd
	// Melds is, at a knock whose defender lays out its own cards (the hand
	// not over yet), the knocker's melds as shown, for everyone; at a
	// lay-off, the one meld of the knocker's (as shown) it went onto.
	Melds Arrangement
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
	g.show(seat, a, shown, seen, spectator)
	return nil
}

// show fills what each seat and a spectator see of seat's move a, just
// applied, that put shown in view.
func (g *Game) show(seat Seat, a Action, shown card.Card, seen *[2]Event, spectator *Event) {
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

// Layout is the defender's own choice at a knock, for tables whose
// defender lays out its cards (by default the engine chooses for it, as
// BestLayoffs does): its melds, and its lay-offs on the knocker's melds as
// shown. Cards in neither are its deadwood.
type Layout struct {
	Melds   Arrangement
	Layoffs []Layoff
}

// ErrBadLayout is wrapped by every refusal of a defender's layout.
var ErrBadLayout = errors.New("layout refused")

// SettleLayout scores a knock's showdown sd (as Settle made it) again with
// the defender laying out l instead of the engine's choice. It refuses,
// naming the reason, a meld that is not one or holds a card the defender
// lacks, a card used twice, a lay-off onto a meld the knocker did not show,
// cards laid onto a meld that then is no meld, and any lay-off on a gin.
func SettleLayout(r Rules, sd Showdown, l Layout) (Showdown, error) {
	if sd.Result == NoResult || sd.Result == DrawResult {
		return Showdown{}, fmt.Errorf("gin: %w: no knock to lay out against", ErrBadLayout)
	}
	var used card.Set
	for _, m := range l.Melds.Melds() {
		if m.Kind() == NoMeld {
			return Showdown{}, fmt.Errorf("gin: meld %s: %w: %w", m, ErrBadLayout, ErrInvalidMeld)
		}
		if !sd.DefenderCards.Contains(m.Set()) {
			return Showdown{}, fmt.Errorf("gin: meld %s: %w: %s not in the defender's hand", m, ErrBadLayout, m.Set()&^sd.DefenderCards)
		}
		if m.Set()&used != 0 {
			return Showdown{}, fmt.Errorf("gin: meld %s: %w: %s used twice", m, ErrBadLayout, m.Set()&used)
		}
		used |= m.Set()
	}
	if len(l.Layoffs) > 0 && (sd.Result == GinResult || sd.Result == BigGinResult) {
		return Showdown{}, fmt.Errorf("gin: lay-off %s: %w: nothing may be laid off on a %s", l.Layoffs[0].Card, ErrBadLayout, sd.Result)
	}
	onto := map[Meld]card.Set{}
	for _, x := range l.Layoffs {
		if !sd.DefenderCards.Has(x.Card) {
			return Showdown{}, fmt.Errorf("gin: lay-off %s: %w: not in the defender's hand", x.Card, ErrBadLayout)
		}
		if used.Has(x.Card) {
			return Showdown{}, fmt.Errorf("gin: lay-off %s: %w: card used twice", x.Card, ErrBadLayout)
		}
		if !slices.Contains(sd.Knocker.Melds(), x.Onto) {
			return Showdown{}, fmt.Errorf("gin: lay-off %s onto %s: %w: the knocker showed no such meld", x.Card, x.Onto, ErrBadLayout)
		}
		used = used.Add(x.Card)
		onto[x.Onto] = onto[x.Onto].Add(x.Card)
	}
	for m, cs := range onto {
		if Meld(m.Set()|cs).Kind() == NoMeld {
			return Showdown{}, fmt.Errorf("gin: lay-off %s onto %s: %w: makes no meld", cs, m, ErrBadLayout)
		}
	}
	s := sd
	s.Defender, s.Layoffs = l.Melds, slices.Clone(l.Layoffs)
	s.DefenderDeadwood = Sum(sd.DefenderCards &^ used)
	switch {
	case s.Result == BigGinResult:
		s.Points = r.BigGinBonus + s.DefenderDeadwood
	case s.Result == GinResult:
		s.Points = r.GinBonus + s.DefenderDeadwood
	case s.KnockerDeadwood < s.DefenderDeadwood:
		s.Result, s.KnockerWins, s.Points = KnockResult, true, s.DefenderDeadwood-s.KnockerDeadwood
	default:
		s.Result, s.KnockerWins, s.Points = UndercutResult, false, r.UndercutBonus+s.KnockerDeadwood-s.DefenderDeadwood
	}
	if s.Doubled {
		s.Points *= 2
	}
	return s, nil
}

// Showdown returns the showdown seat's knock (or big gin) a would make,
// with the engine's choice for the defender, changing nothing: what a
// defender that lays out its own cards sees before it chooses (the
// knocker's melds and cards).
func (g *Game) Showdown(seat Seat, a Action) (Showdown, error) {
	if a.Kind != Knock && a.Kind != BigGin {
		return Showdown{}, fmt.Errorf("gin: %s: %w (a showdown follows a knock or a big gin)", a.Kind, ErrWrongPhase)
	}
	if err := g.Check(seat, a); err != nil {
		return Showdown{}, err
	}
	h := g.hand
	if err := h.Apply(seat, a); err != nil {
		return Showdown{}, err
	}
	return h.result.Showdown, nil
}

// ApplyLaidOut applies seat's knock (or big gin) a with the defender
// laying out l (see SettleLayout), and fills what each seat and a
// spectator see, as ApplyShown does. A refused knock or layout changes
// nothing.
func (g *Game) ApplyLaidOut(seat Seat, a Action, l Layout, seen *[2]Event, spectator *Event) error {
	sd, err := g.Showdown(seat, a)
	if err != nil {
		return err
	}
	sd, err = SettleLayout(g.rules, sd, l)
	if err != nil {
		return err
	}
	if err := g.hand.Apply(seat, a); err != nil {
		return err
	}
	winner := seat
	if !sd.KnockerWins {
		winner = seat.Other()
	}
	g.hand.result = Result{Kind: sd.Result, Knocker: seat, Winner: winner, Points: sd.Points, Showdown: sd}
	g.score()
	var shown card.Card
	if a.Kind == Knock {
		shown = a.Card
	}
	g.show(seat, a, shown, seen, spectator)
	return nil
}

// Layoffs returns the lay-offs of cards (the defender's cards outside its
// own melds) onto the knocker's melds that leave the least deadwood, and
// among those the fewest cards: what the defender lays off once it has
// laid out its own melds.
func Layoffs(knocker Arrangement, cards card.Set) []Layoff {
	chains := layoffChains(knocker, cards)
	best, bestN := 0, 0
	var bestL card.Set
	bestPick := make([]int, len(chains))
	eachLayoff(chains, func(used card.Set, n int, pick []int) {
		v := Sum(used)
		if v > best || v == best && (n < bestN || n == bestN && used < bestL) {
			best, bestN, bestL = v, n, used
			copy(bestPick, pick)
		}
	})
	return picked(chains, bestPick)
}
