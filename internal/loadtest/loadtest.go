package loadtest

import (
	"context"
	"errors"
	"felt/games"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"slices"
	"sync"
	"time"
)

// Config is a load test's settings; zero fields take the defaults.
type Config struct {
	// URLs are the servers' base addresses (http://host:port). Table i is
	// created at one of them and its player connects to one of them: with
	// several servers, half the players connect to another server than
	// the one that created their table.
	URLs []string
	// Tables is how many tables are played at once (default 1000): each
	// finished game is followed by a new table in its place.
	Tables int
	// Duration bounds the test (default 60 s): no move is sent after it,
	// and the tables still being played are left.
	Duration time.Duration
	// Think is the mean pause before each move (default 1 s); each pause
	// is drawn evenly between half and one and a half times it. The
	// server's rate limit (20 messages a second, 20 at once) bounds it
	// from below: keep it over 50 ms, with a margin.
	Think time.Duration
	// Game is a registered game's name (default the first registered), or
	// "mix": nine tables in ten of the first game, the tenth of the others
	// in turn.
	Game string
	// Level is the computer seats' level (default the game's FastLevel:
	// "simple" for Gin, "greedy" for Shengji).
	Level string
	// Lines reads a table's stored log, for the hidden-card check
	// (required).
	Lines func(ctx context.Context, id string) ([][]byte, error)
	// Seed seeds the players' choices.
	Seed uint64
	// PerAddr is how many websockets share one loopback source address
	// (127.0.0.2, 127.0.0.3, …) when the servers are on 127.0.0.1; 0 is
	// 16, under the server's default cap of 32 per address. Negative:
	// every connection from the default address.
	PerAddr int
	// Wait bounds the wait for any one server message (default 60 s).
	Wait time.Duration
	// Progress, if set, receives a line every 10 s.
	Progress io.Writer
	// Reconnect opens a dropped connection again, to the next server (a
	// test of servers that stop); else a dropped connection is an error.
	Reconnect bool
	// OneGame plays one game at each table to its end, then stops
	// (Duration still bounds the test); else each finished game is
	// followed by a new table until Duration.
	OneGame bool
}

// Report is a load test's outcome.
type Report struct {
	Tables   int // tables created
	Games    int // games played to the end
	Moves    int // moves sent and answered
	Messages int // server messages received
	// MaxDecision is the largest decision message received, in bytes
	// (bounded: an observation and at most program.MaxLegalBytes of moves).
	MaxDecision int
	Checked     int           // messages whose cards were checked
	Leaks       int           // messages naming a card their seat could not see
	Reconnects  int           // connections opened again (Config.Reconnect)
	IDs         []string      // the tables' ids
	Errors      int           // errors of any kind (leaks included)
	Samples     []string      // the first few errors
	Elapsed     time.Duration // the measured time
	P50         time.Duration // latency from a move sent to its event received
	P95         time.Duration
	P99         time.Duration
	Max         time.Duration
	// Cross is how many of the moves were made by players who connected
	// to another server than the one that created their table (its
	// owner, unless the table moved): relayed through the database. And
	// CrossP50, CrossP99, CrossMax are their latencies.
	Cross                        int
	CrossP50, CrossP99, CrossMax time.Duration
	// LocalP50, LocalP99, LocalMax are the latencies of the other moves
	// (at the table's own server) when some were relayed.
	LocalP50, LocalP99, LocalMax time.Duration
}

// quantiles sorts ds and returns its 50th, 95th and 99th percentiles and
// its maximum.
func quantiles(ds []time.Duration) (p50, p95, p99, top time.Duration) {
	n := len(ds)
	if n == 0 {
		return
	}
	slices.Sort(ds)
	q := func(p float64) time.Duration { return ds[min(n-1, int(p*float64(n)))] }
	return q(0.50), q(0.95), q(0.99), ds[n-1]
}

// String writes the report in a few lines.
func (r Report) String() string {
	s := fmt.Sprintf("tables %d (games finished %d), moves %d (%.0f/s), messages %d\n"+
		"move → event latency: p50 %s  p95 %s  p99 %s  max %s\n"+
		"hidden-card check: %d messages checked, %d leaks\nreconnects %d, errors %d, largest decision %d bytes",
		r.Tables, r.Games, r.Moves, float64(r.Moves)/max(r.Elapsed.Seconds(), 1e-9), r.Messages,
		r.P50.Round(10*time.Microsecond), r.P95.Round(10*time.Microsecond), r.P99.Round(10*time.Microsecond), r.Max.Round(10*time.Microsecond),
		r.Checked, r.Leaks, r.Reconnects, r.Errors, r.MaxDecision)
	if r.Cross > 0 {
		s += fmt.Sprintf("\n  of which %d moves at another server than the table's: p50 %s  p99 %s  max %s",
			r.Cross, r.CrossP50.Round(10*time.Microsecond), r.CrossP99.Round(10*time.Microsecond), r.CrossMax.Round(10*time.Microsecond))
		s += fmt.Sprintf("\n  and %d at the table's own server: p50 %s  p99 %s  max %s",
			r.Moves-r.Cross, r.LocalP50.Round(10*time.Microsecond), r.LocalP99.Round(10*time.Microsecond), r.LocalMax.Round(10*time.Microsecond))
	}
	for _, e := range r.Samples {
		s += "\n  " + e
	}
	return s
}

// finished is a table whose messages wait for the hidden-card check.
type finished struct {
	id, game string
	seat     int
	seen     []sighting
}

// run is one load test under way.
type run struct {
	cfg      Config
	deadline time.Time
	http     *http.Client
	dialers  []*http.Client // by source address

	mu       sync.Mutex
	rep      Report
	lat      []time.Duration
	crossLat []time.Duration // of players at another server than their table's
	localLat []time.Duration // of the others
	done     []finished
	lastErrs map[string]int
}

// Run runs a load test and reports it. It returns an error only when the
// test could not run at all; the errors of the run are in the report.
func Run(ctx context.Context, cfg Config) (Report, error) {
	if len(cfg.URLs) == 0 {
		return Report{}, errors.New("loadtest: no server address")
	}
	if cfg.Lines == nil {
		return Report{}, errors.New("loadtest: no way to read the stored logs for the hidden-card check")
	}
	if cfg.Tables <= 0 {
		cfg.Tables = 1000
	}
	if cfg.Duration <= 0 {
		cfg.Duration = 60 * time.Second
	}
	if cfg.Think <= 0 {
		cfg.Think = time.Second
	}
	if cfg.Wait <= 0 {
		cfg.Wait = 60 * time.Second
	}
	if cfg.PerAddr == 0 {
		cfg.PerAddr = 16
	}
	if names := games.Names(); len(names) == 0 {
		return Report{}, fmt.Errorf("loadtest: %w: no game is registered", games.ErrUnknownGame)
	} else if cfg.Game == "" {
		cfg.Game = names[0]
	}
	if cfg.Game != "mix" {
		if _, err := games.Lookup(cfg.Game); err != nil {
			return Report{}, fmt.Errorf("loadtest: %w, or mix", err)
		}
	}
	loopback := true
	for _, u := range cfg.URLs {
		p, err := url.Parse(u)
		if err != nil || p.Scheme != "http" {
			return Report{}, fmt.Errorf("loadtest: server address %q is not http://host:port", u)
		}
		loopback = loopback && p.Hostname() == "127.0.0.1"
	}
	tr := &http.Transport{MaxIdleConnsPerHost: 64, IdleConnTimeout: 30 * time.Second}
	r := &run{cfg: cfg, http: &http.Client{Transport: tr, Timeout: cfg.Wait}, lastErrs: map[string]int{}}
	if loopback && cfg.PerAddr > 0 {
		n := (cfg.Tables + cfg.PerAddr - 1) / cfg.PerAddr
		if n > 250 {
			return Report{}, fmt.Errorf("loadtest: %d tables need more than 250 loopback addresses at %d a piece", cfg.Tables, cfg.PerAddr)
		}
		for i := range n {
			d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(2+i))}, Timeout: cfg.Wait}
			r.dialers = append(r.dialers, &http.Client{Transport: &http.Transport{DialContext: d.DialContext}})
		}
	}
	start := time.Now()
	r.deadline = start.Add(cfg.Duration)
	ctx, cancel := context.WithDeadline(ctx, r.deadline.Add(cfg.Wait))
	defer cancel()
	stopProgress := r.progress(start)
	var wg sync.WaitGroup
	for i := range cfg.Tables {
		wg.Go(func() { r.slot(ctx, i) })
	}
	wg.Wait()
	stopProgress()
	r.rep.Elapsed = time.Since(start)
	r.check(context.Background())
	rep := r.rep
	rep.P50, rep.P95, rep.P99, rep.Max = quantiles(r.lat)
	if len(r.crossLat) > 0 {
		rep.Cross = len(r.crossLat)
		rep.CrossP50, _, rep.CrossP99, rep.CrossMax = quantiles(r.crossLat)
		rep.LocalP50, _, rep.LocalP99, rep.LocalMax = quantiles(r.localLat)
	}
	tr.CloseIdleConnections()
	for _, d := range r.dialers {
		d.CloseIdleConnections()
	}
	return rep, nil
}

// progress writes a line every 10 s until the returned func is called.
func (r *run) progress(start time.Time) func() {
	if r.cfg.Progress == nil {
		return func() {}
	}
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(10 * time.Second)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				r.mu.Lock()
				fmt.Fprintf(r.cfg.Progress, "%5.0fs: tables %d, games %d, moves %d, errors %d\n",
					time.Since(start).Seconds(), r.rep.Tables, r.rep.Games, r.rep.Moves, r.rep.Errors)
				r.mu.Unlock()
			}
		}
	}()
	return func() { close(stop); <-done }
}

// fail records an error.
func (r *run) fail(err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.rep.Errors++
	if len(r.rep.Samples) < 10 {
		r.rep.Samples = append(r.rep.Samples, err.Error())
	}
}

// slot plays tables one after the other until the deadline.
func (r *run) slot(ctx context.Context, i int) {
	rng := rand.New(rand.NewPCG(r.cfg.Seed, uint64(i)))
	// Start the slots over the first think time, not all at once.
	if !sleep(ctx, time.Duration(rng.Int64N(int64(r.cfg.Think)+1))) {
		return
	}
	for g := 0; time.Now().Before(r.deadline); g++ {
		k := len(r.cfg.URLs)
		n := i + g*r.cfg.Tables
		create, play := r.cfg.URLs[n%k], r.cfg.URLs[(n+n/k)%k]
		game := r.cfg.Game
		if game == "mix" {
			names := games.Names()
			game = names[0]
			if n%10 == 9 && len(names) > 1 {
				game = names[1+(n/10)%(len(names)-1)]
			}
		}
		g, err := games.Lookup(game)
		if err != nil {
			r.fail(err)
			return
		}
		var d *http.Client
		if len(r.dialers) > 0 {
			d = r.dialers[i/r.cfg.PerAddr]
		}
		p := &player{r: r, rng: rng, game: game, g: g.Any(), id: fmt.Sprintf("load%d", i), dialer: d, cross: create != play}
		err = p.play(ctx, create, play)
		if err != nil {
			if p.table != "" {
				err = fmt.Errorf("table %s: %w", p.table, err)
			}
			r.fail(err)
			if r.cfg.OneGame || !sleep(ctx, time.Second) {
				return
			}
			continue
		}
		if !p.over || r.cfg.OneGame {
			return // the deadline came, or the one game is over
		}
	}
}

func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// check replays every table's stored log and checks its messages' cards.
func (r *run) check(ctx context.Context) {
	sem := make(chan struct{}, 4)
	var wg sync.WaitGroup
	for _, f := range r.done {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			cctx, cancel := context.WithTimeout(ctx, r.cfg.Wait)
			lines, err := r.cfg.Lines(cctx, f.id)
			cancel()
			if err != nil {
				r.fail(fmt.Errorf("table %s: reading its log for the hidden-card check: %w", f.id, err))
				return
			}
			allowed, err := allowedAt(f.game, lines, tableSeat(f.seat))
			if err != nil {
				r.fail(fmt.Errorf("table %s: %w", f.id, err))
				return
			}
			bad, what := leaks(allowed, f.seen)
			r.mu.Lock()
			r.rep.Checked += len(f.seen)
			r.rep.Leaks += bad
			r.mu.Unlock()
			for _, w := range what {
				r.fail(fmt.Errorf("table %s seat %d: hidden card sent: %s", f.id, f.seat, w))
			}
		})
	}
	wg.Wait()
}
