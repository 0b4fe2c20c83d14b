package gin

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"math"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"felt/card"
	"felt/games"
	"felt/gin"
)

// envOptions are the rules the env's tests play under: nil (standard),
// EAAI's rules, Oklahoma, no upcard, a defender who lays out, and the
// deals of games saved before table logs.
var envOptions = []json.RawMessage{
	nil,
	json.RawMessage(`{"knock_limit":10,"gin_bonus":25,"undercut_bonus":25,"big_gin_bonus":0,"target_score":100,"game_bonus":0,"box_bonus":0,"shutout_double":false,"next_dealer":"alternate"}`),
	json.RawMessage(`{"oklahoma":true}`),
	json.RawMessage(`{"upcard":"no-upcard"}`),
	json.RawMessage(`{"defender_lays_out":true}`),
	json.RawMessage(`{"deals_before_table_logs":true}`),
}

// newTestEnv returns an env of options, failing t on an error.
func newTestEnv(t testing.TB, options json.RawMessage) *Env {
	t.Helper()
	e, err := newEnv(options)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// envBufs are an observation's buffers.
type envBufs struct {
	obs  []float32
	mask []uint8
}

func newEnvBufs() envBufs {
	return envBufs{obs: make([]float32, EnvObs), mask: make([]uint8, EnvActions)}
}

// legalOf returns the ids mask allows, appended to dst: eight slots at a
// time, each nonzero byte of a word found by its bits.
func legalOf(dst []int, mask []uint8) []int {
	i := 0
	for ; i+8 <= len(mask); i += 8 {
		for w := binary.LittleEndian.Uint64(mask[i:]); w != 0; {
			j := bits.TrailingZeros64(w) >> 3
			dst = append(dst, i+j)
			w &^= 0xFF << (8 * j)
		}
	}
	for j, ok := range mask[i:] {
		if ok != 0 {
			dst = append(dst, i+j)
		}
	}
	return dst
}

// randomAction observes the seat to act and returns one of its legal
// actions at random.
func randomAction(t testing.TB, e *Env, b envBufs, rng *rand.Rand) int {
	t.Helper()
	s := e.ToAct()
	e.Observe(s, b.obs, b.mask, nil)
	legal := legalOf(nil, b.mask)
	if len(legal) == 0 {
		t.Fatalf("seat %d to act has no legal action", s)
	}
	return legal[rng.IntN(len(legal))]
}

// Thousands of episodes of random legal actions, under each rules option:
// every one ends within the cap, rewards are zero until then and
// zero-sum, the seat not to act is shown no legal action, and each legal
// action is taken.
func TestEnvRandomEpisodes(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 100
	}
	b := newEnvBufs()
	r := make([]float32, 2)
	for oi, opts := range envOptions {
		e := newTestEnv(t, opts)
		rng := rand.New(rand.NewPCG(uint64(oi), 1))
		longest, kinds := 0, map[string]int{}
		for ep := range n {
			if err := e.Reset(uint64(ep)); err != nil {
				t.Fatal(err)
			}
			steps := 0
			for e.ToAct() >= 0 {
				s := e.ToAct()
				e.Observe(1-s, b.obs, b.mask, nil)
				if slices.ContainsFunc(b.mask, func(m uint8) bool { return m != 0 }) {
					t.Fatalf("options %s seed %d: seat %d not to act is shown legal actions", opts, ep, 1-s)
				}
				e.Rewards(r)
				if r[0] != 0 || r[1] != 0 {
					t.Fatalf("options %s seed %d: rewards %v before the end", opts, ep, r)
				}
				a := randomAction(t, e, b, rng)
				if err := e.Step(a); err != nil {
					t.Fatalf("options %s seed %d: legal action %d (%s): %v", opts, ep, a, e.ActionString(a), err)
				}
				steps++
				if steps > EnvMaxSteps {
					t.Fatalf("options %s seed %d: %d steps and not over", opts, ep, steps)
				}
			}
			longest = max(longest, steps)
			e.Rewards(r)
			if r[0]+r[1] != 0 {
				t.Fatalf("options %s seed %d: rewards %v not zero-sum", opts, ep, r)
			}
			if e.truncated {
				kinds["truncated"]++
				continue
			}
			res := e.hand().Result()
			kinds[res.Kind.String()]++
			if want := float32(res.Points) * EnvRewardScale; res.Kind != gin.DrawResult && r[res.Winner] != want {
				t.Fatalf("options %s seed %d: winner's reward %v, want %v", opts, ep, r[res.Winner], want)
			}
			if err := e.Step(EnvDraw); !errors.Is(err, games.ErrIllegalAction) {
				t.Fatalf("a step after the end: %v", err)
			}
		}
		t.Logf("options %s: %d episodes, longest %d steps, endings %v", opts, n, longest, kinds)
	}
}

// An illegal action is refused with games.ErrIllegalAction and changes
// nothing: not the state, the log, the mask nor the observation.
func TestEnvIllegalAction(t *testing.T) {
	b, b2 := newEnvBufs(), newEnvBufs()
	for oi, opts := range envOptions {
		e := newTestEnv(t, opts)
		rng := rand.New(rand.NewPCG(uint64(oi), 2))
		for ep := range 8 {
			if err := e.Reset(uint64(ep)); err != nil {
				t.Fatal(err)
			}
			for e.ToAct() >= 0 {
				s := e.ToAct()
				e.Observe(s, b.obs, b.mask, nil)
				st, _ := e.State()
				lg, _ := e.Log()
				for _, a := range []int{-1, EnvActions, rng.IntN(EnvActions), rng.IntN(EnvActions), EnvScorePlayer0, EnvDeclareDeadHand} {
					if a >= 0 && a < EnvActions && b.mask[a] != 0 {
						continue
					}
					err := e.Step(a)
					if !errors.Is(err, games.ErrIllegalAction) {
						t.Fatalf("illegal action %d: %v", a, err)
					}
					if !strings.Contains(e.ActionString(a), "no action") && !strings.Contains(e.ActionString(a), "not legal") {
						t.Fatalf("illegal action %d said %q", a, e.ActionString(a))
					}
					st2, _ := e.State()
					lg2, _ := e.Log()
					e.Observe(s, b2.obs, b2.mask, nil)
					if !bytes.Equal(st, st2) || !bytes.Equal(lg, lg2) || !slices.Equal(b.obs, b2.obs) || !slices.Equal(b.mask, b2.mask) {
						t.Fatalf("illegal action %d (%v) changed the episode", a, err)
					}
				}
				if err := e.Step(randomAction(t, e, b, rng)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	var e Env
	if err := e.Step(EnvDraw); !errors.Is(err, games.ErrIllegalAction) {
		t.Fatalf("a step before Reset: %v", err)
	}
}

// trajectory plays an episode of seed with actions from rng and returns
// every observation of both seats, the actions and the rewards.
func trajectory(t *testing.T, e *Env, seed uint64, rng *rand.Rand) ([]float32, []int, [2]float32) {
	if err := e.Reset(seed); err != nil {
		t.Fatal(err)
	}
	b := newEnvBufs()
	var obs []float32
	var acts []int
	for e.ToAct() >= 0 {
		for s := range 2 {
			e.Observe(s, b.obs, b.mask, nil)
			obs = append(obs, b.obs...)
		}
		a := randomAction(t, e, b, rng)
		acts = append(acts, a)
		if err := e.Step(a); err != nil {
			t.Fatal(err)
		}
	}
	var r [2]float32
	e.Rewards(r[:])
	return obs, acts, r
}

// The same seed and the same actions play the same episode, whatever the
// env played before; another seed deals another hand.
func TestEnvDeterministic(t *testing.T) {
	for _, opts := range envOptions {
		e1, e2 := newTestEnv(t, opts), newTestEnv(t, opts)
		for seed := range uint64(20) {
			o1, a1, r1 := trajectory(t, e1, seed, rand.New(rand.NewPCG(seed, 3)))
			trajectory(t, e2, seed+100, rand.New(rand.NewPCG(seed, 4))) // something else first
			o2, a2, r2 := trajectory(t, e2, seed, rand.New(rand.NewPCG(seed, 3)))
			if !slices.Equal(a1, a2) || !slices.Equal(o1, o2) || r1 != r2 {
				t.Fatalf("options %s seed %d: two runs differ", opts, seed)
			}
			s1, _ := e1.State()
			s2, _ := e2.State()
			l1, _ := e1.Log()
			l2, _ := e2.Log()
			if !bytes.Equal(s1, s2) || !bytes.Equal(l1, l2) {
				t.Fatalf("options %s seed %d: states or logs differ", opts, seed)
			}
		}
	}
	e := newTestEnv(t, nil)
	e.Reset(1)
	s1, _ := e.State()
	e.Reset(2)
	s2, _ := e.State()
	if bytes.Equal(s1, s2) {
		t.Fatal("seeds 1 and 2 dealt the same hand")
	}
}

// An episode's log is a table log that replay verify accepts: its moves
// are the episode's (a defender's layout, where it lays out, one more).
func TestEnvLogVerifies(t *testing.T) {
	for oi, opts := range envOptions {
		e := newTestEnv(t, opts)
		for seed := range uint64(40) {
			_, acts, _ := trajectory(t, e, seed, rand.New(rand.NewPCG(seed, uint64(oi))))
			log, err := e.Log()
			if err != nil {
				t.Fatal(err)
			}
			v, err := games.Verify(bytes.NewReader(log))
			if err != nil {
				t.Fatalf("options %s seed %d: %v\n%s", opts, seed, err, log)
			}
			want := len(acts)
			if e.eng.layOut && e.hand().Result().Kind != gin.DrawResult {
				want++
			}
			if v.Header.Game != "gin" || v.Header.Seed != seed || v.Moves != want || v.Outcome.Hands != 1 {
				t.Fatalf("options %s seed %d: verified %+v, want %d moves of one hand", opts, seed, v, want)
			}
			if !v.Outcome.Over && e.hand().Result().Points > 0 && v.Outcome.Scores[0]+v.Outcome.Scores[1] == 0 {
				t.Fatalf("options %s seed %d: the replay scored nothing", opts, seed)
			}
		}
	}
}

// Players who only ever take the discard never run the stock down: the
// episode is cut at EnvMaxSteps as a dead hand, and its log still
// verifies (unfinished).
func TestEnvStepCap(t *testing.T) {
	e := newTestEnv(t, nil)
	b := newEnvBufs()
	if err := e.Reset(11); err != nil {
		t.Fatal(err)
	}
	steps := 0
	for e.ToAct() >= 0 {
		e.Observe(e.ToAct(), b.obs, b.mask, nil)
		a := EnvPickUp
		if b.mask[a] == 0 {
			a = EnvDraw
		}
		if b.mask[a] == 0 {
			a = EnvDiscard + slices.Index(b.mask[EnvDiscard:EnvKnock], 1)
		}
		if err := e.Step(a); err != nil {
			t.Fatal(err)
		}
		steps++
	}
	r := make([]float32, 2)
	e.Rewards(r)
	if steps != EnvMaxSteps || !e.truncated || r[0] != 0 || r[1] != 0 || e.hand().Over() {
		t.Fatalf("%d steps, truncated %v, rewards %v", steps, e.truncated, r)
	}
	st, _ := e.State()
	if !bytes.Contains(st, []byte(`"truncated":true`)) {
		t.Fatalf("state %s", st)
	}
	log, _ := e.Log()
	if v, err := games.Verify(bytes.NewReader(log)); err != nil || v.Moves != EnvMaxSteps || v.Outcome.Over {
		t.Fatalf("verified %+v: %v", v, err)
	}
}

// ActionString says each legal action with its card, and the others with
// why not.
func TestEnvActionString(t *testing.T) {
	e := newTestEnv(t, nil)
	if err := e.Reset(7); err != nil {
		t.Fatal(err)
	}
	up := e.hand().Upcard().String()
	for a, want := range map[int]string{EnvPickUp: "take the upcard " + up, EnvPass: "pass the upcard " + up} {
		if got := e.ActionString(a); got != want {
			t.Errorf("action %d: %q, want %q", a, got, want)
		}
	}
	for _, a := range []int{EnvDraw, EnvScorePlayer1, EnvDeclareDeadHand, EnvGin, EnvDiscard} {
		if got := e.ActionString(a); !strings.Contains(got, "not legal now") {
			t.Errorf("action %d: %q", a, got)
		}
	}
	if got := e.ActionString(EnvActions); !strings.Contains(got, "no action") {
		t.Errorf("action %d: %q", EnvActions, got)
	}
	// Pass twice, draw: the discards and knocks name their cards.
	for _, a := range []int{EnvPass, EnvPass, EnvDraw} {
		if err := e.Step(a); err != nil {
			t.Fatal(err)
		}
	}
	hand := e.hand().Cards(e.hand().Turn())
	for c := range hand.All {
		if got, want := e.ActionString(EnvDiscard+c.Index()), "discard "+c.String(); got != want {
			t.Errorf("%q, want %q", got, want)
		}
		if got := e.ActionString(EnvKnock + c.Index()); !strings.HasPrefix(got, "knock, discarding "+c.String()) {
			t.Errorf("knock: %q", got)
		}
	}
}

// State is JSON of the whole state: both hands, the stock.
func TestEnvState(t *testing.T) {
	e := newTestEnv(t, nil)
	if err := e.Reset(3); err != nil {
		t.Fatal(err)
	}
	raw, err := e.State()
	if err != nil {
		t.Fatal(err)
	}
	var st struct {
		Hands [2][]card.Card `json:"hands"`
		Stock []card.Card    `json:"stock"`
		Pile  []card.Card    `json:"pile"`
		ToAct int            `json:"to_act"`
		Legal []int          `json:"legal"`
	}
	if err := json.Unmarshal(raw, &st); err != nil {
		t.Fatalf("%v: %s", err, raw)
	}
	h := e.hand()
	if len(st.Hands[0]) != 10 || len(st.Hands[1]) != 10 || len(st.Stock) != 31 || len(st.Pile) != 1 ||
		card.SetOf(st.Hands[0]...) != h.Cards(0) || card.SetOf(st.Hands[1]...) != h.Cards(1) ||
		st.ToAct != int(h.Turn()) || !slices.Equal(st.Legal, []int{EnvPickUp, EnvPass}) {
		t.Fatalf("state %s", raw)
	}
}

// dealEnv starts e's episode on deck with dealer (no deal line is logged).
func dealEnv(t testing.TB, e *Env, deck []card.Card, dealer gin.Seat) {
	t.Helper()
	if err := e.rec.Reset(0); err != nil {
		t.Fatal(err)
	}
	var seen [2]gin.Event
	var sp gin.Event
	if err := e.rec.Engine().(*Engine).Game().DealDeck(deck, dealer, &seen, &sp); err != nil {
		t.Fatal(err)
	}
	e.start()
}

// Nothing a seat is shown depends on the cards hidden from it: two deals
// that differ only in where the opponent's hidden cards and the stock's
// cards lie give the seat the same observations and masks, step by step.
func TestEnvObserveHidesOpponent(t *testing.T) {
	b1, b2 := newEnvBufs(), newEnvBufs()
	for oi, opts := range envOptions {
		e1, e2 := newTestEnv(t, opts), newTestEnv(t, opts)
		for seed := range uint64(60) {
			rng := rand.New(rand.NewPCG(seed, uint64(oi)))
			if err := e1.Reset(seed); err != nil {
				t.Fatal(err)
			}
			deck, dealer := e1.hand().Deck(), e1.hand().Dealer()
			s := gin.Seat(seed % 2)
			// Play to a random point short of the end, keeping what s saw.
			var acts []int
			var seen [][]float32
			var masks [][]uint8
			stop := rng.IntN(60)
			for len(acts) < stop && e1.ToAct() >= 0 {
				e1.Observe(int(s), b1.obs, b1.mask, nil)
				seen, masks = append(seen, slices.Clone(b1.obs)), append(masks, slices.Clone(b1.mask))
				a := randomAction(t, e1, b1, rng)
				if a == EnvGin || a == EnvBigGin || a >= EnvKnock && a < EnvPass {
					break // keep the hand going: a knock shows the hands
				}
				h := *e1.hand()
				if err := h.Apply(h.Turn(), e1.action(a)); err != nil || h.Over() {
					break
				}
				if err := e1.Step(a); err != nil {
					t.Fatal(err)
				}
				acts = append(acts, a)
			}
			h := e1.hand()
			opp := s.Other()
			hidden := h.Cards(opp) &^ h.Took(opp)
			for _, c := range deck[len(deck)-h.StockLen():] {
				hidden = hidden.Add(c)
			}
			// Shuffle the hidden cards among their places in the deck.
			var at []int
			for i, c := range deck {
				if hidden.Has(c) {
					at = append(at, i)
				}
			}
			deck2 := slices.Clone(deck)
			for i, j := range rng.Perm(len(at)) {
				deck2[at[i]] = deck[at[j]]
			}
			dealEnv(t, e2, deck2, dealer)
			for i, a := range acts {
				e2.Observe(int(s), b2.obs, b2.mask, nil)
				if !slices.Equal(b2.obs, seen[i]) || !slices.Equal(b2.mask, masks[i]) {
					t.Fatalf("options %s seed %d seat %d step %d: the observation depends on hidden cards", opts, seed, s, i)
				}
				if err := e2.Step(a); err != nil {
					t.Fatalf("options %s seed %d step %d: %v", opts, seed, i, err)
				}
			}
			e1.Observe(int(s), b1.obs, b1.mask, nil)
			e2.Observe(int(s), b2.obs, b2.mask, nil)
			if !slices.Equal(b1.obs, b2.obs) || !slices.Equal(b1.mask, b2.mask) {
				t.Fatalf("options %s seed %d seat %d: the last observation depends on hidden cards", opts, seed, s)
			}
		}
	}
}

// The observation's planes hold each card once: own, top, pile, known
// and unknown partition the 52 cards while the hand goes on.
func TestEnvObservePlanes(t *testing.T) {
	e := newTestEnv(t, nil)
	b := newEnvBufs()
	rng := rand.New(rand.NewPCG(5, 5))
	for seed := range uint64(50) {
		e.Reset(seed)
		for e.ToAct() >= 0 {
			for s := range 2 {
				e.Observe(s, b.obs, b.mask, nil)
				for c := range 52 {
					n := b.obs[EnvPlaneHand+c] + b.obs[EnvPlaneTop+c] + b.obs[EnvPlanePile+c] + b.obs[EnvPlaneKnown+c] + b.obs[EnvPlaneUnknown+c]
					if n != 1 {
						t.Fatalf("seed %d seat %d: card %d in %v planes", seed, s, c, n)
					}
				}
				if own := card.Set(0); true {
					for c := range 52 {
						if b.obs[c] == 1 {
							own = own.Add(card.FromIndex(c))
						}
					}
					if own != e.hand().Cards(gin.Seat(s)) {
						t.Fatalf("seed %d seat %d: own plane %s, hand %s", seed, s, own, e.hand().Cards(gin.Seat(s)))
					}
				}
			}
			e.Step(randomAction(t, e, b, rng))
		}
	}
}

// A knock's id discards its card face down with the engine's melds; gin
// discards a card that leaves no deadwood.
func TestEnvKnockAndGin(t *testing.T) {
	e := newTestEnv(t, nil)
	b := newEnvBufs()
	knocks, gins := 0, 0
	for seed := uint64(0); seed < 3000 && (knocks < 20 || gins < 3); seed++ {
		rng := rand.New(rand.NewPCG(seed, 6))
		e.Reset(seed)
		for e.ToAct() >= 0 {
			s := e.ToAct()
			e.Observe(s, b.obs, b.mask, nil)
			a := randomAction(t, e, b, rng)
			switch {
			case b.mask[EnvGin] != 0:
				a = EnvGin
			case slices.ContainsFunc(b.mask[EnvKnock:EnvPass], func(m uint8) bool { return m != 0 }):
				a = EnvKnock + slices.Index(b.mask[EnvKnock:EnvPass], 1)
			}
			hand := e.hand().Cards(gin.Seat(s))
			if err := e.Step(a); err != nil {
				t.Fatal(err)
			}
			if a == EnvGin || a >= EnvKnock && a < EnvPass {
				r := e.hand().Result()
				kept := r.Showdown.KnockerCards
				if kept.Len() != 10 || !hand.Contains(kept) || r.Knocker != gin.Seat(s) {
					t.Fatalf("seed %d: knock %d kept %s of %s", seed, a, kept, hand)
				}
				if a == EnvGin {
					gins++
					if r.Kind != gin.GinResult {
						t.Fatalf("seed %d: gin ended as %s", seed, r.Kind)
					}
				} else {
					knocks++
					if d := card.FromIndex(a - EnvKnock); hand.Remove(d) != kept {
						t.Fatalf("seed %d: knock %s kept %s", seed, d, kept)
					}
				}
			}
		}
	}
	if knocks < 20 || gins < 3 {
		t.Fatalf("%d knocks, %d gins", knocks, gins)
	}
}

// Observe and the mask allocate nothing; nor does Step, but for the step
// that ends a hand (the engine's showdown and hand's end) and Reset.
func TestEnvAllocs(t *testing.T) {
	e := newTestEnv(t, nil)
	b := newEnvBufs()
	rng := rand.New(rand.NewPCG(8, 8))
	for seed := uint64(2000); seed < 2200; seed++ { // warm-up: the same hands
		e.Reset(seed)
		for e.ToAct() >= 0 {
			e.Step(randomAction(t, e, b, rng))
		}
	}
	e.Reset(1000)
	e.Step(EnvPass)
	if n := testing.AllocsPerRun(100, func() {
		e.legalOK = false
		e.Observe(0, b.obs, b.mask, nil)
		e.Observe(1, b.obs, b.mask, nil)
	}); n != 0 {
		t.Errorf("Observe: %v allocations", n)
	}
	// Steps short of a hand's end, counted between the ends. The count is
	// of the whole process (the runtime and the test framework allocate
	// now and then on their own goroutines), so the same steps are counted
	// three times and the least taken: an allocation of the env's is in
	// every count.
	var legal [EnvActions]int
	var before, after runtime.MemStats
	// The collector's own work counts as allocations: off while counting.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	least, steps := uint64(math.MaxUint64), uint64(0)
	for range 3 {
		rng := rand.New(rand.NewPCG(9, 9))
		var allocs uint64
		steps = 0
		for seed := uint64(2000); seed < 2200; seed++ {
			e.Reset(seed)
			runtime.ReadMemStats(&before)
			for e.ToAct() >= 0 {
				s := e.ToAct()
				e.Observe(s, b.obs, b.mask, nil)
				l := legalOf(legal[:0], b.mask)
				a := l[rng.IntN(len(l))]
				h := e.hand()
				if a == EnvGin || a == EnvBigGin || a >= EnvKnock && a < EnvPass ||
					h.Phase() == gin.DiscardPhase && h.StockLen() <= gin.DrawAt {
					break // the hand's end
				}
				if err := e.Step(a); err != nil {
					t.Fatal(err)
				}
				steps++
			}
			runtime.ReadMemStats(&after)
			allocs += after.Mallocs - before.Mallocs
		}
		least = min(least, allocs)
	}
	if least != 0 {
		t.Errorf("%d allocations in %d steps (the least of three counts)", least, steps)
	}
}

// Random legal actions, a new hand on each end: ns per step.
func BenchmarkEnvStep(b *testing.B) {
	e := newTestEnv(b, nil)
	obs, mask := make([]float32, EnvObs), make([]uint8, EnvActions)
	rng := rand.New(rand.NewPCG(1, 1))
	var legal [EnvActions]int
	seed := uint64(0)
	e.Reset(seed)
	b.ReportAllocs()
	for b.Loop() {
		if e.ToAct() < 0 {
			seed++
			if err := e.Reset(seed); err != nil {
				b.Fatal(err)
			}
		}
		s := e.ToAct()
		e.Observe(s, obs, mask, nil)
		l := legalOf(legal[:0], mask)
		if err := e.Step(l[rng.IntN(len(l))]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(seed)/float64(b.N), "episodes/step")
}

// FuzzEnv: any seed and actions, legal or not, never panic; a refused
// action changes nothing and a legal one is taken.
func FuzzEnv(f *testing.F) {
	f.Add(uint64(1), uint8(0), []byte{3, 110, 110, 2, 6, 7, 8, 58, 5, 111, 200})
	f.Add(uint64(2), uint8(4), []byte{110, 110, 2, 10, 2, 20, 2, 30})
	f.Fuzz(func(t *testing.T, seed uint64, opt uint8, acts []byte) {
		e := newTestEnv(t, envOptions[int(opt)%len(envOptions)])
		if err := e.Reset(seed); err != nil {
			t.Fatal(err)
		}
		b := newEnvBufs()
		r := make([]float32, 2)
		for i, x := range acts {
			if e.ToAct() < 0 {
				e.Rewards(r)
				if r[0]+r[1] != 0 {
					t.Fatalf("rewards %v", r)
				}
				if err := e.Reset(seed + uint64(i)); err != nil {
					t.Fatal(err)
				}
			}
			a := int(x) - 8 // some out of range
			s := e.ToAct()
			e.Observe(s, b.obs, b.mask, nil)
			_ = e.ActionString(a)
			err := e.Step(a)
			legal := a >= 0 && a < EnvActions && b.mask[a] != 0
			if legal != (err == nil) || err != nil && !errors.Is(err, games.ErrIllegalAction) {
				t.Fatalf("action %d legal %v: %v", a, legal, err)
			}
		}
		if _, err := e.State(); err != nil {
			t.Fatal(err)
		}
		if log, err := e.Log(); err != nil {
			t.Fatal(err)
		} else if _, err := games.Verify(bytes.NewReader(log)); err != nil {
			t.Fatal(err)
		}
	})
}

// The registry makes Gin Rummy's env, with each preset's options; bad
// options are refused.
func TestEnvRegistered(t *testing.T) {
	g, err := games.Lookup("gin")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range g.About().PresetNames() {
		opts, err := g.Rules(p)
		if err != nil {
			t.Fatal(err)
		}
		env, err := g.NewEnv(opts)
		if err != nil {
			t.Fatalf("preset %s: %v", p, err)
		}
		if sp := env.Spec(); sp != (games.EnvSpec{Seats: 2, Obs: EnvObs, Actions: EnvActions}) {
			t.Fatalf("spec %+v", sp)
		}
		if err := env.Reset(1); err != nil || env.ToAct() < 0 {
			t.Fatalf("preset %s: reset: %v", p, err)
		}
	}
	if _, err := g.NewEnv(json.RawMessage(`{"knock_limit":11}`)); err == nil {
		t.Fatal("knock limit 11 accepted")
	}
	if _, err := g.NewEnv(json.RawMessage(`{"no_such_rule":1}`)); err == nil {
		t.Fatal("an unknown rule accepted")
	}
}
