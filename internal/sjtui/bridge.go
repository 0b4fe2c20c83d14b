package sjtui

import (
	"context"
	"sync"

	tea "charm.land/bubbletea/v2"

	"felt/shengji"
	"felt/table"
)

// Obs is a seat's observation of Shengji.
type Obs = shengji.Observation

// EventMsg is one event the seat saw, with its observation after it.
type EventMsg struct {
	Event shengji.Event
	Obs   Obs
}

// DecisionMsg is a decision put to the person (not an optional bid).
type DecisionMsg struct {
	Decision table.Decision[Obs]
}

// RefusedMsg says the table refused the person's move, and why.
type RefusedMsg struct {
	Action shengji.Action
	Err    error
}

// NoticeMsg is a notice of the table (a takeover, an abandonment).
type NoticeMsg struct {
	Notice table.Notice
}

// DoneMsg says the table stopped: the game is over, or it was abandoned.
type DoneMsg struct {
	Result table.Result
	Err    error
}

// Bridge connects a running table to the Model: the watched seat's
// controller (Control) is the person's, a table.PersonController whose
// decisions the Model reads as they are signalled (Next), or under
// autoplay a level's; either way the bridge forwards the seat's events
// and the table's notices on a channel the Model reads too.
type Bridge struct {
	seat    shengji.Seat
	ch      chan tea.Msg
	ctx     context.Context
	person  *table.PersonController[shengji.Action, Obs]
	inner   table.Controller[shengji.Action, Obs]
	observe func() Obs

	finished chan struct{} // closed when the table has stopped

	mu   sync.Mutex
	hand int // the hand of the last event: bids are queued for it
}

// setInner makes in the autoplay player of the seat: the built-in level
// that took it over from a failed one.
func (b *Bridge) setInner(in table.Controller[shengji.Action, Obs]) {
	b.mu.Lock()
	b.inner = in
	b.mu.Unlock()
}

// player returns the autoplay player of the seat.
func (b *Bridge) player() table.Controller[shengji.Action, Obs] {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.inner
}

// NewBridge returns a bridge for seat, played by the person (inner nil)
// or by inner (autoplay), the seat only watched. ctx ends the bridge:
// sends stop waiting for the Model.
func NewBridge(ctx context.Context, seat shengji.Seat, inner table.Controller[shengji.Action, Obs]) *Bridge {
	b := &Bridge{seat: seat, ch: make(chan tea.Msg), ctx: ctx, inner: inner, finished: make(chan struct{})}
	if inner == nil {
		b.person = table.NewPersonController(table.PersonOptions[shengji.Action, Obs]{
			Name:  "human",
			Check: func(d table.Decision[Obs], a shengji.Action) error { return d.Obs.Check(a) },
			Refused: func(d table.Decision[Obs], a shengji.Action, err error) {
				if d.Optional {
					// a queued bid overtaken since (or of a hand before):
					// too late to be shown, as the screen says
					return
				}
				b.send(RefusedMsg{Action: a, Err: err})
			},
		})
	}
	return b
}

// SetObserve gives the bridge the seat's observation (the table engine's
// Observe of the seat), read after each event. It must be set before the
// table runs.
func (b *Bridge) SetObserve(f func() Obs) { b.observe = f }

func (b *Bridge) send(m tea.Msg) {
	select {
	case b.ch <- m:
	case <-b.ctx.Done():
	}
}

// Done sends the table's end to the Model.
func (b *Bridge) Done(r table.Result, err error) { b.send(DoneMsg{Result: r, Err: err}) }

// Wait waits until the table started by Start has stopped (its log
// written).
func (b *Bridge) Wait() { <-b.finished }

// Next waits for the table's next message: a decision put to the person
// as it is signalled, or what the bridge forwards of the table.
func (b *Bridge) Next() tea.Msg {
	var decisions <-chan table.Decision[Obs]
	if b.person != nil {
		decisions = b.person.Decisions()
	}
	select {
	case m := <-b.ch:
		return m
	case d := <-decisions:
		return DecisionMsg{Decision: d}
	case <-b.ctx.Done():
		return DoneMsg{Err: b.ctx.Err()}
	}
}

// Submit gives the person's move for the decision numbered seq (nothing
// under autoplay).
func (b *Bridge) Submit(seq int, a shengji.Action) error {
	if b.person == nil {
		return nil
	}
	return b.person.Submit(seq, a)
}

// Queue holds a bid for the person's next chance to declare in hand; a
// bid for a hand that is over is dropped.
func (b *Bridge) Queue(hand int, a shengji.Action) {
	if b.person == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if hand == b.hand {
		_ = b.person.Queue(a) // unbounded, and the person plays the seat
	}
}

// Control is the seat's controller.
func (b *Bridge) Control() table.Controller[shengji.Action, Obs] {
	if b.person != nil {
		return personControl{b.person, b}
	}
	return (*autoControl)(b)
}

// personControl is the person's controller, the seat's events and the
// table's notices going to the screen.
type personControl struct {
	*table.PersonController[shengji.Action, Obs]
	b *Bridge
}

func (c personControl) Event(s table.Seat, e shengji.Event) { c.b.event(s, e) }
func (c personControl) Notice(n table.Notice)               { c.b.notice(n) }

// autoControl plays the watched seat with its autoplay player.
type autoControl Bridge

func (c *autoControl) Decide(ctx context.Context, d table.Decision[Obs]) (shengji.Action, bool, error) {
	return (*Bridge)(c).player().Decide(ctx, d)
}

func (c *autoControl) Event(s table.Seat, e shengji.Event) { (*Bridge)(c).event(s, e) }
func (c *autoControl) Notice(n table.Notice)               { (*Bridge)(c).notice(n) }

func (c *autoControl) Refused(a shengji.Action, err error) {
	(*Bridge)(c).send(RefusedMsg{Action: a, Err: err})
}

// event sends the seat's event to the screen, with its observation; a
// new hand drops the bids queued for the last.
func (b *Bridge) event(s table.Seat, e shengji.Event) {
	var o Obs
	if b.observe != nil {
		o = b.observe()
	}
	if b.person != nil {
		b.mu.Lock()
		if o.HandNumber != b.hand {
			b.hand = o.HandNumber
			b.person.Drop()
		}
		b.mu.Unlock()
	} else if l, ok := b.player().(table.Listener[shengji.Event]); ok {
		l.Event(s, e)
	}
	b.send(EventMsg{Event: e, Obs: o})
}

func (b *Bridge) notice(n table.Notice) {
	if b.person == nil {
		if l, ok := b.player().(table.Listener[shengji.Event]); ok {
			l.Notice(n)
		}
	}
	b.send(NoticeMsg{Notice: n})
}
