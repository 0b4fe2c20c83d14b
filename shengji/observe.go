package shengji

import (
	"encoding/json"
	"fmt"

	"felt/card"
)

// Observation is what one seat may know: its own cards, the declarations
// shown, every card played (and every failed throw shown), how many cards
// each seat holds, the kitty only for the banker once it has taken it up
// (and for everyone once the hand is over), and the points so far. It holds
// no card of another seat's hand that the seat has not shown. Computer
// players and interfaces receive only this.
//
// An Observation owns its storage: it is a value with no slices, maps or
// pointers, so changing or keeping one changes nothing else.
type Observation struct {
	Seat       Seat
	Rules      Rules
	Phase      Phase
	HandNumber int          // from 1 (set by Game.Observe)
	Levels     [2]card.Rank // the levels of seats 0 and 1: each team's with fixed partnerships (set by Game.Observe)
	// SeatLevels is each seat's level (set by Game.Observe).
	SeatLevels [MaxSeats]card.Rank
	Level      card.Rank // the hand's level rank
	Dealer     Seat
	Banker     Seat  // NoSeat while a first hand's bidding goes on
	Trump      Trump // the standing declaration's while declaring is open
	Dealt      int   // cards dealt to the players so far
	// ToAct is who may act now as far as the seat may know: while the
	// cards are dealt, the seat itself if it holds a declaration it may
	// show (whether the others do is their secret), after that the seat in
	// turn (see Hand.ToAct).
	ToAct Seats
	Turn  Seat // the seat in turn (NoSeat while dealing)

	Hand   card.Multi    // the seat's own cards
	Counts [MaxSeats]int // how many cards each seat holds
	// Bids are the declarations shown, oldest first (on the wire an
	// array of them, with NBids their number).
	Bids    BidLog
	Turned  [MaxKitty]card.Card // kitty cards turned up to settle the trump (public)
	NTurned int                 //

	// PickedUp is, for the banker from the bury on, the kitty cards it
	// took up; empty for the others.
	PickedUp card.Multi
	// Kitty is the buried kitty: for the banker once it has buried, for
	// everyone once the hand is over; empty otherwise.
	Kitty card.Multi

	// Tricks are the tricks begun, the last possibly unfinished (on the
	// wire an array of them, with NTricks their number).
	Tricks     TrickLog
	TeamPoints [2]int        // points the even and the odd seats have won in tricks: each team's with fixed partnerships
	SeatPoints [MaxSeats]int // points each seat has won in tricks
	Penalty    int           // throw penalties to the attackers so far, net

	// Friends is how the banker's friend calls stand (Finding Friends,
	// from the call on): the calls, the copies of each called card played
	// in ended tricks, who met each call, and the banker's side. All of it
	// follows from the calls and the cards played, which every seat sees.
	Friends Friendship
	// Side is the banker's side as every seat knows it: the banker's team
	// with fixed partnerships, the banker and the friends who have joined
	// with Finding Friends (empty while the banker is not known).
	Side Seats

	// Score is how the hand ended, once Phase is OverPhase.
	Score Score
}

// Observe writes what seat may know of this hand to o, which it
// overwrites whole (HandNumber and the levels left zero; Game.Observe
// sets them). It writes in place: an Observation is a few kilobytes.
func (h *Hand) Observe(seat Seat, o *Observation) {
	seat %= MaxSeats
	// cleared whole, then set field by field: no field is left from what o
	// held (another seat's, say), and the log is copied once, not built
	// in a temporary first
	*o = Observation{}
	o.Seat, o.Rules, o.Phase, o.Level, o.Dealer = seat, h.rules, h.phase, h.level, h.dealer
	o.Banker, o.Trump, o.Dealt, o.Turn = h.banker, h.trump, int(h.dealt), h.Turn()
	o.Hand, o.Bids, o.NTurned = h.hands[seat], h.bids, int(h.turned)
	o.Tricks = h.tricks
	o.TeamPoints, o.SeatPoints, o.Penalty = h.TeamPoints(), h.points, h.penalty
	o.Friends, o.Side = h.friends, h.side()
	switch {
	case h.phase != DealPhase:
		o.ToAct = h.ToAct()
	case h.declaring() && h.canDeclare(seat):
		// whether the others may declare is their secret
		o.ToAct = SeatsOf(seat)
	}
	for s := range o.Counts {
		o.Counts[s] = h.hands[s].Len()
	}
	d := h.dealSize()
	copy(o.Turned[:], h.deck[d:d+int(h.turned)])
	if seat == h.banker && h.phase >= BuryPhase {
		o.PickedUp = h.DealtKitty()
	}
	if seat == h.banker && h.phase >= CallPhase || h.phase == OverPhase {
		o.Kitty = h.kitty
	}
	if h.phase == OverPhase {
		o.Score = h.score
	}
}

// Trick returns the trick being played, ok false outside the play.
func (o *Observation) Trick() (Trick, bool) {
	if o.Phase != PlayPhase {
		return Trick{}, false
	}
	return o.Tricks.Last()
}

// lead returns the lead of the trick being played and its count of
// plays, ok false outside the play (see TrickLog.lead).
func (o *Observation) lead() (lead card.Multi, count int, ok bool) {
	if o.Phase != PlayPhase {
		return card.Multi{}, 0, false
	}
	return o.Tricks.lead()
}

// Leading reports whether the seat is to lead a trick now.
func (o *Observation) Leading() bool {
	_, count, ok := o.lead()
	return ok && o.Turn == o.Seat && count == 0
}

// order returns the order of the observation's trump.
func (o *Observation) order() *Order { return o.Order() }

// Order returns the order of the observation's trump under its table's
// rules (Rules.Order): the one that splits, follows and wins tricks in
// this hand.
func (o *Observation) Order() *Order { return o.Rules.Order(o.Trump) }

// declaring reports whether the seat may declare now, given cards.
func (o *Observation) declaring() bool {
	if o.Level == LevelNT {
		return false
	}
	switch o.Phase {
	case DealPhase:
		return !o.Rules.BidAfterDeal && o.Dealt < o.Rules.DeckSize()-o.Rules.KittySize() && o.Bids.Len() < MaxBids
	case BidPhase:
		return o.Turn == o.Seat && o.Bids.Len() < MaxBids
	}
	return false
}

// AppendDeclarations appends to dst every declaration the seat may show
// now (see Hand.AppendDeclarations) and returns it.
func (o *Observation) AppendDeclarations(dst []Action) []Action {
	if !o.declaring() {
		return dst
	}
	return appendDeclarations(dst, o.Hand, o.Level, o.Seat, &o.Bids, o.Rules)
}

// CountPlays returns how many plays AppendPlays lists: the single-unit
// leads when the seat leads, the legal follows when it follows, 0 when it
// is not its turn to play.
func (o *Observation) CountPlays() int {
	lead, count, ok := o.lead()
	switch {
	case !ok || o.Turn != o.Seat:
		return 0
	case count == 0:
		return o.order().CountLeads(o.Hand)
	}
	return o.order().CountFollows(lead, o.Hand)
}

// AppendPlays appends the seat's legal plays to dst and returns it: when it
// leads, every single-unit lead (Order.AppendLeads; throws are legal too
// but not listed), when it follows, every legal follow
// (Order.AppendFollows); nothing when it is not its turn to play.
func (o *Observation) AppendPlays(dst []card.Multi) []card.Multi {
	lead, count, ok := o.lead()
	switch {
	case !ok || o.Turn != o.Seat:
		return dst
	case count == 0:
		return o.order().AppendLeads(dst, o.Hand)
	}
	return o.order().AppendFollows(dst, lead, o.Hand)
}

// NthPlay returns the k-th play AppendPlays lists, from 0, without listing
// the others when following; ok is false if k is out of range.
func (o *Observation) NthPlay(k int) (card.Multi, bool) {
	lead, count, ok := o.lead()
	switch {
	case !ok || o.Turn != o.Seat || k < 0:
		return card.Multi{}, false
	case count == 0:
		return o.order().NthLead(o.Hand, k)
	}
	return o.order().NthFollow(lead, o.Hand, k)
}

// Played returns every card played to tricks so far.
func (o *Observation) Played() card.Multi { return o.Tricks.Played() }

// Players returns the number of players at the table.
func (o *Observation) Players() int { return o.Rules.NumPlayers() }

// Calls returns the banker's friend calls (none before the call, or with
// fixed partnerships).
func (o *Observation) Calls() []Call {
	return append([]Call(nil), o.Friends.Calls[:o.Friends.NCalls]...)
}

// AppendCalls appends to dst the friend calls the seat may make now: the
// DefaultCalls choice, when it is the banker in the call phase (any other
// calls CheckCalls accepts are legal too, but not listed).
func (o *Observation) AppendCalls(dst []Action) []Action {
	if o.Phase != CallPhase || o.Seat != o.Banker {
		return dst
	}
	return append(dst, CallAction(DefaultCalls(o)...))
}

// MarshalJSON writes the observation as the wire has it: its fields by
// their Go names, Bids the array of the declarations with NBids their
// number, Tricks the array of the tricks begun with NTricks their number,
// and Score only once the hand is over (an unset score's trump does not
// marshal).
func (o Observation) MarshalJSON() ([]byte, error) {
	type fields Observation // without these methods
	w := struct {
		fields
		NBids   int
		NTricks int
		Score   *Score `json:",omitempty"`
	}{fields: fields(o), NBids: o.Bids.Len(), NTricks: o.Tricks.Len()}
	if o.Phase == OverPhase {
		w.Score = &o.Score
	}
	return json.Marshal(w)
}

// UnmarshalJSON reads what MarshalJSON writes. Of the Bids it keeps the
// first NBids, of the Tricks the first NTricks (all of them without the
// count), so arrays holding MaxBids declarations and MaxHandSize tricks,
// the unused ones empty, read too; it refuses what a BidLog or a TrickLog
// cannot hold and a count beyond its array.
func (o *Observation) UnmarshalJSON(b []byte) error {
	type fields Observation // without these methods
	w := struct {
		*fields
		Bids    []Bid
		NBids   *int
		Tricks  []Trick
		NTricks *int
	}{fields: (*fields)(o)}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	bs, err := firstOf(w.Bids, w.NBids, "NBids")
	if err != nil {
		return err
	}
	ts, err := firstOf(w.Tricks, w.NTricks, "NTricks")
	if err != nil {
		return err
	}
	if err := o.Bids.set(bs); err != nil {
		return fmt.Errorf("shengji: observation: %w", err)
	}
	if err := o.Tricks.set(ts); err != nil {
		return fmt.Errorf("shengji: observation: %w", err)
	}
	return nil
}

// firstOf returns the first *n of vs (all of them for n nil), refusing an
// n, named name, beyond them.
func firstOf[V any](vs []V, n *int, name string) ([]V, error) {
	if n == nil {
		return vs, nil
	}
	if *n < 0 || *n > len(vs) {
		return nil, fmt.Errorf("shengji: observation: %s %d of %d", name, *n, len(vs))
	}
	return vs[:*n], nil
}
