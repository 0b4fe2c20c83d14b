package server

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"felt/internal/store"
	"felt/table"
)

// spectator is the index of the spectators among a room's connections and
// histories, after the seats'.
const spectator = table.MaxSeats

// histEntry is one round of views: what a seat (or the spectators) saw.
type histEntry[E any] struct {
	n, adv int
	e      E
}

// room runs one table: its seats' controllers, the connections of its
// seats and spectators, and what each of them has seen of the hand.
type room[M, O, E any] struct {
	srv  *Server
	g    *game[M, O, E]
	id   string
	seed uint64
	log  *slog.Logger // the server's, with the table's id on every line

	mu      sync.Mutex
	st      store.Table // the stored table; seats kept in step with the store
	tb      *table.Table[M, O, E]
	ctls    []*seatCtl[M, O, E]
	conns   [table.MaxSeats + 1]map[*conn]struct{}
	hist    [table.MaxSeats + 1][]histEntry[E]
	obs     []O // each person seat's observation after the last round
	hasObs  bool
	obsN    int
	obsAdv  int
	lines   int // log lines that have counted
	adv     int // advances without a line since the last line
	running bool
	outcome *OutcomeWire
	teams   table.Teams // as everyone was last told them
	failed  string
	cancel  context.CancelFunc
	done    chan struct{}
	runCtx  context.Context
	acct    acct          // set before the room is the server's
	touched time.Time     // when a client last touched the table
	wake    chan struct{} // closed (and replaced) when a connection attaches or closes, or a person moves on
	// hands is the engine's hand number (Outcome.Hands) after the last
	// round; acked[i] the last hand whose result seat i's person moved on
	// from (see awaitOnward).
	hands int
	acked [table.MaxSeats]int
	// readOnly is a room made from the store for the connections of a
	// table that ended: it runs nothing and writes nothing.
	readOnly bool
	// undo: the person may take moves back (undo.go); set before the
	// table starts, or from its log's header.
	undo bool

	chat      chatState  // guarded by mu
	chatWrite sync.Mutex // held while a chat line is numbered and stored

	moves prometheus.Counter // felt_moves_total of the table's game

	// Touched only by the goroutine running the table.
	lastType string // the type of the last line written
	viewsDue bool   // the last line written shows views (a move or a deal)
	paced    bool   // the last advance was paced for a person (the table's goroutine)
	kept     int    // the count of the advanced line just written, whose views are due
	round    [table.MaxSeats]E
}

func newRoom[M, O, E any](srv *Server, g *game[M, O, E], st store.Table) *room[M, O, E] {
	r := &room[M, O, E]{srv: srv, g: g, id: st.ID, seed: st.Seed, st: st, done: make(chan struct{}),
		log: srv.log.With("table", st.ID), moves: srv.metrics.moves.WithLabelValues(g.Name),

		touched: time.Now(), wake: make(chan struct{})}
	r.chat.loaded = st.Status == store.Waiting && st.Updated.IsZero() // made here: no chat yet
	r.acct.computer = true
	for _, s := range st.Seats {
		if s.Kind == kindPerson {
			r.acct.computer = false
			if r.acct.player == "" {
				r.acct.player = s.Player
			}
		}
	}
	for i := range r.conns {
		r.conns[i] = map[*conn]struct{}{}
	}
	r.obs = make([]O, len(st.Seats))
	r.ctls = make([]*seatCtl[M, O, E], len(st.Seats))
	for i, s := range st.Seats {
		r.ctls[i] = r.newCtl(table.Seat(i), s)
	}
	close(r.done) // not running yet
	return r
}

// newCtl makes seat i's controller from its stored seat.
func (r *room[M, O, E]) newCtl(i table.Seat, s store.Seat) *seatCtl[M, O, E] {
	c := &seatCtl[M, O, E]{r: r, seat: i, person: s.Kind == kindPerson, name: s.Name}
	if c.person {
		c.level = r.mustLevel(r.g.StandIn, 0x100+uint64(i))
	} else {
		c.level = r.mustLevel(s.Level, uint64(i)+1)
	}
	return c
}

// mustLevel returns a built-in level seeded from the table's seed; the
// level names were checked when the table was made.
func (r *room[M, O, E]) mustLevel(name string, stream uint64) table.Player[M, O] {
	p, err := r.g.Level(name, levelSeed(r.seed, stream))
	if err != nil {
		p, _ = r.g.Level(r.g.Default, levelSeed(r.seed, stream))
	}
	return p
}

func (r *room[M, O, E]) players() []table.Player[M, O] {
	ps := make([]table.Player[M, O], len(r.ctls))
	for i, c := range r.ctls {
		k := table.Level
		if c.person {
			k = table.Person
		}
		ps[i] = table.Player[M, O]{Name: c.name, Kind: k, Control: c.control()}
		switch {
		case !c.person:
			ps[i].Name = c.level.Name
		case c.standing:
			// a resumed seat the log gives to a level: the table sees the
			// stand-in (whose refused move is a failure, not asked again)
			ps[i].Name, ps[i].Kind = c.standName, table.Level
		}
	}
	return ps
}

func (r *room[M, O, E]) options(log *storeLog) table.Options[M, O, E] {
	return table.Options[M, O, E]{
		ID:          r.id,
		Seed:        r.seed,
		GameOptions: r.st.Options,
		Log:         log,
		Fallback:    r.fallback,
		Spectators:  []table.Listener[E]{(*spectators[M, O, E])(r)},
		AfterLine:   r.afterLine,
		Checkpoint:  r.checkpoint,
		Undo:        r.undo,
	}
}

// checkpoint says whether the advances are paced for a person (the last
// one was: a Shengji card dealt while a person may declare): then the
// table logs each before it is shown, and a server restarted after a
// crash deals on from the card the person last saw, not from the last
// move (the table's goroutine).
func (r *room[M, O, E]) checkpoint() bool { return r.paced }

// fallback is the level that takes a seat over when its controller fails
// (a level erring, or refused again and again): a plain level from then on.
func (r *room[M, O, E]) fallback(s table.Seat) table.Player[M, O] {
	r.mu.Lock()
	defer r.mu.Unlock()
	c := &seatCtl[M, O, E]{r: r, seat: s, level: r.mustLevel(r.g.StandIn, 0x200+uint64(s))}
	c.name = c.level.Name
	r.ctls[s] = c
	return table.Player[M, O]{Name: c.level.Name, Kind: table.Level, Control: c}
}

// start begins a new table (status Playing, the log's header) and runs it.
func (r *room[M, O, E]) start() error {
	ctx, cancel := context.WithTimeout(context.Background(), r.srv.cfg.StoreTimeout)
	defer cancel()
	if err := r.srv.cfg.Store.SetStatus(ctx, r.id, store.Playing, nil); err != nil {
		return fmt.Errorf("server: table %s: %w", r.id, err)
	}
	log := r.newLog(0)
	r.mu.Lock()
	r.st.Status = store.Playing
	tb, err := table.New(r.g.Spec, r.players(), r.options(log))
	if err != nil {
		r.failed = err.Error()
		r.mu.Unlock()
		return fmt.Errorf("server: table %s: %w", r.id, err)
	}
	r.tb, r.lines = tb, 1
	r.teams = tb.Engine().Teams()
	r.hands = tb.Engine().Outcome().Hands
	r.observeAll()
	for _, c := range r.ctls {
		if c.person && c.conns == 0 {
			c.startGrace()
		}
	}
	r.broadcast(encode(seatsMsg{Type: "seats", Seats: r.seatsLocked()}))
	r.run()
	r.mu.Unlock()
	return nil
}

// resume recovers a table from its stored log and runs it on. People are
// away until they connect again: each person's grace period starts now.
func (r *room[M, O, E]) resume(ctx context.Context, lines [][]byte) error {
	var buf bytes.Buffer
	for _, l := range lines {
		buf.Write(l)
		if len(l) == 0 || l[len(l)-1] != '\n' {
			buf.WriteByte('\n')
		}
	}
	rec, hist, err := r.walkLog(buf.Bytes())
	if err != nil {
		return fmt.Errorf("server: table %s: %w", r.id, err)
	}
	r.mu.Lock()
	r.undo = rec.Header.Undo
	if n := lastUndo(buf.Bytes()); n > 0 {
		r.reseed(n)
	}
	r.mu.Unlock()
	if rec.Torn > 0 {
		return fmt.Errorf("server: table %s: the stored log ends in a torn line", r.id)
	}
	log := r.newLog(rec.Lines)
	r.mu.Lock()
	for i, c := range r.ctls {
		if c.person && rec.Names[i] != c.name {
			// the log's last control line gave the seat to a level
			c.standing, c.standName = true, rec.Names[i]
		}
	}
	tb, err := table.Resume(rec, r.players(), r.options(log))
	if err != nil {
		r.mu.Unlock()
		return fmt.Errorf("server: table %s: %w", r.id, err)
	}
	r.tb, r.lines = tb, rec.Lines
	r.teams = rec.Engine.Teams()
	// A recovered table holds no result up: its pages start anew.
	r.hands = rec.Engine.Outcome().Hands
	for i := range r.acked {
		r.acked[i] = r.hands - 1
	}
	r.hist = hist
	r.observeAll()
	if rec.Forfeited || rec.Engine.Over() {
		res := table.Result{Outcome: rec.Engine.Outcome(), Forfeited: rec.Forfeited, Forfeiter: rec.Forfeiter}
		o := outcomeWire(res.Outcome, rec.Engine.Teams(), rec.Engine.Seats(), &res)
		r.outcome = &o
		r.mu.Unlock()
		if !r.readOnly {
			r.saveOutcome(o)
		}
		return nil
	}
	if r.readOnly {
		r.mu.Unlock()
		return nil
	}
	for _, c := range r.ctls {
		if c.person {
			c.startGrace()
		}
	}
	r.run()
	r.mu.Unlock()
	return nil
}

// observeAll records each person seat's observation; called before the
// table runs, or from its goroutine.
func (r *room[M, O, E]) observeAll() {
	for i, c := range r.ctls {
		if c.person {
			r.tb.Engine().Observe(table.Seat(i), &r.obs[i])
		}
	}
	// Before the first deal there is nothing to observe.
	r.hasObs = r.lines > 1
	r.obsN, r.obsAdv = r.lines-1, r.adv
}

// run runs the table in a goroutine of its own (r.mu held: it is running
// as soon as the grace periods of its people are decided, so a person's
// last connection closing just after still starts one).
func (r *room[M, O, E]) run() {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	r.cancel, r.done, r.running, r.runCtx = cancel, done, true, ctx
	for _, c := range r.ctls {
		if c.p != nil {
			go c.forward(ctx, c.p)
		}
	}
	go func() {
		defer close(done)
		defer cancel()
		res, err := r.tb.Run(ctx)
		r.finish(ctx, res, err)
	}()
}

func (r *room[M, O, E]) finish(ctx context.Context, res table.Result, err error) {
	r.mu.Lock()
	r.running = false
	for _, c := range r.ctls {
		c.stopGrace()
	}
	switch {
	case err == nil && (res.Over || res.Forfeited):
		// The outcome is stored before anyone is told.
		o := outcomeWire(res.Outcome, r.tb.Engine().Teams(), r.tb.Engine().Seats(), &res)
		rs := r.results(res.Outcome)
		r.mu.Unlock()
		r.saveResults(rs)
		r.saveOutcome(o)
		r.mu.Lock()
		r.outcome = &o
		r.broadcast(encode(overMsg{Type: "over", Outcome: o}))
		r.mu.Unlock()
		r.srv.forget(r.id, r)
		return
	case ctx.Err() != nil:
		// A shutdown: the log says abandoned, the store still playing.
		r.mu.Unlock()
		return
	}
	r.failed = err.Error()
	r.broadcast(encode(errorMsg{Type: "error", Error: "the table stopped: " + err.Error()}))
	r.mu.Unlock()
	r.log.Error("table stopped", "err", err)
	if !errors.Is(err, table.ErrLogWrite) {
		sctx, cancel := context.WithTimeout(context.Background(), r.srv.cfg.StoreTimeout)
		defer cancel()
		if err := r.srv.cfg.Store.SetStatus(sctx, r.id, store.Abandoned, nil); err != nil {
			r.log.Error("saving a table's status", "err", err)
		}
		r.mu.Lock()
		r.st.Status = store.Abandoned
		r.mu.Unlock()
	}
	r.srv.forget(r.id, r)
}

func (r *room[M, O, E]) saveOutcome(o OutcomeWire) {
	b, _ := json.Marshal(o)
	ctx, cancel := context.WithTimeout(context.Background(), r.srv.cfg.StoreTimeout)
	defer cancel()
	if err := r.srv.cfg.Store.SetStatus(ctx, r.id, store.Over, b); err != nil {
		r.log.Error("saving a table's outcome", "err", err)
	}
	r.mu.Lock()
	r.st.Status, r.st.Outcome = store.Over, b
	r.mu.Unlock()
}

func (r *room[M, O, E]) stop() {
	r.mu.Lock()
	cancel, done := r.cancel, r.done
	for _, c := range r.ctls {
		c.stopGrace()
	}
	r.mu.Unlock()
	if cancel != nil {
		cancel()
	}
	<-done
}

// storeLog is a table's log writer: each line is appended to the store,
// committed, before the table counts it.
type storeLog struct {
	st      store.Store
	id      string
	n       int
	timeout time.Duration
	written func(typ string)
}

// Write appends one line (the table writes a line at a time).
func (w *storeLog) Write(p []byte) (int, error) {
	line := bytes.TrimSuffix(p, []byte{'\n'})
	ctx, cancel := context.WithTimeout(context.Background(), w.timeout)
	defer cancel()
	if err := w.st.AppendLine(ctx, w.id, w.n, line); err != nil {
		return 0, err
	}
	w.n++
	w.written(lineType(line))
	return len(p), nil
}

// lineType reads the type of a table log line, which the table writes
// first: {"type":"move",…}.
func lineType(line []byte) string {
	const pre = `{"type":"`
	if !bytes.HasPrefix(line, []byte(pre)) {
		return ""
	}
	rest := line[len(pre):]
	if i := bytes.IndexByte(rest, '"'); i >= 0 {
		return string(rest[:i])
	}
	return ""
}

// written notes the type of the line just written (the table's goroutine).
func (r *room[M, O, E]) written(typ string) {
	r.lastType = typ
	r.viewsDue = typ == "move" || typ == "deal"
	if typ == "move" {
		r.moves.Inc()
	}
}

func (r *room[M, O, E]) newLog(n int) *storeLog {
	return &storeLog{st: r.srv.cfg.Store, id: r.id, n: n, timeout: r.srv.cfg.StoreTimeout, written: r.written}
}

// The spectators' listener is the room itself under another type, so that
// the round's bookkeeping happens once, after every seat's view.
type spectators[M, O, E any] room[M, O, E]

// Event is the spectators' view of a round: the last call of the round.
func (s *spectators[M, O, E]) Event(_ table.Seat, e E) { (*room[M, O, E])(s).roundDone(e) }

// Notice is a takeover, a forfeit or an abandonment, told everyone.
func (s *spectators[M, O, E]) Notice(n table.Notice) { (*room[M, O, E])(s).notice(n) }

func (r *room[M, O, E]) afterLine(n int) {
	r.mu.Lock()
	if r.lastType == "advanced" {
		// Written before the views of the advance it ends with: they are
		// numbered as the log numbers them, (n, its count).
		r.kept = r.adv + 1
	}
	r.lines, r.adv = n+1, 0
	r.mu.Unlock()
}

// roundDone hands every seat's view of one round (a line or an advance)
// to the seat's connections, and keeps it for the hand's history.
func (r *room[M, O, E]) roundDone(spect E) {
	hands := r.tb.Engine().Outcome().Hands // the table's goroutine: the engine is still
	r.mu.Lock()
	r.hands = hands
	var n, adv int
	if r.viewsDue {
		n, r.viewsDue = r.lines-1, false
	} else if r.kept > 0 {
		n, adv, r.kept = r.lines-1, r.kept, 0
	} else {
		r.adv++
		n, adv = r.lines, r.adv
	}
	if adv == 0 && r.lastType == "deal" {
		for i := range r.hist {
			r.hist[i] = r.hist[i][:0:0]
		}
		for _, c := range r.ctls {
			if c.p != nil {
				c.p.Drop() // the bids were for the last hand
			}
		}
	}
	pace := false
	for i, c := range r.ctls {
		if !c.person {
			continue
		}
		e := r.round[i]
		r.tb.Engine().Observe(table.Seat(i), &r.obs[i])
		r.hist[i] = append(r.hist[i], histEntry[E]{n, adv, e})
		// The deal waits for its people: a seat whose person is here, or
		// has not come yet (the creator's page is still loading), may
		// bid as the cards arrive.
		if c.conns == 0 && c.grace != nil && !c.gone && !c.standingIn() {
			pace = true
		}
		if !c.moved.IsZero() {
			// The round of the person's move: its event goes out now.
			r.srv.metrics.moveEvent.Observe(time.Since(c.moved).Seconds())
			c.moved = time.Time{}
		}
		if len(r.conns[i]) > 0 {
			pace = true
			r.sendSeat(i, encode(eventMsg{Type: "event", N: n, Adv: adv, Event: r.g.Wire.WireEvent(e), Obs: r.g.Wire.WireObs(r.obs[i])}))
		}
	}
	r.obsN, r.obsAdv, r.hasObs = n, adv, true
	r.hist[spectator] = append(r.hist[spectator], histEntry[E]{n, adv, spect})
	if len(r.conns[spectator]) > 0 {
		r.sendSeat(spectator, encode(eventMsg{Type: "event", N: n, Adv: adv, Event: r.g.Wire.WireEvent(spect)}))
	}
	r.round = [table.MaxSeats]E{}
	r.mu.Unlock()
	r.paced = pace && adv > 0 && r.srv.cfg.DealPace > 0
	if r.paced {
		t := time.NewTimer(r.srv.cfg.DealPace)
		select {
		case <-t.C:
		case <-r.runCtx.Done():
		}
		t.Stop()
	}
}

// notice tells everyone of a takeover (or a person's return), a forfeit or
// an abandonment, then the seats as they are now.
func (r *room[M, O, E]) notice(n table.Notice) {
	r.mu.Lock()
	defer r.mu.Unlock()
	kind := n.Kind.String()
	text := n.String()
	seat := int(n.Seat)
	switch n.Kind {
	case table.Takeover:
		c := r.ctls[n.Seat]
		if c.person && !c.standingIn() {
			kind = "return"
			text = fmt.Sprintf("%s is back and plays seat %d again", n.To, seat)
		} else {
			text = fmt.Sprintf("%s plays seat %d for %s: %s", n.To, seat, n.From, n.Reason)
		}
	case table.Abandon:
		seat = -1
		text = "the table stopped: " + n.Reason
	case table.Undone:
		r.undoneLocked(n)
		return
	case table.TeamsChange:
		r.teams = n.Teams
		msg := noticeMsg{Type: "notice", Kind: kind, Seat: -1, Teams: teamList(n.Teams, len(r.ctls)),
			Text: "Teams now: " + teamsText(n.Teams, len(r.ctls)) + "."}
		r.broadcast(encode(msg))
		return
	}
	r.broadcast(encode(noticeMsg{Type: "notice", Kind: kind, Seat: seat, Text: text}))
	r.broadcast(encode(seatsMsg{Type: "seats", Seats: r.seatsLocked()}))
}

// sendSeat sends a message to every connection of seat i (or of the
// spectators).
func (r *room[M, O, E]) sendSeat(i int, b []byte) {
	for c := range r.conns[i] {
		c.enqueue(b)
	}
}

// broadcast sends a message to every connection at the table.
func (r *room[M, O, E]) broadcast(b []byte) {
	for i := range r.conns {
		r.sendSeat(i, b)
	}
}

func (r *room[M, O, E]) summary() Summary {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.summaryLocked()
}

func (r *room[M, O, E]) summaryLocked() Summary {
	rules := r.st.Options
	if len(rules) == 0 {
		rules = json.RawMessage("{}")
	}
	return Summary{ID: r.id, Game: r.g.Name, Rules: rules, Status: r.st.Status.String(),
		Seats: r.seatsLocked(), Outcome: r.outcome, Teams: teamList(r.teams, len(r.ctls)), Created: r.st.Created, Undo: r.undo,
		Host: hostSeat(r.st), Preset: r.st.Preset, Lobby: r.st.Lobby}
}

func (r *room[M, O, E]) seatsLocked() []SeatSummary {
	out := storedSeats(r.st)
	for i, c := range r.ctls {
		ss := &out[i]
		if !c.person {
			ss.Level, ss.Computer, ss.Status = c.level.Name, true, "computer"
			continue
		}
		ss.Connected = len(r.conns[i]) > 0
		switch {
		case ss.Open:
		case c.standingIn():
			ss.Level, ss.Computer, ss.Status = c.level.Name, true, "replaced"
		case ss.Connected:
			ss.Status = "here"
		default:
			ss.Status = "away"
		}
	}
	return out
}

func (r *room[M, O, E]) seatOf(token string) (int, bool) {
	h := sha256.Sum256([]byte(token))
	r.mu.Lock()
	defer r.mu.Unlock()
	found := -1
	for i, s := range r.st.Seats {
		if s.Kind == kindPerson && len(s.TokenHash) == len(h) && subtle.ConstantTimeCompare(s.TokenHash, h[:]) == 1 {
			found = i
		}
	}
	return found, found >= 0
}

// Errors of joining a seat.
var (
	ErrSeatTaken = errors.New("the seat belongs to another player")
	ErrNoSeat    = errors.New("no such seat")
)

func (r *room[M, O, E]) bind(ctx context.Context, i int, player, name string) error {
	r.mu.Lock()
	if i < 0 || i >= len(r.st.Seats) || r.st.Seats[i].Kind != kindPerson {
		r.mu.Unlock()
		return fmt.Errorf("server: table %s seat %d: %w", r.id, i, ErrNoSeat)
	}
	s := r.st.Seats[i]
	if s.Player == player {
		r.mu.Unlock()
		return nil
	}
	if s.Player != "" {
		r.mu.Unlock()
		return fmt.Errorf("server: table %s seat %d: %w", r.id, i, ErrSeatTaken)
	}
	if r.st.Status != store.Waiting {
		r.mu.Unlock()
		return fmt.Errorf("server: table %s seat %d: the game began without the seat's person: %w", r.id, i, ErrSeatTaken)
	}
	r.touched = time.Now()
	s.Player, s.Name = player, cleanName(name, s.Name)
	if err := r.srv.cfg.Store.SetSeat(ctx, r.id, i, s); err != nil {
		r.mu.Unlock()
		return fmt.Errorf("server: table %s seat %d: %w", r.id, i, err)
	}
	r.st.Seats[i] = s
	r.ctls[i].name = s.Name
	open := false
	for _, s := range r.st.Seats {
		open = open || s.Kind == kindPerson && s.Player == ""
	}
	r.broadcast(encode(seatsMsg{Type: "seats", Seats: r.seatsLocked()}))
	r.mu.Unlock()
	if !open {
		return r.start()
	}
	return nil
}

func (r *room[M, O, E]) account() *acct { return &r.acct }

func (r *room[M, O, E]) idle(now time.Time, d time.Duration) bool {
	if r.anyoneHere() {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return now.Sub(r.touched) >= d
}

func (r *room[M, O, E]) ended() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return !r.running && (r.outcome != nil || r.failed != "" || r.st.Status == store.Over || r.st.Status == store.Abandoned)
}

func (r *room[M, O, E]) abandoned(why string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.st.Status = store.Abandoned
	if r.failed == "" {
		r.failed = "abandoned: " + why
	}
	r.broadcast(encode(errorMsg{Type: "error", Error: "the table stopped: " + r.failed}))
}

// touch notes that a client touched the table (r.mu held).
func (r *room[M, O, E]) touch() { r.touched = time.Now() }

// watched waits before a computer's move. A table with no person seated
// is for watching: it waits until someone watches it (unless
// Config.RunUnwatched), then for Config.ComputerPace, at a pace one can
// follow, and costs nothing while nobody watches. A person's table where
// nobody is connected (its people away, the computer playing for them)
// goes on, at the same pace. Other tables go on at once.
func (r *room[M, O, E]) watched(ctx context.Context, optional bool) error {
	cfg := &r.srv.cfg
	if r.acct.computer {
		for !cfg.RunUnwatched {
			r.mu.Lock()
			n, wake := len(r.conns[spectator]), r.wake
			r.mu.Unlock()
			if n > 0 {
				break
			}
			select {
			case <-wake:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
	} else if r.anyoneHere() {
		return nil
	}
	if optional || cfg.ComputerPace <= 0 {
		return nil
	}
	t := time.NewTimer(cfg.ComputerPace)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// anyoneHere reports whether a connection is open at the table.
func (r *room[M, O, E]) anyoneHere() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := range r.conns {
		if len(r.conns[i]) > 0 {
			return true
		}
	}
	return false
}

// endedRoom makes a room from the store for the connections of a table
// that ended: a finished log is replayed to its end (the last hand's
// views, the observations, the outcome), without running or writing.
func (s *Server) endedRoom(ctx context.Context, t store.Table) (roomer, error) {
	r, err := s.newRoom(t)
	if err != nil {
		return nil, err
	}
	r.setReadOnly()
	if t.Status != store.Over {
		return r, nil
	}
	sctx, cancel := context.WithTimeout(ctx, s.cfg.StoreTimeout)
	lines, err := s.cfg.Store.Lines(sctx, t.ID, 0)
	cancel()
	if err != nil {
		return nil, fmt.Errorf("the table %s could not be read", t.ID)
	}
	if len(lines) > 0 {
		if err := r.resume(ctx, lines); err != nil {
			return nil, err
		}
	}
	return r, nil
}

func (r *room[M, O, E]) setReadOnly() { r.readOnly = true }

// awaitOnward holds a computer's decision while a person is shown the
// result of the hand before over the table: while a seat's person, on a
// connection whose hello said it shows results, has not moved on from it
// (an onward message, a move, or a new connection), for at most the
// person's time for a decision (Config.MoveTimeout).
func (r *room[M, O, E]) awaitOnward(ctx context.Context) error {
	var deadline <-chan time.Time
	for {
		r.mu.Lock()
		shown, wake := r.resultShownLocked(), r.wake
		r.mu.Unlock()
		if !shown {
			return nil
		}
		if deadline == nil {
			t := time.NewTimer(r.srv.cfg.MoveTimeout)
			defer t.Stop()
			deadline = t.C
		}
		select {
		case <-wake:
		case <-deadline:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// resultShownLocked reports whether a person seat shows the last hand's
// result and has not moved on from it (r.mu held).
func (r *room[M, O, E]) resultShownLocked() bool {
	for i, c := range r.ctls {
		if !c.person || r.acked[i] >= r.hands-1 {
			continue
		}
		for cn := range r.conns[i] {
			if cn.results {
				return true
			}
		}
	}
	return false
}

// movedOn records that seat i's person moved on from the results of the
// hands up to hand, and wakes the computers waiting (r.mu held).
func (r *room[M, O, E]) movedOn(i, hand int) {
	if i < 0 || i >= len(r.acked) || hand <= r.acked[i] {
		return
	}
	r.acked[i] = hand
	close(r.wake)
	r.wake = make(chan struct{})
}
