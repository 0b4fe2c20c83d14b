package cluster

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"felt/internal/store"
)

// Defaults and limits of a cluster.
const (
	// DefaultLease is how long a table's lease lasts without renewal.
	DefaultLease = 15 * time.Second
	// DefaultTimeout bounds each call to the store or the bus.
	DefaultTimeout = 10 * time.Second
	// MaxNode is the most bytes of a node's name.
	MaxNode = 64
	// MaxPiece is the most bytes of a message relayed in one
	// notification: a longer one goes in pieces.
	MaxPiece = store.MaxPayload - 200

	// clusterChannel carries the heartbeats and the adoptions of tables.
	clusterChannel = "felt.cluster"
	// nodeShards is how many channels a process receives its relayed
	// connections' messages on ("n.NODE.K"), each with its own listener.
	nodeShards = 8
	// renewers is how many leases a process renews at once.
	renewers = 8
)

// ErrNotOwner is a log line refused because this process no longer holds
// the table's lease.
var ErrNotOwner = errors.New("this process does not hold the table's lease")

// Config is a node's settings; zero fields take the defaults.
type Config struct {
	// Store is the database the processes share: the tables' leases, and
	// the tables to adopt (required).
	Store store.Store
	// Bus is the store's notification bus (required).
	Bus store.Notifier
	// Node names this process among those sharing the database: 1 to
	// MaxNode bytes of letters, digits, '-', '_', '.' or ':' (required).
	// A process restarted under the same name takes its tables back at
	// once, another waits for their leases to expire. Two live processes
	// must never share a name.
	Node string
	// Lease is how long a table's lease lasts without renewal
	// (DefaultLease; at least a second).
	Lease time.Duration
	// Timeout bounds each call to the store or the bus (DefaultTimeout).
	Timeout time.Duration
	// Log receives the node's log (nil: discarded).
	Log *slog.Logger
}

// Host is what a node needs of the server that runs its tables.
type Host interface {
	// Status says where table id stands, and whether it is run here.
	Status(id string) (store.Status, bool)
	// Adopt runs table t here, its lease taken, recovered from its
	// stored log. It is false without an error if the server is closing;
	// after an error the node gives the lease up.
	Adopt(ctx context.Context, t store.Table) (bool, error)
	// Lose stops running table id, whose lease this process no longer
	// holds: its connections close, for their clients to reconnect and
	// find its new owner.
	Lose(id string)
	// Attach attaches a connection relayed by another process to table
	// id, run here: hello is the client's hello as it sent it, back where
	// the table's messages for the client go. It returns the connection,
	// given the client's later messages and closed when the relaying
	// process says so. Nothing may be sent on back before Attach returns.
	Attach(ctx context.Context, id string, hello []byte, back *Relayed) (Conn, error)
	// Request does a client's request of a kind the server relays (a
	// seat's join, "join"; a seat taken by the table's link, "sit"; the
	// request's body as the client sent it) relayed by another process to
	// table id: an HTTP status and what to tell the client, the answer's
	// body when it is OK, else the error.
	Request(kind, id string, req []byte) (code int, answer []byte)
}

// Conn is one end of a relayed connection at the server.
type Conn interface {
	// Send gives the connection a message: at the relaying process, one
	// the owner's table has for the client; at the owner, one of the
	// client's.
	Send(msg []byte)
	// Close closes the connection with a websocket close code and reason.
	Close(code websocket.StatusCode, reason string)
}

// Node is this process as one of several sharing a database. Its methods
// are safe for concurrent use once it started (Start).
type Node struct {
	st      store.Store
	bus     store.Notifier
	node    string
	ttl     time.Duration
	wait    time.Duration // for the owner's answer to a relayed hello or join
	timeout time.Duration
	log     *slog.Logger

	// Set once, by Start.
	ctx  context.Context
	host Host

	mu        sync.Mutex
	owned     map[string]*lease
	claiming  map[string]bool        // tables whose lease is being taken
	seen      map[string]time.Time   // when each process was last heard from
	gone      map[string]bool        // processes not heard from for a lease
	scan      chan struct{}          // wakes the adoption loop
	scanUntil time.Time              // look for tables to adopt often until then
	remotes   map[string]*Remote     // connections relayed from here, by id
	virt      map[string]virtConn    // connections relayed to here, by node and id
	waits     map[string]chan answer // relayed hellos and requests waiting for the owner
	parts     map[string][]byte      // messages arriving in pieces, by id
	seq       uint64
}

// lease is a table this process holds.
type lease struct {
	cancel  context.CancelFunc // stops listening to the table's channel
	claimed time.Time
	renewed time.Time
}

// New returns the node of cfg, which joins the cluster when its server
// starts it (Start).
func New(cfg Config) (*Node, error) {
	if cfg.Store == nil || cfg.Bus == nil {
		return nil, errors.New("cluster: a node needs the store and its notification bus")
	}
	if !ValidNode(cfg.Node) {
		return nil, fmt.Errorf("cluster: node name %q: 1 to %d characters, each a letter, a digit or one of - _ . : (no others)", clip(cfg.Node), MaxNode)
	}
	ttl := cfg.Lease
	if ttl <= 0 {
		ttl = DefaultLease
	}
	if ttl < time.Second {
		return nil, fmt.Errorf("cluster: a lease of %s is under a second", ttl)
	}
	timeout := cfg.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	log := cfg.Log
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return &Node{st: cfg.Store, bus: cfg.Bus, node: cfg.Node, ttl: ttl, wait: min(ttl, 5*time.Second), timeout: timeout, log: log,
		owned: map[string]*lease{}, claiming: map[string]bool{}, seen: map[string]time.Time{}, gone: map[string]bool{},
		scan: make(chan struct{}, 1), remotes: map[string]*Remote{}, virt: map[string]virtConn{},
		waits: map[string]chan answer{}, parts: map[string][]byte{}}, nil
}

// ValidNode reports whether s may name a node: 1 to MaxNode bytes of
// letters, digits, '-', '_', '.' or ':'.
func ValidNode(s string) bool {
	if s == "" || len(s) > MaxNode {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.' || r == ':') {
			return false
		}
	}
	return true
}

// clip shortens s for an error message.
func clip(s string) string {
	if len(s) > MaxNode {
		return s[:MaxNode] + "…"
	}
	return s
}

// Start joins the cluster for host, the server, until ctx ends: the node
// listens to its channels, renews the leases it takes, relays, and
// adopts the tables whose owner is gone. A node starts once.
func (n *Node) Start(ctx context.Context, host Host) error {
	if host == nil {
		return errors.New("cluster: a node needs its host")
	}
	n.mu.Lock()
	started := n.ctx != nil
	if !started {
		n.ctx, n.host = ctx, host
	}
	n.mu.Unlock()
	if started {
		return errors.New("cluster: the node started already")
	}
	var nodeChs []<-chan []byte
	for k := range nodeShards {
		ch, err := n.bus.Listen(ctx, "n."+n.node+"."+strconv.Itoa(k))
		if err != nil {
			return fmt.Errorf("cluster: listening to the cluster: %w", err)
		}
		nodeChs = append(nodeChs, ch)
	}
	clusterCh, err := n.bus.Listen(ctx, clusterChannel)
	if err != nil {
		return fmt.Errorf("cluster: listening to the cluster: %w", err)
	}
	for _, ch := range nodeChs {
		go n.serveNode(ch)
	}
	go n.serveCluster(clusterCh)
	go n.renewLoop()
	go n.adoptLoop()
	return nil
}

// started reports whether Start was called.
func (n *Node) started() bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.ctx != nil
}

// fenced is the store as a cluster's server writes it: a table's log only
// while this process holds the table's lease.
type fenced struct {
	store.Store
	n *Node
}

// Fence returns st writing a table's log only while this process surely
// holds the table's lease: a line is refused with ErrNotOwner otherwise.
// A lease not renewed lately (a slow renewal, a pause) is renewed before
// the line is written, and one that another process took is given up.
func (n *Node) Fence(st store.Store) store.Store { return fenced{Store: st, n: n} }

// AppendLine appends the line if this process holds the table.
func (f fenced) AppendLine(ctx context.Context, id string, i int, line []byte) error {
	if err := f.n.ensure(ctx, id); err != nil {
		return err
	}
	return f.Store.AppendLine(ctx, id, i, line)
}

// ensure makes sure this process holds table id's lease before it writes
// a line.
func (n *Node) ensure(ctx context.Context, id string) error {
	if n.holds(id) {
		return nil
	}
	n.mu.Lock()
	l := n.owned[id]
	n.mu.Unlock()
	if l == nil {
		return fmt.Errorf("cluster: table %s: %w", id, ErrNotOwner)
	}
	asked := time.Now()
	ok, err := n.st.Lease(ctx, id, n.node, n.ttl)
	if err != nil {
		return fmt.Errorf("cluster: table %s: renewing its lease: %w", id, err)
	}
	if !ok {
		go n.lose(id, "its lease went to another server")
		return fmt.Errorf("cluster: table %s: %w", id, ErrNotOwner)
	}
	n.mu.Lock()
	l.renewed = asked
	n.mu.Unlock()
	return nil
}

// holds reports whether this process surely holds table id's lease: it
// took or renewed it less than nine tenths of its time ago (counted from
// when it asked, so by the database's clock the lease lasts longer). A
// process that was paused past that writes nothing more until it renews.
func (n *Node) holds(id string) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	l := n.owned[id]
	return l != nil && time.Since(l.renewed) < n.ttl*9/10
}

// Claim takes table id's lease and listens to its channel; it reports
// whether this process may run the table. It is false for a table this
// process holds already or is claiming at the same time (a table is
// started, created or adopted here once), and for one another process
// holds.
func (n *Node) Claim(ctx context.Context, id string) (bool, error) {
	n.mu.Lock()
	if n.ctx == nil {
		n.mu.Unlock()
		return false, errors.New("cluster: the node has not started")
	}
	if n.owned[id] != nil || n.claiming[id] {
		n.mu.Unlock()
		return false, nil
	}
	n.claiming[id] = true
	n.mu.Unlock()
	defer func() {
		n.mu.Lock()
		delete(n.claiming, id)
		n.mu.Unlock()
	}()
	now := time.Now()
	ok, err := n.st.Lease(ctx, id, n.node, n.ttl)
	if err != nil || !ok {
		return false, err
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	lctx, cancel := context.WithCancel(n.ctx)
	ch, err := n.bus.Listen(lctx, "t."+id)
	if err != nil {
		cancel()
		rctx, rcancel := context.WithTimeout(context.Background(), n.timeout)
		n.st.Release(rctx, id, n.node)
		rcancel()
		return false, fmt.Errorf("cluster: table %s: listening to its channel: %w", id, err)
	}
	n.owned[id] = &lease{cancel: cancel, claimed: now, renewed: now}
	go n.serveTable(id, ch)
	return true, nil
}

// Release gives table id's lease up; a table still to be played here is
// announced, for another process to adopt it.
func (n *Node) Release(ctx context.Context, id string) {
	n.mu.Lock()
	l := n.owned[id]
	delete(n.owned, id)
	n.mu.Unlock()
	if l != nil {
		l.cancel()
	}
	ctx, cancel := context.WithTimeout(ctx, n.timeout)
	defer cancel()
	if err := n.st.Release(ctx, id, n.node); err != nil {
		n.log.Warn("releasing a table's lease", "table", id, "err", err)
		return
	}
	if !n.started() {
		return
	}
	if st, ok := n.host.Status(id); ok && (st == store.Waiting || st == store.Playing) {
		n.publish(clusterChannel, "released "+n.node+"\n", nil, "table", id)
	}
}

// wakeAdoption makes the adoption loop look for tables now, and often for
// two leases: a process died or gave tables up.
func (n *Node) wakeAdoption() {
	n.mu.Lock()
	n.scanUntil = time.Now().Add(2 * n.ttl)
	n.mu.Unlock()
	select {
	case n.scan <- struct{}{}:
	default:
	}
}

// renewLoop renews the leases every third of their time; a table whose
// game ended is released, one whose lease was lost is given up.
func (n *Node) renewLoop() {
	t := time.NewTicker(n.ttl / 3)
	defer t.Stop()
	for {
		select {
		case <-n.ctx.Done():
			return
		case <-t.C:
		}
		n.publish(clusterChannel, "alive "+n.node+"\n", nil)
		n.sweep()
		n.mu.Lock()
		ids := make(chan string, len(n.owned))
		for id := range n.owned {
			ids <- id
		}
		n.mu.Unlock()
		close(ids)
		var wg sync.WaitGroup
		for range renewers {
			wg.Go(func() {
				for id := range ids {
					if n.ctx.Err() != nil {
						return
					}
					n.renew(id)
				}
			})
		}
		wg.Wait()
	}
}

func (n *Node) renew(id string) {
	n.mu.Lock()
	l := n.owned[id]
	n.mu.Unlock()
	if l == nil {
		return
	}
	if st, ok := n.host.Status(id); ok {
		if st == store.Over || st == store.Abandoned {
			n.Release(n.ctx, id)
			return
		}
	} else if time.Since(l.claimed) > n.ttl { // set once, when claimed
		// Claimed, but the table never started here.
		n.Release(n.ctx, id)
		return
	}
	ctx, cancel := context.WithTimeout(n.ctx, n.timeout)
	asked := time.Now()
	held, err := n.st.Lease(ctx, id, n.node, n.ttl)
	cancel()
	n.mu.Lock()
	last := l.renewed
	n.mu.Unlock()
	switch {
	case err == nil && held:
		n.mu.Lock()
		l.renewed = asked
		n.mu.Unlock()
	case err == nil || time.Since(last) > n.ttl*2/3:
		if n.ctx.Err() == nil {
			n.lose(id, "its lease went to another server")
		}
	case n.ctx.Err() == nil:
		n.log.Warn("renewing a table's lease", "table", id, "err", err)
	}
}

// lose stops running a table whose lease this process no longer holds.
func (n *Node) lose(id, why string) {
	n.mu.Lock()
	l := n.owned[id]
	delete(n.owned, id)
	n.mu.Unlock()
	if l != nil {
		l.cancel()
	}
	n.log.Warn("table given up", "table", id, "why", why)
	n.host.Lose(id)
}

// adoptLoop adopts the tables no process holds: every half lease for two
// leases after a process died or gave tables up, else every four or five.
func (n *Node) adoptLoop() {
	for {
		// Often while a process may have died or given tables up, else
		// seldom: each look tries the lease of every table run elsewhere.
		d := 4*n.ttl + rand.N(n.ttl)
		n.mu.Lock()
		if time.Now().Before(n.scanUntil) {
			d = n.ttl/2 + rand.N(n.ttl/4)
		}
		n.mu.Unlock()
		t := time.NewTimer(d)
		select {
		case <-n.ctx.Done():
			t.Stop()
			return
		case <-n.scan:
			t.Stop()
		case <-t.C:
		}
		ctx, cancel := context.WithTimeout(n.ctx, n.timeout)
		ts, err := n.st.Active(ctx)
		cancel()
		if err != nil {
			n.log.Warn("listing the tables to adopt", "err", err)
			continue
		}
		for _, t := range ts {
			if n.ctx.Err() != nil {
				return
			}
			if _, ok := n.host.Status(t.ID); ok {
				continue
			}
			n.Adopt(t.ID)
		}
	}
}

// Adopt runs table id here if no other process holds its lease (its
// owner is gone), recovered from its log by the host, and says so to the
// other processes; it reports whether it did.
func (n *Node) Adopt(id string) bool {
	if !n.started() {
		return false
	}
	ctx, cancel := context.WithTimeout(n.ctx, n.timeout)
	defer cancel()
	ok, err := n.Claim(ctx, id)
	if err != nil || !ok {
		return false
	}
	// The table as it is now, read after the lease was taken.
	t, err := n.st.Table(ctx, id)
	if err != nil {
		n.Release(n.ctx, id)
		return false
	}
	if t.Status != store.Waiting && t.Status != store.Playing {
		n.Release(n.ctx, id)
		return false
	}
	ok, err = n.host.Adopt(ctx, t)
	if err != nil {
		n.log.Error("adopting a table", "table", id, "err", err)
		n.Release(n.ctx, id)
		return false
	}
	if !ok {
		return false
	}
	n.log.Info("table adopted", "table", id, "game", t.Game, "node", n.node)
	n.publish(clusterChannel, "adopted "+id+" "+n.node+"\n", nil, "table", id)
	return true
}

// sweep closes the connections relayed here by a process not heard from
// for a lease's time: it died, and its clients are gone or reconnect.
func (n *Node) sweep() {
	n.mu.Lock()
	var dead []Conn
	for key, vc := range n.virt {
		from, _, _ := strings.Cut(key, " ")
		if time.Since(n.seen[from]) > n.ttl {
			dead = append(dead, vc.c)
		}
	}
	died := false
	for node, t := range n.seen {
		switch {
		case time.Since(t) > 10*n.ttl:
			delete(n.seen, node)
			delete(n.gone, node)
		case time.Since(t) > n.ttl && !n.gone[node]:
			n.gone[node] = true
			died = true
		}
	}
	n.mu.Unlock()
	if died {
		n.wakeAdoption()
	}
	for _, c := range dead {
		c.Close(websocket.StatusGoingAway, "the server relaying this connection is gone")
	}
}

// serveCluster follows the processes' heartbeats and the adoptions:
// connections relayed to an adopted table close (their clients reconnect
// to the new owner), and a table another process adopted is no longer run
// here. Lost messages close every relayed connection, since an adoption
// may be among them.
func (n *Node) serveCluster(ch <-chan []byte) {
	for p := range ch {
		if p == nil {
			n.closeRemotes(func(*Remote) bool { return true }, "lost contact with the table's server: reconnect")
			continue
		}
		head, _, _ := bytes.Cut(p, []byte{'\n'})
		f := bytes.Fields(head)
		if len(f) == 2 && string(f[0]) == "alive" {
			n.mu.Lock()
			n.seen[string(f[1])] = time.Now()
			delete(n.gone, string(f[1]))
			n.mu.Unlock()
			continue
		}
		if len(f) == 2 && string(f[0]) == "released" {
			n.wakeAdoption()
			continue
		}
		if len(f) != 3 || string(f[0]) != "adopted" {
			continue
		}
		id, node := string(f[1]), string(f[2])
		if node != n.node && n.holds(id) {
			n.lose(id, "adopted by "+node)
		}
		n.closeRemotes(func(r *Remote) bool { return r.table == id }, "the table moved to another server: reconnect")
	}
}

// closeRemotes closes the connections relayed from here that match.
func (n *Node) closeRemotes(match func(*Remote) bool, reason string) {
	n.mu.Lock()
	var drop []*Remote
	for _, r := range n.remotes {
		if match(r) {
			drop = append(drop, r)
		}
	}
	n.mu.Unlock()
	for _, r := range drop {
		r.c.Close(websocket.StatusGoingAway, reason)
	}
}

// publish sends a notification: the head line, then body. A failure is
// logged with about, the table's id ("table", ID) when it concerns one
// (a table's own channel says so itself).
func (n *Node) publish(channel, head string, body []byte, about ...any) error {
	p := make([]byte, 0, len(head)+len(body))
	p = append(append(p, head...), body...)
	// Not the node's context: a connection's goodbye is sent while the
	// server closes.
	ctx, cancel := context.WithTimeout(context.Background(), n.timeout)
	defer cancel()
	err := n.bus.Notify(ctx, channel, p)
	if err != nil && n.ctx.Err() == nil {
		if id, ok := strings.CutPrefix(channel, "t."); ok && len(about) == 0 {
			about = []any{"table", id}
		}
		n.log.Warn("notifying the cluster", append(about, "channel", channel, "err", err)...)
	}
	return err
}
