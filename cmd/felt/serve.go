package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os/signal"
	"syscall"
	"time"

	"felt/internal/cluster"
	"felt/internal/server"
	"felt/internal/store"
	"felt/web"

	"github.com/spf13/cobra"
)

// serveDB is the store felt serve opens when --db is not given: a SQLite
// file in the working directory.
const serveDB = "felt.db"

func (e *env) serveCmd() *cobra.Command {
	var addr, db, node, metricsAddr, logFormat string
	var moveTimeout, away, pace, lease time.Duration
	var rate float64
	var lim server.Config
	c := &cobra.Command{
		Use:   "serve",
		Short: "Serve the card table in a browser: play the computer or friends at Gin Rummy or Shengji",
		Long: `Serve the card table in a browser: play the computer or friends at Gin
Rummy or Shengji. Open the address it prints, create a game, and send each
open seat's invite link to a friend.

Tables and their logs are kept in --db: a SQLite file (default felt.db in
the working directory) or a PostgreSQL database (postgres://…). Every move
is stored before anyone is told of it; tables being played when the server
stopped (or was killed) go on where they were at the next start.

With PostgreSQL, several felt serve processes may share the database and
serve one site (behind one address): each table is run by the process
holding its lease (--lease), a client connected to another process plays
it through the database, and the tables of a process that died are taken
over by another once their leases expire. --node names the process (by
default the host and --addr: a process restarted at the same address takes
its tables back at once).

One client address may create --create-rate tables a minute and have
--max-tables-per-addr waiting or being played, a player --max-tables-per-player;
the server runs at most --max-tables, of which --max-computer-tables with no
person seated (those are for watching: paced by --computer-pace, and paused
while nobody watches; a person's table with nobody connected is paced too).
A table nobody touched for --idle-timeout is
abandoned. A refused creation is answered 429 with Retry-After.

A person who is too slow (--move-timeout) or gone (--away after their last
connection closed) is replaced by a computer player until they come back.
Logs go to stderr (--log-format text or json), every line about a table
with its id (table=…), never a password. GET /healthz says the process
is alive, GET /readyz that its store answers and its tables are
recovered. --metrics-addr serves Prometheus metrics at /metrics on an
address of its own (the public --addr never does). SIGINT or SIGTERM
stops the server gracefully.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), syscall.SIGTERM)
			defer stop()
			cfg := lim
			cfg.MoveTimeout, cfg.Away, cfg.DealPace, cfg.Rate = moveTimeout, away, pace, rate
			if cfg.ComputerPace == 0 {
				cfg.ComputerPace = -1 // none, not the default
			}
			return e.serve(ctx, serveOpts{addr: addr, db: db, metricsAddr: metricsAddr, logFormat: logFormat},
				cfg, clusterOpts{node, lease})
		},
	}
	f := c.Flags()
	f.StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on (host:port; port 0 picks a free one)")
	f.StringVar(&db, "db", serveDB, "the store: a SQLite file, or a postgres:// URL")
	f.DurationVar(&moveTimeout, "move-timeout", server.DefaultMoveTimeout, "a person's time for a move before the computer plays their seat")
	f.DurationVar(&away, "away", server.DefaultAway, "how long a seat waits for its person after their last connection closed")
	f.DurationVar(&pace, "deal-pace", 150*time.Millisecond, "pause after each card Shengji deals while a person watches, for bids")
	f.Float64Var(&rate, "rate", server.DefaultRate, "messages a second each connection may send (a token bucket as large); more close it")
	limitFlags(c, &lim)
	f.StringVar(&node, "node", "", "with PostgreSQL: this process's name among those sharing the database (default host and --addr)")
	f.DurationVar(&lease, "lease", cluster.DefaultLease, "with PostgreSQL: how long a table stays with a process that stopped renewing its lease")
	f.StringVar(&metricsAddr, "metrics-addr", "", "address to serve Prometheus metrics on, at /metrics (host:port; off when not given; never the public --addr)")
	f.StringVar(&logFormat, "log-format", "text", "the log's format on stderr: text or json")
	return c
}

// serveOpts are felt serve's addresses and log settings.
type serveOpts struct {
	addr, db    string
	metricsAddr string // "" for no metrics
	logFormat   string // text or json
}

// newLogger returns the server's logger on w in format (text or json).
func newLogger(w io.Writer, format string) (*slog.Logger, error) {
	switch format {
	case "", "text":
		return slog.New(slog.NewTextHandler(w, nil)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, nil)), nil
	}
	return nil, fmt.Errorf("serve: --log-format %q: text or json", format)
}

// serve runs the server until ctx ends.
func (e *env) serve(ctx context.Context, o serveOpts, cfg server.Config, co clusterOpts) error {
	log, err := newLogger(e.stderr, o.logFormat)
	if err != nil {
		return err
	}
	addr, db := o.addr, o.db
	st, err := store.Open(ctx, db)
	if err != nil {
		return fmt.Errorf("serve: opening the store %s: %w", store.Redact(db), err)
	}
	defer st.Close()
	static, err := fs.Sub(web.Static, "static")
	if err != nil {
		return err
	}
	cfg.Store, cfg.Static, cfg.Log = st, static, log
	if cfg.Cluster, err = co.cluster(st, addr, db, log); err != nil {
		return err
	}
	srv, err := server.New(cfg)
	if err != nil {
		return err
	}
	var mln net.Listener
	if o.metricsAddr != "" {
		if mln, err = net.Listen("tcp", o.metricsAddr); err != nil {
			srv.Close()
			return fmt.Errorf("serve: metrics: %w", err)
		}
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		srv.Close()
		if mln != nil {
			mln.Close()
		}
		return fmt.Errorf("serve: %w", err)
	}
	errLog := slog.NewLogLogger(log.Handler(), slog.LevelWarn)
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second, ErrorLog: errLog}
	errc := make(chan error, 2)
	var ms *http.Server
	if mln != nil {
		ms = &http.Server{Handler: srv.MetricsHandler(), ReadHeaderTimeout: 10 * time.Second, ErrorLog: errLog}
		log.Info("metrics listening", "url", "http://"+mln.Addr().String()+"/metrics")
		go func() { errc <- ms.Serve(mln) }()
	}
	log.Info("listening", "url", "http://"+ln.Addr().String(), "db", store.Redact(db))
	go func() { errc <- hs.Serve(ln) }()
	// The tables are recovered in the background: the server answers at
	// once, and a table someone connects to is recovered first.
	if err := srv.Start(ctx); err != nil {
		log.Error("the tables to recover could not be listed", "err", err)
	}
	go func() {
		select {
		case <-srv.Recovered():
			log.Info("tables recovered")
		case <-ctx.Done():
		}
	}()
	select {
	case err = <-errc:
	case <-ctx.Done():
		log.Info("shutting down")
	}
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	herr := hs.Shutdown(sctx)
	srv.Close()
	if ms != nil {
		ms.Shutdown(sctx)
	}
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	if herr != nil {
		return fmt.Errorf("serve: shutting down: %w", herr)
	}
	log.Info("stopped")
	return nil
}

// limitFlags are felt serve's limits on tables, into cfg.
func limitFlags(c *cobra.Command, cfg *server.Config) {
	f := c.Flags()
	f.Float64Var(&cfg.CreateRate, "create-rate", server.DefaultCreateRate, "tables one client address may create a minute (a token bucket as large; -1: no limit)")
	f.IntVar(&cfg.MaxTablesPerPlayer, "max-tables-per-player", server.DefaultMaxTablesPerPlayer, "tables waiting or being played a player may have created with a seat of theirs (-1: no limit)")
	f.IntVar(&cfg.MaxTablesPerAddr, "max-tables-per-addr", server.DefaultMaxTablesPerAddr, "tables waiting or being played created from one client address (-1: no limit)")
	f.IntVar(&cfg.MaxTables, "max-tables", server.DefaultMaxTables, "tables waiting or being played on this server (-1: no limit)")
	f.IntVar(&cfg.MaxComputerTables, "max-computer-tables", server.DefaultMaxComputerTables, "tables with no person seated on this server (-1: no limit)")
	f.DurationVar(&cfg.ComputerPace, "computer-pace", server.DefaultComputerPace, "pause before each computer's move at a table with no person seated (which waits while nobody watches) or nobody connected (0: none)")
	f.DurationVar(&cfg.IdleTimeout, "idle-timeout", server.DefaultIdleTimeout, "a table nobody touched (no connection, no message) for this long is abandoned")
	f.StringVar(&cfg.ProxyHeader, "trust-proxy-header", "", "a header holding the client's address, set by a trusted reverse proxy (e.g. X-Forwarded-For: its last address); off by default")
}
