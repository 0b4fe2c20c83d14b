package server

import (
	"context"
	"fmt"
	"sync"

	"felt/internal/store"
)

// recovery is the tables the store listed as waiting or being played at
// start, recovered in the background one at a time, oldest first; a table
// someone asks for (a hello, a join, its summary) is recovered at once.
type recovery struct {
	listed chan struct{} // closed once the store's tables are listed
	done   chan struct{} // closed once every listed table was recovered (or failed)

	mu      sync.Mutex
	pending map[string]*pendingTable
}

// pendingTable is a listed table not recovered yet.
type pendingTable struct {
	t    store.Table
	once sync.Once
}

func newRecovery() recovery {
	return recovery{listed: make(chan struct{}), done: make(chan struct{}), pending: map[string]*pendingTable{}}
}

// Recovered is closed once every table the store listed at Start was
// recovered, or failed to be (each failure is logged).
func (s *Server) Recovered() <-chan struct{} { return s.recov.done }

// Start lists the tables the store says are waiting or being played and
// recovers those this process owns in the background: each from its
// stored log, its people away until they connect. It returns once they
// are listed (an error if they cannot be): the server answers at once,
// and a table someone connects to is recovered first.
func (s *Server) Start(ctx context.Context) error {
	go s.janitor()
	ts, err := s.cfg.Store.Active(ctx)
	rc := &s.recov
	if err != nil {
		close(rc.listed)
		close(rc.done)
		return fmt.Errorf("server: listing the tables: %w", err)
	}
	order := make([]string, 0, len(ts))
	rc.mu.Lock()
	for _, t := range ts {
		rc.pending[t.ID] = &pendingTable{t: t}
		order = append(order, t.ID)
	}
	rc.mu.Unlock()
	close(rc.listed)
	go func() {
		defer close(rc.done)
		for _, id := range order {
			if s.ctx.Err() != nil {
				return
			}
			s.recoverPending(id)
		}
	}()
	return nil
}

// recoverPending recovers table id now if it is still to be recovered
// (waiting for a recovery of it under way), and returns its room if it
// runs here.
func (s *Server) recoverPending(id string) (roomer, bool) {
	rc := &s.recov
	rc.mu.Lock()
	p := rc.pending[id]
	rc.mu.Unlock()
	if p != nil {
		p.once.Do(func() {
			s.recoverTable(p.t)
			rc.mu.Lock()
			delete(rc.pending, id)
			rc.mu.Unlock()
		})
	}
	return s.room(id)
}

// recoverTable runs a listed table here if this process may own it.
func (s *Server) recoverTable(t store.Table) {
	ctx, cancel := context.WithTimeout(s.ctx, s.cfg.StoreTimeout)
	defer cancel()
	ok, err := s.owner.Claim(ctx, t.ID)
	if err != nil || !ok {
		if err != nil {
			s.log.Error("recovering a table", "table", t.ID, "err", err)
		}
		return
	}
	r, err := s.newRoom(t)
	if err == nil {
		err = s.recoverRoom(ctx, r, t)
	}
	if err != nil {
		s.log.Error("recovering a table", "table", t.ID, "err", err)
		s.metrics.recoveries.WithLabelValues("failed").Inc()
		s.owner.Release(context.Background(), t.ID)
		return
	}
	s.metrics.recoveries.WithLabelValues("ok").Inc()
	if s.addRoom(t.ID, r) {
		s.log.Info("table recovered", "table", t.ID, "game", t.Game, "status", t.Status)
	}
}

// lookup finds the room of table id: running here, or recovered now if it
// waits for its recovery.
func (s *Server) lookup(ctx context.Context, id string) (roomer, bool) {
	if r, ok := s.room(id); ok {
		return r, true
	}
	select {
	case <-s.recov.listed:
	case <-ctx.Done():
		return nil, false
	}
	return s.recoverPending(id)
}
