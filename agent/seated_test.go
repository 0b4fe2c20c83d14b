package agent

import (
	"context"
	"errors"
	"testing"

	"felt/gin"
	"felt/gin/ginbot"
)

// failing is a Player whose every call fails after n actions.
type failing struct {
	n, acted int
	starts   int
}

func (f *failing) Name() string { return "failing" }
func (f *failing) Act(_ context.Context, d *Decision) (gin.Action, error) {
	if f.acted >= f.n {
		return gin.Action{}, errors.New("gone")
	}
	f.acted++
	return d.Legal[0], nil
}
func (f *failing) Notify(_ context.Context, ev Event) error {
	if ev.Kind == HandStartEvent {
		f.starts++
	}
	return nil
}
func (f *failing) Close() error { return nil }

func TestSeated_PlaysThenFallsBack(t *testing.T) {
	p := &failing{n: 5}
	s := NewSeated(p, 1)
	g, _ := gin.NewGame(gin.EAAI(), gin.NewRand(4))
	players := [2]ginbot.Player{s, ginbot.NewSimple(gin.NewRand(2))}
	for !g.Over() {
		h := g.Hand()
		if h.Over() {
			o := g.Observe(0)
			s.HandEnded(&o)
			if err := g.NextHand(); err != nil {
				t.Fatal(err)
			}
			continue
		}
		seat := h.Turn()
		o := g.Observe(seat)
		if err := g.Apply(seat, players[seat].Act(&o)); err != nil {
			t.Fatalf("seat %d: %v", seat, err)
		}
	}
	if p.acted != 5 || s.Problem() == nil {
		t.Fatalf("acted %d, problem %v", p.acted, s.Problem())
	}
	if p.starts != 1 {
		t.Fatalf("hand_start sent %d times before the failure", p.starts)
	}
}
