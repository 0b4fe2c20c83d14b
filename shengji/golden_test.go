package shengji

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// fixedPolicy is a deterministic player: what it does depends only on its
// observation. It declares now and then, buries its eight lowest cards,
// throws the three highest cards of its longest suit-group every fourth
// trick it leads, and otherwise plays a legal play picked by the trick
// number and its seat.
type fixedPolicy struct{}

func (p fixedPolicy) Act(o *Observation) (Action, bool) {
	switch o.Phase {
	case DealPhase:
		ds := o.AppendDeclarations(nil)
		if len(ds) == 0 || (o.Dealt+int(o.Seat))%11 != 0 {
			return Action{}, false
		}
		return ds[len(ds)-1], true
	case BidPhase:
		if ds := o.AppendDeclarations(nil); len(ds) > 0 && o.Seat != 1 {
			return ds[0], true
		}
		return PassAction(), true
	case BuryPhase:
		cs := o.order().Sorted(o.Hand)
		var a Action
		a.Kind = Bury
		for _, c := range cs[:KittySize] {
			_ = a.Cards.Add(c)
		}
		return a, true
	case PlayPhase:
		if o.Leading() && o.Tricks.Len()%4 == 3 {
			ord := o.order()
			best, n := Group(0), 0
			for g := range Group(NumGroups) {
				if k := o.Hand.Within(ord.Faces(g)).Len(); k > n {
					best, n = g, k
				}
			}
			if n >= 3 {
				cs := ord.Sorted(o.Hand.Within(ord.Faces(best)))
				var a Action
				a.Kind = Play
				for _, c := range cs[len(cs)-3:] {
					_ = a.Cards.Add(c)
				}
				return a, true
			}
		}
		n := o.CountPlays()
		p, ok := o.NthPlay((o.Tricks.Len()*7 + int(o.Seat)*3) % n)
		return PlayAction(p), ok
	}
	return Action{}, false
}

func fixedPlayers() [MaxSeats]player {
	return [MaxSeats]player{fixedPolicy{}, fixedPolicy{}, fixedPolicy{}, fixedPolicy{}}
}

// goldenGames are the seeds and rules of the perft-style counts.
var goldenGames = []struct {
	seed  uint64
	rules string
}{
	{1, "standard"}, {2, "standard"}, {3, "simple"}, {4, "penalty"},
	{5, `{"start_level": "10", "no_bid": "turn-up-kitty"}`}, {6, `{"start_level": "A"}`},
}

// TestFollows_GoldenCounts plays the first hands of fixed seeded games by
// the fixed policy and writes, for every trick, the lead and the number of
// legal follows of each of the three followers (checking each count
// against the listed follows). The counts are kept in testdata/follows.golden;
// go test -run TestFollows_GoldenCounts -update rewrites them.
func TestFollows_GoldenCounts(t *testing.T) {
	var out bytes.Buffer
	fmt.Fprintln(&out, "# seed rules / hand trump banker / trick leader lead: follows of the next three seats")
	for _, gg := range goldenGames {
		r, err := ResolveRules(gg.rules)
		if err != nil {
			t.Fatal(err)
		}
		g, err := NewGame(r, NewRand(gg.seed))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&out, "game %d %s\n", gg.seed, gg.rules)
		ps := fixedPlayers()
		for hand := 0; hand < 3 && !g.Over(); hand++ {
			if g.Hand().Over() {
				if err := g.NextHand(); err != nil {
					t.Fatal(err)
				}
			}
			h := g.Hand()
			for h.Phase() != PlayPhase {
				if err := playStep(g, g.Hand(), &ps); err != nil {
					t.Fatal(err)
				}
			}
			fmt.Fprintf(&out, "hand %d trump %s banker %s\n", g.HandNumber(), h.Trump(), h.Banker())
			for !h.Over() {
				tr := h.Trick(h.NumTricks() - 1)
				if tr.Count > 0 {
					s := h.Turn()
					n := h.Trump().Order().CountFollows(tr.Lead(), h.Cards(s))
					if n <= 20000 {
						if l := len(h.Trump().Order().AppendFollows(nil, tr.Lead(), h.Cards(s))); l != n {
							t.Fatalf("CountFollows %d, AppendFollows %d", n, l)
						}
					}
					fmt.Fprintf(&out, " %d", n)
				} else {
					fmt.Fprintf(&out, "trick %d leader %s", h.NumTricks(), h.Turn())
				}
				if err := playStep(g, g.Hand(), &ps); err != nil {
					t.Fatal(err)
				}
				if tr := h.Trick(h.NumTricks() - 1); tr.Count == 0 || h.Over() {
					last := h.Trick(h.NumTricks() - 1)
					if !h.Over() {
						last = h.Trick(h.NumTricks() - 2)
					}
					fmt.Fprintf(&out, " lead %s winner %s\n", last.Lead(), last.Winner)
				}
			}
			s := h.Score()
			fmt.Fprintf(&out, "score attackers %d kitty %d×%d penalty %d\n", s.AttackerPoints, s.KittyPoints, s.KittyMultiplier, s.Penalty)
		}
	}
	path := filepath.Join("testdata", "follows.golden")
	if *update {
		if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -run TestFollows_GoldenCounts -update writes it)", err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		gl, wl := bytes.Split(out.Bytes(), []byte("\n")), bytes.Split(want, []byte("\n"))
		for i := range min(len(gl), len(wl)) {
			if !bytes.Equal(gl[i], wl[i]) {
				t.Fatalf("testdata/follows.golden line %d:\n got %s\nwant %s", i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("testdata/follows.golden: %d lines, the game gives %d", len(wl), len(gl))
	}
}
