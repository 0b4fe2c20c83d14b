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
	// Cluster makes this process one of several sharing Store, a
	// PostgreSQL database: a *cluster.Node, started by New (nil: this
	// process runs every table of the store).
	Cluster Cluster
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

	// The limits on tables (see limits.go). A table is live while it
	// waits or is being played; a cap below 0 is no cap.

	// CreateRate is how many tables one client address may create a
	// minute, a token bucket as large (30; below 0: no limit).
	CreateRate float64
	// MaxTablesPerPlayer bounds the live tables a player created with a
	// seat of their own (10).
	MaxTablesPerPlayer int
	// MaxTablesPerAddr bounds the live tables created from one client
	// address (30).
	MaxTablesPerAddr int
	// MaxTables bounds the live tables of this process (1000).
	MaxTables int
	// MaxComputerTables bounds the live tables with no person seated
	// (50).
	MaxComputerTables int
	// ComputerPace is the pause before each computer's move at a table
	// with no person seated, which is for watching, or with nobody
	// connected (1 s; below 0: none).
	ComputerPace time.Duration
	// RunUnwatched runs a table with no person seated while nobody
	// watches it; by default it waits for a spectator.
	RunUnwatched bool
	// IdleTimeout abandons a table nobody touched (no connection open,
	// no message, join or hello) for so long (30 minutes).
	IdleTimeout time.Duration
	// ProxyHeader names the request header in which a trusted reverse
	// proxy gives the client's address ("": none, the connection's
	// address is the client's).
	ProxyHeader string
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

// WithoutTableLimits returns cfg with no limit on creating tables: no
// creation rate and no cap on live tables (per player, per address, in
// all, or with no person seated). It is for a server that measures, such
// as felt loadtest's own, whose clients all come from one address; a
// server open to the public keeps its limits.
func (cfg Config) WithoutTableLimits() Config {
	cfg.CreateRate = -1
	cfg.MaxTablesPerPlayer, cfg.MaxTablesPerAddr, cfg.MaxTables, cfg.MaxComputerTables = -1, -1, -1, -1
	return cfg
}

// Owner decides which process runs a table: with one process, all of
// them (localOwner); with several sharing a database, the one holding the
// table's lease (Cluster).
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

	// owner says which tables this process runs: cfg.Cluster, or all.
	owner Owner
	// cluster relays connections and joins to the tables other
	// processes run (nil: tables run here only); see cluster.go.
	cluster Cluster

	lim   limits
	recov recovery

	mu     sync.Mutex
	rooms  map[string]roomer
	conns  map[*conn]struct{}
	closed bool
}

// New returns a server with cfg, one of the cluster's processes if it has
// one (it joins it at once: Config.Cluster is started); Start, called
// before its handler serves, recovers its tables.
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
	if cfg.CreateRate == 0 {
		cfg.CreateRate = DefaultCreateRate
	}
	defCap := func(n *int, v int) {
		if *n == 0 {
			*n = v
		}
	}
	defCap(&cfg.MaxTablesPerPlayer, DefaultMaxTablesPerPlayer)
	defCap(&cfg.MaxTablesPerAddr, DefaultMaxTablesPerAddr)
	defCap(&cfg.MaxTables, DefaultMaxTables)
	defCap(&cfg.MaxComputerTables, DefaultMaxComputerTables)
	if cfg.ComputerPace == 0 {
		cfg.ComputerPace = DefaultComputerPace
	}
	def(&cfg.IdleTimeout, DefaultIdleTimeout)
	log := cfg.Log
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	s := &Server{cfg: cfg, log: log, rooms: map[string]roomer{}, conns: map[*conn]struct{}{},
		addrs: addrs{n: map[string]int{}, max: cfg.MaxConnsPerAddr},
		lim:   limits{buckets: map[string]*bucket{}, inflight: map[*acct]struct{}{}}, recov: newRecovery()}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.base = cfg.Store
	s.metrics = newMetrics(s)
	s.cfg.Store = timedStore{Store: cfg.Store, m: s.metrics}
	s.owner = localOwner{}
	if cfg.Cluster != nil {
		s.owner, s.cluster = cfg.Cluster, cfg.Cluster
		s.cfg.Store = cfg.Cluster.Fence(s.cfg.Store)
	}
	s.routes()
	if s.cluster != nil {
		if err := s.cluster.Start(s.ctx, host{s}); err != nil {
			s.cancel()
			return nil, fmt.Errorf("server: joining the cluster: %w", err)
		}
	}
	return s, nil
}

// recoverRoom starts a stored table again: a waiting table waits, a
// table being played resumes from its log (or starts, if its header was
// never written).
func (s *Server) recoverRoom(ctx context.Context, r recoverable, t store.Table) error {
	if t.Status == store.Waiting {
		return nil
	}
	lines, err := s.cfg.Store.Lines(ctx, t.ID, 0)
	if err != nil {
		return err
	}
	if len(lines) == 0 {
		return r.start()
	}
	return r.resume(ctx, lines)
}

// newRoom makes the room of a stored table.
func (s *Server) newRoom(t store.Table) (roomer, error) {
	g, err := gameOf(t.Game)
	if err != nil {
		return nil, fmt.Errorf("server: table %s: %w", t.ID, err)
	}
	return newRoom(s, g, t), nil
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
	ids := make([]string, 0, len(s.rooms))
	rooms := make([]roomer, 0, len(s.rooms))
	for id, r := range s.rooms {
		ids, rooms = append(ids, id), append(rooms, r)
	}
	s.mu.Unlock()
	s.cancel()
	var wg sync.WaitGroup
	for _, r := range rooms {
		wg.Go(r.stop)
	}
	wg.Wait()
	for _, id := range ids {
		s.owner.Release(context.Background(), id)
	}
	return nil
}

// hello attaches a new connection to its table as a seat (with the seat's
// token) or a spectator.
func (s *Server) hello(ctx context.Context, c *conn, m clientMsg) error {
	r, ok := s.lookup(ctx, m.Table)
	if !ok {
		if s.cluster != nil {
			return s.remoteHello(ctx, c, m)
		}
		t, err := s.storedTable(ctx, m.Table)
		if err != nil {
			if errors.Is(err, store.ErrNotFound) {
				return fmt.Errorf("no table %s", m.Table)
			}
			return fmt.Errorf("the table %s could not be read", m.Table)
		}
		return s.helloEnded(ctx, c, m, t)
	}
	return s.helloRoom(ctx, c, m, r)
}

// helloEnded attaches a connection to a table that is no longer run (over
// or abandoned): to a room made from the store for the connection alone,
// which runs nothing and shows the table as it ended.
func (s *Server) helloEnded(ctx context.Context, c *conn, m clientMsg, t store.Table) error {
	if t.Status != store.Over && t.Status != store.Abandoned {
		return fmt.Errorf("the table %s is not being played here", m.Table)
	}
	r, err := s.endedRoom(ctx, t)
	if err != nil {
		return err
	}
	return s.helloRoom(ctx, c, m, r)
}

// helloRoom attaches a connection to a room as a seat or a spectator.
func (s *Server) helloRoom(ctx context.Context, c *conn, m clientMsg, r roomer) error {
	c.seat, c.player, c.results = -1, m.Player, m.Results
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
	if err := r.loadChat(ctx); err != nil {
		return err
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
