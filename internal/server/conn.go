package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// sendQueue is how many messages may wait for a connection; a client that
// falls further behind is disconnected (it reconnects and is sent where
// the table stands).
const sendQueue = 512

// conn is one websocket connection: a seat's or a spectator's.
type conn struct {
	srv    *Server
	ws     *websocket.Conn
	send   chan []byte
	done   chan struct{}
	once   sync.Once
	code   websocket.StatusCode
	reason string

	// Set by hello, before the connection is attached to a room.
	room    connTable
	seat    int // -1 for a spectator
	player  string
	results bool // it shows each hand's result until the person moves on (hello's results)
	bucket  *bucket
	chat    *bucket // the chat's own rate (read loop only)
}

// enqueue queues a message without blocking; a full queue closes the
// connection.
func (c *conn) enqueue(b []byte) {
	select {
	case c.send <- b:
	default:
		select {
		case <-c.done: // closed already
		default:
			c.srv.metrics.refuse(refusedSlow)
		}
		c.close(websocket.StatusPolicyViolation, "too slow: messages not read")
	}
}

// close closes the connection after the messages already queued.
func (c *conn) close(code websocket.StatusCode, reason string) {
	c.once.Do(func() {
		c.code, c.reason = code, reason
		close(c.done)
	})
}

// fail sends an error message, then closes.
func (c *conn) fail(code websocket.StatusCode, err string) {
	c.enqueue(encode(errorMsg{Type: "error", Error: err}))
	c.close(code, clip(err))
}

// writeLoop writes queued messages until the connection closes, then the
// messages still queued and the close frame.
func (c *conn) writeLoop() {
	write := func(b []byte) error {
		ctx, cancel := context.WithTimeout(context.Background(), c.srv.cfg.WriteTimeout)
		defer cancel()
		return c.ws.Write(ctx, websocket.MessageText, b)
	}
	for {
		select {
		case b := <-c.send:
			if err := write(b); err != nil {
				c.close(websocket.StatusGoingAway, "write failed")
				c.ws.CloseNow()
				return
			}
		case <-c.done:
			for {
				select {
				case b := <-c.send:
					if write(b) != nil {
						c.ws.CloseNow()
						return
					}
					continue
				default:
				}
				break
			}
			ctx, cancel := context.WithTimeout(context.Background(), c.srv.cfg.WriteTimeout)
			go func() { <-ctx.Done(); c.ws.CloseNow() }()
			c.ws.Close(c.code, c.reason)
			cancel()
			return
		}
	}
}

// bucket is a token bucket: rate tokens a second, at most burst.
type bucket struct {
	rate, burst, tokens float64
	last                time.Time
}

func (b *bucket) take(now time.Time) bool {
	if b.last.IsZero() {
		b.tokens = b.burst
	} else {
		b.tokens = min(b.burst, b.tokens+now.Sub(b.last).Seconds()*b.rate)
	}
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// addrs counts the websocket connections of each remote address.
type addrs struct {
	mu  sync.Mutex
	n   map[string]int
	max int
}

func (a *addrs) acquire(addr string) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.n[addr] >= a.max {
		return false
	}
	a.n[addr]++
	return true
}

func (a *addrs) release(addr string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.n[addr]--; a.n[addr] <= 0 {
		delete(a.n, addr)
	}
}

// serveWS is GET /ws: a websocket whose first message is hello.
func (s *Server) serveWS(w http.ResponseWriter, r *http.Request) {
	addr := s.clientAddr(r)
	if !s.addrs.acquire(addr) {
		writeError(w, http.StatusTooManyRequests, fmt.Sprintf("too many connections from your address (at most %d)", s.cfg.MaxConnsPerAddr))
		return
	}
	defer s.addrs.release(addr)
	ws, err := websocket.Accept(w, r, nil) // the Origin must be the Host
	if err != nil {
		s.log.Info("websocket refused", "addr", addr, "err", err)
		return
	}
	ws.SetReadLimit(MaxMessage)
	c := &conn{srv: s, ws: ws, send: make(chan []byte, sendQueue), done: make(chan struct{}), seat: -1}
	if !s.track(c, true) {
		ws.Close(websocket.StatusGoingAway, "the server is shutting down")
		return
	}
	defer s.track(c, false)
	writer := make(chan struct{})
	go func() { defer close(writer); c.writeLoop() }()
	defer func() { <-writer }()
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	go func() {
		// A closing connection ends its Read through the close handshake
		// (the writer sends the close frame after the queued messages);
		// only a shutdown cancels the Read, which closes at once.
		select {
		case <-c.done:
		case <-ctx.Done():
			c.close(websocket.StatusGoingAway, "the server is shutting down")
		}
	}()
	c.readLoop(ctx)
	c.close(websocket.StatusNormalClosure, "")
	if c.room != nil {
		c.room.detach(c)
	}
}

// readLoop reads the hello, then the client's messages, until the
// connection ends.
func (c *conn) readLoop(ctx context.Context) {
	// A Read whose context ends closes the websocket at once: the hello's
	// deadline is a timer that says why first.
	timer := time.AfterFunc(c.srv.cfg.HelloTimeout, func() {
		c.srv.metrics.refuse(refusedHello)
		c.fail(websocket.StatusPolicyViolation, fmt.Sprintf("no hello within %s", c.srv.cfg.HelloTimeout))
	})
	m, err := c.read(ctx)
	if !timer.Stop() {
		return
	}
	if err != nil {
		return
	}
	if m.Type != helloMsg {
		c.srv.metrics.refuse(refusedHello)
		c.fail(websocket.StatusPolicyViolation, fmt.Sprintf("the first message must be hello, not %s", m.Type))
		return
	}
	if err := c.srv.hello(ctx, c, m); err != nil {
		c.srv.metrics.refuse(refusedHello)
		c.fail(websocket.StatusPolicyViolation, err.Error())
		return
	}
	for {
		m, err := c.read(ctx)
		if err != nil {
			return
		}
		if m.Type == helloMsg {
			c.enqueue(encode(errorMsg{Type: "error", Error: "hello sent twice: open a new connection for another table or seat"}))
			continue
		}
		c.room.handle(c, m)
	}
}

// read reads the next client message: binary messages and floods close
// the connection; a malformed message is answered with an error (and
// read returns the next).
func (c *conn) read(ctx context.Context) (clientMsg, error) {
	b := &bucket{rate: c.srv.cfg.Rate, burst: c.srv.cfg.Burst}
	if c.bucket != nil {
		b = c.bucket
	}
	c.bucket = b
	for {
		typ, data, err := c.ws.Read(ctx)
		if err != nil {
			var ce websocket.CloseError
			if errors.As(err, &ce) {
				c.close(ce.Code, "")
			}
			return clientMsg{}, err
		}
		if !b.take(time.Now()) {
			c.srv.metrics.refuse(refusedFlood)
			c.fail(websocket.StatusPolicyViolation, fmt.Sprintf("too many messages: at most %g a second", c.srv.cfg.Rate))
			return clientMsg{}, errFlood
		}
		if typ != websocket.MessageText {
			c.srv.metrics.refuse(refusedBinary)
			c.fail(websocket.StatusUnsupportedData, "binary messages are refused: send JSON text")
			return clientMsg{}, errBinary
		}
		m, err := decodeClient(data)
		if err != nil {
			c.enqueue(encode(errorMsg{Type: "error", Error: err.Error()}))
			if c.room == nil {
				c.srv.metrics.refuse(refusedHello)
				c.close(websocket.StatusPolicyViolation, "bad hello")
				return clientMsg{}, err
			}
			continue
		}
		return m, nil
	}
}

var (
	errFlood  = errors.New("flood")
	errBinary = errors.New("binary message")
)
