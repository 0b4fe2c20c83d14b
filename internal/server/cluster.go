package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/coder/websocket"

	"felt/internal/cluster"
	"felt/internal/store"
	"felt/internal/strictjson"
)

// Several processes sharing one PostgreSQL database serve one site: the
// leases of the tables and the relay between the processes are package
// cluster's (a cluster.Node, Config.Cluster). What is the server's is
// here: a client's connection or join to a table another process runs,
// and, as the node's Host, the tables run here that other processes'
// clients play, adopt or give up.

// Cluster is this process as one of several sharing a database: a
// *cluster.Node. It decides which tables this process runs (Owner), and
// relays connections and joins to the tables the others run.
type Cluster interface {
	Owner
	// Fence returns st writing a table's log only while this process
	// holds the table.
	Fence(st store.Store) store.Store
	// Start joins the cluster for h, this server, until ctx ends.
	Start(ctx context.Context, h cluster.Host) error
	// Dial relays a client's connection (hello: its hello as sent) to
	// table id, run by another process.
	Dial(ctx context.Context, id string, hello []byte, c cluster.Conn) (*cluster.Remote, error)
	// Request relays a client's request of a kind ("join", "sit"; req:
	// its body as sent) to the owner of table id, and returns its answer.
	Request(ctx context.Context, kind, id string, req []byte) ([]byte, error)
	// Adopt runs table id here if its owner is gone; it reports whether
	// it did.
	Adopt(id string) bool
}

var (
	_ Cluster      = (*cluster.Node)(nil)
	_ cluster.Host = host{}
	_ cluster.Conn = clientLink{}
	_ cluster.Conn = relayedConn{}
)

// The relaying side: a client here, its table run by another process.

// remoteHello attaches a connection to a table this process does not run:
// a finished table is read here; a table being played is relayed to its
// owner, or adopted if the owner does not answer and its lease expired.
func (s *Server) remoteHello(ctx context.Context, cn *conn, m clientMsg) error {
	sctx, cancel := context.WithTimeout(ctx, s.cfg.StoreTimeout)
	t, err := s.cfg.Store.Table(sctx, m.Table)
	cancel()
	if err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return fmt.Errorf("no table %s", m.Table)
		}
		return fmt.Errorf("the table %s could not be read", m.Table)
	}
	if t.Status == store.Over || t.Status == store.Abandoned {
		return s.helloEnded(ctx, cn, m, t)
	}
	rc, err := s.cluster.Dial(ctx, m.Table, encodeClient(m), clientLink{cn})
	switch {
	case err == nil:
		cn.seat, cn.player = -1, m.Player
		cn.room = &remoteRoom{rc: rc}
		return nil
	case errors.Is(err, cluster.ErrUnreachable):
		return errors.New("the table's server could not be reached: try again")
	case errors.Is(err, cluster.ErrNoAnswer):
		// The owner may be gone. Adopt the table if its lease expired;
		// else the client tries again.
		if s.cluster.Adopt(m.Table) {
			if _, ok := s.room(m.Table); !ok {
				return fmt.Errorf("the table %s is not here: try again", m.Table)
			}
			return s.hello(ctx, cn, m)
		}
		return errors.New("the table's server does not answer: try again in a moment")
	}
	return err // the owner's refusal, or the end of ctx
}

// clientLink is a client's connection at the relaying process, given what
// the table's owner sends it.
type clientLink struct{ c *conn }

func (l clientLink) Send(msg []byte)                                { l.c.enqueue(msg) }
func (l clientLink) Close(code websocket.StatusCode, reason string) { l.c.close(code, reason) }

// remoteRoom is a table another process runs, as a relayed connection
// sees it: its messages go to the owner.
type remoteRoom struct{ rc *cluster.Remote }

// handle passes a client's message on to the owner.
func (r *remoteRoom) handle(cn *conn, m clientMsg) {
	if err := r.rc.Send(encodeClient(m)); err != nil {
		cn.close(websocket.StatusGoingAway, "lost contact with the table's server: reconnect")
	}
}

// detach tells the owner the connection closed.
func (r *remoteRoom) detach(*conn) { r.rc.Close() }

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
		if m.Results {
			w["results"] = true
		}
	case undoMsg:
		w["seq"] = m.Seq
	case onwardMsg:
		w["hand"] = m.Hand
	case moveMsg, checkMsg:
		w["seq"], w["move"] = m.Seq, m.Move
	case bidMsg:
		w["move"] = m.Move
	case chatMsg:
		w["text"] = m.Text
	case hostMsg:
		w["action"] = m.Action.String()
		if m.Seat >= 0 {
			w["seat"] = m.Seat
		}
		if m.To >= 0 {
			w["to"] = m.To
		}
	}
	b, _ := json.Marshal(w)
	return b
}

// relayRequest has the owner of table id, another process, do a client's
// request of a kind ("join", "sit"; body: the request) and writes its
// answer.
func (s *Server) relayRequest(w http.ResponseWriter, ctx context.Context, kind, id string, body []byte) {
	t, err := s.storedTable(ctx, id)
	if err != nil || t.Status != store.Waiting && t.Status != store.Playing {
		writeError(w, http.StatusNotFound, "no table "+clip(id)+" being played")
		return
	}
	ans, err := s.cluster.Request(ctx, kind, id, body)
	var ref *cluster.Refused
	switch {
	case err == nil && json.Valid(ans):
		writeJSON(w, http.StatusOK, json.RawMessage(ans))
	case err == nil:
		writeError(w, http.StatusBadGateway, "the table's server answered with no JSON")
	case errors.As(err, &ref):
		writeError(w, ref.Code, ref.Msg)
	case errors.Is(err, cluster.ErrUnreachable):
		writeError(w, http.StatusServiceUnavailable, "the table's server could not be reached: try again")
	case errors.Is(err, cluster.ErrNoAnswer):
		writeError(w, http.StatusServiceUnavailable, "the table's server does not answer: try again in a moment")
	default:
		writeError(w, http.StatusServiceUnavailable, "the request ended")
	}
}

// The owning side: the server as its node's host.

// host is the server as its cluster node sees it.
type host struct{ s *Server }

// Status says where table id stands if it runs here.
func (h host) Status(id string) (store.Status, bool) {
	r, ok := h.s.room(id)
	if !ok {
		return store.NoStatus, false
	}
	return r.status(), true
}

// Adopt runs a table whose owner is gone here, recovered from its log.
func (h host) Adopt(ctx context.Context, t store.Table) (bool, error) {
	s := h.s
	r, err := s.newRoom(t)
	if err == nil {
		err = s.recoverRoom(ctx, r, t)
	}
	if err != nil {
		return false, err
	}
	if !s.addRoom(t.ID, r) {
		return false, nil
	}
	s.metrics.adoptions.Inc()
	return true, nil
}

// Lose stops running a table whose lease went to another process.
func (h host) Lose(id string) {
	s := h.s
	s.mu.Lock()
	r, ok := s.rooms[id]
	delete(s.rooms, id)
	s.mu.Unlock()
	if !ok {
		return
	}
	r.dropConns("the table moved to another server: reconnect")
	go r.stop()
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

// Attach attaches a connection another process relays to the room of
// table id: a connection of this server's without a websocket, whose
// messages go back to that process.
func (h host) Attach(ctx context.Context, id string, hello []byte, back *cluster.Relayed) (cluster.Conn, error) {
	s := h.s
	m, err := decodeClient(hello)
	if err == nil && (m.Type != helloMsg || m.Table != id) {
		err = errors.New("a relayed hello for another table")
	}
	if err == nil {
		if _, ok := s.room(id); !ok {
			err = fmt.Errorf("the table %s is not here: try again", id)
		}
	}
	if err != nil {
		return nil, err
	}
	vc := &conn{srv: s, send: make(chan []byte, sendQueue), done: make(chan struct{}), seat: -1}
	if err := s.hello(ctx, vc, m); err != nil {
		return nil, err
	}
	go vc.relayLoop(back)
	return relayedConn{vc}, nil
}

// relayedConn is a connection relayed here, given its client's messages.
type relayedConn struct{ c *conn }

// Send answers a message of the client, as readLoop does.
func (r relayedConn) Send(raw []byte) {
	m, err := decodeClient(raw)
	if err != nil {
		r.c.enqueue(encode(errorMsg{Type: "error", Error: err.Error()}))
		return
	}
	if m.Type == helloMsg {
		return
	}
	r.c.room.handle(r.c, m)
}

func (r relayedConn) Close(code websocket.StatusCode, reason string) { r.c.close(code, reason) }

// relayLoop sends what the room queues for a relayed connection to the
// process that relays it, until the connection closes (writeLoop's
// counterpart).
func (c *conn) relayLoop(back *cluster.Relayed) {
	defer func() {
		if c.room != nil {
			c.room.detach(c)
		}
	}()
	for {
		select {
		case b := <-c.send:
			if back.Send(b) != nil {
				c.close(websocket.StatusGoingAway, "lost contact with the table's server: reconnect")
			}
		case <-c.done:
			for {
				select {
				case b := <-c.send:
					back.Send(b)
					continue
				default:
				}
				break
			}
			back.Close(c.code, c.reason)
			return
		case <-c.srv.ctx.Done():
			return
		}
	}
}

// Request does another process's client's request to a table run here,
// as POST /api/tables/{id}/join ("join") or /sit ("sit") does: an HTTP
// status and the answer's body, or the error.
func (h host) Request(kind, id string, body []byte) (int, []byte) {
	s := h.s
	rm, ok := s.room(id)
	if !ok {
		return http.StatusServiceUnavailable, []byte("the table " + clip(id) + " is not here: try again")
	}
	ctx, cancel := context.WithTimeout(s.ctx, s.cfg.StoreTimeout)
	defer cancel()
	var (
		code int
		ans  any
	)
	switch kind {
	case "join":
		var req joinReq
		if err := strictjson.Decode(body, &req); err != nil {
			return http.StatusBadRequest, []byte(err.Error())
		}
		code, ans = s.join(ctx, rm, id, req)
	case "sit":
		var req sitReq
		if err := strictjson.Decode(body, &req); err != nil {
			return http.StatusBadRequest, []byte(err.Error())
		}
		code, ans = s.sit(ctx, rm, id, req)
	default:
		return http.StatusBadRequest, []byte("no request " + clip(kind))
	}
	if code != http.StatusOK {
		msg, _ := ans.(string)
		return code, []byte(msg)
	}
	b, err := json.Marshal(ans)
	if err != nil {
		return http.StatusInternalServerError, []byte("the answer could not be written")
	}
	return code, b
}
