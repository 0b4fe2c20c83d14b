package server

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"felt/program"
	"felt/table"
)

// mode is who plays a person's seat now, as the log says.
type mode uint8

const (
	personMode mode = iota // the person
	standIn                // a level, while the person is away or too slow
)

type reply[M any] struct {
	seq int
	m   M
}

// maxQueued bounds the bids a person may queue during a deal.
const maxQueued = 4

// seatCtl is the controller of one seat. A computer seat's plays its
// level. A person's waits for the person's move (the server's own take on
// table.Human: the decision is pending, and re-sent to a connection that
// comes back, until a move for it arrives); when the person is too slow
// or gone longer than the grace period, it logs a control line and plays
// the seat with the stand-in level until the person is back, then logs
// the return. The table asks it from its one goroutine; the room's lock
// guards what the connections touch.
type seatCtl[M, O, E any] struct {
	r      *room[M, O, E]
	seat   table.Seat
	person bool
	name   string
	level  table.Player[M, O] // a computer seat's level; a person's stand-in

	// Guarded by r.mu.
	mode     mode
	pending  *table.Decision[O]
	pendMsg  []byte
	conns    int
	gone     bool   // the person's grace period ran out
	goneWhy  string // why the seat is to be taken over
	wantBack bool   // the person is back while a level stands in
	grace    *time.Timer
	queued   []M
	hint     []byte // the hint message for decision hintSeq
	hintSeq  int
	moved    time.Time // when the person's move was taken, until its event

	replies chan reply[M]
	awayCh  chan struct{}

	// The table's goroutine only.
	deadlineSeq int
	deadline    time.Time
	sentSeq     int
	sent        bool
	refusals    int
	bidding     bool // the decision being answered is optional: a queued bid
}

// Event keeps the seat's view of the round until the spectators' view
// closes it (see room.roundDone).
func (c *seatCtl[M, O, E]) Event(s table.Seat, e E) { c.r.round[s] = e }

// Notice is handled once, by the spectators' listener.
func (c *seatCtl[M, O, E]) Notice(table.Notice) {}

// Refused tells the person why the table refused the move.
func (c *seatCtl[M, O, E]) Refused(m M, err error) {
	r := c.r
	r.mu.Lock()
	defer r.mu.Unlock()
	c.moved = time.Time{} // no event follows a refused move
	if !c.person || c.mode == standIn {
		c.refusals++
		return
	}
	raw, _ := r.g.Wire.Codec.MarshalMove(m)
	seq := c.sentSeq
	if c.bidding {
		seq = -1 // a queued bid, dropped
	}
	r.sendSeat(int(c.seat), encode(refusedMsg{Type: "refused", Seq: seq, Move: raw, Error: err.Error()}))
}

// Decide answers the table's decision for the seat.
func (c *seatCtl[M, O, E]) Decide(ctx context.Context, d table.Decision[O]) (M, bool, error) {
	var zero M
	if !c.person {
		if err := c.r.watched(ctx, d.Optional); err != nil {
			return zero, false, err
		}
		return c.level.Control.Decide(ctx, d)
	}
	r := c.r
	r.mu.Lock()
	back := c.mode == standIn && c.wantBack
	gone := c.mode == personMode && c.gone
	why := c.goneWhy
	r.mu.Unlock()
	var err error
	switch {
	case back:
		if d.Seq, err = c.relieve(personMode, c.name, "back at the table"); err != nil {
			return zero, false, err
		}
	case gone:
		if d.Seq, err = c.relieve(standIn, c.level.Name, why); err != nil {
			return zero, false, err
		}
	}
	r.mu.Lock()
	m := c.mode
	r.mu.Unlock()
	if m == standIn {
		return c.decideLevel(ctx, d)
	}
	c.bidding = d.Optional
	if d.Optional {
		return c.decideOptional(d)
	}
	if c.deadlineSeq != d.Seq || c.deadline.IsZero() {
		c.deadlineSeq, c.deadline = d.Seq, time.Now().Add(r.srv.cfg.MoveTimeout)
	}
	timer := time.NewTimer(time.Until(c.deadline))
	defer timer.Stop()
	r.mu.Lock()
	c.pending = &d
	c.pendMsg = c.decideMsg(d)
	if !c.sent || c.sentSeq != d.Seq {
		r.sendSeat(int(c.seat), c.pendMsg)
	}
	c.sent, c.sentSeq = true, d.Seq
	select { // a signal of a grace period that ran out before the decision
	case <-c.awayCh:
	default:
	}
	// The grace period may have run out since gone was read above: its
	// signal was just drained, so read gone again.
	gone, why = c.gone, c.goneWhy
	r.mu.Unlock()
	defer func() {
		r.mu.Lock()
		c.pending, c.pendMsg = nil, nil
		r.mu.Unlock()
	}()
	for !gone {
		select {
		case rp := <-c.replies:
			if rp.seq == d.Seq {
				return rp.m, true, nil
			}
		case <-timer.C:
			gone, why = true, fmt.Sprintf("no move within %s", r.srv.cfg.MoveTimeout)
		case <-c.awayCh:
			r.mu.Lock()
			gone, why = c.gone, c.goneWhy
			r.mu.Unlock()
		case <-ctx.Done():
			return zero, false, ctx.Err()
		}
	}
	r.mu.Lock()
	c.pending, c.pendMsg = nil, nil
	r.mu.Unlock()
	if d.Seq, err = c.relieve(standIn, c.level.Name, why); err != nil {
		return zero, false, err
	}
	return c.decideLevel(ctx, d)
}

// decideOptional answers an optional decision (a bid while Shengji's
// cards are dealt) at once: with a bid the person queued, or a decline.
// The person is told of it, with the declarations they may show.
func (c *seatCtl[M, O, E]) decideOptional(d table.Decision[O]) (M, bool, error) {
	r := c.r
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.conns[c.seat]) > 0 {
		r.sendSeat(int(c.seat), c.decideMsg(d))
	}
	if len(c.queued) == 0 {
		var zero M
		return zero, false, nil
	}
	m := c.queued[0]
	c.queued = c.queued[1:]
	return m, true, nil
}

// decideLevel plays the seat with the stand-in level. A level whose moves
// the table keeps refusing has failed: the table's fallback takes over.
func (c *seatCtl[M, O, E]) decideLevel(ctx context.Context, d table.Decision[O]) (M, bool, error) {
	c.r.mu.Lock()
	n := c.refusals
	c.r.mu.Unlock()
	if n > 2 {
		var zero M
		return zero, false, fmt.Errorf("server: %s: moves refused %d times", c.level.Name, n)
	}
	if err := c.r.watched(ctx, d.Optional); err != nil {
		var zero M
		return zero, false, err
	}
	return c.level.Control.Decide(ctx, d)
}

// relieve logs who plays the seat from now on (the table's goroutine).
func (c *seatCtl[M, O, E]) relieve(to mode, name, reason string) (int, error) {
	r := c.r
	r.mu.Lock()
	c.mode = to
	if to == personMode {
		c.wantBack = false
	}
	c.gone = false
	c.refusals = 0
	c.sent = false
	kind := table.Level
	if to == personMode {
		kind = table.Person
	}
	r.mu.Unlock()
	return r.tb.Relieve(c.seat, name, kind, reason)
}

// decideMsg encodes a decision for the person's page (r.mu held): its
// legal moves as protocol 2 lists them (program.Legal: at most
// program.MaxLegal of at most program.MaxLegalBytes), so a decision is
// bounded, on every reconnect and across servers alike.
func (c *seatCtl[M, O, E]) decideMsg(d table.Decision[O]) []byte {
	g := c.r.g
	msg := decideMsg{Type: "decide", Seq: d.Seq, Optional: d.Optional, Obs: g.Wire.Obs(d.Obs), Legal: []json.RawMessage{}}
	if d.Seq == c.r.lines {
		msg.Adv = c.r.adv
	}
	o := d.Obs
	if legal, more, err := program.Legal(g.Wire, &o); err == nil {
		msg.Legal, msg.More = append(msg.Legal, legal...), more
	}
	return encode(msg)
}

// startGrace starts the person's grace period: if no connection of the
// seat opens before it ends, a level takes the seat at its next decision
// (r.mu held).
func (c *seatCtl[M, O, E]) startGrace() {
	c.stopGrace()
	r := c.r
	c.grace = time.AfterFunc(r.srv.cfg.Away, func() {
		r.mu.Lock()
		defer r.mu.Unlock()
		if c.conns > 0 || c.mode == standIn {
			return
		}
		c.gone, c.goneWhy = true, fmt.Sprintf("away for %s", r.srv.cfg.Away)
		select {
		case c.awayCh <- struct{}{}:
		default:
		}
		r.broadcast(encode(seatsMsg{Type: "seats", Seats: r.seatsLocked()}))
	})
}

// stopGrace ends the grace period (r.mu held).
func (c *seatCtl[M, O, E]) stopGrace() {
	if c.grace != nil {
		c.grace.Stop()
		c.grace = nil
	}
}

// submit gives the person's move for decision seq (r.mu held); it returns
// why the move cannot be taken, or "".
func (c *seatCtl[M, O, E]) submit(seq int, m M) string {
	if c.mode == standIn {
		c.wantBack = true
		return "not your turn: the computer plays your seat until your next turn, then it is yours again"
	}
	if c.pending == nil {
		return fmt.Sprintf("not your turn: no decision pending (move for decision %d)", seq)
	}
	if c.pending.Seq != seq {
		return fmt.Sprintf("move for decision %d, but decision %d is pending", seq, c.pending.Seq)
	}
	select {
	case c.replies <- reply[M]{seq, m}:
		// Answered: a second answer finds nothing pending. (A refused
		// move makes the table ask again, and the decision is pending
		// again.)
		c.pending, c.pendMsg = nil, nil
		c.moved = time.Now()
		return ""
	default:
		return fmt.Sprintf("decision %d already answered", seq)
	}
}
