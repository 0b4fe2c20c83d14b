package sjtui

import (
	"context"
	"slices"
	"sync"
	"time"

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

// Bridge connects a running table to the Model: its controller of the
// watched seat (Control) forwards the seat's events and the person's
// decisions to a channel the Model reads (Next).
type Bridge struct {
	seat    shengji.Seat
	ch      chan tea.Msg
	ctx     context.Context
	human   *table.Human[shengji.Action, Obs]
	inner   table.Controller[shengji.Action, Obs]
	observe func() Obs

	finished chan struct{} // closed when the table has stopped

	mu     sync.Mutex
	queued []int // the hand number of each bid queued with the Human
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

// NewBridge returns a bridge for seat. With human nil the seat is played
// by inner (autoplay) and only watched. ctx ends the bridge: sends stop
// waiting for the Model.
func NewBridge(ctx context.Context, seat shengji.Seat, human *table.Human[shengji.Action, Obs], inner table.Controller[shengji.Action, Obs]) *Bridge {
	return &Bridge{seat: seat, ch: make(chan tea.Msg), ctx: ctx, human: human, inner: inner, finished: make(chan struct{})}
}

// SetObserve gives the bridge the seat's observation (the table engine's
// Observe of the seat), read after each event. It must be set before the
// table runs.
func (b *Bridge) SetObserve(f func() Obs) { b.observe = f }

// Human returns the person's controller, nil under autoplay.
func (b *Bridge) Human() *table.Human[shengji.Action, Obs] { return b.human }

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

// Next returns a command that waits for the table's next message.
func (b *Bridge) Next() tea.Msg {
	select {
	case m := <-b.ch:
		return m
	case <-b.ctx.Done():
		return DoneMsg{Err: b.ctx.Err()}
	}
}

// Queue holds a bid for the person's next chance to declare in hand.
func (b *Bridge) Queue(hand int, a shengji.Action) {
	if b.human == nil {
		return
	}
	b.mu.Lock()
	b.queued = append(b.queued, hand)
	b.mu.Unlock()
	b.human.Queue(a)
}

// Control is the seat's controller.
func (b *Bridge) Control() table.Controller[shengji.Action, Obs] { return (*seatControl)(b) }

type seatControl Bridge

func (c *seatControl) Decide(ctx context.Context, d table.Decision[Obs]) (shengji.Action, bool, error) {
	b := (*Bridge)(c)
	if b.human == nil {
		return b.player().Decide(ctx, d)
	}
	if d.Optional {
		a, ok, err := b.human.Decide(ctx, d)
		if ok {
			b.mu.Lock()
			hand := 0
			if len(b.queued) > 0 {
				hand, b.queued = b.queued[0], b.queued[1:]
			}
			b.mu.Unlock()
			if hand != d.Obs.HandNumber || !slices.Contains(d.Obs.AppendDeclarations(nil), a) {
				// a bid queued in an earlier hand, or overtaken since:
				// too late to be shown (the screen says so)
				return shengji.Action{}, false, nil
			}
		}
		return a, ok, err
	}
	// Tell the screen once the Human holds the decision, so that a move
	// submitted at once finds it pending.
	go func() {
		for {
			if p, ok := b.human.Pending(); ok && p.Seq == d.Seq {
				b.send(DecisionMsg{Decision: d})
				return
			}
			select {
			case <-time.After(time.Millisecond):
			case <-ctx.Done():
				return
			}
		}
	}()
	return b.human.Decide(ctx, d)
}

func (c *seatControl) Event(s table.Seat, e shengji.Event) {
	b := (*Bridge)(c)
	var o Obs
	if b.observe != nil {
		o = b.observe()
	}
	if l, ok := b.player().(table.Listener[shengji.Event]); ok {
		l.Event(s, e)
	}
	b.send(EventMsg{Event: e, Obs: o})
}

func (c *seatControl) Notice(n table.Notice) {
	b := (*Bridge)(c)
	if l, ok := b.player().(table.Listener[shengji.Event]); ok {
		l.Notice(n)
	}
	b.send(NoticeMsg{Notice: n})
}

func (c *seatControl) Refused(a shengji.Action, err error) {
	(*Bridge)(c).send(RefusedMsg{Action: a, Err: err})
}
