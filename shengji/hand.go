package shengji

import (
	"fmt"

	"felt/card"
)

// The sizes of a deal at the standard table (four players, two packs);
// Rules.DeckSize, HandSize, KittySize and TotalPoints give them for any
// table.
const (
	// DeckSize is the number of cards in two packs with jokers.
	DeckSize = 2 * card.NumFaces
	// HandSize is the number of cards dealt to each player.
	HandSize = 25
	// DealSize is the number of cards dealt to the players; the rest are
	// the kitty.
	DealSize = NumSeats * HandSize
	// TotalPoints is the points in the two packs.
	TotalPoints = 200
)

// The largest sizes over every valid table, for the arrays of a Hand, an
// Observation and an Event (Rules.Validate keeps every table within them:
// at most one pack more than half the players, a kitty of at most
// MaxKitty cards).
const (
	// MaxDeck is the most cards dealt: five packs.
	MaxDeck = MaxPacks * card.NumFaces
	// MaxHandSize is the most cards a player is dealt: four players with
	// three packs and a kitty of two, (162-2)/4.
	MaxHandSize = 40
	// MaxKitty is the largest kitty.
	MaxKitty = 20
)

// Phase is where a hand stands. The zero value is the deal, where every
// hand begins.
type Phase uint8

// The phases of a hand.
const (
	DealPhase Phase = iota // cards are dealt one at a time; declarations are open (by default)
	BidPhase               // declaring after the deal: each seat in turn declares or passes
	BuryPhase              // the banker holds the kitty and buries as many cards
	CallPhase              // Finding Friends: the banker calls its friends
	PlayPhase              // tricks
	OverPhase              // the hand has been scored
)

var phaseNames = [...]string{"deal", "bid", "bury", "call", "play", "over"}

// String returns the phase's name: "deal", "bid", "bury", "call", "play"
// or "over".
func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return fmt.Sprintf("Phase(%d)", uint8(p))
}

// MarshalText writes the phase's name, so an observation on the wire
// names its phase ("play") rather than a number that moves when a phase
// is added.
func (p Phase) MarshalText() ([]byte, error) {
	if int(p) >= len(phaseNames) {
		return nil, fmt.Errorf("shengji: phase %d is not a phase", uint8(p))
	}
	return []byte(phaseNames[p]), nil
}

// UnmarshalText reads a phase's name: "deal", "bid", "bury", "call",
// "play" or "over".
func (p *Phase) UnmarshalText(b []byte) error {
	for i, n := range phaseNames {
		if string(b) == n {
			*p = Phase(i)
			return nil
		}
	}
	return fmt.Errorf("shengji: phase %q is not deal, bid, bury, call, play or over", b)
}

// Trick is one trick: who led, each seat's play, and once every player
// has played, the winner and the points. A failed throw's Attempt is the
// throw the leader showed; Plays holds the unit it had to play instead.
type Trick struct {
	Leader  Seat
	Plays   [MaxSeats]card.Multi // by seat; empty for a seat yet to play
	Attempt card.Multi           // a failed throw as shown, empty otherwise
	Count   int                  // plays made so far, 0 to the players
	Winner  Seat                 // set once every player has played
	Points  int                  // points in the trick, set with Winner
	// Players is the number of players at the table; 0 stands for four
	// (a trick written by hand for the standard table).
	Players int
}

// players returns the trick's number of players.
func (t *Trick) players() int {
	if t.Players == 0 {
		return NumSeats
	}
	return t.Players
}

// Lead returns the cards led (a failed throw's forced unit).
func (t *Trick) Lead() card.Multi { return t.Plays[t.Leader] }

// Done reports whether every player has played.
func (t *Trick) Done() bool { return t.Count == t.players() }

// Failed reports whether the lead was a throw that failed.
func (t *Trick) Failed() bool { return !t.Attempt.IsEmpty() }

// Next returns the seat to play next, NoSeat once every player has played.
func (t *Trick) Next() Seat {
	if t.Done() {
		return NoSeat
	}
	return t.Leader.Plus(t.Count, t.players())
}

// InOrder appends the trick's plays in the order they were made, from the
// leader, to dst and returns it.
func (t *Trick) InOrder(dst []SeatPlay) []SeatPlay {
	n := t.players()
	for i := range t.Count {
		s := t.Leader.Plus(i, n)
		dst = append(dst, SeatPlay{s, t.Plays[s]})
	}
	return dst
}

// Score is how a hand ended: the attackers' points and what the level
// table makes of them. The attackers are the seats not on the banker's
// side (Side) when the hand ended.
type Score struct {
	Banker          Seat
	Trump           Trump
	Friends         Seats `json:",omitempty"` // Finding Friends: the friends who had joined the banker's side at the end
	Redeal          bool  `json:",omitempty"` // nobody declared under the redeal rule: no points, no level change
	TrickPoints     int   // points in the tricks the attackers won
	KittyPoints     int   // points in the buried kitty
	KittyMultiplier int   // 0 unless the attackers won the last trick
	Penalty         int   // throw penalties to the attackers, net (may be negative)
	FailedThrows    int   // throws that failed
	AttackerPoints  int   // TrickPoints + KittyPoints × KittyMultiplier + Penalty
	LastWinner      Seat  // who won the last trick
	Result                // the level table's reading of AttackerPoints
}

// Hand is one deal of Shengji, from the first card dealt to the scoring.
// It checks every action against the rules; a refused action returns an
// *ActionError naming the rule and leaves the hand as it was. A Hand is a
// comparable value without pointers: copying it copies the whole position.
type Hand struct {
	rules  Rules
	deck   [MaxDeck]card.Card
	dealer Seat
	level  card.Rank
	banker Seat // NoSeat until the bidding decides it (a first hand)
	trump  Trump
	phase  Phase
	dealt  uint16
	turn   Seat
	hands  [MaxSeats]card.Multi
	// best is the strength of the strongest declaration each seat's
	// cards may show (strongest), kept as the cards are dealt: the deal
	// asks who may declare after every card.
	best     [MaxSeats]uint8
	kitty    card.Multi    // the undealt cards; once buried, the buried ones
	turned   uint8         // kitty cards turned up (NoBidTurnUp)
	bids     BidLog        // the declarations shown
	bidTurns uint8         // seats that have declared or passed after the deal
	tricks   TrickLog      // the tricks begun
	points   [MaxSeats]int // trick points won by each seat
	penalty  int
	failed   int
	friends  Friendship // Finding Friends: the calls and the banker's side
	called   bool       // the banker has called its friends
	score    Score
}

// players returns the number of players.
func (h *Hand) players() int { return h.rules.NumPlayers() }

// dealSize returns the number of cards dealt to the players.
func (h *Hand) dealSize() int { return h.rules.DeckSize() - h.rules.KittySize() }

// next returns the seat after s in turn order.
func (h *Hand) next(s Seat) Seat { return s.NextOf(h.players()) }

// side returns the banker's side as it stands: with Finding Friends the
// banker and the friends who have joined, else the banker's team (the
// seats of the banker's parity); empty while the banker is not known.
func (h *Hand) side() Seats {
	if h.banker == NoSeat {
		return 0
	}
	if h.called {
		return h.friends.Side
	}
	if h.rules.Calls() > 0 {
		return SeatsOf(h.banker)
	}
	return h.banker.Parity(h.players())
}

// NewHand deals a hand from deck, the rules' packs with jokers in any
// order (each of the 54 faces once a pack), top card first, at level rank
// level. The dealer gets the first card and the others follow in turn
// order, one card at a time; the last Rules.KittySize cards are the kitty. The banker is known in advance
// (hands after the first) or NoSeat: then the seat whose declaration
// stands when declaring closes becomes the banker, or the dealer if nobody
// declares. No card is dealt yet: see Deal.
func NewHand(r Rules, deck []card.Card, dealer, banker Seat, level card.Rank) (Hand, error) {
	var h Hand
	if err := r.Validate(); err != nil {
		return h, err
	}
	if !dealer.Valid() {
		return h, fmt.Errorf("shengji: dealer %d: %w", dealer, ErrInvalidSeat)
	}
	if !banker.Valid() && banker != NoSeat {
		return h, fmt.Errorf("shengji: banker %d: %w", banker, ErrInvalidSeat)
	}
	t, err := NewTrump(card.NoSuit, level)
	if err != nil {
		return h, err
	}
	n := r.NumPlayers()
	if !dealer.In(n) {
		return h, fmt.Errorf("shengji: dealer %d of %d players: %w", dealer, n, ErrInvalidSeat)
	}
	if banker != NoSeat && !banker.In(n) {
		return h, fmt.Errorf("shengji: banker %d of %d players: %w", banker, n, ErrInvalidSeat)
	}
	if len(deck) != r.DeckSize() {
		return h, fmt.Errorf("shengji: deck of %d cards, want %d", len(deck), r.DeckSize())
	}
	var all card.Multi
	for i, c := range deck {
		if err := all.Add(c); err != nil {
			return h, fmt.Errorf("shengji: deck card %d (%s): %w", i, c, err)
		}
		if all.Count(c) > r.Packs() {
			return h, fmt.Errorf("shengji: deck card %d (%s): more copies than the %d packs hold", i, c, r.Packs())
		}
		h.deck[i] = c
	}
	h.rules, h.dealer, h.banker, h.level, h.trump = r, dealer, banker, level, t
	for _, c := range deck[h.dealSize():] {
		_ = h.kitty.Add(c)
	}
	return h, nil
}

// Rules returns the hand's rules.
func (h *Hand) Rules() Rules { return h.rules }

// Phase returns the hand's phase.
func (h *Hand) Phase() Phase { return h.phase }

// Over reports whether the hand has been scored.
func (h *Hand) Over() bool { return h.phase == OverPhase }

// Dealer returns the seat dealt the first card.
func (h *Hand) Dealer() Seat { return h.dealer }

// Level returns the hand's level rank.
func (h *Hand) Level() card.Rank { return h.level }

// Banker returns the banker, NoSeat while the bidding of a first hand goes
// on.
func (h *Hand) Banker() Seat { return h.banker }

// Trump returns the hand's trump: while declarations are open, the one the
// standing declaration names (no trump suit if none); from the kitty on,
// the hand's.
func (h *Hand) Trump() Trump { return h.trump }

// order returns the trump's order.
func (h *Hand) order() *Order { return h.rules.Order(h.trump) }

// Dealt returns how many cards have been dealt to the players, 0 to 100
// at the standard table.
func (h *Hand) Dealt() int { return int(h.dealt) }

// Cards returns a seat's cards. This is hidden information: computer
// players and interfaces get an Observation instead.
func (h *Hand) Cards(s Seat) card.Multi { return h.hands[s%MaxSeats] }

// Kitty returns the kitty: the eight undealt cards until the banker takes
// them up, none while the banker holds them, then the eight it buried
// (hidden information).
func (h *Hand) Kitty() card.Multi { return h.kitty }

// DealtKitty returns the eight cards left after the deal, which the banker
// takes up (hidden information).
func (h *Hand) DealtKitty() card.Multi {
	var m card.Multi
	for _, c := range h.deck[h.dealSize():h.rules.DeckSize()] {
		_ = m.Add(c)
	}
	return m
}

// TurnedUp returns the kitty cards turned up, in order, to settle the trump
// when nobody declared under the turn-up rule (public).
func (h *Hand) TurnedUp() []card.Card {
	d := h.dealSize()
	return append([]card.Card(nil), h.deck[d:d+int(h.turned)]...)
}

// Deck returns the deal's card order, top first (hidden information).
func (h *Hand) Deck() []card.Card { return append([]card.Card(nil), h.deck[:h.rules.DeckSize()]...) }

// Turn returns the seat to act in the bid, bury and play phases (NoSeat
// otherwise). While cards are dealt several seats may act: see ToAct.
func (h *Hand) Turn() Seat {
	switch h.phase {
	case BidPhase, BuryPhase, CallPhase, PlayPhase:
		return h.turn
	}
	return NoSeat
}

// ToAct returns the seats that may act now: while the cards are dealt, the
// seats holding a declaration they may show (the dealing itself goes on
// with Deal); after it, the one seat in turn to declare or pass, the banker
// to bury, or the seat to play. It is empty once the hand is over.
func (h *Hand) ToAct() Seats {
	switch h.phase {
	case DealPhase:
		var m Seats
		if !h.declaring() {
			return m
		}
		for s := range Seat(h.players()) {
			if h.canDeclare(s) {
				m |= 1 << s
			}
		}
		return m
	case BidPhase, BuryPhase, CallPhase, PlayPhase:
		return SeatsOf(h.turn)
	}
	return 0
}

// Tricks returns the tricks begun so far, the last one possibly
// unfinished.
func (h *Hand) Tricks() []Trick {
	ts := make([]Trick, h.tricks.Len())
	for i := range ts {
		ts[i] = h.tricks.At(i)
	}
	return ts
}

// NumTricks returns the number of tricks begun.
func (h *Hand) NumTricks() int { return h.tricks.Len() }

// Trick returns the i-th trick begun (from 0); i must be below NumTricks.
func (h *Hand) Trick(i int) Trick { return h.tricks.At(i) }

// TeamPoints returns the points the even and the odd seats have won in
// tricks so far: each team's at a table of fixed partnerships.
func (h *Hand) TeamPoints() [2]int {
	var t [2]int
	for s, p := range h.points {
		t[s&1] += p
	}
	return t
}

// SeatPoints returns the points each seat has won in tricks so far.
func (h *Hand) SeatPoints() [MaxSeats]int { return h.points }

// Side returns the banker's side as it stands now (empty while the banker
// is not known): with Finding Friends the banker and the friends who have
// joined, else the banker's team.
func (h *Hand) Side() Seats { return h.side() }

// Calls returns the banker's friend calls (none before it has called, or
// with fixed partnerships).
func (h *Hand) Calls() []Call { return append([]Call(nil), h.friends.Calls[:h.friends.NCalls]...) }

// Friendship returns how the friend calls stand (the zero Friendship
// before the banker has called).
func (h *Hand) Friendship() Friendship { return h.friends }

// Penalty returns the throw penalties given to the attackers so far, net.
func (h *Hand) Penalty() int { return h.penalty }

// Score returns how the hand ended, once it is over.
func (h *Hand) Score() Score { return h.score }

// Deal deals the next card. It refuses (ErrWrongPhase) once the 100 cards
// are dealt. Dealing the 100th card closes declaring: the trump and the
// banker are settled and the banker takes up the kitty, unless the rules
// have the seats declare after the deal, which then begins with the dealer.
func (h *Hand) Deal() error {
	if h.phase != DealPhase {
		return fmt.Errorf("shengji: deal: %w: the phase is %s", ErrDealOver, h.phase)
	}
	s := h.dealer.Plus(int(h.dealt), h.players())
	_ = h.hands[s].Add(h.deck[h.dealt])
	h.best[s] = uint8(strongest(h.hands[s], h.level, h.rules.NoJokerBids))
	h.dealt++
	if int(h.dealt) == h.dealSize() {
		if h.rules.BidAfterDeal && h.level != LevelNT {
			h.phase, h.turn = BidPhase, h.dealer
		} else {
			h.settle()
		}
	}
	return nil
}

// DealAll deals every card left without stopping for declarations.
func (h *Hand) DealAll() {
	for h.phase == DealPhase {
		_ = h.Deal()
	}
}

// settle closes declaring: the trump from the standing declaration (or the
// no-bid rule), the banker, and the banker takes up the kitty.
func (h *Hand) settle() {
	suit := card.NoSuit
	st, declared := h.standing()
	switch {
	case declared:
		_, suit, _ = DeclarationRank(st.Cards, h.level)
	case h.level == LevelNT:
		// played without a trump suit, whatever the no-bid rule
	case h.rules.NoBid == NoBidTurnUp:
		suit = h.turnUp()
	case h.rules.NoBid == NoBidRedeal:
		h.trump = Trump{card.NoSuit, h.level}
		h.score = Score{Banker: h.banker, Trump: h.trump, Redeal: true, LastWinner: NoSeat}
		h.phase, h.turn = OverPhase, NoSeat
		return
	}
	h.trump = Trump{suit, h.level}
	if h.banker == NoSeat {
		h.banker = h.dealer
		if declared {
			h.banker = st.Seat
		}
	}
	h.hands[h.banker], _ = h.hands[h.banker].Sum(h.kitty)
	h.kitty = card.Multi{}
	h.phase, h.turn = BuryPhase, h.banker
}

// turnUp turns up the kitty's cards until a level-rank card; its suit is
// trump. With none, the highest card's suit (ace high, jokers passed over,
// the first turned up on a tie).
func (h *Hand) turnUp() card.Suit {
	best, bestPow := card.NoSuit, -1
	for i := h.dealSize(); i < h.rules.DeckSize(); i++ {
		c := h.deck[i]
		h.turned++
		if c.IsJoker() {
			continue
		}
		if c.Rank() == h.level {
			return c.Suit()
		}
		if p := power(c.Rank()); p > bestPow {
			best, bestPow = c.Suit(), p
		}
	}
	return best
}

// Check says whether seat may take action a now, without changing anything.
// A refusal is an *ActionError that names the broken rule and wraps its
// sentinel (ErrNotYourTurn, ErrBidTooLow, ErrNotHeld, …) or, for a follow
// that breaks a rule of following, the *FollowError.
func (h *Hand) Check(seat Seat, a Action) error {
	if err := a.Validate(); err != nil {
		return &ActionError{Seat: seat, Action: a, Err: ErrMalformedAction, Reason: trimPrefix(err.Error())}
	}
	if !seat.In(h.players()) {
		return refuse(seat, a, ErrInvalidSeat, "seat %d: there are seats 0 to %d", seat, h.players()-1)
	}
	if h.phase == OverPhase {
		return refuse(seat, a, ErrHandOver, "seat %s cannot %s: the hand is over", seat, a.Kind)
	}
	switch a.Kind {
	case Declare:
		return h.checkDeclare(seat, a)
	case Pass:
		if h.phase != BidPhase {
			return refuse(seat, a, ErrWrongPhase, "seat %s cannot pass: passing is for declaring after the deal (the phase is %s)", seat, h.phase)
		}
		if seat != h.turn {
			return refuse(seat, a, ErrNotYourTurn, "seat %s cannot pass: it is seat %s's turn to declare or pass", seat, h.turn)
		}
		return nil
	case Bury:
		return checkBury(seat, a, h.phase, h.banker, h.order(), h.hands[seat], h.rules.KittySize())
	case FriendCall:
		return checkCall(seat, a, h.phase, h.banker, h.level, h.rules)
	case Play:
		return h.checkPlay(seat, a)
	}
	return refuse(seat, a, ErrMalformedAction, "seat %s: unknown action %s", seat, a.Kind)
}

// trimPrefix drops the package prefix from an error message.
func trimPrefix(s string) string {
	if len(s) > 9 && s[:9] == "shengji: " {
		return s[9:]
	}
	return s
}

// checkBury says whether seat, holding hand, may bury a.Cards in phase,
// banker being the banker (for a hand and an observation alike).
func checkBury(seat Seat, a Action, phase Phase, banker Seat, o *Order, hand card.Multi, kitty int) error {
	if phase != BuryPhase {
		return refuse(seat, a, ErrWrongPhase, "seat %s cannot bury: the phase is %s", seat, phase)
	}
	if seat != banker {
		return refuse(seat, a, ErrNotYourTurn, "seat %s cannot bury: the banker, seat %s, buries the kitty", seat, banker)
	}
	if n := a.Cards.Len(); n != kitty {
		return refuse(seat, a, ErrMalformedAction, "bury %d cards, not %d", kitty, n)
	}
	if !hand.Contains(a.Cards) {
		return refuse(seat, a, ErrNotHeld, "seat %s cannot bury %s: it does not hold %s", seat,
			o.Pretty(a.Cards), first(a.Cards.Minus(hand)).Pretty())
	}
	return nil
}

// checkPlay says whether seat may play a.Cards now.
func (h *Hand) checkPlay(seat Seat, a Action) error {
	return checkPlay(seat, a, h.phase, h.turn, h.order(), h.hands[seat], &h.tricks)
}

// checkPlay says whether seat, holding hand, may play a.Cards in phase
// with turn to play, the trick being the last of l: the one check of a
// play, for a hand and for a seat's observation alike.
func checkPlay(seat Seat, a Action, phase Phase, turn Seat, o *Order, hand card.Multi, l *TrickLog) error {
	lead, count, ok := l.lead()
	if phase != PlayPhase || !ok {
		return refuse(seat, a, ErrWrongPhase, "seat %s cannot play: the phase is %s", seat, phase)
	}
	if seat != turn {
		return refuse(seat, a, ErrNotYourTurn, "seat %s cannot play: it is seat %s's turn", seat, turn)
	}
	if !hand.Contains(a.Cards) {
		return refuse(seat, a, ErrNotHeld, "seat %s cannot play %s: it does not hold %s", seat,
			o.Pretty(a.Cards), first(a.Cards.Minus(hand)).Pretty())
	}
	if count == 0 {
		if _, ok := o.GroupOf(a.Cards); !ok {
			return refuse(seat, a, ErrBadLead, "seat %s cannot lead %s: a lead is one suit-group (one plain suit, or the trumps): a single, a pair, a tractor or a throw of them",
				seat, o.Pretty(a.Cards))
		}
		return nil
	}
	if err := o.CheckFollow(lead, hand, a.Cards); err != nil {
		return refuse(seat, a, err, "seat %s cannot play %s to the lead %s: %s", seat, o.Pretty(a.Cards), o.Pretty(lead), trimPrefix(err.Error()))
	}
	return nil
}

// Apply carries out seat's action if Check accepts it; otherwise it returns
// Check's error and the hand is unchanged. A throw that another hand could
// beat is played as its smallest beatable unit (see Order.Throw), the rest
// going back to the leader's hand; with a throw penalty in the rules the
// other team gets it.
func (h *Hand) Apply(seat Seat, a Action) error {
	if err := h.Check(seat, a); err != nil {
		return err
	}
	switch a.Kind {
	case Declare:
		r, suit, n, _ := Declaration(a.Cards, h.level)
		// checked: fewer than MaxBids, copies of one card
		_ = h.bids.Append(Bid{Seat: seat, Cards: a.Cards, Rank: r, Dealt: int(h.dealt), Count: n})
		h.trump = Trump{suit, h.level}
		if h.phase == BidPhase {
			h.nextBidder()
		}
	case Pass:
		h.nextBidder()
	case Bury:
		h.hands[seat] = h.hands[seat].Minus(a.Cards)
		h.kitty = a.Cards
		if h.rules.Calls() > 0 {
			h.phase, h.turn = CallPhase, seat
			break
		}
		h.startPlay()
	case FriendCall:
		h.friends = NewFriendship(h.banker, a.Calls[:max(0, min(a.NCalls, MaxCalls))])
		h.called = true
		h.startPlay()
	case Play:
		h.play(seat, a.Cards)
	}
	return nil
}

// startPlay begins the tricks: the banker leads the first.
func (h *Hand) startPlay() {
	h.phase, h.turn = PlayPhase, h.banker
	// The log cannot refuse a hand's tricks: see MaxTrickCards, and
	// TestTrickLogWorstHand.
	_ = h.tricks.Append(Trick{Leader: h.banker, Winner: NoSeat, Players: h.players()})
}

// nextBidder moves the declaring after the deal on to the next seat,
// settling once every seat has had its turn.
func (h *Hand) nextBidder() {
	h.bidTurns++
	h.turn = h.next(h.turn)
	if int(h.bidTurns) == h.players() {
		h.settle()
	}
}

// play carries out a checked play.
func (h *Hand) play(seat Seat, cards card.Multi) {
	o := h.order()
	n := h.players()
	_, count, _ := h.tricks.lead()
	var attempt card.Multi // a failed throw this play shows
	if count == 0 {
		var others [MaxSeats - 1]card.Multi
		for i := range n - 1 {
			others[i] = h.hands[seat.Plus(i+1, n)]
		}
		if p, stands, _ := o.Throw(cards, others[:n-1]); !stands {
			attempt, cards = cards, p
			h.failed++
			if h.side().Has(seat) {
				h.penalty += h.rules.ThrowPenalty
			} else {
				h.penalty -= h.rules.ThrowPenalty
			}
		}
	}
	h.hands[seat] = h.hands[seat].Minus(cards)
	// The log cannot refuse a checked play: see MaxTrickCards.
	_ = h.tricks.AddPlay(seat, cards, attempt)
	h.turn = h.next(seat)
	if count+1 < n {
		return
	}
	t, _ := h.tricks.Last()
	var plays [MaxSeats]card.Multi
	for i := range n {
		plays[i] = t.Plays[t.Leader.Plus(i, n)]
	}
	w, _ := o.Winner(plays[:n])
	t.Winner = t.Leader.Plus(w, n)
	for _, p := range plays[:n] {
		t.Points += Points(p)
	}
	_ = h.tricks.End(t.Winner, t.Points)
	h.points[t.Winner] += t.Points
	if h.called {
		var buf [MaxSeats]SeatPlay
		h.friends.EndTrick(t.InOrder(buf[:0]))
	}
	h.turn = t.Winner
	if h.hands[t.Winner].IsEmpty() {
		h.finish(&t)
		return
	}
	_ = h.tricks.Append(Trick{Leader: t.Winner, Winner: NoSeat, Players: n})
}

// finish scores the hand after its last trick t.
func (h *Hand) finish(t *Trick) {
	side := h.side()
	s := Score{Banker: h.banker, Trump: h.trump, KittyPoints: Points(h.kitty),
		Penalty: h.penalty, FailedThrows: h.failed, LastWinner: t.Winner}
	if h.called {
		s.Friends = side &^ SeatsOf(h.banker)
	}
	for seat := range Seat(h.players()) {
		if !side.Has(seat) {
			s.TrickPoints += h.points[seat]
		}
	}
	if !side.Has(t.Winner) {
		s.KittyMultiplier = 2
		if h.rules.KittyMultiplier == KittyByFormat {
			s.KittyMultiplier = h.order().KittyMultiplier(t.Plays[t.Winner])
		}
	}
	s.AttackerPoints = s.TrickPoints + s.KittyPoints*s.KittyMultiplier + s.Penalty
	s.Result = LevelUp(s.AttackerPoints, h.rules.LevelStep())
	h.score = s
	h.phase, h.turn = OverPhase, NoSeat
}

// Side returns the banker's side at the end of the hand under rules r:
// the banker and its friends with Finding Friends, the banker's team (the
// seats of its parity) with fixed partnerships. The attackers are the
// other seats.
func (s Score) Side(r Rules) Seats {
	if s.Banker == NoSeat {
		return 0
	}
	if r.Calls() > 0 {
		return SeatsOf(s.Banker) | s.Friends
	}
	return s.Banker.Parity(r.NumPlayers())
}

// Winners returns the seats whose levels go up after the hand under rules
// r: the banker's side (Side) if it kept the bank, else the attackers;
// none after a redeal.
func (s Score) Winners(r Rules) Seats {
	if s.Redeal || s.Banker == NoSeat {
		return 0
	}
	side := s.Side(r)
	if s.BankersKeep {
		return side
	}
	return AllSeats(r.NumPlayers()) &^ side
}

// NextBanker returns the next hand's banker under rules r: the first of
// the winners after the banker in turn order (the banker itself if it
// kept the bank with nobody else on its side); after a redeal, the same
// banker.
func (s Score) NextBanker(r Rules) Seat {
	w, n := s.Winners(r), r.NumPlayers()
	for i := 1; i <= n; i++ {
		if x := s.Banker.Plus(i, n); w.Has(x) {
			return x
		}
	}
	return s.Banker
}

// NumTurnedUp returns how many kitty cards were turned up (see TurnedUp).
func (h *Hand) NumTurnedUp() int { return int(h.turned) }

// Lead returns the lead of the trick being played (its leader's play, a
// failed throw's forced unit) and how many seats have played to it, ok
// false outside the play; it decodes nothing else of the trick.
func (h *Hand) Lead() (lead card.Multi, count int, ok bool) {
	if h.phase != PlayPhase {
		return card.Multi{}, 0, false
	}
	return h.tricks.lead()
}
