package shengji

import (
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"math"

	"felt/card"
)

// MaxTrickCards bounds the cards a TrickLog holds: every card played to
// a trick, at most a whole deck (MaxDeck), and every failed throw as it
// was shown. A throw is shown from the cards its leader still holds: at
// the i-th trick (from 0) each seat has played at least one card a trick
// before, so holds at most MaxHandSize−i cards, and the failed throws of
// a hand come to at most MaxHandSize+(MaxHandSize−1)+…+1 cards.
const MaxTrickCards = MaxDeck + MaxHandSize*(MaxHandSize+1)/2

// ErrTrickLog is wrapped by every trick a TrickLog cannot hold.
var ErrTrickLog = errors.New("shengji: trick log")

// TrickLog is the record of a hand's tricks, as a Hand keeps it and an
// Observation shows it: the tricks begun, the last possibly unfinished.
// It holds them compactly (each trick's leader, count, winner, points and
// the length of each seat's play, with the cards of all of them in one
// pool) and gives each back whole as a Trick. It is a comparable value
// with no slices, maps or pointers: copying it copies the record. The
// zero TrickLog holds no trick.
//
// Its JSON is the array of the tricks begun, each a Trick.
type TrickLog struct {
	heads [MaxHandSize]trickHead
	cards [MaxTrickCards]card.Card
	n     uint8  // tricks begun
	used  uint16 // cards in the pool
}

// trickHead is one trick of a TrickLog. Its cards are in the pool from
// off: the failed throw shown (attempt cards), then each seat's play by
// seat order (plays[s] cards for seat s).
type trickHead struct {
	off     uint16
	points  int16
	leader  Seat
	winner  Seat
	count   uint8
	players uint8
	attempt uint8
	plays   [MaxSeats]uint8
}

// size returns the number of the trick's cards in the pool.
func (h *trickHead) size() int {
	n := int(h.attempt)
	for _, p := range h.plays {
		n += int(p)
	}
	return n
}

// Len returns the number of tricks begun.
func (l *TrickLog) Len() int { return int(l.n) }

// At returns the i-th trick begun, from 0; i must be below Len.
func (l *TrickLog) At(i int) Trick {
	if i < 0 || i >= int(l.n) {
		panic(fmt.Sprintf("shengji: trick %d of a log of %d", i, l.n))
	}
	h := &l.heads[i]
	t := Trick{Leader: h.leader, Count: int(h.count), Winner: h.winner, Points: int(h.points), Players: int(h.players)}
	at := int(h.off)
	t.Attempt = multiOf(l.cards[at : at+int(h.attempt)])
	at += int(h.attempt)
	for s, n := range h.plays {
		if n > 0 {
			t.Plays[s] = multiOf(l.cards[at : at+int(n)])
			at += int(n)
		}
	}
	return t
}

// Last returns the last trick begun, ok false if none has begun.
func (l *TrickLog) Last() (t Trick, ok bool) {
	if l.n == 0 {
		return Trick{}, false
	}
	return l.At(int(l.n) - 1), true
}

// lead returns the last trick's lead (its leader's play, a failed throw's
// forced unit) and its count of plays, without the rest of the trick; ok
// is false with no trick begun.
func (l *TrickLog) lead() (lead card.Multi, count int, ok bool) {
	if l.n == 0 {
		return card.Multi{}, 0, false
	}
	h := &l.heads[l.n-1]
	if h.leader.Valid() {
		at := int(h.off) + int(h.attempt)
		for _, n := range h.plays[:h.leader] {
			at += int(n)
		}
		lead = multiOf(l.cards[at : at+int(h.plays[h.leader])])
	}
	return lead, int(h.count), true
}

// shown returns, of the i-th trick begun, seat's play, the failed throw
// shown, and once every player has played the winner and the points (done
// true; zero before), without decoding the rest: what a play's event
// shows.
func (l *TrickLog) shown(i int, seat Seat) (play, attempt card.Multi, winner Seat, points int, done bool) {
	h := &l.heads[i]
	at := int(h.off)
	attempt = multiOf(l.cards[at : at+int(h.attempt)])
	at += int(h.attempt)
	for _, n := range h.plays[:seat] {
		at += int(n)
	}
	play = multiOf(l.cards[at : at+int(h.plays[seat])])
	players := int(h.players)
	if players == 0 {
		players = NumSeats
	}
	if int(h.count) == players {
		return play, attempt, h.winner, int(h.points), true
	}
	return play, attempt, 0, 0, false
}

// All yields the tricks begun with their numbers, from 0.
func (l *TrickLog) All() iter.Seq2[int, Trick] {
	return func(yield func(int, Trick) bool) {
		for i := range int(l.n) {
			if !yield(i, l.At(i)) {
				return
			}
		}
	}
}

// Played returns every card played to the tricks (not the failed throws
// shown, only the cards played instead).
func (l *TrickLog) Played() card.Multi {
	var m card.Multi
	for i := range int(l.n) {
		h := &l.heads[i]
		from := int(h.off) + int(h.attempt)
		for _, c := range l.cards[from : int(h.off)+h.size()] {
			_ = m.Add(c)
		}
	}
	return m
}

// Append begins a new trick holding t. It refuses, changing nothing, a
// trick beyond MaxHandSize, a count or a number of players beyond
// MaxSeats, points beyond ±32767, a play or failed throw of more than 255
// cards or one that is no well-formed card.Multi, and cards beyond
// MaxTrickCards in all.
func (l *TrickLog) Append(t Trick) error {
	if l.n == MaxHandSize {
		return fmt.Errorf("%w: a trick after %d, the most a hand has", ErrTrickLog, MaxHandSize)
	}
	switch {
	case t.Count < 0 || t.Count > MaxSeats:
		return fmt.Errorf("%w: a trick of %d plays, want 0 to %d", ErrTrickLog, t.Count, MaxSeats)
	case t.Players < 0 || t.Players > MaxSeats:
		return fmt.Errorf("%w: a trick of %d players, want 0 to %d", ErrTrickLog, t.Players, MaxSeats)
	case t.Points < math.MinInt16 || t.Points > math.MaxInt16:
		return fmt.Errorf("%w: a trick of %d points, want %d to %d", ErrTrickLog, t.Points, math.MinInt16, math.MaxInt16)
	}
	h := trickHead{off: l.used, points: int16(t.Points), leader: t.Leader, winner: t.Winner, count: uint8(t.Count), players: uint8(t.Players)}
	n, err := playLen(t.Attempt)
	if err != nil {
		return fmt.Errorf("%w: the failed throw %w", ErrTrickLog, err)
	}
	h.attempt = uint8(n)
	for s, p := range t.Plays {
		n, err := playLen(p)
		if err != nil {
			return fmt.Errorf("%w: seat %d's play %w", ErrTrickLog, s, err)
		}
		h.plays[s] = uint8(n)
	}
	if int(l.used)+h.size() > MaxTrickCards {
		return fmt.Errorf("%w: %d cards more than the %d a log holds", ErrTrickLog, int(l.used)+h.size()-MaxTrickCards, MaxTrickCards)
	}
	at := l.put(int(l.used), t.Attempt)
	for _, p := range t.Plays {
		at = l.put(at, p)
	}
	l.heads[l.n] = h
	l.n++
	l.used = uint16(at)
	return nil
}

// AddPlay adds seat's play of cards to the last trick and counts it;
// attempt is the failed throw the seat showed, when the play is a failed
// throw's forced unit, empty otherwise. It refuses, changing nothing, a
// play with no trick begun, an invalid seat, a seat that has played to
// the trick, an empty play, a second failed throw, a trick of MaxSeats
// plays, and what Append refuses of cards.
func (l *TrickLog) AddPlay(seat Seat, cards, attempt card.Multi) error {
	if l.n == 0 {
		return fmt.Errorf("%w: a play with no trick begun", ErrTrickLog)
	}
	h := &l.heads[l.n-1]
	switch {
	case !seat.Valid():
		return fmt.Errorf("%w: a play of seat %d: %w", ErrTrickLog, seat, ErrInvalidSeat)
	case h.plays[seat] != 0:
		return fmt.Errorf("%w: seat %s has played to the trick", ErrTrickLog, seat)
	case cards.IsEmpty():
		return fmt.Errorf("%w: seat %s plays no card", ErrTrickLog, seat)
	case !attempt.IsEmpty() && h.attempt != 0:
		return fmt.Errorf("%w: a second failed throw in one trick", ErrTrickLog)
	case h.count == MaxSeats:
		return fmt.Errorf("%w: a play after %d", ErrTrickLog, MaxSeats)
	}
	nc, err := playLen(cards)
	if err != nil {
		return fmt.Errorf("%w: seat %s's play %w", ErrTrickLog, seat, err)
	}
	na, err := playLen(attempt)
	if err != nil {
		return fmt.Errorf("%w: the failed throw %w", ErrTrickLog, err)
	}
	used := int(l.used)
	if used+nc+na > MaxTrickCards {
		return fmt.Errorf("%w: %d cards more than the %d a log holds", ErrTrickLog, used+nc+na-MaxTrickCards, MaxTrickCards)
	}
	// The seat's play goes after the failed throw and the plays of the
	// seats before it; the trick is the last, so what follows is its own.
	pos := int(h.off) + int(h.attempt)
	for _, n := range h.plays[:seat] {
		pos += int(n)
	}
	copy(l.cards[pos+nc:used+nc], l.cards[pos:used])
	l.put(pos, cards)
	used += nc
	if na > 0 {
		off := int(h.off)
		copy(l.cards[off+na:used+na], l.cards[off:used])
		l.put(off, attempt)
		used += na
	}
	h.plays[seat], h.attempt = uint8(nc), h.attempt+uint8(na)
	h.count++
	l.used = uint16(used)
	return nil
}

// End sets the last trick's winner and points. It refuses, changing
// nothing, with no trick begun or points beyond ±32767.
func (l *TrickLog) End(winner Seat, points int) error {
	switch {
	case l.n == 0:
		return fmt.Errorf("%w: a trick's end with no trick begun", ErrTrickLog)
	case points < math.MinInt16 || points > math.MaxInt16:
		return fmt.Errorf("%w: a trick of %d points, want %d to %d", ErrTrickLog, points, math.MinInt16, math.MaxInt16)
	}
	h := &l.heads[l.n-1]
	h.winner, h.points = winner, int16(points)
	return nil
}

// MarshalJSON writes the tricks begun as an array of Tricks. (A value
// receiver, so that an Observation marshalled by value writes its tricks
// this way.)
func (l TrickLog) MarshalJSON() ([]byte, error) {
	ts := make([]Trick, l.n)
	for i := range ts {
		ts[i] = l.At(i)
	}
	return json.Marshal(ts)
}

// UnmarshalJSON reads an array of Tricks, refusing, with l unchanged, one
// Append refuses.
func (l *TrickLog) UnmarshalJSON(b []byte) error {
	var ts []Trick
	if err := json.Unmarshal(b, &ts); err != nil {
		return fmt.Errorf("%w: %w", ErrTrickLog, err)
	}
	return l.set(ts)
}

// set makes l hold the tricks ts, or refuses them (l unchanged) naming
// the first it cannot hold.
func (l *TrickLog) set(ts []Trick) error {
	var n TrickLog
	if len(ts) > MaxHandSize {
		return fmt.Errorf("%w: %d tricks, the most a hand has is %d", ErrTrickLog, len(ts), MaxHandSize)
	}
	for i, t := range ts {
		if err := n.Append(t); err != nil {
			return fmt.Errorf("trick %d: %w", i+1, err)
		}
	}
	*l = n
	return nil
}

// put writes the cards of m to the pool from at, plane by plane, and
// returns where they end. The caller has checked that they fit.
func (l *TrickLog) put(at int, m card.Multi) int {
	for _, p := range [...]card.Set{m.One, m.Two, m.Three, m.Four, m.Five} {
		if p == 0 {
			break
		}
		for c := range p.All {
			l.cards[at] = c
			at++
		}
	}
	return at
}

// playLen returns the number of cards of m, refusing one of more than 255
// cards or one that is not well formed: every plane of faces, each within
// the plane before. (The caller names m in the error.)
func playLen(m card.Multi) (int, error) {
	if m.One&^card.AllFaces != 0 || m.Two&^m.One != 0 || m.Three&^m.Two != 0 || m.Four&^m.Three != 0 || m.Five&^m.Four != 0 {
		return 0, errMalformedMulti
	}
	n := m.Len()
	if n > math.MaxUint8 {
		return 0, fmt.Errorf("has %d cards, at most %d", n, math.MaxUint8)
	}
	return n, nil
}

var errMalformedMulti = errors.New("is not a well-formed card.Multi")

// multiOf returns the multiset of the cards cs, which a TrickLog wrote.
func multiOf(cs []card.Card) card.Multi {
	var m card.Multi
	for _, c := range cs {
		_ = m.Add(c)
	}
	return m
}
