package agent

import (
	"context"
	"errors"
	"testing"

	"felt/card"
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
	return d.Legal()[0], nil
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

// quickKnocker takes the upcard when it could knock at once with it, and
// knocks as soon as it can; otherwise it plays as its built-in level.
type quickKnocker struct{ ginbot.Player }

func (q quickKnocker) Act(o *gin.Observation) gin.Action {
	switch o.Phase {
	case gin.UpcardPhase, gin.DealerUpcardPhase:
		top := o.Pile.Top()
		h := o.Hand.Add(top)
		for c := range h.All {
			if c != top && gin.Deadwood(h.Remove(c)) <= o.KnockLimit {
				return gin.TakeDiscardAction()
			}
		}
	case gin.DiscardPhase:
		for _, a := range o.LegalActions(nil) {
			if a.Kind == gin.Knock {
				return a
			}
		}
	}
	return q.Player.Act(o)
}

// When the person ends a hand before the program's first decision in it
// (takes the upcard and knocks), the program still hears the hand start
// before it hears the hand end: every hand_end follows a hand_start of the
// same hand, which gives the program's cards as dealt and the scores and
// boxes from before the hand.
func TestSeated_HandStartBeforeHandEnd(t *testing.T) {
	early, laterHand := 0, 0
	for seed := uint64(0); seed < 3000 && (early < 3 || laterHand == 0); seed++ {
		sp := &spy{Bot: Bot{ginbot.NewSimple(gin.NewRand(seed))}, seat: 1}
		s := NewSeated(sp, seed)
		person := quickKnocker{ginbot.NewSimple(gin.NewRand(seed + 1))}
		g, err := gin.NewGame(gin.Standard(), gin.NewRand(seed))
		if err != nil {
			t.Fatal(err)
		}
		dealt := map[int]card.Set{1: g.Observe(1).Hand}
		asked := map[int]bool{}
		for {
			h := g.Hand()
			if h.Over() {
				o := g.Observe(1)
				if !asked[g.HandNumber()] && h.Result().Kind != gin.DrawResult {
					early++
					if g.HandNumber() > 1 && h.Result().Winner == 0 && o.Scores[0] > h.Result().Points {
						laterHand++
					}
				}
				s.HandEnded(&o)
				if g.Over() {
					s.GameEnded(g.Result())
					break
				}
				if err := g.NextHand(); err != nil {
					t.Fatal(err)
				}
				dealt[g.HandNumber()] = g.Observe(1).Hand
				continue
			}
			seat := h.Turn()
			o := g.Observe(seat)
			var a gin.Action
			if seat == 1 {
				asked[g.HandNumber()] = true
				a = s.Act(&o)
			} else {
				a = person.Act(&o)
			}
			if err := g.Apply(seat, a); err != nil {
				t.Fatalf("seed %d seat %d: %v", seed, seat, err)
			}
		}
		if err := s.Problem(); err != nil {
			t.Fatal(err)
		}
		// hand_start, hand_end for each hand in turn, then game_end.
		var scores, boxes [2]int
		hand, open := 0, false
		for _, ev := range sp.events {
			switch ev.Kind {
			case HandStartEvent:
				if open || ev.Hand != hand+1 {
					t.Fatalf("seed %d: hand_start of hand %d after hand %d (open %v)", seed, ev.Hand, hand, open)
				}
				hand, open = ev.Hand, true
				o := ev.Obs
				if o.HandNumber != hand || o.Scores != scores || o.Boxes != boxes || o.Result != nil {
					t.Fatalf("seed %d: hand_start of hand %d: hand %d, scores %v, boxes %v, result %v; want scores %v, boxes %v before the hand",
						seed, hand, o.HandNumber, o.Scores, o.Boxes, o.Result, scores, boxes)
				}
				if !asked[hand] && o.Hand != dealt[hand] {
					t.Fatalf("seed %d: hand_start of hand %d, ended before the program's turn, gives cards %v, dealt %v", seed, hand, o.Hand, dealt[hand])
				}
			case HandEndEvent:
				if !open || ev.Hand != hand {
					t.Fatalf("seed %d: hand_end of hand %d without its hand_start (last hand_start: hand %d)", seed, ev.Hand, hand)
				}
				open = false
				scores, boxes = ev.Obs.Scores, ev.Obs.Boxes
			case GameEndEvent:
				if open || ev.Game.Scores != scores {
					t.Fatalf("seed %d: game_end %+v after hand %d (open %v)", seed, ev.Game, hand, open)
				}
			}
		}
		if hand != g.HandNumber() || open || sp.events[len(sp.events)-1].Kind != GameEndEvent {
			t.Fatalf("seed %d: heard of %d hands, played %d, or the game's end is missing", seed, hand, g.HandNumber())
		}
	}
	t.Logf("%d hands ended before the program's first decision, %d of them after an earlier hand was scored", early, laterHand)
	if early < 3 || laterHand == 0 {
		t.Fatalf("hands ended before the program's first decision: %d (%d after an earlier hand was scored); the test needs 3 and 1", early, laterHand)
	}
}
