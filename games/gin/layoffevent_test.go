package gin

import (
	"testing"

	"felt/gin"
	"felt/table"
)

// TestGinLayOffEvent_Recognisable: at a table whose defender lays out and
// lays off card by card, every lay-off, for each seat and the spectator,
// is an event of its own kind (lay_off), never read as a deal (a deal is
// the only other event of no kind without an end) even shown without its
// meld; its wire form always has kind "lay_off", the card and the meld it
// went onto. No other event (deal, move, knock, layout) is of that kind.
func TestGinLayOffEvent_Recognisable(t *testing.T) {
	opts := layOutOpts(t)
	layoffs, others := 0, 0
	for seed := uint64(1); seed <= 12; seed++ {
		eng, err := New(seed, opts)
		if err != nil {
			t.Fatal(err)
		}
		e := eng.(*Engine)
		var plan []gin.Layoff
		planned := 0 // the hand the plan is for
		for moves := 0; !e.Over(); moves++ {
			if moves > 100_000 {
				t.Fatalf("seed %d: the game does not end", seed)
			}
			var v table.Views[gin.Event]
			if dealIfDue(t, e, &v) {
				others += checkNotLayOff(t, "a deal", &v)
				continue
			}
			s, _ := e.ToAct().First(0)
			o := observe(e, s)
			var a gin.Action
			switch {
			case o.Result != nil && o.Phase != gin.OverPhase:
				// The defender: the engine's lay-offs one lay_off move at
				// a time, then its melds.
				if planned != o.HandNumber {
					planned, plan = o.HandNumber, o.Result.Showdown.Layoffs
				}
				if len(plan) > 0 {
					a, plan = LayOff(plan[0].Card, plan[0].Onto), plan[1:]
				} else {
					a = LayOut(o.Result.Showdown.Defender)
				}
			default:
				a, _ = ginPure(&o)
			}
			if err := e.Apply(s, a, &v); err != nil {
				t.Fatalf("seed %d: %v: %v", seed, a, err)
			}
			if !isLayOff(a) {
				others += checkNotLayOff(t, a.Kind.String(), &v)
				continue
			}
			layoffs++
			x, _ := layoff(a)
			for i, ev := range []gin.Event{v.Seat[0], v.Seat[1], v.Spectator} {
				viewer := [...]string{"seat 0", "seat 1", "the spectator"}[i]
				if ev.Kind.String() != "lay_off" || ev.Card != x.Card || ev.End != nil || ev.Seat != gin.Seat(s) {
					t.Fatalf("seed %d: %s sees the lay-off of %s as %+v", seed, viewer, x.Card, ev)
				}
				bare := ev
				bare.Melds = gin.Arrangement{}
				if bare.Kind == gin.NoAction && bare.End == nil {
					t.Fatalf("seed %d: %s's lay-off of %s, without its meld, reads as a deal: %+v", seed, viewer, x.Card, bare)
				}
				if w := EventWire(bare); w.Kind != "lay_off" || w.Card != x.Card || w.Cards != nil {
					t.Fatalf("seed %d: %s's lay-off without its meld is written %+v", seed, viewer, w)
				}
				w := EventWire(ev)
				if w.Kind != "lay_off" || w.Card != x.Card || gin.MeldOf(w.Onto...) != x.Onto || len(w.Onto) != x.Onto.Len() ||
					w.End != nil || w.Melds != nil || w.Cards != nil {
					t.Fatalf("seed %d: %s's lay-off of %s onto %v is written %+v", seed, viewer, x.Card, x.Onto, w)
				}
			}
		}
	}
	if layoffs < 10 {
		t.Fatalf("only %d lay-offs made", layoffs)
	}
	t.Logf("%d lay-offs, %d other events, each seen by two seats and a spectator", layoffs, others)
}

// checkNotLayOff checks that no viewer of a move that is not a lay-off
// sees one, and returns 1.
func checkNotLayOff(t *testing.T, what string, v *table.Views[gin.Event]) int {
	t.Helper()
	for _, ev := range []gin.Event{v.Seat[0], v.Seat[1], v.Spectator} {
		if ev.Kind.String() == "lay_off" || EventWire(ev).Kind == "lay_off" {
			t.Fatalf("%s is seen as a lay-off: %+v", what, ev)
		}
	}
	return 1
}
