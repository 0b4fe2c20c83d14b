package server

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"felt/games"
	"felt/internal/store"
)

// metrics are a server's Prometheus metrics, in a registry of its own (so
// that several servers in one process, as in the tests, keep theirs
// apart). They are served by MetricsHandler, on a listener of the
// operator's: never by Handler, the public one.
type metrics struct {
	reg        *prometheus.Registry
	moves      *prometheus.CounterVec   // felt_moves_total{game}
	moveEvent  prometheus.Histogram     // felt_move_event_seconds
	storeWrite *prometheus.HistogramVec // felt_store_write_seconds{op}
	refused    *prometheus.CounterVec   // felt_refused_total{reason}
	recoveries *prometheus.CounterVec   // felt_recoveries_total{result}
	adoptions  prometheus.Counter       // felt_cluster_adoptions_total
}

// Reasons a request is refused, the label of felt_refused_total.
const (
	refusedBadRequest  = "bad_request"       // 400: a malformed or invalid request
	refusedUnauth      = "unauthorized"      // 401
	refusedForbidden   = "forbidden"         // 403: a wrong token, a seat taken
	refusedNotFound    = "not_found"         // 404
	refusedTooLarge    = "too_large"         // 413: a body over the limit
	refusedTooMany     = "too_many_requests" // 429: a rate limit or a cap
	refusedUnavailable = "unavailable"       // 503: shutting down, a table elsewhere
	refusedFlood       = "ws_flood"          // a websocket over its message rate
	refusedBinary      = "ws_binary"         // a websocket's binary message
	refusedHello       = "ws_bad_hello"      // a websocket's missing or refused hello
	refusedSlow        = "ws_slow_reader"    // a websocket that does not read its messages
	refusedServerError = "internal_error"    // 500
	refusedOther       = "other"             // any other 4xx or 5xx answer
)

// refusedReason names the refusal of an HTTP status (400 and over).
func refusedReason(code int) string {
	switch code {
	case http.StatusBadRequest:
		return refusedBadRequest
	case http.StatusUnauthorized:
		return refusedUnauth
	case http.StatusForbidden:
		return refusedForbidden
	case http.StatusNotFound:
		return refusedNotFound
	case http.StatusRequestEntityTooLarge:
		return refusedTooLarge
	case http.StatusTooManyRequests:
		return refusedTooMany
	case http.StatusServiceUnavailable:
		return refusedUnavailable
	case http.StatusInternalServerError:
		return refusedServerError
	}
	return refusedOther
}

func newMetrics(s *Server) *metrics {
	m := &metrics{reg: prometheus.NewRegistry()}
	m.moves = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "felt_moves_total", Help: "Moves played (log lines of type move) at the tables run here, by game.",
	}, []string{"game"})
	m.moveEvent = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name: "felt_move_event_seconds",
		Help: "Time from a person's move taken by the server to its event queued for the person's connections.",
		// 1 ms to about 4 s.
		Buckets: prometheus.ExponentialBuckets(0.001, 2, 13),
	})
	m.storeWrite = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "felt_store_write_seconds", Help: "Time of each write to the store, by operation.",
		Buckets: prometheus.ExponentialBuckets(0.0005, 2, 14),
	}, []string{"op"})
	m.refused = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "felt_refused_total", Help: "Requests and websockets refused (answered 4xx or 5xx, or closed), by reason.",
	}, []string{"reason"})
	m.recoveries = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "felt_recoveries_total", Help: "Stored tables recovered at start-up, by result (ok or failed).",
	}, []string{"result"})
	m.adoptions = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "felt_cluster_adoptions_total", Help: "Tables this process adopted from another that was gone.",
	})
	for _, r := range []string{"ok", "failed"} {
		m.recoveries.WithLabelValues(r)
	}
	for _, g := range games.Names() {
		m.moves.WithLabelValues(g)
	}
	// Every series from the start, at 0, for dashboards and alerts.
	for _, r := range []string{refusedBadRequest, refusedUnauth, refusedForbidden, refusedNotFound, refusedTooLarge,
		refusedTooMany, refusedUnavailable, refusedServerError, refusedOther,
		refusedFlood, refusedBinary, refusedHello, refusedSlow} {
		m.refused.WithLabelValues(r)
	}
	for _, op := range []string{"create_table", "set_seat", "set_status", "append_line"} {
		m.storeWrite.WithLabelValues(op)
	}
	m.reg.MustRegister(m.moves, m.moveEvent, m.storeWrite, m.refused, m.recoveries, m.adoptions,
		tablesCollector{s}, connsCollector{s},
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// refuse counts a refusal.
func (m *metrics) refuse(reason string) { m.refused.WithLabelValues(reason).Inc() }

var (
	tablesDesc = prometheus.NewDesc("felt_tables", "Tables in this process's memory, by game and status.",
		[]string{"game", "status"}, nil)
	connsDesc = prometheus.NewDesc("felt_connections", "Websocket connections open to this process.", nil, nil)
)

// tablesCollector counts the server's tables by game and status when
// scraped.
type tablesCollector struct{ s *Server }

func (c tablesCollector) Describe(ch chan<- *prometheus.Desc) { ch <- tablesDesc }

func (c tablesCollector) Collect(ch chan<- prometheus.Metric) {
	type key struct{ game, status string }
	n := map[key]int{}
	for _, g := range games.Names() {
		for _, st := range []store.Status{store.Waiting, store.Playing, store.Over, store.Abandoned} {
			n[key{g, st.String()}] = 0
		}
	}
	c.s.mu.Lock()
	rooms := make([]meteredTable, 0, len(c.s.rooms))
	for _, r := range c.s.rooms {
		rooms = append(rooms, r)
	}
	c.s.mu.Unlock()
	for _, r := range rooms {
		g, st := r.gameStatus()
		n[key{g, st.String()}]++
	}
	for k, v := range n {
		ch <- prometheus.MustNewConstMetric(tablesDesc, prometheus.GaugeValue, float64(v), k.game, k.status)
	}
}

// connsCollector counts the server's websockets when scraped.
type connsCollector struct{ s *Server }

func (c connsCollector) Describe(ch chan<- *prometheus.Desc) { ch <- connsDesc }

func (c connsCollector) Collect(ch chan<- prometheus.Metric) {
	c.s.mu.Lock()
	n := len(c.s.conns)
	c.s.mu.Unlock()
	ch <- prometheus.MustNewConstMetric(connsDesc, prometheus.GaugeValue, float64(n))
}

// MetricsHandler returns the handler of the server's Prometheus metrics,
// at /metrics, for a listener of the operator's own (felt serve
// --metrics-addr): the public Handler never serves them.
func (s *Server) MetricsHandler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(s.metrics.reg, promhttp.HandlerOpts{}))
	return mux
}

// statusWriter records the status code of a response.
type statusWriter struct {
	http.ResponseWriter
	code int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.code == 0 {
		w.code = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.code == 0 {
		w.code = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController (and the websocket's hijack) reach
// the connection.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// counted counts every answer of 400 or over in felt_refused_total.
func (s *Server) counted(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &statusWriter{ResponseWriter: w}
		h.ServeHTTP(sw, r)
		if sw.code >= 400 {
			s.metrics.refuse(refusedReason(sw.code))
		}
	})
}

// timedStore times the store's writes into felt_store_write_seconds.
type timedStore struct {
	store.Store
	m *metrics
}

func (t timedStore) observe(op string, start time.Time) {
	t.m.storeWrite.WithLabelValues(op).Observe(time.Since(start).Seconds())
}

func (t timedStore) CreateTable(ctx context.Context, tb store.Table) error {
	defer t.observe("create_table", time.Now())
	return t.Store.CreateTable(ctx, tb)
}

func (t timedStore) SetSeat(ctx context.Context, id string, i int, st store.Seat) error {
	defer t.observe("set_seat", time.Now())
	return t.Store.SetSeat(ctx, id, i, st)
}

func (t timedStore) SetSeats(ctx context.Context, id string, seats []store.Seat) error {
	defer t.observe("set_seats", time.Now())
	return t.Store.SetSeats(ctx, id, seats)
}

func (t timedStore) AppendChat(ctx context.Context, id string, c store.ChatLine) error {
	defer t.observe("append_chat", time.Now())
	return t.Store.AppendChat(ctx, id, c)
}

func (t timedStore) SetStatus(ctx context.Context, id string, st store.Status, outcome json.RawMessage) error {
	defer t.observe("set_status", time.Now())
	return t.Store.SetStatus(ctx, id, st, outcome)
}

func (t timedStore) AppendLine(ctx context.Context, id string, n int, line []byte) error {
	defer t.observe("append_line", time.Now())
	return t.Store.AppendLine(ctx, id, n, line)
}

// Health: /healthz and /readyz on the public handler, for a load
// balancer or an orchestrator.

// healthz is GET /healthz: the process is alive and answers.
func (s *Server) healthz(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write([]byte("ok\n"))
}

// pinger is a store that can say whether its database answers.
type pinger interface {
	Ping(ctx context.Context) error
}

// readyz is GET /readyz: the store answers and the tables were recovered
// in the background after Start (Recovered is closed); 503 with the
// reason otherwise.
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	recovered := false
	select {
	case <-s.recov.done:
		recovered = true
	default:
	}
	if !recovered {
		w.WriteHeader(http.StatusServiceUnavailable)
		w.Write([]byte("not ready: recovering the stored tables\n"))
		return
	}
	if p, ok := s.base.(pinger); ok {
		ctx, cancel := context.WithTimeout(r.Context(), min(s.cfg.StoreTimeout, 5*time.Second))
		err := p.Ping(ctx)
		cancel()
		if err != nil {
			s.log.Warn("readiness: the store does not answer", "err", err)
			w.WriteHeader(http.StatusServiceUnavailable)
			w.Write([]byte("not ready: the store does not answer\n"))
			return
		}
	}
	w.Write([]byte("ready\n"))
}

// gameStatus says the table's game and status (for felt_tables).
func (r *room[M, O, E]) gameStatus() (string, store.Status) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.g.Name, r.st.Status
}
