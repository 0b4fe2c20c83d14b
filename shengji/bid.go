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
// the cards shown, their rank, how many identical cards they are, and how
// many cards had been dealt when they were shown.
type Bid struct {
	Seat  Seat
	Cards card.Multi
	Rank  BidRank
	Dealt int
	Count int // the cards shown: 1 to the packs
}

// Strength returns the declaration's strength: more cards first, then, on
// an equal count, level cards below small jokers below big jokers. With
// two packs its order is BidRank's.
// It is read from the cards shown, so a Bid written without its Rank or
// Count has it too.
func (b Bid) Strength() int {
	r := BidSingle
	switch {
	case b.Cards.Has(card.SmallJoker):
		r = BidSmallJokers
	case b.Cards.Has(card.BigJoker):
		r = BidBigJokers
	}
	return strength(r, b.Cards.Len())
}

// strength ranks a declaration of count cards of kind r.
func strength(r BidRank, count int) int {
	kind := 0
	switch r {
	case BidSmallJokers:
		kind = 1
	case BidBigJokers:
		kind = 2
	}
	return 3*count + kind
}

// MaxBids bounds the declarations of a hand: each is stronger than the one
// before (there are 13 strengths with five packs), except that under
// EqualOverride an equal one may override; once MaxBids have been shown no
// more are taken.
const MaxBids = 32

// DeclarationRank returns the rank of showing cards at level rank level and
// the trump suit it names (card.NoSuit for jokers), with ok false if the
// cards are not a declaration: one or more identical level-rank cards
// (BidSingle for one, BidPair for more), or two or more identical jokers.
// Declaration gives the count too.
func DeclarationRank(cards card.Multi, level card.Rank) (r BidRank, suit card.Suit, ok bool) {
	r, suit, _, ok = Declaration(cards, level)
	return r, suit, ok
}

// Declaration returns the rank, the trump suit and the number of cards of
// showing cards at level rank level, ok false if they are not a
// declaration (see DeclarationRank). At level NT nothing is a declaration.
func Declaration(cards card.Multi, level card.Rank) (r BidRank, suit card.Suit, count int, ok bool) {
	one := cards.One & card.AllFaces
	if level == LevelNT || one.Len() != 1 || cards.One != one || cards.Two&^one != 0 {
		return BidNone, card.NoSuit, 0, false
	}
	c := card.Card(bits.TrailingZeros64(uint64(one)))
	n := cards.Count(c)
	switch {
	case c == card.SmallJoker && n >= 2:
		return BidSmallJokers, card.NoSuit, n, true
	case c == card.BigJoker && n >= 2:
		return BidBigJokers, card.NoSuit, n, true
	case c.IsJoker() || c.Rank() != level:
		return BidNone, card.NoSuit, 0, false
	case n >= 2:
		return BidPair, c.Suit(), n, true
	}
	return BidSingle, c.Suit(), 1, true
}

// declaring reports whether declarations are open now (by anyone, or by the
// seat in turn when declaring after the deal).
func (h *Hand) declaring() bool {
	if h.level == LevelNT {
		return false
	}
	switch h.phase {
	case DealPhase:
		return !h.rules.BidAfterDeal && int(h.dealt) < h.dealSize() && h.bids.Len() < MaxBids
	case BidPhase:
		return h.bids.Len() < MaxBids
	}
	return false
}

// standing returns the declaration standing, ok false if none.
func (h *Hand) standing() (Bid, bool) {
	return h.bids.Last()
}

// checkDeclare says whether seat may show cards as a declaration now.
func (h *Hand) checkDeclare(seat Seat, a Action) error {
	if !h.declaring() {
		if h.level == LevelNT && (h.phase == DealPhase || h.phase == BidPhase) {
			return refuse(seat, a, ErrWrongPhase, "seat %s cannot declare: nobody declares at level NT, which is played without a trump suit", seat)
		}
		if h.phase == DealPhase && h.rules.BidAfterDeal {
			return refuse(seat, a, ErrWrongPhase, "seat %s cannot declare yet: in these rules each seat declares once the whole deal is done", seat)
		}
		if h.bids.Len() >= MaxBids && (h.phase == DealPhase || h.phase == BidPhase) {
			return refuse(seat, a, ErrWrongPhase, "seat %s cannot declare: %d declarations have been shown, the most a hand takes", seat, MaxBids)
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
	r, _, n, ok := Declaration(a.Cards, h.level)
	if ok && h.rules.NoJokerBids && (r == BidSmallJokers || r == BidBigJokers) {
		return refuse(seat, a, ErrNotDeclaration, "seat %s cannot declare with %s: in these rules jokers are not shown to declare",
			seat, h.order().Pretty(a.Cards))
	}
	if !ok {
		if h.rules.Packs() > 2 {
			return refuse(seat, a, ErrNotDeclaration, "seat %s cannot declare with %s: a declaration is one or more identical cards of the level rank %s, or two or more identical jokers",
				seat, h.order().Pretty(a.Cards), LevelString(h.level))
		}
		return refuse(seat, a, ErrNotDeclaration, "seat %s cannot declare with %s: a declaration is one or two identical cards of the level rank %s, or a pair of jokers of one kind",
			seat, h.order().Pretty(a.Cards), LevelString(h.level))
	}
	st, ok := h.standing()
	if !ok {
		return nil
	}
	if outranks(seat, a.Cards, r, n, st, true, h.rules) {
		return nil
	}
	sr := st.Rank
	if st.Seat == seat {
		if h.rules.NoReinforce {
			return refuse(seat, a, ErrOverrideSelf, "seat %s cannot override its own declaration %s (in these rules it may not reinforce it either)", seat, h.order().Pretty(st.Cards))
		}
		if sr == BidSingle && h.rules.Packs() == 2 {
			return refuse(seat, a, ErrOverrideSelf, "seat %s cannot override its own declaration %s: it may only reinforce it with the pair %s",
				seat, h.order().Pretty(st.Cards), h.order().Pretty(card.Double(st.Cards.One)))
		}
		return refuse(seat, a, ErrOverrideSelf, "seat %s cannot override its own declaration %s: it may only reinforce it with more copies of the same card", seat, h.order().Pretty(st.Cards))
	}
	if h.rules.Packs() > 2 || h.rules.EqualOverride {
		return refuse(seat, a, ErrBidTooLow, "seat %s cannot override seat %s's %s with %s: an override must be stronger (more cards; on equal count level cards < small jokers < big jokers)",
			seat, st.Seat, h.order().Pretty(st.Cards), h.order().Pretty(a.Cards))
	}
	return refuse(seat, a, ErrBidTooLow, "seat %s cannot override seat %s's %s %s with a %s: an override must rank strictly higher (single < pair < small-joker pair < big-joker pair)",
		seat, st.Seat, sr, h.order().Pretty(st.Cards), r)
}

// canDeclare reports whether seat holds a declaration it may show now,
// declarations being open: from the strongest its cards may show (kept
// in best as they are dealt).
func (h *Hand) canDeclare(seat Seat) bool {
	st, has := h.bids.last()
	return has && st.canOutrank(h.hands[seat], int(h.best[seat]), seat, &h.rules) || !has && h.best[seat] > 0
}

// canDeclare reports whether a seat dealt cards d holds a declaration that
// it may show over the standing one st (nil if none).
func canDeclare(d card.Multi, level card.Rank, seat Seat, st *bidEntry, r *Rules) bool {
	best := strongest(d, level, r.NoJokerBids)
	if st == nil {
		return best > 0
	}
	return st.canOutrank(d, best, seat, r)
}

// strongest returns the strength of the strongest declaration a seat
// dealt cards d may show at level rank level, 0 if none: every copy of
// its most held level card, or of a joker it holds at least twice
// (unless noJokers); none at level NT.
func strongest(d card.Multi, level card.Rank, noJokers bool) int {
	if level == LevelNT {
		return 0
	}
	s := 0
	if n := d.Within(levelFaces(level)).MaxCount(); n > 0 {
		s = strength(BidSingle, n)
	}
	if noJokers || d.Two&card.Jokers == 0 {
		return s
	}
	if n := d.Count(card.SmallJoker); n >= 2 {
		s = max(s, strength(BidSmallJokers, n))
	}
	if n := d.Count(card.BigJoker); n >= 2 {
		s = max(s, strength(BidBigJokers, n))
	}
	return s
}

// outranks reports whether seat may show cards, a declaration of rank r
// and n cards, over the standing one st (has false if none): anything when
// none stands; over its own, only more copies of the same card (unless
// NoReinforce); over another's, a stronger one, or an equal one under
// EqualOverride. cards may be empty when only the strength matters (not
// for one's own).
func outranks(seat Seat, cards card.Multi, r BidRank, n int, st Bid, has bool, rl Rules) bool {
	if !has {
		return true
	}
	if st.Seat == seat {
		return !rl.NoReinforce && cards.One == st.Cards.One && n > st.Cards.Len()
	}
	s, ss := strength(r, n), st.Strength()
	return s > ss || rl.EqualOverride && s == ss
}

// AppendDeclarations appends to dst every declaration seat may show now
// (none when declaring is closed for it or it holds none) and returns it:
// each level-rank card it holds shown once, twice, … as many times as it
// holds it, and each kind of joker it holds at least twice shown two or
// more times, that may be shown over the standing declaration (over its
// own: the same card with more copies).
func (h *Hand) AppendDeclarations(dst []Action, seat Seat) []Action {
	if !seat.In(h.players()) || !h.declaring() || h.phase == BidPhase && seat != h.turn {
		return dst
	}
	return appendDeclarations(dst, h.hands[seat], h.level, seat, &h.bids, h.rules)
}

// appendDeclarations appends the declarations a seat dealt d may show
// over the last of bids.
func appendDeclarations(dst []Action, d card.Multi, level card.Rank, seat Seat, bids *BidLog, rl Rules) []Action {
	e, has := bids.last() // e nil when none stands
	if !canDeclare(d, level, seat, e, &rl) {
		return dst
	}
	st, _ := bids.Last()
	try := func(m card.Multi) {
		if r, _, n, ok := Declaration(m, level); ok && outranks(seat, m, r, n, st, has, rl) {
			dst = append(dst, DeclareAction(m))
		}
	}
	for p := d.One & levelFaces(level); p != 0; p &^= lowest(p) {
		f := lowest(p)
		c := card.Card(bits.TrailingZeros64(uint64(f)))
		for n := 1; n <= d.Count(c); n++ {
			try(card.Times(f, n))
		}
	}
	if rl.NoJokerBids {
		return dst
	}
	for _, j := range [2]card.Card{card.SmallJoker, card.BigJoker} {
		for n := 2; n <= d.Count(j); n++ {
			try(card.Times(card.Bit(j), n))
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
func (h *Hand) Bids() []Bid {
	bs := make([]Bid, h.bids.Len())
	for i := range bs {
		bs[i] = h.bids.At(i)
	}
	return bs
}

// Standing returns the declaration standing, ok false if nobody has
// declared.
func (h *Hand) Standing() (Bid, bool) { return h.standing() }
