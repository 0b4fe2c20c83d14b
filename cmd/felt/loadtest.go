package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime/pprof"
	"time"

	"felt/internal/loadtest"
	"felt/internal/server"
	"felt/internal/store"

	"github.com/spf13/cobra"
)

func (e *env) loadtestCmd() *cobra.Command {
	var urls []string
	var db, cpuprofile string
	cfg := loadtest.Config{}
	c := &cobra.Command{
		Use:   "loadtest",
		Short: "Measure a felt serve: many tables at once over real websockets, on loopback",
		Long: `Measure a felt serve: many tables at once over real websockets, on
loopback. Each table has one person seat, played by the load test with a
quick legal move after a short think, and computer seats. It reports the
tables and moves played, the errors, the time from sending a move to
receiving its event (p50, p95, p99, max), and checks every card named in
every message received against what the seat could see then, replayed
from the table's stored log.

Without --url it starts a server of its own on 127.0.0.1 with the store
--db (default: a new SQLite file in a temporary directory, removed after).
With --url (given once per server, several sharing one database) it plays
against running servers and reads the logs from --db, their store.

The websockets come from loopback addresses 127.0.0.2, 127.0.0.3, … a few
per address, under the server's cap of connections per address.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg.URLs = urls
			cfg.Progress = e.stderr
			if cpuprofile != "" {
				f, err := os.Create(cpuprofile)
				if err != nil {
					return err
				}
				defer f.Close()
				if err := pprof.StartCPUProfile(f); err != nil {
					return err
				}
				defer pprof.StopCPUProfile()
			}
			return e.loadtest(cmd.Context(), db, cfg)
		},
	}
	f := c.Flags()
	f.StringArrayVar(&urls, "url", nil, "a running server's address (http://127.0.0.1:PORT); repeat for several")
	f.StringVar(&db, "db", "", "the store: a SQLite file or a postgres:// URL (with --url: the servers' store)")
	f.IntVar(&cfg.Tables, "tables", 1000, "tables played at once")
	f.DurationVar(&cfg.Duration, "duration", 60*time.Second, "how long to play")
	f.DurationVar(&cfg.Think, "think", time.Second, "mean pause before each move")
	f.StringVar(&cfg.Game, "game", "gin", "a game's name (gin, shengji) or mix (one table in ten of the other games)")
	f.StringVar(&cfg.Level, "level", "", "the computer seats' level (default the game's quickest: simple for Gin, greedy for Shengji)")
	f.Uint64Var(&cfg.Seed, "seed", 1, "seed of the players' choices")
	f.IntVar(&cfg.PerAddr, "per-addr", 16, "websockets per loopback source address (-1: all from 127.0.0.1)")
	f.BoolVar(&cfg.Reconnect, "reconnect", false, "open a dropped connection again, to the next --url (for servers that stop or are killed)")
	f.StringVar(&cpuprofile, "cpuprofile", "", "write a CPU profile of the load test (and its own server) to this file")
	return c
}

// loadtest runs a load test against the servers of cfg, or a server of its
// own, and prints the report; it fails if the run had any error.
func (e *env) loadtest(ctx context.Context, db string, cfg loadtest.Config) error {
	if ctx == nil {
		ctx = context.Background()
	}
	if len(cfg.URLs) > 0 && db == "" {
		return errors.New("loadtest: --url needs --db, the servers' store, to check the cards sent against the logs")
	}
	if db == "" {
		dir, err := os.MkdirTemp("", "felt-loadtest-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		db = filepath.Join(dir, "felt.db")
	}
	st, err := store.Open(ctx, db)
	if err != nil {
		return fmt.Errorf("loadtest: opening the store %s: %w", store.Redact(db), err)
	}
	defer st.Close()
	cfg.Lines = func(ctx context.Context, id string) ([][]byte, error) { return st.Lines(ctx, id, 0) }
	if len(cfg.URLs) == 0 {
		log := slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
		srv, err := server.New(server.Config{Store: st, Log: log}.WithoutTableLimits())
		if err != nil {
			return err
		}
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			srv.Close()
			return fmt.Errorf("loadtest: %w", err)
		}
		hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second}
		go hs.Serve(ln)
		defer func() {
			sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			hs.Shutdown(sctx)
			srv.Close()
		}()
		cfg.URLs = []string{"http://" + ln.Addr().String()}
	}
	fmt.Fprintf(e.stderr, "loadtest: %d %s tables for %s against %v (store %s)\n", max(cfg.Tables, 0), orDefault(cfg.Game, "gin"), cfg.Duration, cfg.URLs, storeKind(db))
	rep, err := loadtest.Run(ctx, cfg)
	if err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, rep)
	if rep.Errors > 0 {
		return fmt.Errorf("loadtest: %d errors", rep.Errors)
	}
	return nil
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// storeKind names a store without its password.
func storeKind(db string) string {
	if len(db) > 11 && db[:11] == "postgres://" {
		return "PostgreSQL"
	}
	return "SQLite " + db
}
