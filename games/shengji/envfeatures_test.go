package shengji

import (
	"math/rand/v2"
	"testing"

	"felt/card"
	"felt/shengji"
)

// blockOf returns the feature block an action's row belongs to, by its
// first value set, and how many blocks have their first value set.
func blockOf(row []float32) (first, blocks int) {
	first = -1
	for _, b := range []int{FeatLead, FeatCommit, FeatFollow, FeatBury, FeatDeclare, FeatDeclare + 1, FeatCall} {
		if row[b] != 0 {
			if first < 0 {
				first = b
			}
			blocks++
		}
	}
	return first, blocks
}

// The action features describe exactly the legal actions, each in the
// block of its decision (a lead's card, the commit, a follow's card, a
// buried card, a pass or declaration, a call), every value within 0 to 1;
// a seat not to act gets none. A follow's "wins" value of the card that
// completes the trick's last play says whether the seat takes the trick,
// as the engine then scores it; the big joker led is always master.
func TestEnvFeatures_DescribeTheLegalActions(t *testing.T) {
	for _, preset := range envPresets(t) {
		env := newEnvOf(t, preset)
		b := newBufs(env)
		feats := make([]float32, EnvActions*EnvFeatures)
		other := make([]float32, EnvActions*EnvFeatures)
		rng := rand.New(rand.NewPCG(21, 22))
		seen := map[int]int{}
		lastWins, lastChecked := 0, 0
		episodes := 40
		if testing.Short() {
			episodes = 10
		}
		for ep := range episodes {
			if err := env.Reset(uint64(1000 + ep)); err != nil {
				t.Fatal(err)
			}
			for env.ToAct() >= 0 {
				s := env.ToAct()
				env.Observe(s, b.obs, b.mask, feats)
				env.Observe((s+1)%env.n, b.obs, make([]uint8, EnvActions), other)
				for i, v := range other {
					if v != 0 {
						t.Fatalf("%s: seat %d not to act has feature %d of action %d set", preset, (s+1)%env.n, i%EnvFeatures, i/EnvFeatures)
					}
				}
				env.Observe(s, b.obs, b.mask, feats)
				h := env.hand()
				ph := h.Phase()
				_, following := env.lead()
				want := -1
				switch ph {
				case shengji.DealPhase, shengji.BidPhase:
					want = FeatDeclare
				case shengji.BuryPhase:
					want = FeatBury
				case shengji.CallPhase:
					want = FeatCall
				case shengji.PlayPhase:
					want = FeatLead
					if following {
						want = FeatFollow
					}
				}
				for a := range EnvActions {
					row := feats[a*EnvFeatures : (a+1)*EnvFeatures]
					first, blocks := blockOf(row)
					if b.mask[a] == 0 {
						for i, v := range row {
							if v != 0 {
								t.Fatalf("%s: action %d (%s) is not legal but has feature %d = %v", preset, a, env.ActionString(a), i, v)
							}
						}
						continue
					}
					for i, v := range row {
						if v < 0 || v > 1 {
							t.Fatalf("%s: action %d (%s): feature %d = %v, outside 0 to 1", preset, a, env.ActionString(a), i, v)
						}
					}
					w := want
					switch {
					case a == ActCommit:
						w = FeatCommit
					case a >= ActDeclare && a < ActCall:
						w = FeatDeclare + 1
					}
					if blocks != 1 || first != w {
						t.Fatalf("%s: action %d (%s) in %s: block %d (%d blocks set), want %d", preset, a, env.ActionString(a), ph, first, blocks, w)
					}
					seen[w]++
				}
				a := b.pick(env, rng)
				// The trick's last play: its "wins" value is the engine's
				// verdict.
				if lead, ok := env.lead(); ok && ph == shengji.PlayPhase && a < ActCommit && env.sel.Len()+1 == lead.Len() {
					if _, count, _ := h.Lead(); count == env.n-1 {
						wins := feats[a*EnvFeatures+FeatFollow+7] == 1
						last := feats[a*EnvFeatures+FeatFollow+9] == 1
						i := h.NumTricks() - 1
						if err := env.Step(a); err != nil {
							t.Fatal(err)
						}
						won := h.Trick(i).Winner == shengji.Seat(s)
						if wins != won || last != won {
							t.Fatalf("%s: the trick's last play by seat %d: wins %v, as last %v, but the engine gives the trick to seat %d", preset, s, wins, last, h.Trick(i).Winner)
						}
						lastChecked++
						if won {
							lastWins++
						}
						continue
					}
				}
				// The big joker led alone is master.
				if ph == shengji.PlayPhase && !following && env.sel.IsEmpty() && b.mask[ActCard+53] != 0 {
					if feats[(ActCard+53)*EnvFeatures+FeatLead+5] != 1 {
						t.Fatalf("%s: the big joker to lead is not master", preset)
					}
				}
				if err := env.Step(a); err != nil {
					t.Fatal(err)
				}
			}
		}
		t.Logf("%s: legal actions described by block %v; %d tricks' last plays checked (%d won)", preset, seen, lastChecked, lastWins)
		for _, blk := range []int{FeatLead, FeatCommit, FeatFollow, FeatBury, FeatDeclare, FeatDeclare + 1} {
			if seen[blk] == 0 {
				t.Errorf("%s: no legal action in block %d", preset, blk)
			}
		}
		if env.ncall > 0 && seen[FeatCall] == 0 {
			t.Errorf("%s: no friend call described", preset)
		}
		if lastChecked < 50 || lastWins == 0 || lastWins == lastChecked {
			t.Errorf("%s: %d tricks' last plays checked, %d won: too few to tell", preset, lastChecked, lastWins)
		}
	}
}

// Master, by the rule: a card is master when every copy of each stronger
// card of its group is in the seat's hand or played; the same count made
// card by card over the whole pack.
func TestEnvFeatures_MasterByTheCount(t *testing.T) {
	env := newEnvOf(t, "standard")
	b := newBufs(env)
	rng := rand.New(rand.NewPCG(5, 6))
	checked, masters := 0, 0
	for ep := range 20 {
		if err := env.Reset(uint64(ep)); err != nil {
			t.Fatal(err)
		}
		for env.ToAct() >= 0 {
			h := env.hand()
			if _, following := env.lead(); h.Phase() == shengji.PlayPhase && !following {
				o := env.order()
				hand := h.Cards(shengji.Seat(env.ToAct()))
				for f := range card.NumFaces {
					c := envCards[f]
					if !hand.Has(c) {
						continue
					}
					want := true
					for g := range card.NumFaces {
						d := envCards[g]
						if o.Group(d) != o.Group(c) || o.Step(d) <= o.Step(c) {
							continue
						}
						n := hand.Count(d)
						for x := range env.n {
							n += env.played[x].Count(d)
						}
						if n < env.packs {
							want = false
						}
					}
					if got := env.master(o, c, hand); got != want {
						t.Fatalf("master(%s) = %v, want %v", c, got, want)
					}
					checked++
					if want {
						masters++
					}
				}
			}
			if err := env.Step(b.pick(env, rng)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 1000 || masters == 0 || masters == checked {
		t.Fatalf("%d cards checked, %d master: too few to tell", checked, masters)
	}
	t.Logf("%d cards checked, %d master", checked, masters)
}
