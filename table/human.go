package table

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

// Errors of a person's moves.
var (
	ErrStale     = errors.New("reply to a decision no longer pending")
	ErrNoPending = errors.New("no decision pending")
)

// Refuser is a controller that wants to hear why the table refused its
// move. For a Person's seat the table refuses an illegal move and asks
// again instead of counting it a failure.
type Refuser[M any] interface {
	Refused(m M, err error)
}

// Human is the controller for a person at an interface (a terminal, a web
// page): the table's decision waits in Pending until the interface
// submits a move for it. An interface that reconnects reads Pending again
// and gets the same decision. During an optional round (Shengji's deal) a
// person does not hold the table up: the interface queues a bid with
// Queue, and the seat's next optional decision takes it or, with none
// queued, declines at once.
type Human[M, O any] struct {
	mu      sync.Mutex
	pending *Decision[O]
	replies chan reply[M]
	queued  []M
	left    chan struct{}
	leave   sync.Once
	refused func(m M, err error)
}

type reply[M any] struct {
	seq int
	m   M
}

// NewHuman returns a person's controller. refused, if not nil, is told
// of each move the table refuses (the person is then asked again).
func NewHuman[M, O any](refused func(m M, err error)) *Human[M, O] {
	return &Human[M, O]{replies: make(chan reply[M], 1), left: make(chan struct{}), refused: refused}
}

// Decide waits for the person's move.
func (p *Human[M, O]) Decide(ctx context.Context, d Decision[O]) (M, bool, error) {
	var zero M
	if d.Optional {
		p.mu.Lock()
		defer p.mu.Unlock()
		if len(p.queued) == 0 {
			return zero, false, nil
		}
		m := p.queued[0]
		p.queued = p.queued[1:]
		return m, true, nil
	}
	p.mu.Lock()
	p.pending = &d
	p.mu.Unlock()
	defer func() {
		p.mu.Lock()
		p.pending = nil
		p.mu.Unlock()
	}()
	for {
		select {
		case r := <-p.replies:
			if r.seq == d.Seq {
				return r.m, true, nil
			}
		case <-p.left:
			return zero, false, ErrLeft
		case <-ctx.Done():
			return zero, false, ctx.Err()
		}
	}
}

// Refused tells the person's interface that a move was refused.
func (p *Human[M, O]) Refused(m M, err error) {
	if p.refused != nil {
		p.refused(m, err)
	}
}

// Pending returns the decision waiting for the person, if any: what an
// interface shows, and shows again after a reconnect.
func (p *Human[M, O]) Pending() (Decision[O], bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.pending == nil {
		return Decision[O]{}, false
	}
	return *p.pending, true
}

// Submit gives the move for the pending decision numbered seq. A move for
// a decision that is no longer pending (a reply that crossed a timeout or
// a reconnect) is refused with ErrStale and changes nothing.
func (p *Human[M, O]) Submit(seq int, m M) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.pending == nil {
		return fmt.Errorf("table: move for decision %d: %w", seq, ErrNoPending)
	}
	if p.pending.Seq != seq {
		return fmt.Errorf("table: move for decision %d, decision %d is pending: %w", seq, p.pending.Seq, ErrStale)
	}
	select {
	case p.replies <- reply[M]{seq, m}:
		return nil
	default:
		return fmt.Errorf("table: decision %d already answered: %w", seq, ErrStale)
	}
}

// Queue holds a move for the seat's next optional decision (a bid while
// the cards are dealt).
func (p *Human[M, O]) Queue(m M) {
	p.mu.Lock()
	p.queued = append(p.queued, m)
	p.mu.Unlock()
}

// Leave says the person left: the pending decision, and every later one,
// fails with ErrLeft, so a built-in level takes the seat over.
func (p *Human[M, O]) Leave() { p.leave.Do(func() { close(p.left) }) }
