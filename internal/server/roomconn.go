package server

import (
	"errors"
	"fmt"

	"felt/internal/store"
	"felt/table"
)

// attach adds a connection to the room: it is sent the welcome, the hand
// so far, the seat's observation and the pending decision, in that order
// and before any later event (all under the room's lock).
func (r *room[M, O, E]) attach(c *conn) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	i := c.seat
	if i < 0 {
		i = spectator
	}
	c.enqueue(encode(welcomeMsg{Type: "welcome", Game: r.g.Name, Table: r.summaryLocked(), Seat: c.seat}))
	if len(r.chat.lines) > 0 {
		c.enqueue(chatMsgOf(r.chat.lines))
	}
	h := historyMsg{Type: "history", Events: make([]histEvent, 0, len(r.hist[i]))}
	for _, e := range r.hist[i] {
		h.Events = append(h.Events, histEvent{N: e.n, Adv: e.adv, Event: r.g.Wire.WireEvent(e.e)})
	}
	c.enqueue(encode(h))
	if c.seat >= 0 {
		ctl := r.ctls[c.seat]
		if r.hasObs {
			c.enqueue(encode(stateMsg{Type: "state", N: r.obsN, Adv: r.obsAdv, Obs: r.g.Wire.WireObs(r.obs[c.seat])}))
		}
		// A decision already sent to the seat is sent again; one not
		// sent yet is sent to every connection of the seat, this one too.
		if d, ok := ctl.pending(); ok && ctl.sentSeq == d.Seq {
			c.enqueue(ctl.pendMsg)
		}
		ctl.conns++
		ctl.stopGrace()
		ctl.back()
	}
	if r.outcome != nil {
		c.enqueue(encode(overMsg{Type: "over", Outcome: *r.outcome}))
	}
	if r.failed != "" {
		c.enqueue(encode(errorMsg{Type: "error", Error: "the table stopped: " + r.failed}))
	}
	r.conns[i][c] = struct{}{}
	if c.seat >= 0 && r.acked[c.seat] < r.hands-1 {
		r.acked[c.seat] = r.hands - 1 // a page opened anew shows no result of an earlier hand
	}
	r.touch()
	close(r.wake)
	r.wake = make(chan struct{})
	r.broadcast(encode(seatsMsg{Type: "seats", Seats: r.seatsLocked()}))
	return nil
}

// detach removes a closed connection; a person's last one starts the
// seat's grace period.
func (r *room[M, O, E]) detach(c *conn) {
	r.mu.Lock()
	defer r.mu.Unlock()
	i := c.seat
	if i < 0 {
		i = spectator
	}
	if _, ok := r.conns[i][c]; !ok {
		return
	}
	delete(r.conns[i], c)
	r.touch()
	close(r.wake) // a result shown on it holds nobody up now
	r.wake = make(chan struct{})
	if c.seat >= 0 {
		ctl := r.ctls[c.seat]
		if ctl.conns--; ctl.conns == 0 && r.running && ctl.person {
			ctl.startGrace()
		}
	}
	r.broadcast(encode(seatsMsg{Type: "seats", Seats: r.seatsLocked()}))
}

// handle answers a seat's message: a move, a bid, a hint request or a
// return to the seat.
func (r *room[M, O, E]) handle(c *conn, m clientMsg) {
	r.mu.Lock()
	r.touch()
	i := c.seat
	if i < 0 {
		i = spectator
	}
	_, attached := r.conns[i][c]
	r.mu.Unlock()
	if !attached {
		// A connection whose seat the host moved: it reconnects.
		c.enqueue(encode(errorMsg{Type: "error", Error: "your seat moved: reconnecting"}))
		return
	}
	if m.Type == onwardMsg {
		if c.seat >= 0 { // a spectator's page holds nobody up
			r.mu.Lock()
			r.movedOn(c.seat, m.Hand)
			r.mu.Unlock()
		}
		return
	}
	if c.seat < 0 {
		c.enqueue(encode(errorMsg{Type: "error", Error: fmt.Sprintf("a spectator sends no %s: open the table with a seat's link to play", m.Type)}))
		return
	}
	switch m.Type {
	case chatMsg:
		if why := r.say(r.srv.ctx, c, m.Text); why != "" {
			c.enqueue(encode(errorMsg{Type: "error", Error: why}))
		}
	case hostMsg:
		why, end := r.host(r.srv.ctx, c, m)
		switch {
		case why != "":
			c.enqueue(encode(errorMsg{Type: "error", Error: "refused: " + why}))
		case end:
			r.srv.abandon(r.id, r, "the host ended the table", "host")
		}
	case moveMsg:
		mv, err := r.g.Wire.Codec.UnmarshalMove(m.Move)
		if err != nil {
			c.enqueue(encode(refusedMsg{Type: "refused", Seq: m.Seq, Move: m.Move, Error: err.Error()}))
			return
		}
		r.mu.Lock()
		ctl := r.ctls[c.seat]
		why := "the table is not being played"
		if r.running && ctl.person {
			why = ctl.submit(m.Seq, mv)
			r.movedOn(c.seat, r.hands-1) // a move is moving on
		}
		r.mu.Unlock()
		if why != "" {
			c.enqueue(encode(refusedMsg{Type: "refused", Seq: m.Seq, Move: m.Move, Error: why}))
		}
	case bidMsg:
		mv, err := r.g.Wire.Codec.UnmarshalMove(m.Move)
		if err != nil {
			c.enqueue(encode(refusedMsg{Type: "refused", Seq: -1, Move: m.Move, Error: err.Error()}))
			return
		}
		r.mu.Lock()
		ctl := r.ctls[c.seat]
		why := ""
		switch {
		case !r.running || !ctl.person || ctl.p == nil:
			why = "the table is not being played"
		default:
			switch err := ctl.p.Queue(mv); {
			case errors.Is(err, table.ErrStandIn):
				ctl.back()
				why = "the computer plays your seat until your next turn"
			case errors.Is(err, table.ErrQueueFull):
				why = fmt.Sprintf("at most %d bids wait at once", maxQueued)
			}
		}
		r.mu.Unlock()
		if why != "" {
			c.enqueue(encode(refusedMsg{Type: "refused", Seq: -1, Move: m.Move, Error: why}))
		}
	case hintMsg:
		r.mu.Lock()
		ctl := r.ctls[c.seat]
		d, ok := ctl.pending()
		if ctl.standingIn() {
			ctl.back()
		}
		r.mu.Unlock()
		if !ok {
			c.enqueue(encode(errorMsg{Type: "error", Error: "no decision pending: a hint is for your turn"}))
			return
		}
		// A hint is worked out once per decision (the hard player is
		// costly): asking again gets the same one.
		r.mu.Lock()
		cached := ctl.hint
		if ctl.hintSeq != d.Seq {
			cached = nil
		}
		r.mu.Unlock()
		if cached == nil {
			mv, text, err := r.g.Hint(&d.Obs, hintSeed(r.seed, d.Seq))
			if err != nil {
				c.enqueue(encode(errorMsg{Type: "error", Error: err.Error()}))
				return
			}
			raw, err := r.g.Wire.Codec.MarshalMove(mv)
			if err != nil {
				c.enqueue(encode(errorMsg{Type: "error", Error: err.Error()}))
				return
			}
			cached = encode(hintReply{Type: "hint", Seq: d.Seq, Move: raw, Text: text})
			r.mu.Lock()
			ctl.hint, ctl.hintSeq = cached, d.Seq
			r.mu.Unlock()
		}
		c.enqueue(cached)
	case checkMsg:
		c.enqueue(encode(r.check(c.seat, m)))
	case undoMsg:
		if why := r.takeBack(c.seat, m.Seq); why != "" {
			c.enqueue(encode(errorMsg{Type: "error", Error: why}))
		}
	case backMsg:
		r.mu.Lock()
		if ctl := r.ctls[c.seat]; ctl.standingIn() {
			ctl.back()
		}
		r.mu.Unlock()
	}
}

// check answers whether a move is legal for the seat's pending decision,
// from the decision's observation, with the rules' reason when it is not.
func (r *room[M, O, E]) check(seat int, m clientMsg) checkedMsg {
	out := checkedMsg{Type: "checked", Seq: m.Seq, Move: m.Move}
	mv, err := r.g.Wire.Codec.UnmarshalMove(m.Move)
	if err != nil {
		out.Reason = err.Error()
		return out
	}
	r.mu.Lock()
	ctl := r.ctls[seat]
	p := ctl.p
	d, pending := ctl.pending()
	r.mu.Unlock()
	notYours := fmt.Sprintf("not your turn: no decision pending (check for decision %d)", m.Seq)
	switch {
	case !pending:
		out.Reason = notYours
	case d.Seq != m.Seq:
		out.Reason = fmt.Sprintf("check for decision %d, but decision %d is pending", m.Seq, d.Seq)
	default:
		// The rules' reason, from the decision's observation; the
		// controller asks them while the decision waits.
		switch err := p.Check(m.Seq, mv); {
		case errors.Is(err, table.ErrNoPending) || errors.Is(err, table.ErrStale):
			out.Reason = notYours // answered meanwhile
		case err != nil:
			out.Reason = err.Error()
		default:
			out.Legal = true
		}
	}
	return out
}

// status says where the table stands (for the handlers).
func (r *room[M, O, E]) status() store.Status {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.st.Status
}
