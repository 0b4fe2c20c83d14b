package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/coder/websocket"

	"felt/internal/store"
	"felt/table"
)

// Rooms: a table's host (the person who made it with a seat of their own)
// moves its seats before the game begins, gives an absent person's seat
// to the computer, or ends the table; anyone with the table's link takes
// a free seat while it waits; the lobby lists the waiting tables made to
// be listed. Every host action is checked here, against the connection's
// seat: a refused one is answered with an error and changes nothing.

// hostAction is what a table's host asks.
type hostAction uint8

// The host's actions.
const (
	noHostAction hostAction = iota
	hostMove                // swap two seats, before the game begins
	hostComputer            // a computer plays an absent person's seat
	hostEnd                 // end the table
)

var hostActionNames = [...]string{"none", "move", "computer", "end"}

// hostActionList says the actions for an error.
const hostActionList = "move (seat, to), computer (seat) or end"

// String returns the action as the protocol writes it.
func (a hostAction) String() string {
	if int(a) < len(hostActionNames) {
		return hostActionNames[a]
	}
	return fmt.Sprintf("hostAction(%d)", uint8(a))
}

func parseHostAction(s string) (hostAction, bool) {
	i := slices.Index(hostActionNames[:], s)
	if i <= 0 {
		return noHostAction, false
	}
	return hostAction(i), true
}

// Errors of the host's actions and of taking a seat.
var (
	ErrNotHost  = errors.New("only the table's host may do that")
	ErrNoFree   = errors.New("no free seat")
	ErrNotNow   = errors.New("not at this point of the table")
	errHostSeat = errors.New("the host's own seat")
)

// host carries out a host's action for connection c; it returns why it
// is refused ("" when done). An end is carried out by the caller, which
// holds no lock of the room (ended reports it).
func (r *room[M, O, E]) host(ctx context.Context, c *conn, m clientMsg) (why string, end bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if c.seat < 0 || r.st.Host == "" || r.st.Seats[c.seat].Player != r.st.Host {
		return ErrNotHost.Error() + " (the person who made it)", false
	}
	if r.readOnly || r.st.Status != store.Waiting && r.st.Status != store.Playing {
		return "the table has ended", false
	}
	n := len(r.st.Seats)
	for _, s := range []int{m.Seat, m.To} {
		if s >= n {
			return fmt.Sprintf("seat %d: the table has seats 0 to %d", s, n-1), false
		}
	}
	switch m.Action {
	case hostEnd:
		return "", true
	case hostMove:
		if r.st.Status != store.Waiting {
			return "seats move only before the game begins", false
		}
		if m.Seat == m.To {
			return fmt.Sprintf("seat %d is already there", m.Seat), false
		}
		seats := slices.Clone(r.st.Seats)
		seats[m.Seat], seats[m.To] = seats[m.To], seats[m.Seat]
		if err := r.srv.cfg.Store.SetSeats(ctx, r.id, seats); err != nil {
			r.log.Error("moving seats", "err", err)
			return "the seats could not be moved: try again", false
		}
		r.st.Seats = seats
		for _, i := range []int{m.Seat, m.To} {
			r.ctls[i] = r.newCtl(table.Seat(i), seats[i])
			// The seat's connections hello again: a token opens the seat
			// it moved to.
			for cn := range r.conns[i] {
				delete(r.conns[i], cn)
				cn.fail(websocket.StatusServiceRestart, "the host moved the seats: reconnecting")
			}
		}
		r.broadcast(encode(noticeMsg{Type: "notice", Kind: "moved", Seat: m.To,
			Text: fmt.Sprintf("The host moved seat %d to seat %d.", m.Seat, m.To)}))
	case hostComputer:
		s := r.st.Seats[m.Seat]
		ctl := r.ctls[m.Seat]
		switch {
		case s.Kind != kindPerson:
			return fmt.Sprintf("seat %d is a computer's already", m.Seat), false
		case s.Player == r.st.Host:
			return fmt.Sprintf("seat %d is yours: %v", m.Seat, errHostSeat), false
		case len(r.conns[m.Seat]) > 0:
			return fmt.Sprintf("seat %d's person is here: only an absent person's seat goes to the computer", m.Seat), false
		}
		if r.st.Status == store.Playing {
			if ctl.p == nil || !r.running {
				return "the table is not being played", false
			}
			if ctl.standingIn() || ctl.gone {
				return fmt.Sprintf("the computer plays seat %d already (from its next turn)", m.Seat), false
			}
			ctl.stopGrace()
			ctl.gone = true
			ctl.p.Away("the host gave the seat to the computer")
			r.broadcast(encode(noticeMsg{Type: "notice", Kind: "computer", Seat: m.Seat,
				Text: fmt.Sprintf("The host gave seat %d to the computer from its next turn.", m.Seat)}))
			r.broadcast(encode(seatsMsg{Type: "seats", Seats: r.seatsLocked()}))
			return "", false
		}
		lv := r.g.Default
		s = store.Seat{Kind: kindComputer, Level: lv, Name: lv}
		if err := r.srv.cfg.Store.SetSeat(ctx, r.id, m.Seat, s); err != nil {
			r.log.Error("a computer for a seat", "err", err)
			return "the seat could not be changed: try again", false
		}
		r.st.Seats[m.Seat] = s
		r.ctls[m.Seat] = r.newCtl(table.Seat(m.Seat), s)
		r.broadcast(encode(noticeMsg{Type: "notice", Kind: "computer", Seat: m.Seat,
			Text: fmt.Sprintf("The host gave seat %d to the computer (%s).", m.Seat, lv)}))
		if !r.openLocked() {
			r.mu.Unlock()
			err := r.start()
			r.mu.Lock()
			if err != nil {
				r.log.Error("starting a table", "err", err)
				return "the table could not start", false
			}
			return "", false
		}
	}
	r.broadcast(encode(seatsMsg{Type: "seats", Seats: r.seatsLocked()}))
	return "", false
}

// openLocked reports whether a person's seat is still open (r.mu held).
func (r *room[M, O, E]) openLocked() bool {
	for _, s := range r.st.Seats {
		if s.Kind == kindPerson && s.Player == "" {
			return true
		}
	}
	return false
}

// sit gives a free seat (want, or the first free one if want < 0) of a
// waiting table to player, with a new token: the table's link. The table
// starts once no seat is free.
func (r *room[M, O, E]) sit(ctx context.Context, want int, player, name string) (int, string, error) {
	r.mu.Lock()
	if r.readOnly || r.st.Status != store.Waiting {
		r.mu.Unlock()
		return -1, "", fmt.Errorf("server: table %s: the game began: %w", r.id, ErrNotNow)
	}
	seat := -1
	for i, s := range r.st.Seats {
		if s.Kind == kindPerson && s.Player == player {
			r.mu.Unlock()
			return -1, "", fmt.Errorf("server: table %s: you sit at seat %d already (open it with its link): %w", r.id, i, ErrSeatTaken)
		}
		if s.Kind == kindPerson && s.Player == "" && (want < 0 && seat < 0 || want == i) {
			seat = i
		}
	}
	if seat < 0 {
		r.mu.Unlock()
		if want >= 0 {
			return -1, "", fmt.Errorf("server: table %s seat %d: %w", r.id, want, ErrNoFree)
		}
		return -1, "", fmt.Errorf("server: table %s: %w", r.id, ErrNoFree)
	}
	tok, hash := newToken()
	s := r.st.Seats[seat]
	s.TokenHash, s.Player, s.Name = hash, player, cleanName(name, s.Name)
	if err := r.srv.cfg.Store.SetSeat(ctx, r.id, seat, s); err != nil {
		r.mu.Unlock()
		return -1, "", fmt.Errorf("server: table %s seat %d: %w", r.id, seat, err)
	}
	r.touch()
	r.st.Seats[seat] = s
	r.ctls[seat].name = s.Name
	open := r.openLocked()
	r.broadcast(encode(seatsMsg{Type: "seats", Seats: r.seatsLocked()}))
	r.mu.Unlock()
	if !open {
		if err := r.start(); err != nil {
			return -1, "", err
		}
	}
	return seat, tok, nil
}

// LobbyTable is one open table as GET /api/lobby lists it.
type LobbyTable struct {
	ID     string `json:"id"`
	Game   string `json:"game"`
	Preset string `json:"preset"`
	// Seats are the table's seats; Free the numbers of those free.
	Seats []SeatSummary `json:"seats"`
	Free  []int         `json:"free"`
	// Host is the host's name.
	Host    string `json:"host"`
	Created string `json:"created"`
}

// lobbyEntry is the table as the lobby lists it, if it is listed there
// now: waiting, made to be listed, with a free seat.
func (r *room[M, O, E]) lobbyEntry() (LobbyTable, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.st.Lobby || r.readOnly || r.st.Status != store.Waiting {
		return LobbyTable{}, false
	}
	lt, ok := storedLobbyEntry(r.st)
	lt.Seats = r.seatsLocked()
	return lt, ok
}

// maxLobby is the most tables the lobby lists, newest first.
const maxLobby = 100

// lobby is GET /api/lobby: the waiting tables listed in the lobby with a
// free seat, newest first, whichever process runs them (the store lists
// them; a table run here says who is here).
func (s *Server) lobby(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.StoreTimeout)
	defer cancel()
	ts, err := s.cfg.Store.Lobby(ctx, maxLobby)
	if err != nil {
		s.log.Error("listing the lobby", "err", err)
		writeError(w, http.StatusServiceUnavailable, "the lobby could not be read: try again")
		return
	}
	out := make([]LobbyTable, 0, len(ts))
	for _, t := range ts {
		if rm, ok := s.room(t.ID); ok {
			if lt, ok := rm.lobbyEntry(); ok {
				out = append(out, lt)
			}
			continue
		}
		if lt, ok := storedLobbyEntry(t); ok {
			out = append(out, lt)
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// storedLobbyEntry is a stored table as the lobby lists it, without
// presence (another process runs it), if it has a free seat.
func storedLobbyEntry(t store.Table) (LobbyTable, bool) {
	lt := LobbyTable{ID: t.ID, Game: t.Game, Preset: t.Preset, Seats: storedSeats(t), Free: []int{},
		Created: t.Created.Format("2006-01-02T15:04:05Z07:00")}
	for i, s := range t.Seats {
		if s.Kind == kindPerson && s.Player == "" {
			lt.Free = append(lt.Free, i)
		}
		if t.Host != "" && s.Player == t.Host {
			lt.Host = s.Name
		}
	}
	return lt, len(lt.Free) > 0
}

type sitReq struct {
	Seat   *int   `json:"seat"`
	Player string `json:"player"`
	Name   string `json:"name"`
}

// Sat is what POST /api/tables/{id}/sit returns: the seat taken and its
// token.
type Sat struct {
	Seat  int    `json:"seat"`
	Token string `json:"token"`
}

// sitTable is POST /api/tables/{id}/sit: the table's link takes a free
// seat (the one asked, or the first) while the table waits; done here if
// the table runs here, else by its owner.
func (s *Server) sitTable(w http.ResponseWriter, r *http.Request) {
	var req sitReq
	if !readBody(w, r, &req) {
		return
	}
	if code, msg := req.check(); code != http.StatusOK {
		writeError(w, code, msg)
		return
	}
	id := r.PathValue("id")
	rm, ok := s.lookup(r.Context(), id)
	if !ok && s.cluster != nil {
		body, _ := json.Marshal(req)
		s.relayRequest(w, r.Context(), "sit", id, body)
		return
	}
	if !ok {
		writeError(w, http.StatusNotFound, "no table "+clip(id)+" waiting here")
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.StoreTimeout)
	defer cancel()
	code, ans := s.sit(ctx, rm, id, req)
	writeAnswer(w, code, ans)
}

// check says whether a sit request is well formed: OK, or an HTTP status
// and why not.
func (req sitReq) check() (int, string) {
	if !validID(req.Player) {
		return http.StatusBadRequest, fmt.Sprintf("a player id of 1 to %d letters, digits, - or _ is needed", maxID)
	}
	if req.Seat != nil && (*req.Seat < 0 || *req.Seat >= maxSeatsMsg) {
		return http.StatusBadRequest, fmt.Sprintf("seat %d is no seat", *req.Seat)
	}
	return http.StatusOK, ""
}

// sit takes a free seat of table rm for req's player: an HTTP status and
// what to answer (a Sat, or the error).
func (s *Server) sit(ctx context.Context, rm roomer, id string, req sitReq) (int, any) {
	if code, msg := req.check(); code != http.StatusOK {
		return code, msg
	}
	want := -1
	if req.Seat != nil {
		want = *req.Seat
	}
	seat, tok, err := rm.sit(ctx, want, req.Player, req.Name)
	switch {
	case errors.Is(err, ErrNoFree), errors.Is(err, ErrNotNow), errors.Is(err, ErrSeatTaken):
		return http.StatusConflict, strings.TrimPrefix(err.Error(), "server: table "+id+": ")
	case err != nil:
		s.log.Error("taking a seat", "table", id, "err", err)
		return http.StatusInternalServerError, "the seat could not be taken"
	}
	return http.StatusOK, Sat{Seat: seat, Token: tok}
}

// abandon stops a table and records it abandoned, in its log and the
// store, gone from memory, its connections told why: a table nobody
// touched (the janitor) or one its host ended.
func (s *Server) abandon(id string, r janitorTable, why, logWhy string) {
	s.mu.Lock()
	own := s.rooms[id] == r
	if own {
		delete(s.rooms, id)
	}
	s.mu.Unlock()
	if !own {
		return
	}
	r.stop()
	if st := r.status(); st == store.Waiting || st == store.Playing {
		ctx, cancel := context.WithTimeout(context.Background(), s.cfg.StoreTimeout)
		err := s.cfg.Store.SetStatus(ctx, id, store.Abandoned, nil)
		cancel()
		if err != nil {
			s.log.Error("saving a table's status", "table", id, "err", err)
		}
		r.abandoned(why)
		s.log.Info("table abandoned", "table", id, "why", logWhy)
	}
	s.owner.Release(context.Background(), id)
}
