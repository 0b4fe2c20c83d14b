package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"strings"
	"time"

	"felt/games"
	"felt/internal/store"
	"felt/internal/strictjson"
)

// CSP is the Content-Security-Policy of every response: scripts, styles
// and connections from the server itself only, no inline script or style,
// no framing.
const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"

// maxBody bounds a request's body.
const maxBody = 16 << 10

// Handler returns the server's HTTP handler: the pages, the API and the
// websocket, with the security headers on every response.
func (s *Server) Handler() http.Handler { return s.mux }

func (s *Server) routes() {
	mux := http.NewServeMux()
	page := func(name string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) { s.servePage(w, r, name) }
	}
	mux.HandleFunc("GET /{$}", page("index.html"))
	mux.HandleFunc("GET /t/{id}", page("table.html"))
	mux.HandleFunc("GET /games", page("games.html"))
	mux.HandleFunc("GET /replay/{id}", page("replay.html"))
	mux.HandleFunc("GET /rules", s.serveRulesIndex)
	mux.HandleFunc("GET /rules/{game}", s.serveRules)
	mux.HandleFunc("GET /static/", s.serveStatic)
	mux.HandleFunc("POST /api/tables", s.createTable)
	mux.HandleFunc("GET /api/tables/{id}", s.getTable)
	mux.HandleFunc("POST /api/tables/{id}/join", s.joinTable)
	mux.HandleFunc("POST /api/tables/{id}/sit", s.sitTable)
	mux.HandleFunc("GET /api/lobby", s.lobby)
	mux.HandleFunc("GET /api/tables/{id}/replay", s.replayTable)
	mux.HandleFunc("GET /api/tables", s.playerGames)
	mux.HandleFunc("GET /api/stats", s.playerStats)
	mux.HandleFunc("GET /stats", page("stats.html"))
	mux.HandleFunc("GET /api/games", s.listGames)
	mux.HandleFunc("POST /api/games/{game}/rules", s.mixRules)
	mux.HandleFunc("GET /ws", s.serveWS)
	mux.HandleFunc("GET /healthz", s.healthz)
	mux.HandleFunc("GET /readyz", s.readyz)
	s.mux = http.NewServeMux()
	s.mux.Handle("/", s.counted(headers(mux)))
}

// headers sets the security headers on every response.
func headers(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", CSP)
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("Referrer-Policy", "no-referrer")
		hd.Set("X-Frame-Options", "DENY")
		h.ServeHTTP(w, r)
	})
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, map[string]string{"error": msg})
}

func (s *Server) servePage(w http.ResponseWriter, r *http.Request, name string) {
	if s.cfg.Static == nil {
		writeError(w, http.StatusNotFound, "this server has no pages")
		return
	}
	b, err := fs.ReadFile(s.cfg.Static, name)
	if err != nil {
		writeError(w, http.StatusNotFound, "no page "+name)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Write(b)
}

func (s *Server) serveStatic(w http.ResponseWriter, r *http.Request) {
	if s.cfg.Static == nil {
		writeError(w, http.StatusNotFound, "this server has no pages")
		return
	}
	http.StripPrefix("/static/", http.FileServerFS(s.cfg.Static)).ServeHTTP(w, r)
}

// readBody decodes a request's JSON body strictly.
func readBody(w http.ResponseWriter, r *http.Request, v any) bool {
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("a body of at most %d bytes", maxBody))
		return false
	}
	if err := strictjson.Decode(b, v); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return false
	}
	return true
}

type createReq struct {
	Game   string `json:"game"`
	Preset string `json:"preset"`
	// Settings are the game's settings over the preset (games.Def.Mix).
	Settings json.RawMessage   `json:"settings,omitempty"`
	Player   string            `json:"player"`
	Name     string            `json:"name"`
	Seats    []json.RawMessage `json:"seats"`
	// Lobby lists the table in the lobby of open tables while it waits.
	Lobby bool `json:"lobby,omitempty"`
	// Undo lets the person take moves back: only at a table of one
	// person against computers.
	Undo bool `json:"undo,omitempty"`
}

type seatReq struct {
	Kind  string `json:"kind"` // me, computer or open
	Level string `json:"level"`
	Name  string `json:"name"`
}

// Invite is the link that opens a seat.
type Invite struct {
	Seat int    `json:"seat"`
	URL  string `json:"url"`
}

// Created is what POST /api/tables returns.
type Created struct {
	ID      string   `json:"id"`
	Seat    int      `json:"seat"`            // the creator's seat, -1 for none
	Token   string   `json:"token,omitempty"` // the creator's seat's token
	Invites []Invite `json:"invites"`
	// Link is the table's link, which anyone may open to take a free
	// seat while it waits ("" for a table with no open seat).
	Link string `json:"link,omitempty"`
}

// createTable is POST /api/tables.
func (s *Server) createTable(w http.ResponseWriter, r *http.Request) {
	var req createReq
	if !readBody(w, r, &req) {
		return
	}
	g, err := games.Lookup(req.Game)
	if err != nil {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("no game %q (%v)", clip(req.Game), games.Names()))
		return
	}
	info := g.About()
	levels, deflt := info.LevelNames(), info.Default
	// The rules set the seats.
	mixed, err := g.Mix(req.Preset, req.Settings)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	opts, seats := mixed.Rules, mixed.Seats
	if len(req.Seats) != seats {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("%s has %d seats with these rules, not %d", req.Game, seats, len(req.Seats)))
		return
	}
	t := store.Table{ID: newID(), Game: req.Game, Options: opts, Seed: newSeed(), Status: store.Waiting, Created: time.Now().UTC(),
		Preset: req.Preset}
	if t.Preset == "" {
		if ps := info.PresetNames(); len(ps) > 0 {
			t.Preset = ps[0]
		}
	}
	out := Created{ID: t.ID, Seat: -1, Invites: []Invite{}}
	tokens := make([]string, seats)
	open := false
	for i, raw := range req.Seats {
		var sr seatReq
		if err := strictjson.Decode(raw, &sr); err != nil {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("seat %d: %v", i, err))
			return
		}
		var st store.Seat
		switch sr.Kind {
		case "me":
			if out.Seat >= 0 {
				writeError(w, http.StatusBadRequest, "at most one seat is yours (kind me)")
				return
			}
			if !validID(req.Player) {
				writeError(w, http.StatusBadRequest, fmt.Sprintf("a seat of yours needs your player id: 1 to %d letters, digits, - or _", maxID))
				return
			}
			out.Seat, t.Host = i, req.Player
			st = store.Seat{Kind: kindPerson, Name: cleanName(req.Name, "You"), Player: req.Player}
			tokens[i], st.TokenHash = newToken()
		case "open":
			open = true
			st = store.Seat{Kind: kindPerson, Name: cleanName(sr.Name, fmt.Sprintf("Seat %d", i+1))}
			tokens[i], st.TokenHash = newToken()
		case "computer":
			lv := sr.Level
			if lv == "" {
				lv = deflt
			}
			if !contains(levels, lv) {
				writeError(w, http.StatusBadRequest, fmt.Sprintf("seat %d: no level %q (%s)", i, clip(lv), strings.Join(levels, ", ")))
				return
			}
			st = store.Seat{Kind: kindComputer, Level: lv, Name: lv}
		default:
			writeError(w, http.StatusBadRequest, fmt.Sprintf("seat %d: kind %q: me, computer or open", i, clip(sr.Kind)))
			return
		}
		t.Seats = append(t.Seats, st)
	}
	if req.Lobby && !open {
		writeError(w, http.StatusBadRequest, "a table in the lobby needs an open seat (kind open) for whoever joins")
		return
	}
	t.Lobby = req.Lobby
	if req.Undo && (out.Seat < 0 || open) {
		writeError(w, http.StatusBadRequest, "undo: taking moves back is for a table of one person (a seat of kind me) against computers only: every other seat a computer")
		return
	}
	a := &acct{addr: s.clientAddr(r), computer: out.Seat < 0 && !open}
	if out.Seat >= 0 {
		a.player = req.Player
	}
	admitted, lerr := s.admit(a)
	if lerr != nil {
		writeLimit(w, lerr)
		return
	}
	defer admitted()
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.StoreTimeout)
	defer cancel()
	if err := s.cfg.Store.CreateTable(ctx, t); err != nil {
		s.log.Error("creating a table", "table", t.ID, "err", err)
		writeError(w, http.StatusInternalServerError, "the table could not be stored")
		return
	}
	rm, err := s.newRoom(t)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	*rm.account() = *a
	if req.Undo {
		rm.allowUndo()
	}
	if ok, err := s.owner.Claim(ctx, t.ID); err != nil || !ok {
		writeError(w, http.StatusServiceUnavailable, "this server cannot run the table now")
		return
	}
	if !s.addRoom(t.ID, rm) {
		writeError(w, http.StatusServiceUnavailable, "the server is shutting down")
		return
	}
	if !open {
		if err := rm.start(); err != nil {
			s.log.Error("starting a table", "table", t.ID, "err", err)
			writeError(w, http.StatusInternalServerError, "the table could not start")
			return
		}
	}
	for i, st := range t.Seats {
		if i == out.Seat {
			out.Token = tokens[i]
		} else if st.Kind == kindPerson {
			out.Invites = append(out.Invites, Invite{Seat: i, URL: fmt.Sprintf("/t/%s#seat=%d&token=%s", t.ID, i, tokens[i])})
		}
	}
	if open {
		out.Link = "/t/" + t.ID
	}
	s.log.Info("table created", "table", t.ID, "game", t.Game)
	writeJSON(w, http.StatusCreated, out)
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if x == y {
			return true
		}
	}
	return false
}

// getTable is GET /api/tables/{id}.
func (s *Server) getTable(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if rm, ok := s.lookup(r.Context(), id); ok {
		writeJSON(w, http.StatusOK, rm.summary())
		return
	}
	t, err := s.storedTable(r.Context(), id)
	if err != nil {
		s.notFound(w, id, err)
		return
	}
	writeJSON(w, http.StatusOK, storedSummary(t))
}

func (s *Server) storedTable(ctx context.Context, id string) (store.Table, error) {
	if !validID(id) {
		return store.Table{}, store.ErrNotFound
	}
	ctx, cancel := context.WithTimeout(ctx, s.cfg.StoreTimeout)
	defer cancel()
	return s.cfg.Store.Table(ctx, id)
}

func (s *Server) notFound(w http.ResponseWriter, id string, err error) {
	if errors.Is(err, store.ErrNotFound) {
		writeError(w, http.StatusNotFound, "no table "+clip(id))
		return
	}
	s.log.Error("reading a table", "table", id, "err", err)
	writeError(w, http.StatusInternalServerError, "the table could not be read")
}

func storedSummary(t store.Table) Summary {
	rules := t.Options
	if len(rules) == 0 {
		rules = json.RawMessage("{}")
	}
	sum := Summary{ID: t.ID, Game: t.Game, Rules: rules, Status: t.Status.String(), Seats: storedSeats(t), Created: t.Created,
		Host: hostSeat(t), Preset: t.Preset, Lobby: t.Lobby}
	if len(t.Outcome) > 0 {
		var o OutcomeWire
		if json.Unmarshal(t.Outcome, &o) == nil {
			sum.Outcome = &o
		}
	}
	return sum
}

type joinReq struct {
	Seat   int    `json:"seat"`
	Token  string `json:"token"`
	Player string `json:"player"`
	Name   string `json:"name"`
}

// joinTable is POST /api/tables/{id}/join: done here if the table runs
// here, else by its owner.
func (s *Server) joinTable(w http.ResponseWriter, r *http.Request) {
	var req joinReq
	if !readBody(w, r, &req) {
		return
	}
	id := r.PathValue("id")
	rm, ok := s.lookup(r.Context(), id)
	if !ok && s.cluster != nil {
		body, _ := json.Marshal(req)
		s.relayRequest(w, r.Context(), "join", id, body)
		return
	}
	if !ok {
		writeError(w, http.StatusNotFound, "no table "+clip(id)+" being played here")
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.StoreTimeout)
	defer cancel()
	code, ans := s.join(ctx, rm, id, req)
	writeAnswer(w, code, ans)
}

// join binds the seat req's token opens at table rm to req's player: an
// HTTP status and what to answer (the error unless OK).
func (s *Server) join(ctx context.Context, rm roomer, id string, req joinReq) (int, any) {
	if !validID(req.Player) {
		return http.StatusBadRequest, fmt.Sprintf("a player id of 1 to %d letters, digits, - or _ is needed", maxID)
	}
	i, ok := rm.seatOf(req.Token)
	// Seat -1: whichever seat the token opens (the host may have moved it).
	if !ok || req.Seat >= 0 && i != req.Seat {
		return http.StatusForbidden, "the token does not open that seat"
	}
	if err := rm.bind(ctx, i, req.Player, req.Name); err != nil {
		if errors.Is(err, ErrSeatTaken) {
			return http.StatusForbidden, "the seat belongs to another player"
		}
		s.log.Error("joining a table", "table", id, "err", err)
		return http.StatusInternalServerError, "the seat could not be taken"
	}
	return http.StatusOK, map[string]bool{"ok": true}
}

// writeAnswer writes what join or sit answered: its value as JSON when
// OK, else its error.
func writeAnswer(w http.ResponseWriter, code int, ans any) {
	if code != http.StatusOK {
		msg, _ := ans.(string)
		writeError(w, code, msg)
		return
	}
	writeJSON(w, code, ans)
}

// replayTable is GET /api/tables/{id}/replay: a seat's views with its
// token as a bearer, else a spectator's.
func (s *Server) replayTable(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	t, err := s.storedTable(r.Context(), id)
	if err != nil {
		s.notFound(w, id, err)
		return
	}
	rm, ok := s.room(id)
	if !ok {
		if rm, err = s.newRoom(t); err != nil {
			writeError(w, http.StatusInternalServerError, err.Error())
			return
		}
	}
	seat := -1
	if a := r.Header.Get("Authorization"); a != "" {
		tok, ok := strings.CutPrefix(a, "Bearer ")
		if !ok {
			writeError(w, http.StatusUnauthorized, "Authorization: Bearer TOKEN")
			return
		}
		if seat, ok = rm.seatOf(tok); !ok {
			writeError(w, http.StatusForbidden, "the token opens no seat of this table")
			return
		}
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.StoreTimeout)
	defer cancel()
	out, err := rm.replay(ctx, seat)
	if err != nil {
		s.log.Error("replaying a table", "table", id, "err", err)
		writeError(w, http.StatusInternalServerError, "the table's log could not be replayed")
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// GameInfo is one game as GET /api/games lists it: what the registry
// says of it, and the options of each of its presets.
type GameInfo struct {
	games.Info
	Rules map[string]json.RawMessage `json:"rules"`
}

// listGames is GET /api/games: the games this server plays, from the
// registry, in the order registered. A page builds its choices from it.
func (s *Server) listGames(w http.ResponseWriter, _ *http.Request) {
	out := []GameInfo{}
	for _, g := range games.All() {
		gi := GameInfo{Info: g.About(), Rules: map[string]json.RawMessage{}}
		for _, p := range gi.PresetNames() {
			r, err := g.Rules(p)
			if err != nil {
				s.log.Error("a game's preset", "game", gi.Name, "preset", p, "err", err)
				writeError(w, http.StatusInternalServerError, "the games could not be listed")
				return
			}
			gi.Rules[p] = r
		}
		out = append(out, gi)
	}
	writeJSON(w, http.StatusOK, out)
}

// rulesReq is a table's rules as a page sets them: a preset and the
// game's settings over it.
type rulesReq struct {
	Preset   string          `json:"preset"`
	Settings json.RawMessage `json:"settings,omitempty"`
}

// mixRules is POST /api/games/{game}/rules: the rules a table of the game
// would have with these settings over the preset (games.Mixed: its
// options, every setting in effect, a line saying it, its seats), or why
// they are refused (400). It changes nothing: a page asks it as people
// change the settings, and a spectator's page to learn what a table's
// rules come to.
func (s *Server) mixRules(w http.ResponseWriter, r *http.Request) {
	var req rulesReq
	if !readBody(w, r, &req) {
		return
	}
	g, err := games.Lookup(r.PathValue("game"))
	if err != nil {
		writeError(w, http.StatusNotFound, fmt.Sprintf("no game %q (%v)", clip(r.PathValue("game")), games.Names()))
		return
	}
	m, err := g.Mix(req.Preset, req.Settings)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, m)
}

// playerGames is GET /api/tables?player=P: the player's tables, newest
// first.
func (s *Server) playerGames(w http.ResponseWriter, r *http.Request) {
	p := r.URL.Query().Get("player")
	if !validID(p) {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("player: 1 to %d letters, digits, - or _", maxID))
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.StoreTimeout)
	defer cancel()
	ts, err := s.cfg.Store.PlayerTables(ctx, p, 100)
	if err != nil {
		s.log.Error("listing a player's games", "err", err)
		writeError(w, http.StatusInternalServerError, "the games could not be read")
		return
	}
	out := make([]GameSummary, 0, len(ts))
	for _, t := range ts {
		g := GameSummary{ID: t.ID, Game: t.Game, Status: t.Status.String(), Seats: storedSeats(t), Seat: -1, Created: t.Created, Outcome: t.Outcome}
		if rm, ok := s.room(t.ID); ok {
			sum := rm.summary()
			g.Seats, g.Status = sum.Seats, sum.Status
		}
		for i, st := range t.Seats {
			if st.Player == p {
				g.Seat = i
			}
		}
		out = append(out, g)
	}
	writeJSON(w, http.StatusOK, out)
}
