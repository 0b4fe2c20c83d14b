package server

import (
	"context"
	"fmt"
	"math"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Defaults of the limits on tables (Config).
const (
	// DefaultCreateRate is how many tables one client address may create
	// a minute (a token bucket as large).
	DefaultCreateRate = 30
	// DefaultMaxTablesPerPlayer bounds the live tables a player created
	// with a seat of their own.
	DefaultMaxTablesPerPlayer = 10
	// DefaultMaxTablesPerAddr bounds the live tables created from one
	// client address.
	DefaultMaxTablesPerAddr = 30
	// DefaultMaxTables bounds the live tables of a process.
	DefaultMaxTables = 1000
	// DefaultMaxComputerTables bounds the live tables with no person
	// seated.
	DefaultMaxComputerTables = 50
	// DefaultComputerPace is the pause before each move of a table with
	// no person seated.
	DefaultComputerPace = time.Second
	// DefaultIdleTimeout is how long a table nobody touches lives.
	DefaultIdleTimeout = 30 * time.Minute
	// capRetry is the Retry-After of a refusal by a cap: tables end, or
	// are abandoned, in their own time.
	capRetry = time.Minute
)

// The limits a creation may meet, named as felt serve's flags.
const (
	limitCreateRate     = "create-rate"
	limitPerPlayer      = "max-tables-per-player"
	limitPerAddr        = "max-tables-per-addr"
	limitTables         = "max-tables"
	limitComputerTables = "max-computer-tables"
)

// acct is what a live table counts against the limits; it does not change
// once the table is a room of the server.
type acct struct {
	addr     string // the client address that created it ("" when recovered)
	player   string // the player who created it with a seat of theirs, or ""
	computer bool   // no seat is a person's
}

// limits holds the creation buckets of the client addresses and the
// creations under way (admitted, not yet rooms).
type limits struct {
	mu       sync.Mutex
	buckets  map[string]*bucket
	inflight map[*acct]struct{}
}

// limitError is a creation refused by a limit.
type limitError struct {
	limit string // the flag that sets it
	msg   string
	retry time.Duration
}

func (e *limitError) Error() string { return e.msg }

// writeLimit answers 429 with the limit's name, what it says and when to
// try again.
func writeLimit(w http.ResponseWriter, e *limitError) {
	secs := max(1, int(math.Ceil(e.retry.Seconds())))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	writeJSON(w, http.StatusTooManyRequests, map[string]string{"error": e.msg, "limit": e.limit})
}

// admit counts a creation against the limits: it returns the function
// that ends the admission (once the table is a room, or failed), or the
// limit that refuses it. A refused creation uses none of the address's
// creations.
func (s *Server) admit(a *acct) (func(), *limitError) {
	cfg := &s.cfg
	var total, computer, byAddr, byPlayer int
	count := func(b *acct) {
		total++
		if b.computer {
			computer++
		}
		if a.addr != "" && b.addr == a.addr {
			byAddr++
		}
		if a.player != "" && b.player == a.player {
			byPlayer++
		}
	}
	s.mu.Lock()
	for _, r := range s.rooms {
		count(r.account())
	}
	s.mu.Unlock()
	l := &s.lim
	l.mu.Lock()
	defer l.mu.Unlock()
	for b := range l.inflight {
		count(b)
	}
	refuse := func(limit string, n, most int, what, then string) *limitError {
		if most < 0 || n < most {
			return nil
		}
		return &limitError{limit: limit, retry: capRetry,
			msg: fmt.Sprintf("%s: %d, the most allowed (--%s %d); %s", what, n, limit, most, then)}
	}
	var errs []*limitError
	if a.player != "" {
		errs = append(errs, refuse(limitPerPlayer, byPlayer, cfg.MaxTablesPerPlayer, "your tables waiting or being played", "finish or leave one of them first"))
	}
	if a.addr != "" {
		errs = append(errs, refuse(limitPerAddr, byAddr, cfg.MaxTablesPerAddr, "tables waiting or being played created from your address", "finish or leave one of them first"))
	}
	errs = append(errs, refuse(limitTables, total, cfg.MaxTables, "tables waiting or being played on this server", "try again later"))
	if a.computer {
		errs = append(errs, refuse(limitComputerTables, computer, cfg.MaxComputerTables, "tables with no person seated on this server", "watch one of them, or try again later"))
	}
	for _, e := range errs {
		if e != nil {
			return nil, e
		}
	}
	if cfg.CreateRate > 0 && a.addr != "" {
		b := l.buckets[a.addr]
		if b == nil {
			b = &bucket{rate: cfg.CreateRate / 60, burst: max(1, cfg.CreateRate)}
			l.buckets[a.addr] = b
		}
		if !b.take(time.Now()) {
			wait := time.Duration((1 - b.tokens) / b.rate * float64(time.Second))
			return nil, &limitError{limit: limitCreateRate, retry: wait,
				msg: fmt.Sprintf("your address creates tables too fast: at most %g a minute (--%s); try again in %.0f s", cfg.CreateRate, limitCreateRate, math.Ceil(wait.Seconds()))}
		}
	}
	l.inflight[a] = struct{}{}
	return func() {
		l.mu.Lock()
		delete(l.inflight, a)
		l.mu.Unlock()
	}, nil
}

// pruneBuckets forgets the creation buckets that are full again: their
// addresses are as if they had created nothing.
func (l *limits) pruneBuckets(now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for k, b := range l.buckets {
		if b.tokens+now.Sub(b.last).Seconds()*b.rate >= b.burst {
			delete(l.buckets, k)
		}
	}
}

// clientAddr is the address a request counts against: the host of its
// RemoteAddr, or, with Config.ProxyHeader, the last address in that header
// (the one the trusted proxy saw). An IPv6 address counts by its /64, which
// one client commonly holds whole.
func (s *Server) clientAddr(r *http.Request) string {
	host := r.RemoteAddr
	if h, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		host = h
	}
	if s.cfg.ProxyHeader != "" {
		if v := r.Header.Values(s.cfg.ProxyHeader); len(v) > 0 {
			last := v[len(v)-1]
			if i := strings.LastIndexByte(last, ','); i >= 0 {
				last = last[i+1:]
			}
			if a, err := netip.ParseAddr(strings.TrimSpace(last)); err == nil {
				host = a.String()
			}
		}
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	a = a.Unmap()
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.String()
}

// janitor abandons the tables nobody touched for Config.IdleTimeout and
// forgets the full creation buckets, until the server closes.
func (s *Server) janitor() {
	tick := min(max(s.cfg.IdleTimeout/4, 10*time.Millisecond), time.Minute)
	t := time.NewTicker(tick)
	defer t.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case now := <-t.C:
			s.lim.pruneBuckets(now)
			s.mu.Lock()
			idle := map[string]janitorTable{}
			for id, r := range s.rooms {
				if r.idle(now, s.cfg.IdleTimeout) {
					idle[id] = r
				}
			}
			s.mu.Unlock()
			for id, r := range idle {
				s.abandonIdle(id, r)
			}
		}
	}
}

// abandonIdle stops a table nobody touched: abandoned in its log and in
// the store, and gone from memory.
func (s *Server) abandonIdle(id string, r janitorTable) {
	s.abandon(id, r, fmt.Sprintf("nobody touched it for %s", s.cfg.IdleTimeout), "idle")
}

// addRoom makes r the room of table id, unless the server closed (the
// room is stopped then); a room whose table ended already leaves at once.
func (s *Server) addRoom(id string, r roomer) bool {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		r.stop()
		return false
	}
	s.rooms[id] = r
	s.mu.Unlock()
	if r.ended() {
		s.forget(id, r)
	}
	return true
}

// forget removes a room whose table ended (over, failed or abandoned)
// from memory and gives the table up: its replay, and what a late
// connection is shown, come from the store.
func (s *Server) forget(id string, r roomer) {
	s.mu.Lock()
	own := s.rooms[id] == r
	if own {
		delete(s.rooms, id)
	}
	s.mu.Unlock()
	if own {
		s.owner.Release(context.Background(), id)
	}
}
