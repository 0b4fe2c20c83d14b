package gin

import (
	"fmt"
	"slices"

	"felt/card"
)

// Phase is where a hand stands. The zero value is the upcard phase, where
// every standard hand begins.
type Phase uint8

// The phases of a hand.
const (
	UpcardPhase       Phase = iota // the non-dealer may take or pass the upcard
	DealerUpcardPhase              // the non-dealer passed; the dealer may take or pass it
	DrawPhase                      // the player to move draws from the stock or the discard pile
	DiscardPhase                   // the player to move, holding eleven cards, discards, knocks or goes big gin
	OverPhase                      // the hand has ended
)

var phaseNames = [...]string{"upcard", "dealer_upcard", "draw", "discard", "over"}

// String returns the phase's name: "upcard", "dealer_upcard", "draw",
// "discard" or "over".
func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return fmt.Sprintf("Phase(%d)", uint8(p))
}

// StockSize is the number of cards in the stock after the deal.
const StockSize = card.PackSize - 21

// DrawAt is the stock size at which a discard without a knock ends the hand
// as a draw.
const DrawAt = 2

// Result is how a hand ended.
type Result struct {
	Kind     ResultKind
	Knocker  Seat     // who knocked (not meaningful for a draw)
	Winner   Seat     // who scored (not meaningful for a draw)
	Points   int      // points scored, 0 for a draw
	Showdown Showdown // the settlement, when someone knocked
}

// Hand is one deal of Gin Rummy: the cards, whose turn it is and what has
// been seen. It checks every action against the rules; a rejected action
// returns an error naming the rule and leaves the hand as it was. A Hand is
// a value: copying it copies the whole position.
type Hand struct {
	rules     Rules
	deck      [card.PackSize]card.Card
	hands     [2]card.Set
	stockPos  uint8 // index into deck of the stock's top card
	pile      Pile
	dealer    Seat
	turn      Seat
	phase     Phase
	upcard    card.Card
	limit     int8
	doubled   bool
	mustStock bool      // the next draw must come from the stock
	justTaken card.Card // the card taken from the discard pile this turn
	drawn     card.Card // the card drawn this turn
	took      [2]card.Set
	passed    [2]card.Set
	discarded [2]card.Set
	moves     int
	since     [2]Moves // each seat's view of the other's moves since its own last action
	result    Result
}

// Move is one action as both players saw it.
type Move struct {
	Kind ActionKind
	// Card is the card the move showed: taken from or passed on the
	// discard pile, or discarded face up; the zero Card for a stock draw or
	// a knock's face-down discard.
	Card card.Card
	// Declined is, for a stock draw, the top of the discard pile the player
	// could have taken instead (the zero Card when it had to draw from the
	// stock).
	Declined card.Card
}

// maxMoves bounds Moves; more moves between two turns of one seat cannot
// happen (at most: pass, take or draw, discard).
const maxMoves = 4

// Moves is a short list of moves, oldest first. It is a value: copying it
// does not allocate.
type Moves struct {
	m [maxMoves]Move
	n uint8
}

// Len returns the number of moves.
func (ms *Moves) Len() int { return int(ms.n) }

// At returns the i-th move, oldest first.
func (ms *Moves) At(i int) Move { return ms.m[i] }

func (ms *Moves) add(m Move) {
	if int(ms.n) == maxMoves {
		copy(ms.m[:], ms.m[1:])
		ms.n--
	}
	ms.m[ms.n] = m
	ms.n++
}

// record notes seat's accepted move for both seats' views.
func (h *Hand) record(seat Seat, kind ActionKind, shown card.Card) {
	h.since[seat] = Moves{}
	h.since[seat.Other()].add(Move{Kind: kind, Card: shown})
}

// NewHand deals a hand from deck, a permutation of the 52 cards, top card
// first: ten cards each, one at a time, non-dealer first; the 21st card is
// the upcard and the other 31 the stock.
func NewHand(r Rules, deck []card.Card, dealer Seat) (Hand, error) {
	var h Hand
	if err := r.Validate(); err != nil {
		return h, err
	}
	if !dealer.Valid() {
		return h, fmt.Errorf("gin: dealer %d: %w", dealer, ErrInvalidSeat)
	}
	if len(deck) != card.PackSize {
		return h, fmt.Errorf("gin: deck of %d cards, want %d", len(deck), card.PackSize)
	}
	var seen card.Set
	for i, c := range deck {
		if !c.IsValid() {
			return h, errorf(card.ErrInvalidCard, "gin: deck card %d is not one of the 52 cards", i)
		}
		if seen.Has(c) {
			return h, errorf(card.ErrDuplicate, "gin: deck has %s twice", c)
		}
		seen = seen.Add(c)
		h.deck[i] = c
	}
	h.rules = r
	h.dealer = dealer
	non := dealer.Other()
	for i := 0; i < 20; i++ {
		s := non
		if i%2 == 1 {
			s = dealer
		}
		h.hands[s] = h.hands[s].Add(deck[i])
	}
	h.upcard = deck[20]
	h.pile.push(deck[20])
	h.stockPos = 21
	h.turn = non
	h.limit = int8(r.KnockLimit)
	if r.Oklahoma {
		h.limit = int8(Value(h.upcard))
		if h.upcard.Rank() == card.Ace {
			h.limit = 0
		}
		h.doubled = h.upcard.Suit() == card.Spades
	}
	if r.Upcard == NoUpcard {
		h.phase = DrawPhase
		h.mustStock = true
	}
	return h, nil
}

// Rules returns the hand's rules.
func (h *Hand) Rules() Rules { return h.rules }

// Phase returns the hand's phase.
func (h *Hand) Phase() Phase { return h.phase }

// Turn returns the seat to move.
func (h *Hand) Turn() Seat { return h.turn }

// Dealer returns the dealer's seat.
func (h *Hand) Dealer() Seat { return h.dealer }

// Cards returns a seat's cards. This is hidden information: computer
// players and interfaces get an Observation instead.
func (h *Hand) Cards(s Seat) card.Set { return h.hands[s&1] }

// Deck returns the deal's card order, top first (hidden information).
func (h *Hand) Deck() []card.Card { return append([]card.Card(nil), h.deck[:]...) }

// StockLen returns the number of cards in the stock.
func (h *Hand) StockLen() int { return card.PackSize - int(h.stockPos) }

// Pile returns the discard pile.
func (h *Hand) Pile() *Pile { return &h.pile }

// Upcard returns the card turned up after the deal.
func (h *Hand) Upcard() card.Card { return h.upcard }

// KnockLimit returns this hand's knock limit (Oklahoma makes it the
// upcard's value; 0 means gin only).
func (h *Hand) KnockLimit() int { return int(h.limit) }

// Doubled reports whether this hand's points are doubled (Oklahoma, spade
// upcard).
func (h *Hand) Doubled() bool { return h.doubled }

// JustTaken returns the card the player to move took from the discard pile
// this turn, which it may not discard; the zero Card if none.
func (h *Hand) JustTaken() card.Card { return h.justTaken }

// Drawn returns the card the player to move drew this turn, from either
// pile; the zero Card before the draw.
func (h *Hand) Drawn() card.Card { return h.drawn }

// Moves returns the number of actions accepted so far.
func (h *Hand) Moves() int { return h.moves }

// Result returns how the hand ended; its Kind is NoResult while it goes on.
// The Result is the caller's own: its lay-offs share no storage with the
// hand.
func (h *Hand) Result() Result {
	r := h.result
	r.Showdown.Layoffs = slices.Clone(r.Showdown.Layoffs)
	return r
}

// Over reports whether the hand has ended.
func (h *Hand) Over() bool { return h.phase == OverPhase }

// Took returns the cards seat s took from the discard pile and still holds
// (public knowledge).
func (h *Hand) Took(s Seat) card.Set { return h.took[s&1] }

// Passed returns the cards seat s saw on top of the discard pile and did
// not take (public knowledge).
func (h *Hand) Passed(s Seat) card.Set { return h.passed[s&1] }

// Discarded returns the cards seat s discarded face up (public knowledge).
func (h *Hand) Discarded(s Seat) card.Set { return h.discarded[s&1] }

// Apply carries out seat's action. If the action breaks a rule it returns
// an error that wraps the rule's sentinel (ErrNotYourTurn, ErrJustTaken,
// ErrOverKnockLimit, …) and the hand is unchanged. An action not in its
// kind's one form (see Action.Validate) is refused with ErrMalformedAction.
func (h *Hand) Apply(seat Seat, a Action) error {
	if err := a.Validate(); err != nil {
		return err
	}
	if h.phase == OverPhase {
		return fmt.Errorf("gin: %s: %w", a.Kind, ErrHandOver)
	}
	if !seat.Valid() {
		return fmt.Errorf("gin: seat %d: %w", seat, ErrInvalidSeat)
	}
	if seat != h.turn {
		return fmt.Errorf("gin: seat %s cannot %s: %w (seat %s is to move)", seat, a.Kind, ErrNotYourTurn, h.turn)
	}
	switch h.phase {
	case UpcardPhase, DealerUpcardPhase:
		switch a.Kind {
		case Pass:
			h.record(seat, Pass, h.upcard)
			h.passed[seat] = h.passed[seat].Add(h.upcard)
			if h.phase == UpcardPhase {
				h.phase, h.turn = DealerUpcardPhase, h.dealer
			} else {
				h.phase, h.turn, h.mustStock = DrawPhase, h.dealer.Other(), true
			}
			h.moves++
			return nil
		case TakeDiscard:
			h.take(seat)
			return nil
		}
		return fmt.Errorf("gin: cannot %s now: %w (take or pass the upcard %s)", a.Kind, ErrWrongPhase, h.upcard)
	case DrawPhase:
		switch a.Kind {
		case DrawStock:
			if h.StockLen() == 0 {
				return fmt.Errorf("gin: cannot draw: %w", ErrEmptyStock)
			}
			if top := h.pile.Top(); top != 0 {
				h.passed[seat] = h.passed[seat].Add(top)
			}
			c := h.deck[h.stockPos]
			var declined card.Card
			if !h.mustStock {
				declined = h.pile.Top()
			}
			h.record(seat, DrawStock, 0)
			h.since[seat.Other()].m[h.since[seat.Other()].n-1].Declined = declined
			h.stockPos++
			h.hands[seat] = h.hands[seat].Add(c)
			h.drawn, h.justTaken, h.mustStock = c, 0, false
			h.phase = DiscardPhase
			h.moves++
			return nil
		case TakeDiscard:
			if h.mustStock {
				return fmt.Errorf("gin: cannot take %s: %w", h.pile.Top(), ErrMustDrawStock)
			}
			if h.pile.Len() == 0 {
				return fmt.Errorf("gin: cannot take a discard: %w", ErrEmptyDiscardPile)
			}
			h.take(seat)
			return nil
		}
		return fmt.Errorf("gin: cannot %s now: %w (draw from the stock or the discard pile)", a.Kind, ErrWrongPhase)
	case DiscardPhase:
		return h.applyDiscard(seat, a)
	}
	return fmt.Errorf("gin: phase %s: %w", h.phase, ErrWrongPhase)
}

func (h *Hand) take(seat Seat) {
	c := h.pile.pop()
	h.record(seat, TakeDiscard, c)
	h.hands[seat] = h.hands[seat].Add(c)
	h.took[seat] = h.took[seat].Add(c)
	h.drawn, h.justTaken = c, c
	h.phase = DiscardPhase
	h.moves++
}

// checkDiscard returns why c may not leave seat's hand, or nil.
func (h *Hand) checkDiscard(seat Seat, a Action) error {
	c := a.Card
	if !h.hands[seat].Has(c) {
		return fmt.Errorf("gin: you can't %s %s: %w", a.Kind, c, ErrNotInHand)
	}
	if c == h.justTaken {
		return fmt.Errorf("gin: you can't %s %s: %w", a.Kind, c, ErrJustTaken)
	}
	return nil
}

func (h *Hand) applyDiscard(seat Seat, a Action) error {
	switch a.Kind {
	case Discard:
		if err := h.checkDiscard(seat, a); err != nil {
			return err
		}
		c := a.Card
		h.record(seat, Discard, c)
		h.hands[seat] = h.hands[seat].Remove(c)
		h.took[seat] = h.took[seat].Remove(c)
		h.discarded[seat] = h.discarded[seat].Add(c)
		h.pile.push(c)
		h.moves++
		h.drawn, h.justTaken = 0, 0
		if h.StockLen() <= DrawAt {
			h.phase = OverPhase
			h.result = Result{Kind: DrawResult}
			return nil
		}
		h.turn, h.phase = seat.Other(), DrawPhase
		return nil
	case Knock:
		if err := h.checkDiscard(seat, a); err != nil {
			return err
		}
		kept := h.hands[seat].Remove(a.Card)
		sd, err := Settle(h.rules, kept, a.Show, h.hands[seat.Other()], int(h.limit), h.doubled)
		if err != nil {
			return err
		}
		h.record(seat, Knock, 0)
		h.hands[seat] = kept
		h.took[seat] = h.took[seat].Remove(a.Card)
		h.finish(seat, sd)
		return nil
	case BigGin:
		if !h.rules.BigGinAllowed() {
			return fmt.Errorf("gin: %w", ErrBigGinOff)
		}
		if d := Deadwood(h.hands[seat]); d != 0 {
			return fmt.Errorf("gin: cannot go big gin with %d deadwood: %w", d, ErrNotBigGin)
		}
		sd, err := Settle(h.rules, h.hands[seat], a.Show, h.hands[seat.Other()], int(h.limit), h.doubled)
		if err != nil {
			return err
		}
		h.record(seat, BigGin, 0)
		h.finish(seat, sd)
		return nil
	}
	return fmt.Errorf("gin: cannot %s now: %w (discard, knock or go big gin)", a.Kind, ErrWrongPhase)
}

func (h *Hand) finish(knocker Seat, sd Showdown) {
	winner := knocker
	if !sd.KnockerWins {
		winner = knocker.Other()
	}
	h.result = Result{Kind: sd.Result, Knocker: knocker, Winner: winner, Points: sd.Points, Showdown: sd}
	h.phase = OverPhase
	h.drawn, h.justTaken = 0, 0
	h.moves++
}

// LegalActions appends to dst every action the player to move may take and
// returns it. Knocks are listed once a discard, with the automatic
// arrangement; any arrangement within the limit is also accepted.
func (h *Hand) LegalActions(dst []Action) []Action {
	if h.phase == OverPhase {
		return dst
	}
	o := h.Observe(h.turn)
	return o.LegalActions(dst)
}

// MustDrawStock reports whether the next draw must come from the stock
// (both players passed the upcard, or the no-upcard rule).
func (h *Hand) MustDrawStock() bool { return h.mustStock }
