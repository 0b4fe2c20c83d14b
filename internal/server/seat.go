package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"felt/program"
	"felt/table"
)

// maxQueued bounds the bids a person may queue during a deal.
const maxQueued = 4

// seatCtl is one seat of a room. A computer seat is its controller: it
// plays its level, at the room's pace. A person's seat is played by a
// table.PersonController (the decision pending until the person's move,
// sent to the seat's connections as it is signalled and again to one that
// comes back; the stand-in level while the person is away longer than the
// grace period or too slow, logged as control lines by the table, until
// the person is back); seatCtl keeps what the server adds: the seat's
// connections, the grace period, the hint, the decision message. The room's
// lock guards what the connections touch.
type seatCtl[M, O, E any] struct {
	r      *room[M, O, E]
	seat   table.Seat
	person bool
	name   string
	level  table.Player[M, O] // a computer seat's level; a person's stand-in

	// Guarded by r.mu.
	p         *table.PersonController[M, O] // a person's, once the table is seated
	standing  bool                          // a person's seat starts with the stand-in (a resumed log says so),
	standName string                        // named so
	conns     int
	gone      bool // the person's grace period ran out
	grace     *time.Timer
	hint      []byte // the hint message for decision hintSeq
	hintSeq   int
	moved     time.Time // when the person's move was taken, until its event
	sentSeq   int       // the decision last sent to the seat's connections
	pendMsg   []byte    // its message
}

// control returns the seat's controller for the table (r.mu held): a
// computer seat's, or a new person's controller.
func (c *seatCtl[M, O, E]) control() table.Controller[M, O] {
	if !c.person {
		return c
	}
	r := c.r
	c.p = table.NewPersonController(table.PersonOptions[M, O]{
		Name:        c.name,
		Check:       func(d table.Decision[O], m M) error { return program.CheckMove(r.g.Wire, &d.Obs, m) },
		StandIn:     table.Player[M, O]{Name: c.level.Name, Kind: table.Level, Control: paced[M, O, E]{r, c.level.Control}},
		StandingIn:  c.standing,
		Patience:    r.srv.cfg.MoveTimeout,
		MaxQueued:   maxQueued,
		Offered:     c.offered,
		Refused:     c.refused,
		UndoRefused: c.undoRefused,
	})
	return personSeat[M, O, E]{c.p, c}
}

// personSeat is a person's controller listening for the seat.
type personSeat[M, O, E any] struct {
	*table.PersonController[M, O]
	c *seatCtl[M, O, E]
}

func (p personSeat[M, O, E]) Event(s table.Seat, e E) { p.c.Event(s, e) }
func (p personSeat[M, O, E]) Notice(n table.Notice)   { p.c.Notice(n) }

// Event keeps the seat's view of the round until the spectators' view
// closes it (see room.roundDone).
func (c *seatCtl[M, O, E]) Event(s table.Seat, e E) { c.r.round[s] = e }

// Notice is handled once, by the spectators' listener.
func (c *seatCtl[M, O, E]) Notice(table.Notice) {}

// Decide plays a computer seat's level.
func (c *seatCtl[M, O, E]) Decide(ctx context.Context, d table.Decision[O]) (M, bool, error) {
	return paced[M, O, E]{c.r, c.level.Control}.Decide(ctx, d)
}

// paced is a built-in level that waits as the room says (room.watched,
// room.awaitOnward) before each move.
type paced[M, O, E any] struct {
	r     *room[M, O, E]
	level table.Controller[M, O]
}

func (p paced[M, O, E]) Decide(ctx context.Context, d table.Decision[O]) (M, bool, error) {
	if err := p.r.watched(ctx, d.Optional); err != nil {
		var zero M
		return zero, false, err
	}
	if err := p.r.awaitOnward(ctx); err != nil {
		var zero M
		return zero, false, err
	}
	return p.level.Decide(ctx, d)
}

// forward sends each decision put to the person to the seat's
// connections as it is signalled, until ctx (the table's run) ends. A
// decision asked again after a refused move is not sent again; one no
// longer pending is not sent.
func (c *seatCtl[M, O, E]) forward(ctx context.Context, p *table.PersonController[M, O]) {
	r := c.r
	for {
		select {
		case d := <-p.Decisions():
			r.mu.Lock()
			// While it is pending the table waits for it: nothing of a
			// later round can have been sent.
			if pd, ok := p.Pending(); ok && pd.Seq == d.Seq && c.sentSeq != d.Seq {
				c.pendMsg, c.sentSeq = c.decideMsg(d), d.Seq
				r.sendSeat(int(c.seat), c.pendMsg)
			}
			r.mu.Unlock()
		case <-ctx.Done():
			return
		}
	}
}

// offered tells the person of an optional decision (a bid while Shengji's
// cards are dealt), with the declarations they may show, in the table's
// goroutine: in order with the events.
func (c *seatCtl[M, O, E]) offered(d table.Decision[O]) {
	r := c.r
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.conns[c.seat]) > 0 {
		r.sendSeat(int(c.seat), c.decideMsg(d))
	}
}

// refused tells the person why the table refused their move (for an
// optional decision, a queued bid, dropped: seq -1).
func (c *seatCtl[M, O, E]) refused(d table.Decision[O], m M, err error) {
	r := c.r
	r.mu.Lock()
	defer r.mu.Unlock()
	c.moved = time.Time{} // no event follows a refused move
	raw, _ := r.g.Wire.Codec.MarshalMove(m)
	seq := d.Seq
	if d.Optional {
		seq = -1
	}
	r.sendSeat(int(c.seat), encode(refusedMsg{Type: "refused", Seq: seq, Move: raw, Error: err.Error()}))
}

// pending returns the decision waiting for the person (r.mu held).
func (c *seatCtl[M, O, E]) pending() (table.Decision[O], bool) {
	if c.p == nil {
		return table.Decision[O]{}, false
	}
	return c.p.Pending()
}

// standingIn reports whether the stand-in plays the person's seat (r.mu
// held).
func (c *seatCtl[M, O, E]) standingIn() bool {
	if c.p == nil {
		return c.standing
	}
	return c.p.StandingIn()
}

// back says the person is here: the seat is theirs again at its next
// decision (r.mu held).
func (c *seatCtl[M, O, E]) back() {
	c.gone = false
	if c.p != nil {
		c.p.Back()
	}
}

// decideMsg encodes a decision for the person's page (r.mu held): its
// legal moves as protocol 2 lists them (program.Legal: at most
// program.MaxLegal of at most program.MaxLegalBytes), so a decision is
// bounded, on every reconnect and across servers alike.
func (c *seatCtl[M, O, E]) decideMsg(d table.Decision[O]) []byte {
	g := c.r.g
	msg := decideMsg{Type: "decide", Seq: d.Seq, Optional: d.Optional, Obs: g.Wire.WireObs(d.Obs), Legal: []json.RawMessage{}}
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
// seat opens before it ends, the stand-in takes the seat at once or at
// its next decision (r.mu held).
func (c *seatCtl[M, O, E]) startGrace() {
	c.stopGrace()
	r := c.r
	c.grace = time.AfterFunc(r.srv.cfg.Away, func() {
		r.mu.Lock()
		defer r.mu.Unlock()
		if c.conns > 0 || c.p == nil || c.p.StandingIn() {
			return
		}
		c.gone = true
		c.p.Away(fmt.Sprintf("away for %s", r.srv.cfg.Away))
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
	if c.p == nil {
		return "the table is not being played"
	}
	err := c.p.Submit(seq, m)
	switch {
	case err == nil:
		// Answered: a second answer finds nothing pending. (A refused
		// move makes the table ask again, and the decision is pending
		// again.)
		c.moved = time.Now()
		return ""
	case errors.Is(err, table.ErrStandIn):
		c.back()
		return "not your turn: the computer plays your seat until your next turn, then it is yours again"
	case errors.Is(err, table.ErrStale):
		if d, ok := c.p.Pending(); ok {
			return fmt.Sprintf("move for decision %d, but decision %d is pending", seq, d.Seq)
		}
	}
	return fmt.Sprintf("not your turn: no decision pending (move for decision %d)", seq)
}
