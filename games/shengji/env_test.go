package shengji

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"

	"felt/card"
	"felt/games"
	"felt/shengji"
)

// envPresets are the tables the env tests play: the standard table and
// Finding Friends at six players and three packs, with others when not
// short.
func envPresets(t testing.TB) []string {
	ps := []string{"standard", "friends-6"}
	if !testing.Short() {
		ps = append(ps, "simple", "penalty", "friends-5", "friends-8")
	}
	return ps
}

// newEnvOf returns the env of a rules preset.
func newEnvOf(t testing.TB, preset string) *Env {
	t.Helper()
	opts, err := Game.Rules(preset)
	if err != nil {
		t.Fatal(err)
	}
	g, err := games.Lookup("shengji")
	if err != nil {
		t.Fatal(err)
	}
	ge, err := g.NewEnv(opts)
	if err != nil {
		t.Fatal(err)
	}
	return ge.(*Env)
}

// envBufs are one seat's buffers for an env.
type envBufs struct {
	obs   []float32
	mask  []uint8
	legal []int
}

func newBufs(env games.Env) *envBufs {
	sp := env.Spec()
	return &envBufs{obs: make([]float32, sp.Obs), mask: make([]uint8, sp.Actions), legal: make([]int, 0, sp.Actions)}
}

// pick observes the seat to act and returns a random legal action.
func (b *envBufs) pick(env games.Env, rng *rand.Rand) int {
	env.Observe(env.ToAct(), b.obs, b.mask, nil)
	b.legal = b.legal[:0]
	for a, ok := range b.mask {
		if ok != 0 {
			b.legal = append(b.legal, a)
		}
	}
	if len(b.legal) == 0 {
		return -1
	}
	return b.legal[rng.IntN(len(b.legal))]
}

// maxEnvSteps bounds an episode's steps: a card action per card dealt,
// buried and played, a commit per lead, the declarations and passes.
const maxEnvSteps = 20000

// Random episodes of each preset end, within bounds, every seat having
// an all-zero mask when not to act, the rewards zero until the end and
// then opposite for the two sides; their logs replay.
func TestEnvRandomEpisodes(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 200
	}
	for _, preset := range envPresets(t) {
		t.Run(preset, func(t *testing.T) {
			env := newEnvOf(t, preset)
			sp := env.Spec()
			b, other := newBufs(env), newBufs(env)
			rew := make([]float32, sp.Seats)
			rng := rand.New(rand.NewPCG(1, 2))
			nonzero, redealt := 0, 0
			for ep := range n {
				if err := env.Reset(uint64(ep)); err != nil {
					t.Fatal(err)
				}
				steps := 0
				for env.ToAct() >= 0 {
					s := env.ToAct()
					a := b.pick(env, rng)
					if a < 0 {
						t.Fatalf("episode %d step %d: seat %d to act has no legal action", ep, steps, s)
					}
					o := (s + 1 + rng.IntN(sp.Seats-1)) % sp.Seats
					env.Observe(o, other.obs, other.mask, nil)
					for _, m := range other.mask {
						if m != 0 {
							t.Fatalf("episode %d: seat %d not to act has a legal action", ep, o)
						}
					}
					env.Rewards(rew)
					for _, r := range rew {
						if r != 0 {
							t.Fatalf("episode %d: reward %v before the end", ep, rew)
						}
					}
					if err := env.Step(a); err != nil {
						t.Fatalf("episode %d step %d: legal action %d (%s) refused: %v", ep, steps, a, env.ActionString(a), err)
					}
					if steps++; steps > maxEnvSteps {
						t.Fatalf("episode %d: no end after %d steps", ep, steps)
					}
				}
				env.Rewards(rew)
				h := env.hand()
				if !h.Over() {
					t.Fatalf("episode %d: over but the hand is in phase %s", ep, h.Phase())
				}
				if h.Score().Redeal {
					redealt++
				} else {
					played := 0
					for x := range sp.Seats {
						played += env.played[x].Len()
						// only the banker's can be left: buried
						if sh := env.shown[x]; !sh.IsEmpty() && (shengji.Seat(x) != h.Banker() || !h.Kitty().Contains(sh)) {
							t.Fatalf("episode %d: seat %d played every card but shows %s", ep, x, env.shown[x])
						}
					}
					if want := env.rules.DeckSize() - env.kitty; played != want {
						t.Fatalf("episode %d: %d cards played, %d dealt", ep, played, want)
					}
				}
				side := h.Side()
				var pos, neg float32
				for s, r := range rew {
					if r < -20 || r > 20 {
						t.Fatalf("episode %d: reward %v", ep, rew)
					}
					if side.Has(shengji.Seat(s)) {
						pos = r
					} else {
						neg = r
					}
				}
				for s, r := range rew {
					if want := pos; !side.Has(shengji.Seat(s)) && r != neg || side.Has(shengji.Seat(s)) && r != want {
						t.Fatalf("episode %d: rewards %v not the same for each side %s", ep, rew, side)
					}
				}
				if pos != -neg {
					t.Fatalf("episode %d: rewards %v not opposite", ep, rew)
				}
				if pos != 0 {
					nonzero++
				}
				if ep%50 == 0 {
					log, err := env.Log()
					if err != nil {
						t.Fatal(err)
					}
					v, err := games.Verify(bytes.NewReader(log))
					if err != nil {
						t.Fatalf("episode %d: the log does not replay: %v\n%.2000s", ep, err, log)
					}
					if v.Header.Game != "shengji" || v.Moves == 0 {
						t.Fatalf("episode %d: replayed %+v", ep, v)
					}
				}
			}
			if nonzero < n/2 {
				t.Errorf("%d of %d episodes with a nonzero reward", nonzero, n)
			}
			t.Logf("%s: %d episodes, %d with a nonzero reward, %d redealt", preset, n, nonzero, redealt)
		})
	}
}

// A refused action says so and changes nothing.
func TestEnvIllegalAction(t *testing.T) {
	for _, preset := range []string{"standard", "friends-6"} {
		env := newEnvOf(t, preset)
		b := newBufs(env)
		rng := rand.New(rand.NewPCG(3, 4))
		refused := 0
		for ep := range 20 {
			if err := env.Reset(uint64(ep)); err != nil {
				t.Fatal(err)
			}
			for env.ToAct() >= 0 {
				a := b.pick(env, rng)
				if rng.IntN(4) == 0 {
					bad := []int{-1, EnvActions, rng.IntN(EnvActions)}[rng.IntN(3)]
					if bad < 0 || bad >= EnvActions || b.mask[bad] == 0 {
						before, _ := env.State()
						blog, _ := env.Log()
						err := env.Step(bad)
						if !errors.Is(err, games.ErrIllegalAction) {
							t.Fatalf("illegal action %d: %v", bad, err)
						}
						after, _ := env.State()
						alog, _ := env.Log()
						if !bytes.Equal(before, after) || !bytes.Equal(blog, alog) {
							t.Fatalf("illegal action %d changed the state:\n%s\n%s", bad, before, after)
						}
						refused++
					}
				}
				if err := env.Step(a); err != nil {
					t.Fatal(err)
				}
			}
			if err := env.Step(0); !errors.Is(err, games.ErrIllegalAction) {
				t.Fatalf("a step after the end: %v", err)
			}
		}
		if refused < 100 {
			t.Fatalf("only %d refusals tried", refused)
		}
	}
}

// The same seed and actions play the same episode: the same
// observations, rewards and log.
func TestEnvDeterministic(t *testing.T) {
	for _, preset := range []string{"standard", "friends-6"} {
		run := func() (string, []byte) {
			env := newEnvOf(t, preset)
			b := newBufs(env)
			rng := rand.New(rand.NewPCG(5, 6))
			var sum strings.Builder
			for ep := range 5 {
				if err := env.Reset(uint64(100 + ep)); err != nil {
					t.Fatal(err)
				}
				for env.ToAct() >= 0 {
					a := b.pick(env, rng)
					fmt.Fprint(&sum, env.ToAct(), a, b.obs, ";")
					if err := env.Step(a); err != nil {
						t.Fatal(err)
					}
				}
				r := make([]float32, env.Spec().Seats)
				env.Rewards(r)
				fmt.Fprint(&sum, r)
			}
			log, err := env.Log()
			if err != nil {
				t.Fatal(err)
			}
			return sum.String(), log
		}
		s1, l1 := run()
		s2, l2 := run()
		if s1 != s2 || !bytes.Equal(l1, l2) {
			t.Fatalf("%s: two runs of the same seeds and actions differ", preset)
		}
	}
}

// resetWithDeck starts env's hand from seed but with deck dealt instead
// of the seed's (its log is then not the hand's).
func resetWithDeck(t *testing.T, env *Env, seed uint64, deck []card.Card) {
	t.Helper()
	if err := env.rec.Reset(seed); err != nil {
		t.Fatal(err)
	}
	env.begin()
	rec, err := json.Marshal(shengjiDeal{Hand: 1, Deck: deck})
	if err != nil {
		t.Fatal(err)
	}
	if err := env.e.Redeal(rec, nil); err != nil {
		t.Fatal(err)
	}
	env.started = true
	if err := env.settle(); err != nil {
		t.Fatal(err)
	}
}

// A seat's observation does not depend on the others' hidden cards: a
// deck with two cards swapped between two other seats (neither a level
// card nor a joker, so that what may be declared is the same), played
// with the same actions for as long as they are legal, gives the seat the
// same observations.
func TestEnvObservationHidesOthersCards(t *testing.T) {
	for _, preset := range []string{"standard", "friends-6"} {
		envA, envB := newEnvOf(t, preset), newEnvOf(t, preset)
		sp := envA.Spec()
		b := newBufs(envA)
		oa, ob := make([]float32, sp.Obs), make([]float32, sp.Obs)
		ma, mb := make([]uint8, sp.Actions), make([]uint8, sp.Actions)
		fa, fb := make([]float32, sp.Actions*sp.ActionFeatures), make([]float32, sp.Actions*sp.ActionFeatures)
		rng := rand.New(rand.NewPCG(7, 8))
		compared, inPlay := 0, 0
		for ep := range 60 {
			seed := uint64(ep)
			if err := envA.Reset(seed); err != nil {
				t.Fatal(err)
			}
			h := envA.hand()
			deck := h.Deck()
			n, dealSize := sp.Seats, envA.rules.DeckSize()-envA.rules.KittySize()
			s := rng.IntN(n)
			// two positions dealt to two seats other than s
			var i, j int
			for {
				i, j = rng.IntN(dealSize), rng.IntN(dealSize)
				si, sj := (int(h.Dealer())+i)%n, (int(h.Dealer())+j)%n
				ci, cj := deck[i], deck[j]
				if si != s && sj != s && si != sj && ci != cj && !ci.IsJoker() && !cj.IsJoker() && ci.Rank() != h.Level() && cj.Rank() != h.Level() {
					break
				}
			}
			deck[i], deck[j] = deck[j], deck[i]
			resetWithDeck(t, envB, seed, deck)
			for envA.ToAct() >= 0 {
				envA.Observe(s, oa, ma, fa)
				envB.Observe(s, ob, mb, fb)
				if envA.ToAct() != envB.ToAct() {
					t.Fatalf("episode %d: seat %d and %d to act", ep, envA.ToAct(), envB.ToAct())
				}
				if !slices.Equal(oa, ob) || !bytes.Equal(ma, mb) || !slices.Equal(fa, fb) {
					t.Fatalf("%s episode %d: seat %d's observation (or its action features) differs with two other seats' cards swapped (phase %s)", preset, ep, s, envA.hand().Phase())
				}
				compared++
				if envA.hand().Phase() == shengji.PlayPhase {
					inPlay++
				}
				a := b.pick(envA, rng)
				if err := envA.Step(a); err != nil {
					t.Fatal(err)
				}
				if err := envB.Step(a); err != nil {
					break // not legal with the cards swapped: the hands part here
				}
			}
		}
		if compared < 1000 || inPlay < 100 {
			t.Fatalf("%s: only %d observations compared, %d in the play", preset, compared, inPlay)
		}
	}
}

// Building plays card by card reaches every legal play the engine lists
// (every follow, every single-unit lead) in random positions of random
// episodes, and every play built is one the engine accepts (Step checks
// each through the engine).
func TestEnvReachesEveryLegalPlay(t *testing.T) {
	for _, preset := range []string{"standard", "friends-6"} {
		env := newEnvOf(t, preset)
		b := newBufs(env)
		rng := rand.New(rand.NewPCG(9, 10))
		checked := 0
		mask := make([]uint8, EnvActions)
		for ep := range 30 {
			if err := env.Reset(uint64(ep)); err != nil {
				t.Fatal(err)
			}
			for env.ToAct() >= 0 {
				h := env.hand()
				if h.Phase() == shengji.PlayPhase && env.sel.IsEmpty() && rng.IntN(3) == 0 {
					var o shengji.Observation
					env.e.Game().Observe(shengji.Seat(env.ToAct()), &o)
					if o.CountPlays() <= 3000 {
						_, following := env.lead()
						for _, p := range o.AppendPlays(nil) {
							// pick p's cards one by one, each allowed
							saved := env.sel
							for c := range p.All() {
								env.fillMask(mask)
								if mask[int(envFaces[c])] == 0 {
									t.Fatalf("%s: play %s cannot be built: %s not allowed after %s", preset, p, c, env.sel)
								}
								_ = env.sel.Add(c)
							}
							if !following {
								env.fillMask(mask)
								if mask[ActCommit] == 0 {
									t.Fatalf("%s: lead %s cannot be committed", preset, p)
								}
							}
							env.sel = saved
							checked++
						}
					}
				}
				if err := env.Step(b.pick(env, rng)); err != nil {
					t.Fatal(err)
				}
			}
		}
		if checked < 1000 {
			t.Fatalf("%s: only %d plays checked", preset, checked)
		}
	}
}

// ActionString reads as a person would say it; State has every hand.
func TestEnvActionStringAndState(t *testing.T) {
	env := newEnvOf(t, "standard")
	b := newBufs(env)
	rng := rand.New(rand.NewPCG(11, 12))
	seen := map[string]bool{}
	for ep := range 10 {
		if err := env.Reset(uint64(ep)); err != nil {
			t.Fatal(err)
		}
		for env.ToAct() >= 0 {
			a := b.pick(env, rng)
			s := env.ActionString(a)
			seen[strings.Fields(s)[0]] = true
			if a == ActCommit && !strings.HasPrefix(s, "play ") {
				t.Fatalf("commit reads %q", s)
			}
			if err := env.Step(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, w := range []string{"play", "pick", "bury", "pass"} {
		if !seen[w] {
			t.Errorf("no action read %q…: %v", w, seen)
		}
	}
	if s := env.ActionString(3); !strings.Contains(s, "over") {
		t.Errorf("an action after the end reads %q", s)
	}
	if err := env.Reset(1); err != nil {
		t.Fatal(err)
	}
	st, err := env.State()
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Hands []string `json:"hands"`
	}
	if err := json.Unmarshal(st, &got); err != nil || len(got.Hands) != 4 {
		t.Fatalf("state %s: %v", st, err)
	}
	// a pair played reads "play 7♠ 7♠"
	c := card.New(card.Seven, card.Spades)
	env.sel = card.Times(card.Bit(c), 2)
	env.hand() // the order needs a trump: read through pretty's fallback
	if s := env.ActionString(ActCommit); s != "play 7♠ 7♠" {
		t.Errorf("a pair of sevens reads %q", s)
	}
	env.sel = card.Multi{}
}

// Stepping allocates nothing once episodes have been played (a Reset
// makes the hand's game and its deal's record: a few allocations an
// episode, reported).
func TestEnvStepAllocs(t *testing.T) {
	for _, preset := range []string{"standard", "friends-6"} {
		env := newEnvOf(t, preset)
		b := newBufs(env)
		feats := make([]float32, EnvActions*EnvFeatures)
		// The count is of the whole process (the runtime and the test
		// framework allocate now and then on their own goroutines): the
		// same hands are counted twice and the lesser count taken; an
		// allocation of the env's is in both.
		least := uint64(math.MaxUint64)
		var resetAllocs, steps uint64
		for range 2 {
			rng := rand.New(rand.NewPCG(13, 14))
			var m0, m1 runtime.MemStats
			var stepAllocs uint64
			resetAllocs, steps = 0, 0
			for ep := range 200 {
				runtime.ReadMemStats(&m0)
				if err := env.Reset(uint64(ep)); err != nil {
					t.Fatal(err)
				}
				runtime.ReadMemStats(&m1)
				if ep >= 100 {
					resetAllocs += m1.Mallocs - m0.Mallocs
				}
				runtime.ReadMemStats(&m0)
				for env.ToAct() >= 0 {
					env.Observe(env.ToAct(), b.obs, b.mask, feats) // the features too
					if err := env.Step(b.pick(env, rng)); err != nil {
						t.Fatal(err)
					}
					steps++
				}
				runtime.ReadMemStats(&m1)
				if ep >= 100 {
					stepAllocs += m1.Mallocs - m0.Mallocs
				}
			}
			least = min(least, stepAllocs)
		}
		t.Logf("%s: %d allocations in %d steps; %.1f allocations a Reset", preset, least, steps, float64(resetAllocs)/100)
		if least > 0 {
			t.Errorf("%s: %d allocations in %d steps (the lesser of two counts)", preset, least, steps)
		}
	}
}

// BenchmarkEnvStep: random legal actions on the standard table (observe
// the seat to act, step), a new hand on each end.
func BenchmarkEnvStep(b *testing.B) {
	for _, preset := range []string{"standard", "friends-6"} {
		b.Run(preset, func(b *testing.B) {
			env := newEnvOf(b, preset)
			bufs := newBufs(env)
			rng := rand.New(rand.NewPCG(1, 1))
			seed := uint64(0)
			if err := env.Reset(seed); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if env.ToAct() < 0 {
					seed++
					if err := env.Reset(seed); err != nil {
						b.Fatal(err)
					}
				}
				if err := env.Step(bufs.pick(env, rng)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// FuzzEnv plays any sequence of actions (taken modulo the action space,
// legal or not) from any seed: nothing panics, a refusal is
// ErrIllegalAction.
func FuzzEnv(f *testing.F) {
	f.Add(uint64(1), false, []byte{0, 1, 2, 54, 55, 56})
	f.Add(uint64(2), true, []byte{200, 10, 55, 55, 3})
	envs := map[bool]*Env{}
	f.Fuzz(func(t *testing.T, seed uint64, friends bool, acts []byte) {
		env := envs[friends]
		if env == nil {
			env = newEnvOf(t, map[bool]string{false: "standard", true: "friends-6"}[friends])
			envs[friends] = env
		}
		if err := env.Reset(seed); err != nil {
			t.Fatal(err)
		}
		b := newBufs(env)
		rng := rand.New(rand.NewPCG(seed, 0))
		for i, x := range acts {
			if env.ToAct() < 0 {
				break
			}
			a := int(x) * EnvActions / 256
			if i%2 == 1 { // every other action a legal one, to get far
				a = b.pick(env, rng)
			}
			_ = env.ActionString(a)
			if err := env.Step(a); err != nil && !errors.Is(err, games.ErrIllegalAction) {
				t.Fatalf("action %d: %v", a, err)
			}
		}
		if _, err := env.State(); err != nil {
			t.Fatal(err)
		}
		if _, err := env.Log(); err != nil {
			t.Fatal(err)
		}
	})
}

// A deal's record is written as json.Marshal writes it.
func TestAppendDealAsMarshal(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for i := range 50 {
		deck, err := card.ShuffledPacks(rng, 2+i%4, true)
		if err != nil {
			t.Fatal(err)
		}
		d := shengjiDeal{Hand: 1 + i, Deck: deck}
		want, err := json.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendDeal(nil, d); !bytes.Equal(got, want) {
			t.Fatalf("appendDeal wrote\n%s\njson.Marshal\n%s", got, want)
		}
	}
}

// The shapes docs/env-shengji.md gives.
func TestEnvSpec(t *testing.T) {
	for preset, want := range map[string]games.EnvSpec{
		"standard":  {Seats: 4, Obs: 1712, Actions: 356, ActionFeatures: 32},
		"friends-6": {Seats: 6, Obs: 3648, Actions: 356, ActionFeatures: 32},
	} {
		if got := newEnvOf(t, preset).Spec(); got != want {
			t.Errorf("%s: spec %+v, want %+v", preset, got, want)
		}
	}
	g, _ := games.Lookup("shengji")
	env, err := g.NewEnv(nil)
	if err != nil || env.Spec().Obs != 1712 {
		t.Fatalf("the default env: %v", err)
	}
	if _, err := g.NewEnv(json.RawMessage(`{"players": 3}`)); err == nil {
		t.Error("an env of 3 players")
	}
	for f := range card.NumFaces {
		if int(envFaces[EnvFace(f)]) != f {
			t.Fatalf("face %d: card %s back to %d", f, EnvFace(f), envFaces[EnvFace(f)])
		}
	}
	if EnvFace(0) != card.New(card.Ace, card.Spades) || EnvFace(52) != card.SmallJoker {
		t.Error("faces are not as documented")
	}
}

// Seats that never declare: under the redeal rule the hand is thrown in,
// the episode over with zero rewards; under the default rule the hand is
// played.
func TestEnvNobodyDeclares(t *testing.T) {
	for _, tc := range []struct {
		opts   string
		redeal bool
	}{{`{"no_bid": "redeal"}`, true}, {`{"no_bid": "turn-up-kitty"}`, false}, {`{"no_bid": "redeal", "bid_after_deal": true}`, true}} {
		env, err := NewEnv(json.RawMessage(tc.opts))
		if err != nil {
			t.Fatal(err)
		}
		b := newBufs(env)
		rng := rand.New(rand.NewPCG(17, 18))
		rew := make([]float32, 4)
		for ep := range 20 {
			if err := env.Reset(uint64(ep)); err != nil {
				t.Fatal(err)
			}
			for env.ToAct() >= 0 {
				a := b.pick(env, rng)
				if b.mask[ActPass] != 0 {
					a = ActPass
				}
				if err := env.Step(a); err != nil {
					t.Fatal(err)
				}
			}
			env.Rewards(rew)
			if got := env.hand().Score().Redeal; got != tc.redeal {
				t.Fatalf("%s: redeal %v", tc.opts, got)
			}
			if tc.redeal && (rew[0] != 0 || rew[1] != 0) {
				t.Fatalf("%s: rewards %v of a redealt hand", tc.opts, rew)
			}
			if _, err := games.Verify(bytes.NewReader(must(env.Log()))); err != nil {
				t.Fatalf("%s: %v", tc.opts, err)
			}
		}
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// readBlock reads a card block of obs at off back into a multiset.
func readBlock(t *testing.T, env *Env, obs []float32, off int) card.Multi {
	t.Helper()
	var m card.Multi
	for f := range card.NumFaces {
		n := 0
		for k := range env.packs {
			if obs[off+k*card.NumFaces+f] != 0 {
				n = k + 1
			}
		}
		for range n {
			if err := m.Add(EnvFace(f)); err != nil {
				t.Fatal(err)
			}
		}
	}
	return m
}

// The observation reads back as docs/env-shengji.md lays it out: the
// seat's hand, the cards picked, each seat's plays at its relative place,
// the banker and the level.
func TestEnvObservationLayout(t *testing.T) {
	for _, preset := range []string{"standard", "friends-6"} {
		env := newEnvOf(t, preset)
		b := newBufs(env)
		rng := rand.New(rand.NewPCG(19, 20))
		l := env.lay
		block := env.packs * card.NumFaces
		checked := 0
		for ep := range 10 {
			if err := env.Reset(uint64(ep)); err != nil {
				t.Fatal(err)
			}
			for env.ToAct() >= 0 {
				s := env.ToAct()
				a := b.pick(env, rng)
				h := env.hand()
				if got := readBlock(t, env, b.obs, l.hand); got != h.Cards(shengji.Seat(s)) {
					t.Fatalf("hand block %s, hand %s", got, h.Cards(shengji.Seat(s)))
				}
				if got := readBlock(t, env, b.obs, l.sel); got != env.sel {
					t.Fatalf("picked block %s, picked %s", got, env.sel)
				}
				if lv := shengji.LevelNumber(h.Level()) - 2; b.obs[l.level+lv] != 1 {
					t.Fatalf("level %d not marked", lv)
				}
				if h.Phase() == shengji.PlayPhase {
					if bk := int(h.Banker()); b.obs[l.banker+(bk-s+env.n)%env.n] != 1 {
						t.Fatalf("banker %d not marked for seat %d", bk, s)
					}
					tk := h.Trick(h.NumTricks() - 1)
					for x := range env.n {
						r := (x - s + env.n) % env.n
						if got := readBlock(t, env, b.obs, l.trick+r*block); got != tk.Plays[x] {
							t.Fatalf("seat %d's trick block %s, played %s", x, got, tk.Plays[x])
						}
						if got := readBlock(t, env, b.obs, l.played+r*block); got != env.played[x] {
							t.Fatalf("seat %d's played block %s, played %s", x, got, env.played[x])
						}
					}
					checked++
				}
				if err := env.Step(a); err != nil {
					t.Fatal(err)
				}
			}
		}
		if checked < 100 {
			t.Fatalf("%s: %d positions checked", preset, checked)
		}
	}
}
