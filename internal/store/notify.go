package store

import (
	"bytes"
	"context"
	"fmt"
	"sync"
	"unicode/utf8"
)

// Notifier passes short messages between the processes that share a store:
// PostgreSQL's LISTEN/NOTIFY, or within the one process that holds a SQLite
// file. Both SQLite and Postgres implement it.
//
// Delivery is at most once and in the order sent from one process. A
// listener can miss messages — while the connection to the database is
// lost, or when it falls more than ListenBuffer messages behind — and is
// then sent a nil message in their place: whoever gets nil should read
// again from the store what the messages would have told it. An empty
// payload arrives as an empty, non-nil slice.
type Notifier interface {
	// Notify sends payload to every listener of channel, in this process
	// and the others. The channel is 1 to MaxChannel bytes of UTF-8 without
	// newline or NUL; the payload at most MaxPayload bytes of UTF-8
	// without NUL (JSON, say).
	Notify(ctx context.Context, channel string, payload []byte) error
	// Listen returns the messages sent to channel from now on. The Go
	// channel is closed when ctx is done or the store closed. Each
	// listener gets its own copy of each message.
	Listen(ctx context.Context, channel string) (<-chan []byte, error)
}

// Limits of the notification bus.
const (
	// MaxPayload is the most bytes a notification's payload may hold.
	MaxPayload = 7000
	// MaxChannel is the most bytes a notification channel's name may hold.
	MaxChannel = 200
	// ListenBuffer is how many messages a listener may fall behind before
	// it misses some.
	ListenBuffer = 1024
)

// checkNotify reports whether channel and payload may be sent.
func checkNotify(channel string, payload []byte) error {
	if err := checkChannel(channel); err != nil {
		return err
	}
	switch {
	case len(payload) > MaxPayload:
		return fmt.Errorf("store: notification of %d bytes over the limit of %d", len(payload), MaxPayload)
	case !utf8.Valid(payload):
		return fmt.Errorf("store: notification is not UTF-8 text")
	case bytes.IndexByte(payload, 0) >= 0:
		return fmt.Errorf("store: notification holds a NUL byte")
	}
	return nil
}

// checkChannel reports whether channel may name a notification channel.
func checkChannel(channel string) error {
	switch {
	case channel == "":
		return fmt.Errorf("store: empty notification channel")
	case len(channel) > MaxChannel:
		return fmt.Errorf("store: notification channel of %d bytes over the limit of %d", len(channel), MaxChannel)
	case !utf8.ValidString(channel):
		return fmt.Errorf("store: notification channel %q is not UTF-8 text", channel)
	case bytes.ContainsAny([]byte(channel), "\n\x00"):
		return fmt.Errorf("store: notification channel %q holds a newline or NUL", channel)
	}
	return nil
}

// hub fans messages out to the listeners of this process.
type hub struct {
	mu     sync.Mutex
	subs   map[string]map[*sub]struct{}
	closed bool
	done   chan struct{} // closed by close
}

// sub is one listener: a queue that its own goroutine empties into out.
type sub struct {
	out  chan []byte
	wake chan struct{} // has a value when queue may have grown

	mu    sync.Mutex
	queue [][]byte // nil entries stand for lost messages
}

func newHub() *hub {
	return &hub{subs: make(map[string]map[*sub]struct{}), done: make(chan struct{})}
}

// listen adds a listener of channel until ctx is done or the hub closed.
func (h *hub) listen(ctx context.Context, channel string) (<-chan []byte, error) {
	if err := checkChannel(channel); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s := &sub{out: make(chan []byte), wake: make(chan struct{}, 1)}
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return nil, ErrClosed
	}
	m := h.subs[channel]
	if m == nil {
		m = make(map[*sub]struct{})
		h.subs[channel] = m
	}
	m[s] = struct{}{}
	h.mu.Unlock()
	go h.run(ctx, channel, s)
	return s.out, nil
}

// run passes s's queue on to its reader until ctx is done or h closed.
func (h *hub) run(ctx context.Context, channel string, s *sub) {
	defer func() {
		h.mu.Lock()
		delete(h.subs[channel], s)
		if len(h.subs[channel]) == 0 {
			delete(h.subs, channel)
		}
		h.mu.Unlock()
		close(s.out)
	}()
	for {
		s.mu.Lock()
		var msg []byte
		ok := len(s.queue) > 0
		if ok {
			msg = s.queue[0]
			s.queue[0] = nil
			s.queue = s.queue[1:]
		}
		s.mu.Unlock()
		if !ok {
			select {
			case <-s.wake:
				continue
			case <-ctx.Done():
				return
			case <-h.done:
				return
			}
		}
		select {
		case s.out <- msg:
		case <-ctx.Done():
			return
		case <-h.done:
			return
		}
	}
}

// push queues msg (nil: messages were lost) for s.
func (s *sub) push(msg []byte) {
	s.mu.Lock()
	n := len(s.queue)
	switch {
	case msg == nil || n >= ListenBuffer:
		if n == 0 || s.queue[n-1] != nil {
			s.queue = append(s.queue, nil)
		}
	default:
		s.queue = append(s.queue, bytes.Clone(msg))
		if s.queue[n] == nil {
			s.queue[n] = []byte{}
		}
	}
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// publish queues msg for every listener of channel.
func (h *hub) publish(channel string, msg []byte) {
	if msg == nil {
		msg = []byte{}
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs[channel] {
		s.push(msg)
	}
}

// lost tells every listener that messages may have been lost.
func (h *hub) lost() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, m := range h.subs {
		for s := range m {
			s.push(nil)
		}
	}
}

// close ends every listener; later listens fail.
func (h *hub) close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.closed {
		h.closed = true
		close(h.done)
	}
}

// isClosed reports whether close was called.
func (h *hub) isClosed() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.closed
}
