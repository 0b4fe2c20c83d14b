package shengji

import "felt/card"

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

	Hand    card.Multi          // the seat's own cards
	Counts  [MaxSeats]int       // how many cards each seat holds
	Bids    [MaxBids]Bid        // the declarations shown, oldest first
	NBids   int                 //
	Turned  [MaxKitty]card.Card // kitty cards turned up to settle the trump (public)
	NTurned int                 //

	// PickedUp is, for the banker from the bury on, the kitty cards it
	// took up; empty for the others.
	PickedUp card.Multi
	// Kitty is the buried kitty: for the banker once it has buried, for
	// everyone once the hand is over; empty otherwise.
	Kitty card.Multi

	Tricks     [MaxHandSize]Trick // the tricks begun, the last possibly unfinished
	NTricks    int                //
	TeamPoints [2]int             // points the even and the odd seats have won in tricks: each team's with fixed partnerships
	SeatPoints [MaxSeats]int      // points each seat has won in tricks
	Penalty    int                // throw penalties to the attackers so far, net

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

// Observe returns what seat may know of this hand (HandNumber and Levels
// left zero; Game.Observe sets them).
func (h *Hand) Observe(seat Seat) Observation {
	var o Observation
	h.observe(seat, &o)
	return o
}

// observe writes seat's observation to o, which it overwrites whole.
func (h *Hand) observe(seat Seat, o *Observation) {
	seat %= MaxSeats
	*o = Observation{
		Seat: seat, Rules: h.rules, Phase: h.phase, Level: h.level, Dealer: h.dealer,
		Banker: h.banker, Trump: h.trump, Dealt: int(h.dealt), ToAct: h.ToAct(), Turn: h.Turn(),
		Hand: h.hands[seat], Bids: h.bids, NBids: int(h.nbids), NTurned: int(h.turned),
		NTricks: int(h.ntricks), TeamPoints: h.TeamPoints(), SeatPoints: h.points, Penalty: h.penalty,
		Friends: h.friends, Side: h.side(),
	}
	if h.phase == DealPhase {
		o.ToAct &= SeatsOf(seat)
	}
	for s := range o.Counts {
		o.Counts[s] = h.hands[s].Len()
	}
	d := h.dealSize()
	copy(o.Turned[:], h.deck[d:d+int(h.turned)])
	copy(o.Tricks[:], h.tricks[:h.ntricks])
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
	if o.Phase != PlayPhase || o.NTricks == 0 {
		return Trick{}, false
	}
	return o.Tricks[o.NTricks-1], true
}

// Leading reports whether the seat is to lead a trick now.
func (o *Observation) Leading() bool {
	t, ok := o.Trick()
	return ok && o.Turn == o.Seat && t.Count == 0
}

// order returns the order of the observation's trump.
func (o *Observation) order() *Order { return o.Order() }

// Order returns the order of the observation's trump under its table's
// rules (Rules.Order): the one that splits, follows and wins tricks in
// this hand.
func (o *Observation) Order() *Order { return o.Rules.Order(o.Trump) }

// declaring reports whether the seat may declare now, given cards.
func (o *Observation) declaring() bool {
	switch o.Phase {
	case DealPhase:
		return !o.Rules.BidAfterDeal && o.Dealt < o.Rules.DeckSize()-o.Rules.KittySize() && o.NBids < MaxBids
	case BidPhase:
		return o.Turn == o.Seat && o.NBids < MaxBids
	}
	return false
}

// AppendDeclarations appends to dst every declaration the seat may show
// now (see Hand.AppendDeclarations) and returns it.
func (o *Observation) AppendDeclarations(dst []Action) []Action {
	if !o.declaring() {
		return dst
	}
	var st Bid
	if o.NBids > 0 {
		st = o.Bids[o.NBids-1]
	}
	return appendDeclarations(dst, o.Hand, o.Level, o.Seat, st, o.NBids > 0, o.Rules)
}

// CountPlays returns how many plays AppendPlays lists: the single-unit
// leads when the seat leads, the legal follows when it follows, 0 when it
// is not its turn to play.
func (o *Observation) CountPlays() int {
	t, ok := o.Trick()
	switch {
	case !ok || o.Turn != o.Seat:
		return 0
	case t.Count == 0:
		return o.order().CountLeads(o.Hand)
	}
	return o.order().CountFollows(t.Lead(), o.Hand)
}

// AppendPlays appends the seat's legal plays to dst and returns it: when it
// leads, every single-unit lead (Order.AppendLeads; throws are legal too
// but not listed), when it follows, every legal follow
// (Order.AppendFollows); nothing when it is not its turn to play.
func (o *Observation) AppendPlays(dst []card.Multi) []card.Multi {
	t, ok := o.Trick()
	switch {
	case !ok || o.Turn != o.Seat:
		return dst
	case t.Count == 0:
		return o.order().AppendLeads(dst, o.Hand)
	}
	return o.order().AppendFollows(dst, t.Lead(), o.Hand)
}

// NthPlay returns the k-th play AppendPlays lists, from 0, without listing
// the others when following; ok is false if k is out of range.
func (o *Observation) NthPlay(k int) (card.Multi, bool) {
	t, ok := o.Trick()
	switch {
	case !ok || o.Turn != o.Seat || k < 0:
		return card.Multi{}, false
	case t.Count == 0:
		return o.order().NthLead(o.Hand, k)
	}
	return o.order().NthFollow(t.Lead(), o.Hand, k)
}

// Played returns every card played to tricks so far.
func (o *Observation) Played() card.Multi {
	var m card.Multi
	for i := range o.NTricks {
		for _, p := range o.Tricks[i].Plays {
			m, _ = m.Sum(p)
		}
	}
	return m
}

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
