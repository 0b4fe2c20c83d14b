package shengji

import (
	"errors"
	"strings"
	"testing"

	"felt/card"
)

var mm = card.MustParseMulti

// stackDeck returns a deck dealt from dealer in which each seat is dealt
// the cards given for it first, in order, and the kitty holds the kitty
// cards; the rest of the two packs fill the other places in pack order.
func stackDeck(t testing.TB, dealer Seat, seats [NumSeats]string, kitty string) []card.Card {
	t.Helper()
	deck := make([]card.Card, DeckSize)
	rest := card.Double(card.AllFaces)
	take := func(c card.Card) {
		if err := rest.Remove(c); err != nil {
			t.Fatalf("stackDeck: %s given three times", c)
		}
	}
	for s, list := range seats {
		var cs []card.Card
		for f := range strings.FieldsSeq(list) {
			cs = append(cs, card.MustParse(f))
		}
		pos := (Seat(s) + NumSeats - dealer) % NumSeats
		for i, c := range cs {
			take(c)
			deck[int(pos)+NumSeats*i] = c
		}
	}
	for i, f := range strings.Fields(kitty) {
		c := card.MustParse(f)
		take(c)
		deck[DealSize+i] = c
	}
	left := rest.Cards()
	for i := range deck {
		if deck[i] == 0 {
			deck[i], left = left[0], left[1:]
		}
	}
	return deck
}

// dealTo deals until n cards are dealt.
func dealTo(t testing.TB, h *Hand, n int) {
	t.Helper()
	for h.Dealt() < n {
		if err := h.Deal(); err != nil {
			t.Fatal(err)
		}
	}
}

// bidStep is one step of a bidding script: deal to a position, then a
// seat shows cards, wanting the given sentinel (nil for accepted).
type bidStep struct {
	dealt int
	seat  Seat
	cards string
	want  error
}

func TestBid_DeclareReinforceOverride(t *testing.T) {
	// level 2, dealer 0: seat s's k-th card is dealt as card 4k+s+1
	seats := [NumSeats]string{
		"2S 3S 2S SJ SJ",
		"2H 3C 2H BJ BJ",
		"2D 2D 4C 4C 2C",
		"2C 5D 5D 6D 9S",
	}
	cases := []struct {
		name       string
		steps      []bidStep
		banker     Seat
		trumpSuit  card.Suit
		standsRank BidRank
	}{
		{"a single declares its suit", []bidStep{{1, 0, "2S", nil}}, 0, card.Spades, BidSingle},
		{"a single does not override a single", []bidStep{{2, 0, "2S", nil}, {2, 1, "2H", ErrBidTooLow}}, 0, card.Spades, BidSingle},
		{"a pair overrides another's single", []bidStep{{2, 1, "2H", nil}, {7, 2, "2D 2D", nil}}, 2, card.Diamonds, BidPair},
		{"reinforce one's own single into a pair", []bidStep{{1, 0, "2S", nil}, {9, 0, "2S 2S", nil}}, 0, card.Spades, BidPair},
		{"no showing one's own single again", []bidStep{{2, 1, "2H", nil}, {9, 1, "2H", ErrOverrideSelf}, {10, 1, "2H 2H", nil}}, 1, card.Hearts, BidPair},
		{"no overriding oneself with another suit's pair", []bidStep{{19, 2, "2C", nil}, {19, 2, "2D 2D", ErrOverrideSelf}}, 2, card.Clubs, BidSingle},
		{"no overriding oneself with jokers", []bidStep{{2, 1, "2H", nil}, {18, 1, "BJ BJ", ErrOverrideSelf}}, 1, card.Hearts, BidSingle},
		{"a partner may override", []bidStep{{1, 0, "2S", nil}, {7, 2, "2D 2D", nil}}, 2, card.Diamonds, BidPair},
		{"a pair does not override a pair", []bidStep{{7, 2, "2D 2D", nil}, {10, 1, "2H 2H", ErrBidTooLow}}, 2, card.Diamonds, BidPair},
		{"a small-joker pair overrides a level pair, no trump", []bidStep{{7, 2, "2D 2D", nil}, {17, 0, "SJ SJ", nil}}, 0, card.NoSuit, BidSmallJokers},
		{"a big-joker pair overrides small jokers", []bidStep{{17, 0, "SJ SJ", nil}, {18, 1, "BJ BJ", nil}}, 1, card.NoSuit, BidBigJokers},
		{"small jokers do not override small jokers' rank", []bidStep{{18, 1, "BJ BJ", nil}, {18, 0, "SJ SJ", ErrBidTooLow}}, 1, card.NoSuit, BidBigJokers},
		{"one joker is no declaration", []bidStep{{13, 0, "SJ", ErrNotDeclaration}}, 0, card.NoSuit, BidNone},
		{"a card of another rank is no declaration", []bidStep{{15, 2, "4C 4C", ErrNotDeclaration}}, 0, card.NoSuit, BidNone},
		{"two level cards of two suits are no declaration", []bidStep{{19, 2, "2D 2C", ErrNotDeclaration}}, 0, card.NoSuit, BidNone},
		{"only cards dealt so far", []bidStep{{4, 0, "2S 2S", ErrNotHeld}}, 0, card.NoSuit, BidNone},
		{"declaring closes with the last card before the kitty", []bidStep{{DealSize, 0, "2S", ErrWrongPhase}}, 0, card.NoSuit, BidNone},
		{"nobody declares: no trump, seat 0 banks", nil, 0, card.NoSuit, BidNone},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h, err := NewHand(Standard(), stackDeck(t, 0, seats, ""), 0, NoSeat, card.Two)
			if err != nil {
				t.Fatal(err)
			}
			for _, st := range c.steps {
				dealTo(t, &h, st.dealt)
				before := h
				a := DeclareAction(mm(st.cards))
				err := h.Apply(st.seat, a)
				switch {
				case st.want == nil && err != nil:
					t.Fatalf("seat %s showing %s after %d cards: %v", st.seat, st.cards, st.dealt, err)
				case st.want != nil && !errors.Is(err, st.want):
					t.Fatalf("seat %s showing %s after %d cards: got %v, want %v", st.seat, st.cards, st.dealt, err, st.want)
				case st.want != nil && h != before:
					t.Fatalf("a refused declaration changed the hand")
				}
				if err != nil {
					t.Logf("refused as it should be: %v", err)
				}
			}
			dealTo(t, &h, DealSize)
			if h.Phase() != BuryPhase {
				t.Fatalf("phase %s after the deal, want bury", h.Phase())
			}
			st, ok := h.Standing()
			if r := st.Rank; !ok && c.standsRank != BidNone || ok && r != c.standsRank {
				t.Errorf("standing declaration %v %v, want rank %s", st, ok, c.standsRank)
			}
			if h.Banker() != c.banker || h.Trump().Suit != c.trumpSuit {
				t.Errorf("banker %s trump %s, want banker %s trump suit %s", h.Banker(), h.Trump(), c.banker, c.trumpSuit)
			}
			if h.Cards(h.Banker()).Len() != HandSize+KittySize || h.Turn() != h.Banker() {
				t.Errorf("the banker holds %d cards, turn %s", h.Cards(h.Banker()).Len(), h.Turn())
			}
		})
	}
}

func TestBid_ListedAreExactlyTheAccepted(t *testing.T) {
	seats := [NumSeats]string{"2S 3S 2S SJ SJ", "2H 3C 2H BJ BJ", "2D 2D 4C 4C 2C", "2C 5D 5D 6D 9S"}
	h, _ := NewHand(Standard(), stackDeck(t, 0, seats, ""), 0, NoSeat, card.Two)
	candidates := []string{"2S", "2H", "2D", "2C", "2S 2S", "2H 2H", "2D 2D", "2C 2C", "SJ SJ", "BJ BJ", "SJ", "3C", "SJ BJ"}
	for step := 0; h.Phase() == DealPhase; step++ {
		for s := range Seat(NumSeats) {
			listed := map[card.Multi]bool{}
			for _, a := range h.AppendDeclarations(nil, s) {
				listed[a.Cards] = true
			}
			for _, c := range candidates {
				err := h.Check(s, DeclareAction(mm(c)))
				if (err == nil) != listed[mm(c)] {
					t.Fatalf("after %d cards seat %s showing %s: Check %v, listed %v", h.Dealt(), s, c, err, listed[mm(c)])
				}
			}
			if h.ToAct().Has(s) != (len(listed) > 0) {
				t.Fatalf("ToAct %s disagrees with seat %s's declarations", h.ToAct(), s)
			}
		}
		// declare now and then to move the standing declaration on
		if step%9 == 4 {
			for s := range h.ToAct().All() {
				ds := h.AppendDeclarations(nil, s)
				_ = h.Apply(s, ds[0])
				break
			}
		}
		_ = h.Deal()
	}
	if len(h.Bids()) < 2 {
		t.Fatalf("the script declared only %v", h.Bids())
	}
}

func TestBid_AfterTheDealInSeatOrderFromTheDealer(t *testing.T) {
	r := Standard()
	r.BidAfterDeal = true
	seats := [NumSeats]string{"2S", "2H 2H", "SJ SJ", ""}
	h, err := NewHand(r, stackDeck(t, 2, seats, ""), 2, NoSeat, card.Two)
	if err != nil {
		t.Fatal(err)
	}
	dealTo(t, &h, 50)
	if err := h.Apply(1, DeclareAction(mm("2H 2H"))); !errors.Is(err, ErrWrongPhase) {
		t.Fatalf("declaring during the deal: %v, want ErrWrongPhase", err)
	}
	if !h.ToAct().IsEmpty() {
		t.Fatalf("ToAct %s during the deal, want nobody", h.ToAct())
	}
	dealTo(t, &h, DealSize)
	if h.Phase() != BidPhase || h.Turn() != 2 {
		t.Fatalf("phase %s turn %s after the deal, want bid and the dealer, 2", h.Phase(), h.Turn())
	}
	if err := h.Apply(0, DeclareAction(mm("2S"))); !errors.Is(err, ErrNotYourTurn) {
		t.Fatalf("seat 0 out of turn: %v", err)
	}
	steps := []struct {
		seat Seat
		a    Action
		want error
	}{
		{2, PassAction(), nil},
		{3, DeclareAction(mm("2S")), ErrNotHeld},
		{3, PassAction(), nil},
		{0, DeclareAction(mm("2S")), nil},
		{1, DeclareAction(mm("2H")), ErrBidTooLow},
		{1, DeclareAction(mm("2H 2H")), nil},
	}
	for _, st := range steps {
		if err := h.Apply(st.seat, st.a); !errors.Is(err, st.want) || st.want == nil && err != nil {
			t.Fatalf("seat %s %s: %v, want %v", st.seat, st.a, err, st.want)
		}
	}
	if h.Phase() != BuryPhase || h.Banker() != 1 || h.Trump().Suit != card.Hearts {
		t.Fatalf("phase %s banker %s trump %s, want bury, 1, hearts", h.Phase(), h.Banker(), h.Trump())
	}
}

func TestBid_NobodyDeclares(t *testing.T) {
	cases := []struct {
		name   string
		rule   NoBidRule
		kitty  string
		suit   card.Suit
		turned int
	}{
		{"no trump", NoBidNoTrump, "3S 4H 5D 6C 7S 8H 9D TC", card.NoSuit, 0},
		{"turn up: the first level card", NoBidTurnUp, "AS 4H 7D 6C 7C 8H 9D TC", card.Diamonds, 3},
		{"turn up: else the highest card, first on a tie", NoBidTurnUp, "3S KH 5D BJ KC AD 4D AH", card.Diamonds, 8},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := Standard()
			r.NoBid = c.rule
			h, err := NewHand(r, stackDeck(t, 1, [NumSeats]string{}, c.kitty), 1, NoSeat, card.Seven)
			if err != nil {
				t.Fatal(err)
			}
			dealTo(t, &h, DealSize)
			if h.Trump().Suit != c.suit || h.NumTurnedUp() != c.turned || h.Banker() != 1 {
				t.Fatalf("trump %s, %d turned up, banker %s; want suit %s, %d, the dealer 1", h.Trump(), h.NumTurnedUp(), h.Banker(), c.suit, c.turned)
			}
		})
	}
}

// playingHand returns a hand in the play phase: the banker has buried
// kitty, the hands are as given and leader leads.
func playingHand(t testing.TB, r Rules, tr Trump, banker, leader Seat, hands [NumSeats]string, kitty string) Hand {
	t.Helper()
	h := Hand{rules: r, level: tr.Level, trump: tr, banker: banker, dealer: banker, phase: PlayPhase, dealt: DealSize, turn: leader}
	for s, c := range hands {
		h.hands[s] = mm(c)
	}
	h.kitty = mm(kitty)
	if err := h.tricks.Append(Trick{Leader: leader, Winner: NoSeat}); err != nil {
		t.Fatal(err)
	}
	return h
}

// playAll plays each seat's cards in turn from the leader.
func playAll(t testing.TB, h *Hand, plays ...string) {
	t.Helper()
	for _, p := range plays {
		s := h.Turn()
		if err := h.Apply(s, PlayAction(mm(p))); err != nil {
			t.Fatalf("seat %s plays %s: %v", s, p, err)
		}
	}
}

func TestHand_KittyMultiplierOfTheLastTrick(t *testing.T) {
	sp := Trump{card.Spades, card.Two}
	const kitty = "5H KH 3C 4C 6C 7C 8C 9C" // 15 points
	cases := []struct {
		name   string
		hands  [NumSeats]string
		leader Seat
		plays  []string
		winner Seat
		mult   int
	}{
		{"a single wins the last trick: kitty ×2", [NumSeats]string{"3H", "AH", "4H", "6H"}, 0, []string{"3H", "AH", "4H", "6H"}, 1, 2},
		{"a pair wins the last trick: kitty ×4", [NumSeats]string{"3H 3H", "AH AH", "4H 5D", "6H 7H"}, 1, []string{"AH AH", "4H 5D", "6H 7H", "3H 3H"}, 1, 4},
		{"a tractor wins the last trick: kitty ×8", [NumSeats]string{"3H 4H 5H 6H", "QH QH KH KH", "7D 8D 9D TD", "7H 8H 9H TH"}, 1, []string{"QH QH KH KH", "7D 8D 9D TD", "7H 8H 9H TH", "3H 4H 5H 6H"}, 1, 8},
		{"a trump pair over a lead of two singles: kitty ×4", [NumSeats]string{"3H 4H", "3S 3S", "AH KH", "7H 8D"}, 2, []string{"AH KH", "7H 8D", "3H 4H", "3S 3S"}, 1, 4},
		{"the bankers win the last trick: no kitty for the attackers", [NumSeats]string{"AH", "3H", "4H", "6H"}, 0, []string{"AH", "3H", "4H", "6H"}, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := playingHand(t, Standard(), sp, 0, c.leader, c.hands, kitty)
			playAll(t, &h, c.plays...)
			if !h.Over() {
				t.Fatal("the hand is not over after its last trick")
			}
			s := h.Score()
			if s.LastWinner != c.winner || s.KittyMultiplier != c.mult || s.AttackerPoints != h.TeamPoints()[1]+15*c.mult {
				t.Fatalf("last winner %s, multiplier %d, attacker points %d; want %s, %d, %d", s.LastWinner, s.KittyMultiplier, s.AttackerPoints, c.winner, c.mult, h.TeamPoints()[1]+15*c.mult)
			}
		})
	}
}

func TestHand_FailedThrowAndPenalty(t *testing.T) {
	sp := Trump{card.Hearts, card.Two}
	hands := [NumSeats]string{
		"9S 8S 8S 4S 4S 3D", // the throw 9♠ 8♠8♠ 4♠4♠
		"JS 5D 6D 7D 8D 9D", // J♠ beats the single 9♠
		"QS QS TD JD QD KD", // Q♠Q♠ beats both pairs
		"3S 5S 6S 7S AD AD",
	}
	for _, c := range []struct {
		name    string
		penalty int
		banker  Seat
		want    int
	}{
		{"no penalty", 0, 0, 0},
		{"a banker's failed throw gives the attackers 10", 10, 0, 10},
		{"an attacker's failed throw costs the attackers 10", 10, 1, -10},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := Standard()
			r.ThrowPenalty = c.penalty
			h := playingHand(t, r, sp, c.banker, 0, hands, "")
			if err := h.Check(0, PlayAction(mm("9S 8S 8S 4S 4S"))); err != nil {
				t.Fatalf("a throw is a legal lead: %v", err)
			}
			playAll(t, &h, "9S 8S 8S 4S 4S")
			tr := h.Trick(0)
			if tr.Lead() != mm("4S 4S") || tr.Attempt != mm("9S 8S 8S 4S 4S") || !tr.Failed() {
				t.Fatalf("lead %s attempt %s, want 4S 4S forced out of the throw", tr.Lead(), tr.Attempt)
			}
			if h.Cards(0) != mm("9S 8S 8S 3D") {
				t.Fatalf("the leader holds %s, want the rest of the throw back", h.Cards(0))
			}
			if h.Penalty() != c.want {
				t.Fatalf("penalty %d, want %d", h.Penalty(), c.want)
			}
			// follows answer the pair actually led
			var fe *FollowError
			if err := h.Apply(1, PlayAction(mm("5D 6D"))); !errors.As(err, &fe) || fe.Rule != ShortGroup {
				t.Fatalf("seat 1 following the pair 4♠4♠ with 5♦ 6♦ (holding J♠: must play it): %v", err)
			}
			playAll(t, &h, "JS 5D", "QS QS", "3S 5S")
			if w := h.Trick(0).Winner; w != 2 {
				t.Fatalf("Q♠Q♠ wins the pair, not seat %s", w)
			}
		})
	}
}

func TestHand_CheckExplainsEveryRefusal(t *testing.T) {
	sp := Trump{card.Spades, card.Two}
	h := playingHand(t, Standard(), sp, 0, 0, [NumSeats]string{"3H 3H", "9H 9H 8H 5D", "4H 5H", "6H 7H"}, "")
	playAll(t, &h, "3H 3H")
	before := h
	cases := []struct {
		seat Seat
		a    Action
		want error
		says string
	}{
		{1, PlayAction(mm("9H 8H")), ErrIllegalFollow, "you hold the pair 9♥ 9♥: a led pair must be followed with a pair"},
		{1, PlayAction(mm("9H")), ErrIllegalFollow, "play 2, not 1"},
		{1, PlayAction(mm("TH TH")), ErrNotHeld, "does not hold"},
		{2, PlayAction(mm("4H 5H")), ErrNotYourTurn, "seat 1's turn"},
		{1, BuryAction(mm("9H 9H 8H 5D 3C 4C 5C 6C")), ErrWrongPhase, "phase is play"},
		{1, DeclareAction(mm("2H")), ErrWrongPhase, "declaring closed"},
		{7, PlayAction(mm("9H 9H")), ErrInvalidSeat, "seats 0 to 3"},
		{1, Action{Kind: Play}, ErrMalformedAction, "at least one card"},
	}
	for _, c := range cases {
		err := h.Check(c.seat, c.a)
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("seat %s %s: %v, want %v saying %q", c.seat, c.a, err, c.want, c.says)
		}
		if h.Apply(c.seat, c.a) == nil || h != before {
			t.Errorf("seat %s %s: Apply accepted it or changed the hand", c.seat, c.a)
		}
	}
	var fe *FollowError
	if err := h.Check(1, PlayAction(mm("9H 8H"))); !errors.As(err, &fe) || fe.Rule != MatchPairs {
		t.Errorf("the follow error does not name the rule: %v", err)
	}
}
