package shengji

import (
	"fmt"
	"math/bits"

	"felt/card"
)

// BidRank is the rank of a declaration. An override must rank strictly
// higher than the declaration standing. The zero value BidNone is no
// declaration.
type BidRank uint8

// The ranks of declarations, lowest first.
const (
	BidNone        BidRank = iota // nobody has declared
	BidSingle                     // one level-rank card: its suit is trump
	BidPair                       // two identical level-rank cards: their suit is trump
	BidSmallJokers                // the two small jokers: no trump
	BidBigJokers                  // the two big jokers: no trump
)

var bidRankNames = [...]string{"none", "single", "pair", "small-joker pair", "big-joker pair"}

// String returns "none", "single", "pair", "small-joker pair" or
// "big-joker pair".
func (r BidRank) String() string {
	if int(r) < len(bidRankNames) {
		return bidRankNames[r]
	}
	return fmt.Sprintf("BidRank(%d)", uint8(r))
}

// Bid is a declaration shown during the deal (or after it): who showed it,
// the cards shown, their rank and how many cards had been dealt when they
// were shown.
type Bid struct {
	Seat  Seat
	Cards card.Multi
	Rank  BidRank
	Dealt int
}

// MaxBids bounds the declarations of a hand: each ranks strictly higher
// than the one before, so there are at most four.
const MaxBids = 4

// DeclarationRank returns the rank of showing cards at level rank level and
// the trump suit it names (card.NoSuit for a joker pair), with ok false if
// the cards are not a declaration: one level-rank card, two identical
// level-rank cards, or a pair of small or of big jokers.
func DeclarationRank(cards card.Multi, level card.Rank) (r BidRank, suit card.Suit, ok bool) {
	one, two := cards.One&card.AllFaces, cards.Two&card.AllFaces
	if one.Len() != 1 || cards.One != one || cards.Two != two {
		return BidNone, card.NoSuit, false
	}
	c := card.Card(bits.TrailingZeros64(uint64(one)))
	switch {
	case c == card.SmallJoker && two != 0:
		return BidSmallJokers, card.NoSuit, true
	case c == card.BigJoker && two != 0:
		return BidBigJokers, card.NoSuit, true
	case c.IsJoker() || c.Rank() != level:
		return BidNone, card.NoSuit, false
	case two != 0:
		return BidPair, c.Suit(), true
	}
	return BidSingle, c.Suit(), true
}

// declaring reports whether declarations are open now (by anyone, or by the
// seat in turn when declaring after the deal).
func (h *Hand) declaring() bool {
	switch h.phase {
	case DealPhase:
		return !h.rules.BidAfterDeal && h.dealt < DealSize
	case BidPhase:
		return true
	}
	return false
}

// standing returns the declaration standing, ok false if none.
func (h *Hand) standing() (Bid, bool) {
	if h.nbids == 0 {
		return Bid{}, false
	}
	return h.bids[h.nbids-1], true
}

// checkDeclare says whether seat may show cards as a declaration now.
func (h *Hand) checkDeclare(seat Seat, a Action) error {
	if !h.declaring() {
		if h.phase == DealPhase && h.rules.BidAfterDeal {
			return refuse(seat, a, ErrWrongPhase, "seat %s cannot declare yet: in these rules each seat declares once the whole deal is done", seat)
		}
		return refuse(seat, a, ErrWrongPhase, "seat %s cannot declare: declaring closed when the last card before the kitty was dealt", seat)
	}
	if h.phase == BidPhase && seat != h.turn {
		return refuse(seat, a, ErrNotYourTurn, "seat %s cannot declare: it is seat %s's turn to declare or pass", seat, h.turn)
	}
	if !h.hands[seat].Contains(a.Cards) {
		return refuse(seat, a, ErrNotHeld, "seat %s cannot show %s: it has not been dealt %s", seat,
			h.order().Pretty(a.Cards), first(a.Cards.Minus(h.hands[seat])).Pretty())
	}
	r, _, ok := DeclarationRank(a.Cards, h.level)
	if !ok {
		return refuse(seat, a, ErrNotDeclaration, "seat %s cannot declare with %s: a declaration is one or two identical cards of the level rank %s, or a pair of jokers of one kind",
			seat, h.order().Pretty(a.Cards), LevelString(h.level))
	}
	st, ok := h.standing()
	if !ok {
		return nil
	}
	if outranks(seat, a.Cards, r, h.level, st, true) {
		return nil
	}
	sr := st.Rank
	if st.Seat == seat {
		if sr == BidSingle {
			return refuse(seat, a, ErrOverrideSelf, "seat %s cannot override its own declaration %s: it may only reinforce it with the pair %s",
				seat, h.order().Pretty(st.Cards), h.order().Pretty(card.Double(st.Cards.One)))
		}
		return refuse(seat, a, ErrOverrideSelf, "seat %s cannot override its own declaration %s", seat, h.order().Pretty(st.Cards))
	}
	return refuse(seat, a, ErrBidTooLow, "seat %s cannot override seat %s's %s %s with a %s: an override must rank strictly higher (single < pair < small-joker pair < big-joker pair)",
		seat, st.Seat, sr, h.order().Pretty(st.Cards), r)
}

// canDeclare reports whether seat holds a declaration it may show now,
// declarations being open.
func (h *Hand) canDeclare(seat Seat) bool {
	st, has := h.standing()
	return canDeclare(h.hands[seat], h.level, seat, st, has)
}

// canDeclare reports whether a seat dealt cards d holds a declaration that
// it may show over the standing one st (has false if none).
func canDeclare(d card.Multi, level card.Rank, seat Seat, st Bid, has bool) bool {
	lv := levelFaces(level)
	if !has {
		return d.One&lv != 0 || d.Two&card.Jokers != 0
	}
	sr := st.Rank
	if st.Seat == seat {
		return sr == BidSingle && d.Two&st.Cards.One != 0
	}
	switch sr {
	case BidSingle:
		return d.Two&(lv|card.Jokers) != 0
	case BidPair:
		return d.Two&card.Jokers != 0
	case BidSmallJokers:
		return d.Two.Has(card.BigJoker)
	}
	return false
}

// outranks reports whether seat may show cards, a declaration of rank r,
// over the standing one st (has false if none): anything when none stands,
// only the reinforcing pair over its own single, else a strictly higher
// rank.
func outranks(seat Seat, cards card.Multi, r BidRank, level card.Rank, st Bid, has bool) bool {
	if !has {
		return true
	}
	sr := st.Rank
	if st.Seat == seat {
		return sr == BidSingle && r == BidPair && cards.One == st.Cards.One
	}
	return r > sr
}

// AppendDeclarations appends to dst every declaration seat may show now
// (none when declaring is closed for it or it holds none) and returns it:
// its singles and pairs of level-rank cards and its joker pairs that
// outrank the declaration standing, or, for the seat whose single stands,
// the pair that reinforces it.
func (h *Hand) AppendDeclarations(dst []Action, seat Seat) []Action {
	if !seat.Valid() || !h.declaring() || h.phase == BidPhase && seat != h.turn {
		return dst
	}
	st, has := h.standing()
	return appendDeclarations(dst, h.hands[seat], h.level, seat, st, has)
}

// appendDeclarations appends the declarations a seat dealt d may show
// over st.
func appendDeclarations(dst []Action, d card.Multi, level card.Rank, seat Seat, st Bid, has bool) []Action {
	if !canDeclare(d, level, seat, st, has) {
		return dst
	}
	try := func(m card.Multi) {
		if r, _, ok := DeclarationRank(m, level); ok && outranks(seat, m, r, level, st, has) {
			dst = append(dst, DeclareAction(m))
		}
	}
	for p := d.One & levelFaces(level); p != 0; p &^= lowest(p) {
		f := lowest(p)
		try(card.Multi{One: f})
		if d.Two&f != 0 {
			try(card.Multi{One: f, Two: f})
		}
	}
	for _, j := range [2]card.Card{card.SmallJoker, card.BigJoker} {
		if d.Two.Has(j) {
			try(card.Double(card.Bit(j)))
		}
	}
	return dst
}

// levelFaces returns the four cards of the level rank.
func levelFaces(level card.Rank) card.Set { return levelSets[level%(card.King+1)] }

// levelSets holds the four cards of each rank.
var levelSets = func() (t [card.King + 1]card.Set) {
	for r := card.Ace; r <= card.King; r++ {
		t[r] = suits(r)
	}
	return t
}()

// Bids returns the declarations shown so far, oldest first; the last one
// stands.
func (h *Hand) Bids() []Bid { return append([]Bid(nil), h.bids[:h.nbids]...) }

// Standing returns the declaration standing, ok false if nobody has
// declared.
func (h *Hand) Standing() (Bid, bool) { return h.standing() }
