package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"felt/table"
)

// Taking moves back, at a table made with "undo": true (one person against
// computers): the person's undo message, at their turn, asks the table
// (table.PersonController.TakeBack) to take back their last move of the
// hand and the computers' replies; the table logs an undo line and makes
// the game again without the lines it takes back (table/undo.go). The
// room then reads the hand anew from the stored log, as a recovery does,
// sends every connection the hand's history and the seat's observation
// again, and reseeds the computers: after an undo at line n each plays
// from a stream of the table's seed for its seat and n, so that the game
// from there is a function of the log (a recovery seeds them the same way
// from the log's last undo line).

// allowUndo lets the person take moves back (before the table starts).
func (r *room[M, O, E]) allowUndo() {
	r.mu.Lock()
	r.undo = true
	r.mu.Unlock()
}

// undoStream is the stream of seat i's computer after an undo at line n.
func undoStream(i int, n int) uint64 { return uint64(i) + 1 + uint64(n)<<20 }

// reseed seeds each computer seat's level for the game after an undo at
// line n (r.mu held).
func (r *room[M, O, E]) reseed(n int) {
	for i, c := range r.ctls {
		if c.person || i >= len(r.st.Seats) || r.st.Seats[i].Kind != kindComputer {
			continue
		}
		c.level = r.mustLevel(r.st.Seats[i].Level, undoStream(i, n))
	}
}

// lastUndo returns the number of a log's last undo line, 0 for none.
func lastUndo(log []byte) int {
	n := 0
	for _, l := range bytes.Split(log, []byte{'\n'}) {
		if lineType(l) != "undo" {
			continue
		}
		var r struct {
			N int `json:"n"`
		}
		if json.Unmarshal(l, &r) == nil && r.N > n {
			n = r.N
		}
	}
	return n
}

// takeBack asks the table to take back the seat's last move of the hand
// at decision seq; it returns why it cannot, or "".
func (r *room[M, O, E]) takeBack(seat, seq int) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	ctl := r.ctls[seat]
	switch {
	case !r.undo:
		return "undo: this table does not allow taking moves back (it is chosen when a table against computers is made)"
	case !r.running || !ctl.person || ctl.p == nil:
		return "undo: the table is not being played"
	}
	err := ctl.p.TakeBack(seq, "taken back by "+ctl.name)
	switch {
	case err == nil:
		ctl.moved = time.Time{}
		return ""
	case errors.Is(err, table.ErrStandIn):
		ctl.back()
		return "undo: the computer plays your seat until your next turn"
	case errors.Is(err, table.ErrStale):
		if d, ok := ctl.p.Pending(); ok {
			return fmt.Sprintf("undo: asked at decision %d, but decision %d is pending", seq, d.Seq)
		}
	}
	return "undo: a move is taken back at your turn only"
}

// undoRefused tells the person why the table did not take their move
// back.
func (c *seatCtl[M, O, E]) undoRefused(err error) {
	r := c.r
	why := "undo: " + err.Error()
	switch {
	case errors.Is(err, table.ErrNothingUndo):
		why = "undo: you have no move to take back in this hand"
	case errors.Is(err, table.ErrNoUndo):
		why = "undo: this table does not allow taking moves back"
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sendSeat(int(c.seat), encode(errorMsg{Type: "error", Error: why}))
}

// undoneLocked follows an undo the table made (its goroutine, r.mu held):
// the hand read anew from the stored log, the computers reseeded, and
// every connection sent the hand's history and its seat's observation
// again, then the notice.
func (r *room[M, O, E]) undoneLocked(n table.Notice) {
	at := r.lines - 1 // the undo line, counted
	ctx, cancel := context.WithTimeout(context.Background(), r.srv.cfg.StoreTimeout)
	defer cancel()
	lines, err := r.srv.cfg.Store.Lines(ctx, r.id, 0)
	if err == nil {
		var buf bytes.Buffer
		for _, l := range lines {
			buf.Write(bytes.TrimSuffix(l, []byte{'\n'}))
			buf.WriteByte('\n')
		}
		var hist [table.MaxSeats + 1][]histEntry[E]
		if _, hist, err = r.walkLog(buf.Bytes()); err == nil {
			r.hist = hist
		}
	}
	if err != nil {
		// The table goes on from the game made again; the pages get the
		// hand from the next reconnect.
		r.log.Error("reading the hand again after an undo", "err", err)
	}
	r.adv, r.lastType, r.viewsDue = 0, "undo", false
	r.round = [table.MaxSeats]E{}
	r.reseed(at)
	for _, c := range r.ctls {
		if c.p != nil {
			c.p.Drop()
		}
	}
	r.observeAll()
	r.teams = r.tb.Engine().Teams()
	for i := range r.conns {
		if len(r.conns[i]) == 0 {
			continue
		}
		h := historyMsg{Type: "history", Events: make([]histEvent, 0, len(r.hist[i]))}
		for _, e := range r.hist[i] {
			h.Events = append(h.Events, histEvent{N: e.n, Adv: e.adv, Event: r.g.Wire.WireEvent(e.e)})
		}
		r.sendSeat(i, encode(h))
		if i < len(r.ctls) && r.ctls[i].person && r.hasObs {
			r.sendSeat(i, encode(stateMsg{Type: "state", N: r.obsN, Adv: r.obsAdv, Obs: r.g.Wire.WireObs(r.obs[i])}))
		}
	}
	text := fmt.Sprintf("%s took back their last move (and what followed it).", r.ctls[n.Seat].name)
	r.broadcast(encode(noticeMsg{Type: "notice", Kind: "undo", Seat: int(n.Seat), Text: text}))
	r.broadcast(encode(seatsMsg{Type: "seats", Seats: r.seatsLocked()}))
}
