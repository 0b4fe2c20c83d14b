package table

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

// Errors of a person's moves.
var (
	ErrStale     = errors.New("reply to a decision no longer pending")
	ErrNoPending = errors.New("no decision pending")
	ErrStandIn   = errors.New("the stand-in plays the seat")
	ErrQueueFull = errors.New("too many moves queued")
	ErrNoCheck   = errors.New("no check of moves")
)

// Refuser is a controller that wants to hear why the table refused its
// move. For a person's seat the table refuses an illegal move and asks
// again instead of counting it a failure.
type Refuser[M any] interface {
	Refused(m M, err error)
}

// Handover is what a controller's Decide returns, as its error, to give
// its seat to another player while it stays the seat's controller (a
// person's stand-in taking the seat, and giving it back). The table logs
// a control line from the seat's player to Name, tells everyone with a
// Takeover notice, records Name and Kind as the seat's player (Player)
// and asks the same controller again, the decision numbered after the
// control line. It is not a failure. A controller that hands its seat
// over more than twice for one decision has failed.
type Handover struct {
	Name   string // who plays the seat from now on, 1 to MaxName bytes
	Kind   Kind
	Reason string
}

// Error says who takes the seat, and why.
func (h *Handover) Error() string {
	return fmt.Sprintf("the seat goes to %s (%s): %s", h.Name, h.Kind, h.Reason)
}

// PersonOptions are a PersonController's settings.
type PersonOptions[M, O any] struct {
	// Name is the person's name as the seat's player: the seat is handed
	// back under it.
	Name string
	// Check says whether m may answer decision d, with the rules' reason
	// when it may not; PersonController.Check asks it. It runs in the table's
	// goroutine while d waits, when the game does not change: it may read
	// the table's engine.
	Check func(d Decision[O], m M) error
	// StandIn is the built-in level that plays the seat while the person
	// is away (Away) or has been too slow (Patience), until the person is
	// back (Back). Its Name and Kind are logged with each handover
	// (Kind Level if not said). Without one, Away and Patience do nothing.
	StandIn Player[M, O]
	// StandingIn starts with the stand-in at the seat: a resumed table
	// whose log gave the seat to it.
	StandingIn bool
	// Patience is how long the person has for a decision that is due
	// before the stand-in takes the seat; 0 for as long as it takes. A
	// decision asked again (after a refused move) keeps its time.
	Patience time.Duration
	// MaxQueued bounds the moves queued for optional decisions (Queue); 0
	// for no bound.
	MaxQueued int
	// Offered, if set, is told of each optional decision put to the
	// person, in the table's goroutine, before a queued move or a decline
	// answers it: what an interface shows of what the person may do now
	// (the bids of a deal). It must not wait.
	Offered func(d Decision[O])
	// Refused, if set, is told of each move of the person's that the table
	// refused, with the decision it answered: for an optional decision a
	// queued move, dropped; else the person is asked again.
	Refused func(d Decision[O], m M, err error)
	// UndoRefused, if set, is told why the table refused to take the
	// person's move back (TakeBack); the person is asked again.
	UndoRefused func(err error)
}

// PersonController is the controller of a seat played by a person at an interface
// (a terminal, a web page). A decision that is due waits, pending, until
// the interface submits a move for it: each is signalled on Decisions
// when it becomes pending, and Pending gives it again (to an interface
// that reconnects). Check asks the rules about a move for it. During an
// optional round (Shengji's deal) the person does not hold the table up:
// the interface queues a move with Queue, and the seat's next optional
// decision takes it or, with none queued, declines at once.
//
// With a stand-in level (PersonOptions.StandIn), a person who is away
// (Away) or too slow (Patience) has the seat played by the stand-in, and
// gets it back (Back) at the next decision: each change is a Handover,
// logged by the table as a control line. The table asks the controller from
// its one goroutine; the other methods may be called from any.
type PersonController[M, O any] struct {
	opts    PersonOptions[M, O]
	signal  chan Decision[O] // the pending decision, until received or taken back
	replies chan reply[M]
	checks  chan check[M]
	wake    chan struct{} // Away
	left    chan struct{}
	leave   sync.Once

	mu       sync.Mutex
	pending  *Decision[O]
	over     chan struct{} // closed when the pending decision stops waiting
	queued   []M
	standing bool   // the stand-in plays the seat
	away     string // why the stand-in is to take the seat, or ""
	back     bool   // the person is back: the seat is theirs at its next decision
	dueSeq   int    // the decision whose patience runs out at due
	due      time.Time
	last     Decision[O] // the last decision answered
	lastByIn bool        // answered by the stand-in
	refused  error       // an undo the table refused, told as it asks again
}

type reply[M any] struct {
	seq  int
	m    M
	undo string // not "": take the seat's last move back (Undo), for this reason
}

type check[M any] struct {
	seq   int
	m     M
	reply chan error
}

// NewPersonController returns a person's controller.
func NewPersonController[M, O any](opts PersonOptions[M, O]) *PersonController[M, O] {
	if opts.StandIn.Kind == NoKind {
		opts.StandIn.Kind = Level
	}
	p := &PersonController[M, O]{opts: opts, signal: make(chan Decision[O], 1), replies: make(chan reply[M], 1),
		checks: make(chan check[M]), wake: make(chan struct{}, 1), left: make(chan struct{})}
	p.standing = opts.StandingIn && p.hasStandIn()
	return p
}

func (p *PersonController[M, O]) hasStandIn() bool { return p.opts.StandIn.Control != nil }

// Decide answers the table's decision: with the stand-in while it plays
// the seat, else with the person's move (or, for an optional decision, a
// queued one or a decline). It returns a *Handover when the seat changes
// hands.
func (p *PersonController[M, O]) Decide(ctx context.Context, d Decision[O]) (M, bool, error) {
	var zero M
	p.mu.Lock()
	refused := p.refused
	p.refused = nil
	if h := p.handover(); h != nil {
		p.mu.Unlock()
		p.tellRefused(refused)
		return zero, false, h
	}
	p.last, p.lastByIn = d, p.standing
	if p.standing {
		p.mu.Unlock()
		p.tellRefused(refused)
		return p.opts.StandIn.Control.Decide(ctx, d)
	}
	if d.Optional {
		p.mu.Unlock()
		p.tellRefused(refused)
		if p.opts.Offered != nil {
			p.opts.Offered(d)
		}
		p.mu.Lock()
		defer p.mu.Unlock()
		if len(p.queued) == 0 {
			return zero, false, nil
		}
		m := p.queued[0]
		p.queued = p.queued[1:]
		return m, true, nil
	}
	select {
	case <-p.left:
		p.mu.Unlock()
		p.tellRefused(refused)
		return zero, false, ErrLeft
	default:
	}
	if p.dueSeq != d.Seq {
		p.dueSeq, p.due = d.Seq, time.Time{}
		if p.opts.Patience > 0 && p.hasStandIn() {
			p.due = time.Now().Add(p.opts.Patience)
		}
	}
	var timeout <-chan time.Time
	if !p.due.IsZero() {
		t := time.NewTimer(time.Until(p.due))
		defer t.Stop()
		timeout = t.C
	}
	pd := d
	p.pending = &pd
	over := make(chan struct{})
	p.over = over
	select { // a signal of an absence that was handled, or cancelled, before
	case <-p.wake:
	default:
	}
	// Only Decide signals, and it takes its decision back as it returns
	// (one given up at its deadline may not have yet).
	select {
	case <-p.signal:
	default:
	}
	p.signal <- d
	p.mu.Unlock()
	p.tellRefused(refused)
	defer func() {
		p.mu.Lock()
		p.pending = nil
		close(over)
		select { // not received: taken back
		case <-p.signal:
		default:
		}
		select { // a reply that crossed the decision's end
		case <-p.replies:
		default:
		}
		p.mu.Unlock()
	}()
	for {
		select {
		case r := <-p.replies:
			if r.seq == d.Seq && r.undo != "" {
				return zero, false, &Undo{Reason: r.undo}
			}
			if r.seq == d.Seq {
				return r.m, true, nil
			}
		case q := <-p.checks:
			q.reply <- p.check(d, q)
		case <-timeout:
			p.mu.Lock()
			h := p.relieve(fmt.Sprintf("no move within %s", p.opts.Patience))
			p.mu.Unlock()
			return zero, false, h
		case <-p.wake:
			p.mu.Lock()
			var h *Handover
			if p.away != "" {
				h = p.relieve(p.away)
			}
			p.mu.Unlock()
			if h != nil {
				return zero, false, h
			}
		case <-p.left:
			return zero, false, ErrLeft
		case <-ctx.Done():
			return zero, false, ctx.Err()
		}
	}
}

// handover says who is to take the seat at a new decision, if it changes
// hands (p.mu held).
func (p *PersonController[M, O]) handover() *Handover {
	switch {
	case p.standing && p.back:
		p.standing, p.back = false, false
		return &Handover{Name: p.opts.Name, Kind: Person, Reason: "back at the table"}
	case !p.standing && p.away != "":
		return p.relieve(p.away)
	}
	return nil
}

// relieve gives the seat to the stand-in (p.mu held).
func (p *PersonController[M, O]) relieve(reason string) *Handover {
	p.standing, p.away, p.back = true, "", false
	return &Handover{Name: p.opts.StandIn.Name, Kind: p.opts.StandIn.Kind, Reason: reason}
}

// check answers a check for decision d (the table's goroutine).
func (p *PersonController[M, O]) check(d Decision[O], q check[M]) error {
	if q.seq != d.Seq {
		return fmt.Errorf("table: check for decision %d, decision %d is pending: %w", q.seq, d.Seq, ErrStale)
	}
	return p.opts.Check(d, q.m)
}

// Refused tells the person's interface that a move of the person's was
// refused (PersonOptions.Refused); a move of the stand-in's is not told.
func (p *PersonController[M, O]) Refused(m M, err error) {
	p.mu.Lock()
	d, byIn := p.last, p.lastByIn
	p.mu.Unlock()
	if !byIn && p.opts.Refused != nil {
		p.opts.Refused(d, m, err)
	}
}

// Decisions signals each decision that is due as it becomes pending, for
// an interface to wait on (in a command of its own: it blocks). A
// decision not received before it stops pending (answered, handed to the
// stand-in, the table stopped) is taken back. Optional decisions are not
// signalled: they are answered at once (PersonOptions.Offered tells them).
func (p *PersonController[M, O]) Decisions() <-chan Decision[O] { return p.signal }

// Pending returns the decision waiting for the person, if any: what an
// interface shows, and shows again after a reconnect.
func (p *PersonController[M, O]) Pending() (Decision[O], bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.pending == nil {
		return Decision[O]{}, false
	}
	return *p.pending, true
}

// Submit gives the move for the pending decision numbered seq; the
// decision is then no longer pending (the table asks again if it refuses
// the move). A move for a decision that is not pending (a reply that
// crossed a timeout or a reconnect) is refused with ErrStale or
// ErrNoPending, and one while the stand-in plays with ErrStandIn; none
// changes anything.
func (p *PersonController[M, O]) Submit(seq int, m M) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case p.standing:
		return fmt.Errorf("table: move for decision %d: %w", seq, ErrStandIn)
	case p.pending == nil:
		return fmt.Errorf("table: move for decision %d: %w", seq, ErrNoPending)
	case p.pending.Seq != seq:
		return fmt.Errorf("table: move for decision %d, decision %d is pending: %w", seq, p.pending.Seq, ErrStale)
	}
	select {
	case p.replies <- reply[M]{seq: seq, m: m}:
		p.pending = nil
		return nil
	default:
		return fmt.Errorf("table: decision %d already answered: %w", seq, ErrStale)
	}
}

// TakeBack asks, in answer to the pending decision numbered seq, to take
// back the person's last move of the hand and what followed it (Undo,
// for reason): the table does it, or refuses it and says why
// (PersonOptions.UndoRefused), and then asks the person again. It is
// refused as Submit refuses a move for a decision not pending.
func (p *PersonController[M, O]) TakeBack(seq int, reason string) error {
	if reason == "" {
		reason = "taken back"
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case p.standing:
		return fmt.Errorf("table: taking back at decision %d: %w", seq, ErrStandIn)
	case p.pending == nil:
		return fmt.Errorf("table: taking back at decision %d: %w", seq, ErrNoPending)
	case p.pending.Seq != seq:
		return fmt.Errorf("table: taking back at decision %d, decision %d is pending: %w", seq, p.pending.Seq, ErrStale)
	}
	select {
	case p.replies <- reply[M]{seq: seq, undo: reason}:
		p.pending = nil
		return nil
	default:
		return fmt.Errorf("table: decision %d already answered: %w", seq, ErrStale)
	}
}

// UndoRefused tells the person's interface why the table refused to take
// their move back (PersonOptions.UndoRefused). It is told once the table
// asks the person again, with the decision pending: an interface that
// answers the refusal at once with a move finds the decision there.
func (p *PersonController[M, O]) UndoRefused(err error) {
	p.mu.Lock()
	p.refused = err
	p.mu.Unlock()
}

// tellRefused tells the interface of an undo refused (taken from
// p.refused with p.mu held), p.mu not held.
func (p *PersonController[M, O]) tellRefused(err error) {
	if err != nil && p.opts.UndoRefused != nil {
		p.opts.UndoRefused(err)
	}
}

// Check asks whether m may answer the pending decision numbered seq, with
// the rules' reason when it may not (PersonOptions.Check, in the table's
// goroutine); it changes nothing. It waits for the table: an interface
// calls it from a command of its own.
func (p *PersonController[M, O]) Check(seq int, m M) error {
	p.mu.Lock()
	switch {
	case p.pending == nil:
		p.mu.Unlock()
		return fmt.Errorf("table: check for decision %d: %w", seq, ErrNoPending)
	case p.pending.Seq != seq:
		p.mu.Unlock()
		return fmt.Errorf("table: check for decision %d, decision %d is pending: %w", seq, p.pending.Seq, ErrStale)
	case p.opts.Check == nil:
		p.mu.Unlock()
		return fmt.Errorf("table: check for decision %d: %w", seq, ErrNoCheck)
	}
	over := p.over
	p.mu.Unlock()
	q := check[M]{seq: seq, m: m, reply: make(chan error, 1)}
	select {
	case p.checks <- q:
		return <-q.reply
	case <-over:
		return fmt.Errorf("table: check for decision %d: %w", seq, ErrStale)
	}
}

// Queue holds a move for the seat's next optional decision (a bid while
// the cards are dealt). It is refused while the stand-in plays the seat
// (ErrStandIn) or when PersonOptions.MaxQueued are waiting (ErrQueueFull).
func (p *PersonController[M, O]) Queue(m M) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case p.standing:
		return fmt.Errorf("table: queueing a move: %w", ErrStandIn)
	case p.opts.MaxQueued > 0 && len(p.queued) >= p.opts.MaxQueued:
		return fmt.Errorf("table: at most %d moves wait at once: %w", p.opts.MaxQueued, ErrQueueFull)
	}
	p.queued = append(p.queued, m)
	return nil
}

// Drop forgets the queued moves (a new hand: they were for the last).
func (p *PersonController[M, O]) Drop() {
	p.mu.Lock()
	p.queued = nil
	p.mu.Unlock()
}

// Away says the person is away (reason says so in the log): the stand-in
// takes the seat at once if a decision is pending, else at the seat's
// next decision, until Back. Without a stand-in, or while it plays the
// seat, it changes nothing but a return the person had asked for.
func (p *PersonController[M, O]) Away(reason string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.hasStandIn() {
		return
	}
	if p.standing {
		p.back = false // gone again before the seat was given back
		return
	}
	if reason == "" {
		reason = "away"
	}
	p.away = reason
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

// Back says the person is here: an absence not yet acted on is
// forgotten, and if the stand-in plays the seat it is handed back at the
// seat's next decision.
func (p *PersonController[M, O]) Back() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.away = ""
	if p.standing {
		p.back = true
	}
}

// StandingIn reports whether the stand-in plays the seat now.
func (p *PersonController[M, O]) StandingIn() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.standing
}

// Leave says the person left for good: the pending decision, and every
// later one that is due, fails with ErrLeft, so the table's fallback
// takes the seat over.
func (p *PersonController[M, O]) Leave() { p.leave.Do(func() { close(p.left) }) }
