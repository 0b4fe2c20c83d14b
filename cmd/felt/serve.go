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
			return e.serve(ctx, serveOpts{addr: addr, db: db, metricsAddr: metricsAddr, logFormat: logFormat},
				server.Config{MoveTimeout: moveTimeout, Away: away, DealPace: pace, Rate: rate}, clusterOpts{node, lease})
		},
	}
	f := c.Flags()
	f.StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on (host:port; port 0 picks a free one)")
	f.StringVar(&db, "db", serveDB, "the store: a SQLite file, or a postgres:// URL")
	f.DurationVar(&moveTimeout, "move-timeout", server.DefaultMoveTimeout, "a person's time for a move before the computer plays their seat")
	f.DurationVar(&away, "away", server.DefaultAway, "how long a seat waits for its person after their last connection closed")
	f.DurationVar(&pace, "deal-pace", 150*time.Millisecond, "pause after each card Shengji deals while a person watches, for bids")
	f.Float64Var(&rate, "rate", server.DefaultRate, "messages a second each connection may send (a token bucket as large); more close it")
	f.StringVar(&node, "node", "", "with PostgreSQL: this process's name among those sharing the database (default host and --addr)")
	f.DurationVar(&lease, "lease", server.DefaultLease, "with PostgreSQL: how long a table stays with a process that stopped renewing its lease")
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
	srv, err := server.New(cfg)
	if err != nil {
		return err
	}
	if err := co.join(srv, st, addr, db); err != nil {
		return err
	}
	var mln net.Listener
	if o.metricsAddr != "" {
		if mln, err = net.Listen("tcp", o.metricsAddr); err != nil {
			srv.Close()
			return fmt.Errorf("serve: metrics: %w", err)
		}
	}
	if err := srv.Start(ctx); err != nil {
		log.Error("some tables were not recovered", "err", err)
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
