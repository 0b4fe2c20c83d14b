package shengji

import (
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"math"
	"math/bits"

	"felt/card"
)

// ErrBidLog is wrapped by every declaration a BidLog cannot hold.
var ErrBidLog = errors.New("shengji: bid log")

// BidLog is the record of a hand's declarations, oldest first, as a Hand
// keeps it and an Observation shows it. A declaration shows copies of one
// card, so each is held compactly (the seat, the card and its copies, the
// rank, the count and the cards dealt) and given back whole as a Bid. It
// is a comparable value with no slices, maps or pointers; the zero BidLog
// holds none.
//
// Its JSON is the array of the declarations, each a Bid.
type BidLog struct {
	bids [MaxBids]bidEntry
	n    uint8
}

// bidEntry is one declaration of a BidLog.
type bidEntry struct {
	dealt  uint16
	seat   Seat
	card   card.Card // the card shown, 0 for none
	copies uint8     // how many copies of it
	rank   BidRank
	count  uint8
}

// Len returns the number of declarations.
func (l *BidLog) Len() int { return int(l.n) }

// At returns the i-th declaration, from 0; i must be below Len.
func (l *BidLog) At(i int) Bid {
	if i < 0 || i >= int(l.n) {
		panic(fmt.Sprintf("shengji: declaration %d of a log of %d", i, l.n))
	}
	e := &l.bids[i]
	b := Bid{Seat: e.seat, Rank: e.rank, Dealt: int(e.dealt), Count: int(e.count)}
	if e.copies > 0 {
		b.Cards = card.Times(card.Bit(e.card), int(e.copies))
	}
	return b
}

// Last returns the last declaration, the one standing, ok false if none.
func (l *BidLog) Last() (b Bid, ok bool) {
	if l.n == 0 {
		return Bid{}, false
	}
	return l.At(int(l.n) - 1), true
}

// All yields the declarations with their numbers, from 0.
func (l *BidLog) All() iter.Seq2[int, Bid] {
	return func(yield func(int, Bid) bool) {
		for i := range int(l.n) {
			if !yield(i, l.At(i)) {
				return
			}
		}
	}
}

// last returns the last declaration as it is held, ok false if none.
func (l *BidLog) last() (e *bidEntry, ok bool) {
	if l.n == 0 {
		return nil, false
	}
	return &l.bids[l.n-1], true
}

// strength returns the declaration's strength (Bid.Strength).
func (e *bidEntry) strength() int {
	switch e.card {
	case card.SmallJoker:
		return strength(BidSmallJokers, int(e.copies))
	case card.BigJoker:
		return strength(BidBigJokers, int(e.copies))
	}
	return strength(BidSingle, int(e.copies))
}

// canOutrank reports whether a seat dealt cards d, whose strongest
// declaration has strength best (strongest), may show one over e: over
// its own, the same card with more copies (unless NoReinforce); over
// another's, its strongest if that is stronger, or as strong under
// EqualOverride.
func (e *bidEntry) canOutrank(d card.Multi, best int, seat Seat, r *Rules) bool {
	if e.seat == seat {
		return !r.NoReinforce && e.copies > 0 && d.Count(e.card) > int(e.copies)
	}
	ss := e.strength()
	return best > ss || r.EqualOverride && best == ss && best > 0
}

// CanShow reports whether a seat holding d could show a declaration over
// the one standing in l (any declaration, when none stands) at level rank
// level under rules: over its own, the same card with more copies; over
// another seat's, a stronger one (see Hand.AppendDeclarations, which also
// asks that declaring be open). Never at level NT.
func (l *BidLog) CanShow(d card.Multi, level card.Rank, seat Seat, rules Rules) bool {
	e, _ := l.last()
	return canDeclare(d, level, seat, e, &rules)
}

// Append adds b as the latest declaration. It refuses, changing nothing,
// one beyond MaxBids, cards that are not copies of one card (or none), a
// Count beyond 255 and Dealt beyond 65535 or below 0.
func (l *BidLog) Append(b Bid) error {
	if l.n == MaxBids {
		return fmt.Errorf("%w: a declaration after %d, the most a hand takes", ErrBidLog, MaxBids)
	}
	e := bidEntry{seat: b.Seat, rank: b.Rank}
	one := b.Cards.One
	switch {
	case b.Dealt < 0 || b.Dealt > math.MaxUint16:
		return fmt.Errorf("%w: a declaration after %d cards dealt, want 0 to %d", ErrBidLog, b.Dealt, math.MaxUint16)
	case b.Count < 0 || b.Count > math.MaxUint8:
		return fmt.Errorf("%w: a declaration of count %d, want 0 to %d", ErrBidLog, b.Count, math.MaxUint8)
	case one&^card.AllFaces != 0 || bits.OnesCount64(uint64(one)) > 1:
		return fmt.Errorf("%w: %s is not copies of one card", ErrBidLog, b.Cards)
	case one != 0:
		e.card = card.Card(bits.TrailingZeros64(uint64(one)))
		e.copies = uint8(b.Cards.Count(e.card))
		if card.Times(one, int(e.copies)) != b.Cards {
			return fmt.Errorf("%w: the cards shown are not a well-formed card.Multi", ErrBidLog)
		}
	case b.Cards != card.Multi{}:
		return fmt.Errorf("%w: the cards shown are not a well-formed card.Multi", ErrBidLog)
	}
	e.dealt, e.count = uint16(b.Dealt), uint8(b.Count)
	l.bids[l.n] = e
	l.n++
	return nil
}

// MarshalJSON writes the declarations as an array of Bids. (A value
// receiver, so that an Observation marshalled by value writes its
// declarations this way.)
func (l BidLog) MarshalJSON() ([]byte, error) {
	bs := make([]Bid, l.n)
	for i := range bs {
		bs[i] = l.At(i)
	}
	return json.Marshal(bs)
}

// UnmarshalJSON reads an array of Bids, refusing, with l unchanged, one
// Append refuses.
func (l *BidLog) UnmarshalJSON(b []byte) error {
	var bs []Bid
	if err := json.Unmarshal(b, &bs); err != nil {
		return fmt.Errorf("%w: %w", ErrBidLog, err)
	}
	return l.set(bs)
}

// set makes l hold the declarations bs, or refuses them (l unchanged)
// naming the first it cannot hold.
func (l *BidLog) set(bs []Bid) error {
	var n BidLog
	if len(bs) > MaxBids {
		return fmt.Errorf("%w: %d declarations, the most a hand takes is %d", ErrBidLog, len(bs), MaxBids)
	}
	for i, b := range bs {
		if err := n.Append(b); err != nil {
			return fmt.Errorf("declaration %d: %w", i+1, err)
		}
	}
	*l = n
	return nil
}
