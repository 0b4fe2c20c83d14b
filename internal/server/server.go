package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"felt/internal/store"
)

// Config is a server's settings; zero fields take the defaults.
type Config struct {
	// Store holds the tables and their logs (required).
	Store store.Store
	// Static holds the page's files at its root: index.html, table.html,
	// games.html, replay.html and what they load (nil: no pages).
	Static fs.FS
	// Log receives the server's log (nil: discarded).
	Log *slog.Logger
	// Owner says which tables this process runs (nil: all of them).
	Owner Owner
	// MoveTimeout is a person's time for a decision before a level plays
	// the seat (default 2 minutes).
	MoveTimeout time.Duration
	// Away is how long a person's seat waits after its last connection
	// closed before a level plays it (default 30 s).
	Away time.Duration
	// HelloTimeout is how long a new connection has to say hello (10 s).
	HelloTimeout time.Duration
	// WriteTimeout bounds each websocket write (10 s).
	WriteTimeout time.Duration
	// StoreTimeout bounds each store call (10 s).
	StoreTimeout time.Duration
	// DealPace is the pause after each card Shengji deals while a person
	// watches the table, for bids (default 0: none).
	DealPace time.Duration
	// MaxConnsPerAddr bounds the websockets of one remote address (32).
	MaxConnsPerAddr int
	// Rate and Burst are each connection's token bucket: messages a
	// second, and at most at once (20 and 20).
	Rate, Burst float64
}

// Defaults of Config.
const (
	DefaultMoveTimeout     = 2 * time.Minute
	DefaultAway            = 30 * time.Second
	DefaultHelloTimeout    = 10 * time.Second
	DefaultWriteTimeout    = 10 * time.Second
	DefaultStoreTimeout    = 10 * time.Second
	DefaultMaxConnsPerAddr = 32
	DefaultRate            = 20
)

// Owner decides which process runs a table: with one process, all of
// them; with several sharing a database, the one holding the table's
// lease.
type Owner interface {
	// Claim reports whether this process may run table id.
	Claim(ctx context.Context, id string) (bool, error)
	// Release gives table id up.
	Release(ctx context.Context, id string)
}

// localOwner runs every table.
type localOwner struct{}

func (localOwner) Claim(context.Context, string) (bool, error) { return true, nil }
func (localOwner) Release(context.Context, string)             {}

// Server is Felt's game server: tables in rooms, run by this process,
// their logs in the store, played over websockets.
type Server struct {
	cfg    Config
	log    *slog.Logger
	ctx    context.Context
	cancel context.CancelFunc
	addrs  addrs
	mux    *http.ServeMux
	// base is the store as given, cfg.Store the same timed for metrics.
	base    store.Store
	metrics *metrics
	// recovered is set once Start has recovered the stored tables
	// (GET /readyz).
	recovered atomic.Bool

	// remote attaches a connection to a table another process runs
	// (nil: tables run here only); see cluster.go.
	remote func(ctx context.Context, c *conn, m clientMsg) error
	// remoteJoin joins a seat of a table another process runs: an HTTP
	// status and, unless OK, the error to say (nil: tables here only).
	remoteJoin func(ctx context.Context, id string, req joinReq) (int, string)

	mu     sync.Mutex
	rooms  map[string]roomer
	conns  map[*conn]struct{}
	closed bool
}

// New returns a server with cfg; Start recovers its tables.
func New(cfg Config) (*Server, error) {
	if cfg.Store == nil {
		return nil, errors.New("server: no store")
	}
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&cfg.MoveTimeout, DefaultMoveTimeout)
	def(&cfg.Away, DefaultAway)
	def(&cfg.HelloTimeout, DefaultHelloTimeout)
	def(&cfg.WriteTimeout, DefaultWriteTimeout)
	def(&cfg.StoreTimeout, DefaultStoreTimeout)
	if cfg.MaxConnsPerAddr <= 0 {
		cfg.MaxConnsPerAddr = DefaultMaxConnsPerAddr
	}
	if cfg.Rate <= 0 {
		cfg.Rate = DefaultRate
	}
	if cfg.Burst < 1 {
		cfg.Burst = cfg.Rate
	}
	if cfg.Owner == nil {
		cfg.Owner = localOwner{}
	}
	log := cfg.Log
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	s := &Server{cfg: cfg, log: log, rooms: map[string]roomer{}, conns: map[*conn]struct{}{},
		addrs: addrs{n: map[string]int{}, max: cfg.MaxConnsPerAddr}}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.base = cfg.Store
	s.metrics = newMetrics(s)
	s.cfg.Store = timedStore{Store: cfg.Store, m: s.metrics}
	s.routes()
	return s, nil
}

// Start recovers every table the store says is waiting or being played
// and runs those this process owns: each from its stored log, its people
// away until they connect.
func (s *Server) Start(ctx context.Context) error {
	ts, err := s.cfg.Store.Active(ctx)
	if err != nil {
		return fmt.Errorf("server: listing the tables: %w", err)
	}
	// Ready once every stored table was tried (a table that failed to
	// recover is logged and counted, and stays in the store).
	defer s.recovered.Store(true)
	var errs []error
	for _, t := range ts {
		ok, err := s.cfg.Owner.Claim(ctx, t.ID)
		if err != nil || !ok {
			if err != nil {
				errs = append(errs, err)
			}
			continue
		}
		r, err := s.newRoom(t)
		if err != nil {
			s.metrics.recoveries.WithLabelValues("failed").Inc()
			errs = append(errs, err)
			continue
		}
		if err := s.recoverRoom(ctx, r, t); err != nil {
			s.log.Error("recovering a table", "table", t.ID, "err", err)
			s.metrics.recoveries.WithLabelValues("failed").Inc()
			errs = append(errs, err)
			continue
		}
		s.mu.Lock()
		s.rooms[t.ID] = r
		s.mu.Unlock()
		s.metrics.recoveries.WithLabelValues("ok").Inc()
		s.log.Info("table recovered", "table", t.ID, "game", t.Game, "status", t.Status)
	}
	return errors.Join(errs...)
}

// recoverRoom starts a stored table again: a waiting table waits, a
// table being played resumes from its log (or starts, if its header was
// never written).
func (s *Server) recoverRoom(ctx context.Context, r roomer, t store.Table) error {
	if t.Status == store.Waiting {
		return nil
	}
	lines, err := s.cfg.Store.Lines(ctx, t.ID, 0)
	if err != nil {
		return err
	}
	type starter interface {
		start() error
		resume(context.Context, [][]byte) error
	}
	st := r.(starter)
	if len(lines) == 0 {
		return st.start()
	}
	return st.resume(ctx, lines)
}

// newRoom makes the room of a stored table.
func (s *Server) newRoom(t store.Table) (roomer, error) {
	switch t.Game {
	case ginGame.name:
		return newRoom(s, ginGame, t), nil
	case shengjiGame.name:
		return newRoom(s, shengjiGame, t), nil
	}
	return nil, fmt.Errorf("server: table %s: unknown game %q", t.ID, t.Game)
}

func (s *Server) room(id string) (roomer, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.rooms[id]
	return r, ok
}

// track adds (or removes) a connection, refusing new ones once closed.
func (s *Server) track(c *conn, add bool) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !add {
		delete(s.conns, c)
		return true
	}
	if s.closed {
		return false
	}
	s.conns[c] = struct{}{}
	return true
}

// Close stops every table (each is abandoned in its log, still playing in
// the store, and recovered at the next start) and closes every websocket.
func (s *Server) Close() error {
	s.mu.Lock()
	s.closed = true
	rooms := make([]roomer, 0, len(s.rooms))
	for _, r := range s.rooms {
		rooms = append(rooms, r)
	}
	s.mu.Unlock()
	s.cancel()
	var wg sync.WaitGroup
	for _, r := range rooms {
		wg.Go(r.stop)
	}
	wg.Wait()
	for _, r := range rooms {
		if rr, ok := r.(interface{ tableID() string }); ok {
			s.cfg.Owner.Release(context.Background(), rr.tableID())
		}
	}
	return nil
}

// hello attaches a new connection to its table as a seat (with the seat's
// token) or a spectator.
func (s *Server) hello(ctx context.Context, c *conn, m clientMsg) error {
	r, ok := s.room(m.Table)
	if !ok {
		if s.remote != nil {
			return s.remote(ctx, c, m)
		}
		return fmt.Errorf("no table %s", m.Table)
	}
	c.seat, c.player = -1, m.Player
	if m.Token != "" {
		i, ok := r.seatOf(m.Token)
		if !ok {
			return errors.New("the token opens no seat of this table")
		}
		if m.Player == "" {
			return errors.New("a seat's hello needs your player id")
		}
		sctx, cancel := context.WithTimeout(ctx, s.cfg.StoreTimeout)
		err := r.bind(sctx, i, m.Player, "")
		cancel()
		if err != nil {
			if errors.Is(err, ErrSeatTaken) {
				return errors.New("this seat's token was used by another player")
			}
			return err
		}
		c.seat = i
	}
	c.room = r
	return r.attach(c)
}

// newID returns a random table id: 16 letters and digits.
func newID() string {
	var b [10]byte
	rand.Read(b[:])
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:]))
}

// newToken returns a random seat token and its SHA-256, the only form
// the store keeps.
func newToken() (string, []byte) {
	var b [32]byte
	rand.Read(b[:])
	tok := base64.RawURLEncoding.EncodeToString(b[:])
	h := sha256.Sum256([]byte(tok))
	return tok, h[:]
}

// newSeed returns a table's seed.
func newSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// rulesOf returns the game's options for a preset ("" is standard).
func rulesOf(g, preset string) ([]byte, error) {
	if preset == "" {
		preset = "standard"
	}
	switch g {
	case "gin":
		return ginGame.rules(preset)
	case "shengji":
		return shengjiGame.rules(preset)
	}
	return nil, fmt.Errorf("no game %q: gin or shengji", g)
}
