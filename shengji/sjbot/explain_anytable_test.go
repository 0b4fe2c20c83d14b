package sjbot_test

import (
	"math/rand/v2"
	"testing"

	"felt/card"
	"felt/shengji"
	"felt/shengji/sjbot"
)

// TestExplain_AnyTable: the hint's reasons are worked out at every
// Finding Friends table (the server's hint and the terminal's call
// Explain at any table): whole games of greedy seats, every move
// explained, and most plays given a reason in words.
func TestExplain_AnyTable(t *testing.T) {
	for _, p := range []string{"friends-5", "friends-6", "friends-8"} {
		r, _ := shengji.Preset(p)
		g, err := shengji.NewGame(r, shengji.NewRand(3))
		if err != nil {
			t.Fatal(err)
		}
		n, plays, worded := 0, 0, 0
		for !g.Over() && n < 40000 {
			h := g.Hand()
			if h.Phase() == shengji.DealPhase {
				_ = g.Deal()
				continue
			}
			if h.Over() {
				if err := g.NextHand(); err != nil {
					t.Fatal(err)
				}
				continue
			}
			s := h.Turn()
			var o shengji.Observation
			g.Observe(s, &o)
			a, ok := sjbot.NewGreedy(rand.New(rand.NewPCG(1, 2))).Act(&o)
			if !ok {
				a = shengji.PassAction()
			}
			text := sjbot.Explain(&o, a).Text(func(s shengji.Seat) string { return s.String() }, func(c card.Multi) string { return c.String() })
			if a.Kind == shengji.Play {
				plays++
				if text != "" {
					worded++
				}
			}
			if err := g.Apply(s, a); err != nil {
				t.Fatal(err)
			}
			n++
		}
		t.Logf("%s: %d moves, %d plays, %d with a reason in words", p, n, plays, worded)
		if !g.Over() || plays == 0 || worded*2 < plays {
			t.Fatalf("%s: over %v after %d moves; %d of %d plays worded", p, g.Over(), n, worded, plays)
		}
	}
}
