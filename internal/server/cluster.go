package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"

	"felt/internal/store"
	"felt/internal/strictjson"
)

// Several processes sharing one PostgreSQL database serve one site. Each
// table is run by one process at a time, its owner: the process holding
// the table's lease in the database (store.Lease), renewed every third of
// its time to live and released when the table ends or the server closes.
//
// A client connected to another process still plays the table: that
// process relays the connection through the database's notification bus.
// It sends the client's hello and messages on the table's channel
// ("t.ID"), which the owner listens to; the owner attaches a virtual
// connection to the table's room, as if the client were its own, and sends
// everything the room queues for it on the relaying process's channel
// ("n.NODE.K"), cut into pieces that fit a notification. So the owner's
// engine and room decide, as always, what each seat sees; the relaying
// process only passes bytes on.
//
// Every process looks for tables without an owner (Store.Active, and a
// lease it can take) every half lease, and adopts them: it recovers the
// table from its stored log, runs it, and says so on the cluster channel
// ("felt.cluster"), where every process closes the connections it relays
// to that table, so that their clients reconnect and find its new owner.
//
// A process that loses a table's lease (it could not renew it in time)
// stops the table and writes no more of its log; two processes can never
// both write a line of one log anyway (store.ErrConflict).
//
// Lost notifications (a nil message from the bus) close what they could
// have concerned: the relayed connections, whose clients reconnect and are
// sent the table's state again.

// Defaults of a cluster.
const (
	// DefaultLease is how long a table's lease lasts without renewal.
	DefaultLease = 15 * time.Second
	// clusterChannel carries the adoptions of tables.
	clusterChannel = "felt.cluster"
	// maxPiece is the most bytes of a server message in one notification.
	maxPiece = store.MaxPayload - 200
	// nodeShards is how many channels a process receives its relayed
	// connections' messages on ("n.NODE.K"), each with its own listener,
	// so that one slow moment does not make it miss messages.
	nodeShards = 8
)

// ownerReply is an owner's answer to a relayed hello or join.
type ownerReply struct {
	code int // http.StatusOK, or the error's status
	msg  string
}

// replyChannel is the channel of the process node for its connection or
// request cid (a number): one of the process's shards.
func replyChannel(node, cid string) (string, bool) {
	n, err := strconv.ParseUint(cid, 10, 64)
	if err != nil {
		return "", false
	}
	return "n." + node + "." + strconv.FormatUint(n%nodeShards, 10), true
}

// cluster makes a server one of several sharing a database.
type cluster struct {
	s    *Server
	st   store.Store // the store itself (the server's is fenced)
	bus  store.Notifier
	node string
	ttl  time.Duration
	wait time.Duration // for the owner's answer to a relayed hello

	mu        sync.Mutex
	owned     map[string]*lease
	claiming  map[string]bool            // tables whose lease is being taken
	seen      map[string]time.Time       // when each process was last heard from
	gone      map[string]bool            // processes not heard from for a lease
	scan      chan struct{}              // wakes the adoption loop
	scanUntil time.Time                  // look for tables to adopt often until then
	remotes   map[string]*remoteConn     // connections relayed from here, by id
	virt      map[string]virtConn        // connections relayed to here, by node and id
	waits     map[string]chan ownerReply // relayed hellos and joins waiting for the owner
	parts     map[string][]byte          // messages arriving in pieces, by id
	seq       uint64
}

// lease is a table this process holds.
type lease struct {
	cancel  context.CancelFunc // stops listening to the table's channel
	claimed time.Time
	renewed time.Time
}

// virtConn is a connection another process relays to a table run here.
type virtConn struct {
	c     *conn
	table string
}

// remoteConn is a connection of this process to a table another runs.
type remoteConn struct {
	id    string
	table string
	c     *conn
}

// JoinCluster makes the server one of several processes sharing its
// store, a PostgreSQL database, and its notification bus: it takes the
// leases of the tables it runs, relays its clients' connections to
// tables other processes run, and adopts the tables whose owner is gone.
// node names this process among them (1 to 64 bytes of letters, digits,
// '-', '_', '.' or ':'); a process restarted under the same name takes
// its tables back at once, another waits for their leases to expire
// (ttl, DefaultLease if 0). Call it before Start.
func (s *Server) JoinCluster(bus store.Notifier, node string, ttl time.Duration) error {
	if bus == nil {
		return errors.New("server: a cluster needs the store's notification bus")
	}
	if !validNode(node) {
		return fmt.Errorf("server: node name %q: 1 to %d characters, each a letter, a digit or one of - _ . : (no others)", clip(node), maxID)
	}
	if ttl <= 0 {
		ttl = DefaultLease
	}
	if ttl < time.Second {
		return fmt.Errorf("server: a lease of %s is under a second", ttl)
	}
	c := &cluster{s: s, st: s.cfg.Store, bus: bus, node: node, ttl: ttl, wait: min(ttl, 5*time.Second),
		owned: map[string]*lease{}, claiming: map[string]bool{}, seen: map[string]time.Time{}, gone: map[string]bool{}, scan: make(chan struct{}, 1), remotes: map[string]*remoteConn{}, virt: map[string]virtConn{},
		waits: map[string]chan ownerReply{}, parts: map[string][]byte{}}
	var nodeChs []<-chan []byte
	for k := range nodeShards {
		ch, err := bus.Listen(s.ctx, "n."+node+"."+strconv.Itoa(k))
		if err != nil {
			return fmt.Errorf("server: listening to the cluster: %w", err)
		}
		nodeChs = append(nodeChs, ch)
	}
	clusterCh, err := bus.Listen(s.ctx, clusterChannel)
	if err != nil {
		return fmt.Errorf("server: listening to the cluster: %w", err)
	}
	s.cfg.Owner = c
	s.cfg.Store = fenced{Store: c.st, c: c}
	s.remote = c.hello
	s.remoteJoin = c.join
	for _, ch := range nodeChs {
		go c.serveNode(ch)
	}
	go c.serveCluster(clusterCh)
	go c.renewLoop()
	go c.adoptLoop()
	return nil
}

func validNode(s string) bool {
	if s == "" || len(s) > maxID {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.' || r == ':') {
			return false
		}
	}
	return true
}

// fenced is the store as a cluster's server writes it: a table's log only
// while this process holds the table's lease.
type fenced struct {
	store.Store
	c *cluster
}

// ErrNotOwner is a log line refused because this process no longer holds
// the table's lease.
var ErrNotOwner = errors.New("this process does not hold the table's lease")

// AppendLine appends the line if this process holds the table.
func (f fenced) AppendLine(ctx context.Context, id string, n int, line []byte) error {
	if err := f.c.ensure(ctx, id); err != nil {
		return err
	}
	return f.Store.AppendLine(ctx, id, n, line)
}

// ensure makes sure this process holds table id's lease before it writes
// a line: a lease not renewed lately (a slow renewal, a pause) is renewed
// now, and one that another process took is given up.
func (c *cluster) ensure(ctx context.Context, id string) error {
	if c.holds(id) {
		return nil
	}
	c.mu.Lock()
	l := c.owned[id]
	c.mu.Unlock()
	if l == nil {
		return fmt.Errorf("server: table %s: %w", id, ErrNotOwner)
	}
	asked := time.Now()
	ok, err := c.st.Lease(ctx, id, c.node, c.ttl)
	if err != nil {
		return fmt.Errorf("server: table %s: renewing its lease: %w", id, err)
	}
	if !ok {
		go c.lose(id, "its lease went to another server")
		return fmt.Errorf("server: table %s: %w", id, ErrNotOwner)
	}
	c.mu.Lock()
	l.renewed = asked
	c.mu.Unlock()
	return nil
}

// holds reports whether this process surely holds table id's lease: it
// took or renewed it less than nine tenths of its time ago (counted from
// when it asked, so by the database's clock the lease lasts longer). A
// process that was paused past that writes nothing more until it renews.
func (c *cluster) holds(id string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	l := c.owned[id]
	return l != nil && time.Since(l.renewed) < c.ttl*9/10
}

// Claim takes table id's lease and listens to its channel. It is false
// for a table this process holds already or is claiming at the same time
// (a table is started, created or adopted here once).
func (c *cluster) Claim(ctx context.Context, id string) (bool, error) {
	c.mu.Lock()
	if c.owned[id] != nil || c.claiming[id] {
		c.mu.Unlock()
		return false, nil
	}
	c.claiming[id] = true
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		delete(c.claiming, id)
		c.mu.Unlock()
	}()
	now := time.Now()
	ok, err := c.st.Lease(ctx, id, c.node, c.ttl)
	if err != nil || !ok {
		return false, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	lctx, cancel := context.WithCancel(c.s.ctx)
	ch, err := c.bus.Listen(lctx, "t."+id)
	if err != nil {
		cancel()
		rctx, rcancel := context.WithTimeout(context.Background(), c.s.cfg.StoreTimeout)
		c.st.Release(rctx, id, c.node)
		rcancel()
		return false, fmt.Errorf("server: table %s: listening to its channel: %w", id, err)
	}
	c.owned[id] = &lease{cancel: cancel, claimed: now, renewed: now}
	go c.serveTable(id, ch)
	return true, nil
}

// Release gives table id's lease up; a table still to be played is
// announced, for another process to adopt it.
func (c *cluster) Release(ctx context.Context, id string) {
	c.mu.Lock()
	l := c.owned[id]
	delete(c.owned, id)
	c.mu.Unlock()
	if l != nil {
		l.cancel()
	}
	ctx, cancel := context.WithTimeout(ctx, c.s.cfg.StoreTimeout)
	defer cancel()
	if err := c.st.Release(ctx, id, c.node); err != nil {
		c.s.log.Warn("releasing a table's lease", "table", id, "err", err)
		return
	}
	if r, ok := c.s.room(id); ok {
		if st := r.status(); st == store.Waiting || st == store.Playing {
			c.publish(clusterChannel, "released "+c.node+"\n", nil, "table", id)
		}
	}
}

// wakeAdoption makes the adoption loop look for tables now, and often for
// two leases: a process died or gave tables up.
func (c *cluster) wakeAdoption() {
	c.mu.Lock()
	c.scanUntil = time.Now().Add(2 * c.ttl)
	c.mu.Unlock()
	select {
	case c.scan <- struct{}{}:
	default:
	}
}

// dropConns closes every connection of the room: the table is no longer
// run here, and its clients must reconnect to find it.
func (r *room[M, O, E]) dropConns(reason string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := range r.conns {
		for c := range r.conns[i] {
			c.close(websocket.StatusGoingAway, reason)
		}
	}
}

// renewLoop renews the leases every third of their time; a table whose
// game ended is released, one whose lease was lost is stopped here.
func (c *cluster) renewLoop() {
	t := time.NewTicker(c.ttl / 3)
	defer t.Stop()
	for {
		select {
		case <-c.s.ctx.Done():
			return
		case <-t.C:
		}
		c.publish(clusterChannel, "alive "+c.node+"\n", nil)
		c.sweep()
		c.mu.Lock()
		ids := make(chan string, len(c.owned))
		for id := range c.owned {
			ids <- id
		}
		c.mu.Unlock()
		close(ids)
		var wg sync.WaitGroup
		for range renewers {
			wg.Go(func() {
				for id := range ids {
					if c.s.ctx.Err() != nil {
						return
					}
					c.renew(id)
				}
			})
		}
		wg.Wait()
	}
}

// renewers is how many leases a process renews at once.
const renewers = 8

func (c *cluster) renew(id string) {
	c.mu.Lock()
	l := c.owned[id]
	c.mu.Unlock()
	if l == nil {
		return
	}
	r, ok := c.s.room(id)
	if ok {
		if st := r.status(); st == store.Over || st == store.Abandoned {
			c.Release(c.s.ctx, id)
			return
		}
	} else if time.Since(l.claimed) > c.ttl { // set once, when claimed
		// Claimed, but the table never started here.
		c.Release(c.s.ctx, id)
		return
	}
	ctx, cancel := context.WithTimeout(c.s.ctx, c.s.cfg.StoreTimeout)
	asked := time.Now()
	held, err := c.st.Lease(ctx, id, c.node, c.ttl)
	cancel()
	c.mu.Lock()
	last := l.renewed
	c.mu.Unlock()
	switch {
	case err == nil && held:
		c.mu.Lock()
		l.renewed = asked
		c.mu.Unlock()
	case err == nil || time.Since(last) > c.ttl*2/3:
		if c.s.ctx.Err() == nil {
			c.lose(id, "its lease went to another server")
		}
	case c.s.ctx.Err() == nil:
		c.s.log.Warn("renewing a table's lease", "table", id, "err", err)
	}
}

// lose stops running a table whose lease this process no longer holds.
func (c *cluster) lose(id, why string) {
	c.mu.Lock()
	l := c.owned[id]
	delete(c.owned, id)
	c.mu.Unlock()
	if l != nil {
		l.cancel()
	}
	c.s.mu.Lock()
	r, ok := c.s.rooms[id]
	delete(c.s.rooms, id)
	c.s.mu.Unlock()
	c.s.log.Warn("table given up", "table", id, "why", why)
	if !ok {
		return
	}
	r.dropConns("the table moved to another server: reconnect")
	go r.stop()
}

// adoptLoop adopts the tables no process holds: every half lease for two
// leases after a process died or gave tables up, else every four or five.
func (c *cluster) adoptLoop() {
	for {
		// Often while a process may have died or given tables up, else
		// seldom: each look tries the lease of every table run elsewhere.
		d := 4*c.ttl + rand.N(c.ttl)
		c.mu.Lock()
		if time.Now().Before(c.scanUntil) {
			d = c.ttl/2 + rand.N(c.ttl/4)
		}
		c.mu.Unlock()
		t := time.NewTimer(d)
		select {
		case <-c.s.ctx.Done():
			t.Stop()
			return
		case <-c.scan:
			t.Stop()
		case <-t.C:
		}
		ctx, cancel := context.WithTimeout(c.s.ctx, c.s.cfg.StoreTimeout)
		ts, err := c.st.Active(ctx)
		cancel()
		if err != nil {
			c.s.log.Warn("listing the tables to adopt", "err", err)
			continue
		}
		for _, t := range ts {
			if c.s.ctx.Err() != nil {
				return
			}
			if _, ok := c.s.room(t.ID); ok {
				continue
			}
			c.adopt(t)
		}
	}
}

// adopt runs table t here if no other process holds it, recovered from
// its log, and says so to the other processes; it reports whether it did.
func (c *cluster) adopt(t store.Table) bool {
	ctx, cancel := context.WithTimeout(c.s.ctx, c.s.cfg.StoreTimeout)
	defer cancel()
	ok, err := c.Claim(ctx, t.ID)
	if err != nil || !ok {
		return false
	}
	// The table as it is now, read after the lease was taken.
	if t, err = c.st.Table(ctx, t.ID); err != nil {
		c.Release(c.s.ctx, t.ID)
		return false
	}
	if t.Status != store.Waiting && t.Status != store.Playing {
		c.Release(c.s.ctx, t.ID)
		return false
	}
	r, err := c.s.newRoom(t)
	if err == nil {
		err = c.s.recoverRoom(ctx, r, t)
	}
	if err != nil {
		c.s.log.Error("adopting a table", "table", t.ID, "err", err)
		c.Release(c.s.ctx, t.ID)
		return false
	}
	if !c.s.addRoom(t.ID, r) {
		return false
	}
	c.s.metrics.adoptions.Inc()
	c.s.log.Info("table adopted", "table", t.ID, "game", t.Game, "node", c.node)
	c.publish(clusterChannel, "adopted "+t.ID+" "+c.node+"\n", nil, "table", t.ID)
	return true
}

// sweep closes the connections relayed here by a process not heard from
// for a lease's time: it died, and its clients are gone or reconnect.
func (c *cluster) sweep() {
	c.mu.Lock()
	var dead []*conn
	for key, vc := range c.virt {
		from, _, _ := strings.Cut(key, " ")
		if time.Since(c.seen[from]) > c.ttl {
			dead = append(dead, vc.c)
		}
	}
	died := false
	for node, t := range c.seen {
		switch {
		case time.Since(t) > 10*c.ttl:
			delete(c.seen, node)
			delete(c.gone, node)
		case time.Since(t) > c.ttl && !c.gone[node]:
			c.gone[node] = true
			died = true
		}
	}
	c.mu.Unlock()
	if died {
		c.wakeAdoption()
	}
	for _, vc := range dead {
		vc.close(websocket.StatusGoingAway, "the server relaying this connection is gone")
	}
}

// serveCluster follows the processes' heartbeats and the adoptions:
// connections relayed to an adopted table close (their clients reconnect
// to the new owner), and a table another process adopted is no longer run
// here. Lost messages close every relayed connection, since an adoption
// may be among them.
func (c *cluster) serveCluster(ch <-chan []byte) {
	for p := range ch {
		if p == nil {
			c.mu.Lock()
			var all []*remoteConn
			for _, rc := range c.remotes {
				all = append(all, rc)
			}
			c.mu.Unlock()
			for _, rc := range all {
				rc.c.close(websocket.StatusGoingAway, "lost contact with the table's server: reconnect")
			}
			continue
		}
		head, _, _ := bytes.Cut(p, []byte{'\n'})
		f := bytes.Fields(head)
		if len(f) == 2 && string(f[0]) == "alive" {
			c.mu.Lock()
			c.seen[string(f[1])] = time.Now()
			delete(c.gone, string(f[1]))
			c.mu.Unlock()
			continue
		}
		if len(f) == 2 && string(f[0]) == "released" {
			c.wakeAdoption()
			continue
		}
		if len(f) != 3 || string(f[0]) != "adopted" {
			continue
		}
		id, node := string(f[1]), string(f[2])
		if node != c.node && c.holds(id) {
			c.lose(id, "adopted by "+node)
		}
		c.mu.Lock()
		var drop []*remoteConn
		for _, rc := range c.remotes {
			if rc.table == id {
				drop = append(drop, rc)
			}
		}
		c.mu.Unlock()
		for _, rc := range drop {
			rc.c.close(websocket.StatusGoingAway, "the table moved to another server: reconnect")
		}
	}
}

// publish sends a notification: the head line, then body. A failure is
// logged with about, the table's id ("table", ID) when it concerns one
// (a table's own channel says so itself).
func (c *cluster) publish(channel, head string, body []byte, about ...any) error {
	p := make([]byte, 0, len(head)+len(body))
	p = append(append(p, head...), body...)
	// Not the server's context: a connection's goodbye is sent while the
	// server closes.
	ctx, cancel := context.WithTimeout(context.Background(), c.s.cfg.StoreTimeout)
	defer cancel()
	err := c.bus.Notify(ctx, channel, p)
	if err != nil && c.s.ctx.Err() == nil {
		if id, ok := strings.CutPrefix(channel, "t."); ok && len(about) == 0 {
			about = []any{"table", id}
		}
		c.s.log.Warn("notifying the cluster", append(about, "channel", channel, "err", err)...)
	}
	return err
}

// The relaying side: a client here, its table run by another process.

// hello attaches a connection to a table this process does not run: a
// finished table is read here; a table being played is relayed to its
// owner, or adopted if the owner does not answer and its lease expired.
func (c *cluster) hello(ctx context.Context, cn *conn, m clientMsg) error {
	sctx, cancel := context.WithTimeout(ctx, c.s.cfg.StoreTimeout)
	t, err := c.st.Table(sctx, m.Table)
	cancel()
	if err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return fmt.Errorf("no table %s", m.Table)
		}
		return fmt.Errorf("the table %s could not be read", m.Table)
	}
	if t.Status == store.Over || t.Status == store.Abandoned {
		return c.s.helloEnded(ctx, cn, m, t)
	}
	c.mu.Lock()
	c.seq++
	rc := &remoteConn{id: strconv.FormatUint(c.seq, 10), table: m.Table, c: cn}
	res := make(chan ownerReply, 1)
	c.remotes[rc.id], c.waits[rc.id] = rc, res
	c.mu.Unlock()
	drop := func() {
		c.mu.Lock()
		delete(c.remotes, rc.id)
		delete(c.waits, rc.id)
		delete(c.parts, rc.id)
		c.mu.Unlock()
	}
	if err := c.publish("t."+m.Table, "hello "+c.node+" "+rc.id+"\n", encodeClient(m)); err != nil {
		drop()
		return errors.New("the table's server could not be reached: try again")
	}
	timer := time.NewTimer(c.wait)
	defer timer.Stop()
	select {
	case rep := <-res:
		c.mu.Lock()
		delete(c.waits, rc.id)
		c.mu.Unlock()
		if rep.code != http.StatusOK {
			drop()
			return errors.New(rep.msg)
		}
		cn.seat, cn.player = -1, m.Player
		cn.room = &remoteRoom{c: c, rc: rc}
		return nil
	case <-timer.C:
	case <-ctx.Done():
		drop()
		return ctx.Err()
	}
	drop()
	// No answer: the owner may be gone. Adopt the table if its lease
	// expired; else the client tries again.
	if c.adopt(t) {
		return c.local(ctx, cn, m)
	}
	return errors.New("the table's server does not answer: try again in a moment")
}

// local attaches a connection to a table now run (or read) here.
func (c *cluster) local(ctx context.Context, cn *conn, m clientMsg) error {
	if _, ok := c.s.room(m.Table); !ok {
		return fmt.Errorf("the table %s is not here: try again", m.Table)
	}
	return c.s.hello(ctx, cn, m)
}

// serveNode receives what owners send to this process's relayed
// connections.
func (c *cluster) serveNode(ch <-chan []byte) {
	for p := range ch {
		if p == nil {
			c.mu.Lock()
			var all []*remoteConn
			for _, rc := range c.remotes {
				all = append(all, rc)
			}
			clear(c.parts)
			c.mu.Unlock()
			for _, rc := range all {
				rc.c.close(websocket.StatusGoingAway, "lost contact with the table's server: reconnect")
			}
			continue
		}
		head, body, _ := bytes.Cut(p, []byte{'\n'})
		f := bytes.Fields(head)
		if len(f) < 2 {
			continue
		}
		id := string(f[1])
		c.mu.Lock()
		rc := c.remotes[id]
		switch string(f[0]) {
		case "ok", "err":
			if w := c.waits[id]; w != nil {
				rep := ownerReply{code: http.StatusOK}
				if string(f[0]) == "err" {
					rep = ownerReply{code: http.StatusForbidden, msg: string(body)}
					if len(f) > 2 {
						if n, err := strconv.Atoi(string(f[2])); err == nil && n >= 400 && n < 600 {
							rep.code = n
						}
					}
					if rep.msg == "" {
						rep.msg = "refused by the table's server"
					}
				}
				select {
				case w <- rep:
				default:
				}
			}
			c.mu.Unlock()
		case "part":
			if rc != nil && len(c.parts[id]) < 8<<20 {
				c.parts[id] = append(c.parts[id], body...)
			}
			c.mu.Unlock()
		case "out":
			msg := body
			if pre := c.parts[id]; pre != nil {
				msg = append(pre, body...)
				delete(c.parts, id)
			} else {
				msg = bytes.Clone(body)
			}
			c.mu.Unlock()
			if rc != nil {
				rc.c.enqueue(msg)
			}
		case "close":
			c.mu.Unlock()
			if rc != nil {
				code := websocket.StatusGoingAway
				if len(f) > 2 {
					if n, err := strconv.Atoi(string(f[2])); err == nil {
						code = websocket.StatusCode(n)
					}
				}
				rc.c.close(code, string(body))
			}
		default:
			c.mu.Unlock()
		}
	}
}

// remoteRoom is a table another process runs, as a relayed connection
// sees it: its messages go to the owner.
type remoteRoom struct {
	c  *cluster
	rc *remoteConn
}

// handle passes a client's message on to the owner.
func (r *remoteRoom) handle(cn *conn, m clientMsg) {
	if err := r.c.publish("t."+r.rc.table, "msg "+r.c.node+" "+r.rc.id+"\n", encodeClient(m)); err != nil {
		cn.close(websocket.StatusGoingAway, "lost contact with the table's server: reconnect")
	}
}

// detach tells the owner the connection closed.
func (r *remoteRoom) detach(*conn) {
	r.c.mu.Lock()
	delete(r.c.remotes, r.rc.id)
	delete(r.c.parts, r.rc.id)
	r.c.mu.Unlock()
	r.c.publish("t."+r.rc.table, "bye "+r.c.node+" "+r.rc.id+"\n", nil)
}

// encodeClient writes a client message back as the client sent it.
func encodeClient(m clientMsg) []byte {
	w := map[string]any{"type": m.Type.String()}
	switch m.Type {
	case helloMsg:
		w["table"] = m.Table
		if m.Token != "" {
			w["token"] = m.Token
		}
		if m.Player != "" {
			w["player"] = m.Player
		}
	case moveMsg, checkMsg:
		w["seq"], w["move"] = m.Seq, m.Move
	case bidMsg:
		w["move"] = m.Move
	}
	b, _ := json.Marshal(w)
	return b
}

// The owning side: relayed connections attached to this process's rooms.

// serveTable receives the relayed connections' messages for a table this
// process holds, until it gives the table up.
func (c *cluster) serveTable(id string, ch <-chan []byte) {
	for p := range ch {
		if p == nil {
			// Some messages were lost: close every relayed connection of
			// the table, whose clients reconnect.
			c.mu.Lock()
			var all []*conn
			for _, vc := range c.virt {
				if vc.table == id {
					all = append(all, vc.c)
				}
			}
			c.mu.Unlock()
			for _, vc := range all {
				vc.close(websocket.StatusGoingAway, "lost contact with the table's server: reconnect")
			}
			continue
		}
		head, body, _ := bytes.Cut(p, []byte{'\n'})
		f := bytes.Fields(head)
		if len(f) != 3 || !validNode(string(f[1])) {
			continue
		}
		from, cid := string(f[1]), string(f[2])
		key := from + " " + cid
		back, ok := replyChannel(from, cid)
		if !ok {
			continue
		}
		c.mu.Lock()
		vc := c.virt[key].c
		c.mu.Unlock()
		switch string(f[0]) {
		case "hello":
			if vc != nil {
				continue
			}
			c.relayHello(id, back, cid, key, body)
		case "join":
			code, msg := c.relayJoin(id, body)
			if code == http.StatusOK {
				c.publish(back, "ok "+cid+"\n", nil, "table", id)
			} else {
				c.publish(back, "err "+cid+" "+strconv.Itoa(code)+"\n", []byte(msg), "table", id)
			}
		case "msg":
			if vc == nil || vc.room == nil {
				c.publish(back, "close "+cid+" "+strconv.Itoa(int(websocket.StatusGoingAway))+"\n",
					[]byte("the table's server lost this connection: reconnect"), "table", id)
				continue
			}
			m, err := decodeClient(body)
			if err != nil {
				vc.enqueue(encode(errorMsg{Type: "error", Error: err.Error()}))
				continue
			}
			if m.Type == helloMsg {
				continue
			}
			vc.room.handle(vc, m)
		case "bye":
			if vc != nil {
				vc.close(websocket.StatusNormalClosure, "")
			}
		}
	}
}

// relayHello attaches a relayed connection to the room of table id.
func (c *cluster) relayHello(id, back, cid, key string, raw []byte) {
	m, err := decodeClient(raw)
	if err == nil && (m.Type != helloMsg || m.Table != id) {
		err = errors.New("a relayed hello for another table")
	}
	if err == nil {
		if _, ok := c.s.room(id); !ok {
			err = fmt.Errorf("the table %s is not here: try again", id)
		}
	}
	vc := &conn{srv: c.s, send: make(chan []byte, sendQueue), done: make(chan struct{}), seat: -1}
	if err == nil {
		ctx, cancel := context.WithTimeout(c.s.ctx, c.s.cfg.StoreTimeout)
		err = c.s.hello(ctx, vc, m)
		cancel()
	}
	if err != nil {
		c.publish(back, "err "+cid+" 403\n", []byte(err.Error()), "table", id)
		return
	}
	from, _, _ := strings.Cut(key, " ")
	c.mu.Lock()
	c.virt[key] = virtConn{vc, id}
	c.seen[from] = time.Now() // heard from now; its heartbeats follow
	c.mu.Unlock()
	c.publish(back, "ok "+cid+"\n", nil, "table", id)
	go c.pump(id, vc, back, cid, key)
}

// pump sends what the room queues for a relayed connection to the
// process that relays it, until the connection closes.
func (c *cluster) pump(id string, vc *conn, ch, cid, key string) {
	send := func(b []byte) error {
		for len(b) > maxPiece {
			cut := maxPiece
			for cut > 0 && !utf8.RuneStart(b[cut]) {
				cut--
			}
			if err := c.publish(ch, "part "+cid+"\n", b[:cut], "table", id); err != nil {
				return err
			}
			b = b[cut:]
		}
		return c.publish(ch, "out "+cid+"\n", b, "table", id)
	}
	defer func() {
		c.mu.Lock()
		delete(c.virt, key)
		c.mu.Unlock()
		if vc.room != nil {
			vc.room.detach(vc)
		}
	}()
	for {
		select {
		case b := <-vc.send:
			if send(b) != nil {
				vc.close(websocket.StatusGoingAway, "lost contact with the table's server: reconnect")
			}
		case <-vc.done:
			for {
				select {
				case b := <-vc.send:
					send(b)
					continue
				default:
				}
				break
			}
			c.publish(ch, "close "+cid+" "+strconv.Itoa(int(vc.code))+"\n", []byte(vc.reason), "table", id)
			return
		case <-c.s.ctx.Done():
			return
		}
	}
}

// join joins a seat of a table another process runs, through its owner.
func (c *cluster) join(ctx context.Context, id string, req joinReq) (int, string) {
	t, err := c.s.storedTable(ctx, id)
	if err != nil || t.Status != store.Waiting && t.Status != store.Playing {
		return http.StatusNotFound, "no table " + clip(id) + " being played"
	}
	body, err := json.Marshal(req)
	if err != nil {
		return http.StatusBadRequest, err.Error()
	}
	c.mu.Lock()
	c.seq++
	rid := strconv.FormatUint(c.seq, 10)
	res := make(chan ownerReply, 1)
	c.waits[rid] = res
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		delete(c.waits, rid)
		c.mu.Unlock()
	}()
	if c.publish("t."+id, "join "+c.node+" "+rid+"\n", body) != nil {
		return http.StatusServiceUnavailable, "the table's server could not be reached: try again"
	}
	timer := time.NewTimer(c.wait)
	defer timer.Stop()
	select {
	case rep := <-res:
		return rep.code, rep.msg
	case <-timer.C:
		return http.StatusServiceUnavailable, "the table's server does not answer: try again in a moment"
	case <-ctx.Done():
		return http.StatusServiceUnavailable, "the request ended"
	}
}

// relayJoin joins a seat of a table run here for another process's
// client, as POST /api/tables/{id}/join does.
func (c *cluster) relayJoin(id string, body []byte) (int, string) {
	var req joinReq
	if err := strictjson.Decode(body, &req); err != nil {
		return http.StatusBadRequest, err.Error()
	}
	rm, ok := c.s.room(id)
	if !ok {
		return http.StatusServiceUnavailable, "the table " + clip(id) + " is not here: try again"
	}
	if !validID(req.Player) {
		return http.StatusBadRequest, fmt.Sprintf("a player id of 1 to %d letters, digits, - or _ is needed", maxID)
	}
	i, ok := rm.seatOf(req.Token)
	if !ok || i != req.Seat {
		return http.StatusForbidden, "the token does not open that seat"
	}
	ctx, cancel := context.WithTimeout(c.s.ctx, c.s.cfg.StoreTimeout)
	defer cancel()
	if err := rm.bind(ctx, i, req.Player, req.Name); err != nil {
		if errors.Is(err, ErrSeatTaken) {
			return http.StatusForbidden, "the seat belongs to another player"
		}
		c.s.log.Error("joining a table", "table", id, "err", err)
		return http.StatusInternalServerError, "the seat could not be taken"
	}
	return http.StatusOK, ""
}
