package cluster

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"
)

// Errors of a relayed hello or join.
var (
	// ErrUnreachable is a hello or join that could not be sent to the
	// table's owner.
	ErrUnreachable = errors.New("cluster: the table's server could not be reached")
	// ErrNoAnswer is a hello or join the table's owner did not answer in
	// time: it may be gone (see Node.Adopt).
	ErrNoAnswer = errors.New("cluster: the table's server does not answer")
)

// Refused is the owner's refusal of a relayed hello or join.
type Refused struct {
	// Code is the refusal's HTTP status (403 unless the owner said).
	Code int
	// Msg is the owner's error, for the client.
	Msg string
}

func (e *Refused) Error() string { return e.Msg }

// replyChannel is the channel of the process node for its connection or
// request cid (a number): one of the process's shards.
func replyChannel(node, cid string) (string, bool) {
	n, err := strconv.ParseUint(cid, 10, 64)
	if err != nil {
		return "", false
	}
	return "n." + node + "." + strconv.FormatUint(n%nodeShards, 10), true
}

// The relaying side: a client here, its table run by another process.

// Remote is a client's connection at this process to a table another
// process runs, relayed to that process.
type Remote struct {
	n     *Node
	id    string
	table string
	c     Conn // the client's, given what the owner sends it
}

// Dial relays a client's connection to table id, run by another process:
// hello is the client's hello, as it sent it; c is given what the table
// has for the client, and closed when the owner closes the connection or
// the table moves. The error is the owner's refusal (a *Refused),
// ErrUnreachable, ErrNoAnswer, or ctx's.
func (n *Node) Dial(ctx context.Context, id string, hello []byte, c Conn) (*Remote, error) {
	if !n.started() {
		return nil, errors.New("cluster: the node has not started")
	}
	n.mu.Lock()
	n.seq++
	r := &Remote{n: n, id: strconv.FormatUint(n.seq, 10), table: id, c: c}
	res := make(chan answer, 1) // the owner's answer
	n.remotes[r.id], n.waits[r.id] = r, res
	n.mu.Unlock()
	drop := func() {
		n.mu.Lock()
		delete(n.remotes, r.id)
		delete(n.waits, r.id)
		delete(n.parts, r.id)
		n.mu.Unlock()
	}
	if err := n.publish("t."+id, "hello "+n.node+" "+r.id+"\n", hello); err != nil {
		drop()
		return nil, ErrUnreachable
	}
	timer := time.NewTimer(n.wait)
	defer timer.Stop()
	select {
	case a := <-res:
		n.mu.Lock()
		delete(n.waits, r.id)
		n.mu.Unlock()
		if a.err != nil {
			drop()
			return nil, a.err
		}
		return r, nil
	case <-timer.C:
		drop()
		return nil, ErrNoAnswer
	case <-ctx.Done():
		drop()
		return nil, ctx.Err()
	}
}

// Send passes a client's message on to the table's owner.
func (r *Remote) Send(msg []byte) error {
	return r.n.publish("t."+r.table, "msg "+r.n.node+" "+r.id+"\n", msg)
}

// Close tells the owner the client's connection closed.
func (r *Remote) Close() {
	r.n.mu.Lock()
	delete(r.n.remotes, r.id)
	delete(r.n.parts, r.id)
	r.n.mu.Unlock()
	r.n.publish("t."+r.table, "bye "+r.n.node+" "+r.id+"\n", nil)
}

// Requests the server relays to a table's owner (Node.Request).
var requestKinds = map[string]bool{"join": true, "sit": true}

// answer is the owner's answer to a relayed hello or request: its body
// when done, or its refusal (a *Refused).
type answer struct {
	body []byte
	err  error
}

// Request relays a client's request of a kind the server relays ("join":
// a seat's join; "sit": a seat taken by the table's link; req the
// request's body, as the client sent it) to the owner of table id, which
// does it and answers. It returns the answer's body; the error is the
// owner's refusal (a *Refused), ErrUnreachable, ErrNoAnswer, or ctx's.
func (n *Node) Request(ctx context.Context, kind, id string, req []byte) ([]byte, error) {
	if !n.started() {
		return nil, errors.New("cluster: the node has not started")
	}
	if !requestKinds[kind] {
		return nil, fmt.Errorf("cluster: no request %q", kind)
	}
	n.mu.Lock()
	n.seq++
	rid := strconv.FormatUint(n.seq, 10)
	res := make(chan answer, 1) // the owner's answer
	n.waits[rid] = res
	n.mu.Unlock()
	defer func() {
		n.mu.Lock()
		delete(n.waits, rid)
		n.mu.Unlock()
	}()
	if n.publish("t."+id, kind+" "+n.node+" "+rid+"\n", req) != nil {
		return nil, ErrUnreachable
	}
	timer := time.NewTimer(n.wait)
	defer timer.Stop()
	select {
	case a := <-res:
		return a.body, a.err
	case <-timer.C:
		return nil, ErrNoAnswer
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// serveNode receives what owners send to this process's relayed
// connections and requests.
func (n *Node) serveNode(ch <-chan []byte) {
	for p := range ch {
		if p == nil {
			n.mu.Lock()
			clear(n.parts)
			n.mu.Unlock()
			n.closeRemotes(func(*Remote) bool { return true }, "lost contact with the table's server: reconnect")
			continue
		}
		head, body, _ := bytes.Cut(p, []byte{'\n'})
		f := bytes.Fields(head)
		if len(f) < 2 {
			continue
		}
		id := string(f[1])
		n.mu.Lock()
		r := n.remotes[id]
		switch string(f[0]) {
		case "ok", "err":
			if w := n.waits[id]; w != nil {
				a := answer{body: bytes.Clone(body)}
				if string(f[0]) == "err" {
					a.body = nil
					ref := &Refused{Code: http.StatusForbidden, Msg: string(body)}
					if len(f) > 2 {
						if c, err := strconv.Atoi(string(f[2])); err == nil && c >= 400 && c < 600 {
							ref.Code = c
						}
					}
					if ref.Msg == "" {
						ref.Msg = "refused by the table's server"
					}
					a.err = ref
				}
				select {
				case w <- a:
				default:
				}
			}
			n.mu.Unlock()
		case "part":
			if r != nil && len(n.parts[id]) < 8<<20 {
				n.parts[id] = append(n.parts[id], body...)
			}
			n.mu.Unlock()
		case "out":
			msg := body
			if pre := n.parts[id]; pre != nil {
				msg = append(pre, body...)
				delete(n.parts, id)
			} else {
				msg = bytes.Clone(body)
			}
			n.mu.Unlock()
			if r != nil {
				r.c.Send(msg)
			}
		case "close":
			n.mu.Unlock()
			if r != nil {
				code := websocket.StatusGoingAway
				if len(f) > 2 {
					if c, err := strconv.Atoi(string(f[2])); err == nil {
						code = websocket.StatusCode(c)
					}
				}
				r.c.Close(code, string(body))
			}
		default:
			n.mu.Unlock()
		}
	}
}

// The owning side: connections relayed by other processes to this
// process's tables.

// Relayed is a connection another process relays to a table this process
// runs: what the table has for the client goes back to that process.
type Relayed struct {
	n     *Node
	table string
	back  string // the relaying process's channel for the connection
	cid   string // its id there
	key   string // the relaying process's name and cid
	ready chan struct{}
}

// virtConn is a connection relayed here, as the node keeps it.
type virtConn struct {
	back  *Relayed
	c     Conn
	table string
}

// Send sends a message to the client, in pieces if it is longer than
// MaxPiece, after the relaying process was told the hello succeeded.
func (r *Relayed) Send(b []byte) error {
	<-r.ready
	for len(b) > MaxPiece {
		cut := MaxPiece
		for cut > 0 && !utf8.RuneStart(b[cut]) {
			cut--
		}
		if err := r.n.publish(r.back, "part "+r.cid+"\n", b[:cut], "table", r.table); err != nil {
			return err
		}
		b = b[cut:]
	}
	return r.n.publish(r.back, "out "+r.cid+"\n", b, "table", r.table)
}

// Close tells the relaying process the connection closed here (a
// websocket close code and reason), and forgets it.
func (r *Relayed) Close(code websocket.StatusCode, reason string) {
	<-r.ready
	r.n.publish(r.back, "close "+r.cid+" "+strconv.Itoa(int(code))+"\n", []byte(reason), "table", r.table)
	r.n.mu.Lock()
	if r.n.virt[r.key].back == r {
		delete(r.n.virt, r.key)
	}
	r.n.mu.Unlock()
}

// serveTable receives the relayed connections' messages for a table this
// process holds, until it gives the table up.
func (n *Node) serveTable(id string, ch <-chan []byte) {
	for p := range ch {
		if p == nil {
			// Some messages were lost: close every relayed connection of
			// the table, whose clients reconnect.
			n.mu.Lock()
			var all []Conn
			for _, vc := range n.virt {
				if vc.table == id {
					all = append(all, vc.c)
				}
			}
			n.mu.Unlock()
			for _, c := range all {
				c.Close(websocket.StatusGoingAway, "lost contact with the table's server: reconnect")
			}
			continue
		}
		head, body, _ := bytes.Cut(p, []byte{'\n'})
		f := bytes.Fields(head)
		if len(f) != 3 || !ValidNode(string(f[1])) {
			continue
		}
		from, cid := string(f[1]), string(f[2])
		key := from + " " + cid
		back, ok := replyChannel(from, cid)
		if !ok {
			continue
		}
		n.mu.Lock()
		vc, known := n.virt[key]
		n.mu.Unlock()
		switch string(f[0]) {
		case "hello":
			if known {
				continue
			}
			n.relayHello(id, back, cid, key, body)
		case "join", "sit":
			code, ans := n.host.Request(string(f[0]), id, body)
			if code == http.StatusOK {
				n.publish(back, "ok "+cid+"\n", ans, "table", id)
			} else {
				n.publish(back, "err "+cid+" "+strconv.Itoa(code)+"\n", ans, "table", id)
			}
		case "msg":
			if !known {
				n.publish(back, "close "+cid+" "+strconv.Itoa(int(websocket.StatusGoingAway))+"\n",
					[]byte("the table's server lost this connection: reconnect"), "table", id)
				continue
			}
			vc.c.Send(body)
		case "bye":
			if known {
				vc.c.Close(websocket.StatusNormalClosure, "")
			}
		}
	}
}

// relayHello attaches a relayed connection to table id, run here.
func (n *Node) relayHello(id, back, cid, key string, hello []byte) {
	r := &Relayed{n: n, table: id, back: back, cid: cid, key: key, ready: make(chan struct{})}
	ctx, cancel := context.WithTimeout(n.ctx, n.timeout)
	c, err := n.host.Attach(ctx, id, hello, r)
	cancel()
	if err != nil {
		n.publish(back, "err "+cid+" 403\n", []byte(err.Error()), "table", id)
		return
	}
	from, _, _ := strings.Cut(key, " ")
	n.mu.Lock()
	n.virt[key] = virtConn{back: r, c: c, table: id}
	n.seen[from] = time.Now() // heard from now; its heartbeats follow
	n.mu.Unlock()
	n.publish(back, "ok "+cid+"\n", nil, "table", id)
	close(r.ready)
}
