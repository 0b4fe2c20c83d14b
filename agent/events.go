package agent

import (
	"felt/card"
	"felt/gin"
)

// seatEvents gives each of one seat's decisions the events the protocol
// sends with it (docs/protocol.md, "events"): the seat's own previous move
// of the hand, with the card it showed the seat, then the opponent's moves
// since. It works from the seat's own observations alone, so Play and
// Seated, which drive a game differently, send the same events at the same
// point, and the events can hold nothing the seat did not see.
type seatEvents struct {
	prev gin.Observation // the seat's observation at its previous decision
	has  bool
}

// next returns the events for a decision on obs, the seat's observation
// now, and remembers obs for the seat's next decision. The slice is new:
// the caller may keep it.
func (t *seatEvents) next(obs *gin.Observation) []Event {
	var own Event
	mine := false
	if t.has && t.prev.HandNumber == obs.HandNumber {
		var kind gin.ActionKind
		var c card.Card
		if kind, c, mine = ownMove(&t.prev, obs); mine {
			own = Event{Kind: MoveEvent, Hand: obs.HandNumber, Seat: obs.Seat, Action: kind, Card: c}
		}
	}
	var evs []Event
	if n := obs.OpponentMoves.Len(); mine || n > 0 {
		// One allocation, of the right size.
		evs = make([]Event, 0, n+1)
		if mine {
			evs = append(evs, own)
		}
		opp := obs.Seat.Other()
		for i := range n {
			m := obs.OpponentMoves.At(i)
			evs = append(evs, Event{Kind: MoveEvent, Hand: obs.HandNumber, Seat: opp, Action: m.Kind, Card: m.Card})
		}
	}
	t.prev, t.has = *obs, true
	t.prev.Result = nil // a decision comes before any result; share nothing
	return evs
}

// ownMove works out the move a seat made at its decision on prev from its
// observation cur at its next decision in the same hand, and the card the
// move showed it: the card passed, taken or discarded, or drawn from the
// stock. Only the seat's own move changes its cards between two of its
// decisions (a knock ends the hand, so it is never found). It reports false
// when cur does not follow one move from prev, as when a seat is asked
// twice in the same position.
func ownMove(prev, cur *gin.Observation) (gin.ActionKind, card.Card, bool) {
	switch prev.Phase {
	case gin.UpcardPhase, gin.DealerUpcardPhase:
		top := prev.Pile.Top()
		if !top.IsValid() {
			break
		}
		switch {
		case cur.Phase == gin.DiscardPhase && cur.JustTaken == top && cur.Hand == prev.Hand.Add(top):
			return gin.TakeDiscard, top, true
		case cur.Phase == gin.DrawPhase && cur.Hand == prev.Hand && cur.Passed.Has(top) && !prev.Passed.Has(top):
			return gin.Pass, top, true
		}
	case gin.DrawPhase:
		c := cur.Drawn
		if cur.Phase != gin.DiscardPhase || !c.IsValid() || prev.Hand.Has(c) || cur.Hand != prev.Hand.Add(c) {
			break
		}
		if cur.JustTaken == c {
			return gin.TakeDiscard, c, true
		}
		return gin.DrawStock, c, true
	case gin.DiscardPhase:
		gone := prev.Hand.Minus(cur.Hand)
		if cur.Phase != gin.DrawPhase || gone.Len() != 1 || cur.Hand != prev.Hand.Minus(gone) {
			break
		}
		for c := range gone.All {
			return gin.Discard, c, true
		}
	}
	return gin.NoAction, 0, false
}
