package env_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"felt/env"
	"felt/env/envtest"
	"felt/games"
)

func TestMain(m *testing.M) {
	envtest.Register()
	os.Exit(m.Run())
}

// play steps a batch with random legal actions, returning every step's
// buffers as one record.
func play(t testing.TB, n int, seed uint64, steps int) []byte {
	t.Helper()
	b, err := env.New(envtest.Name, nil, n, seed)
	if err != nil {
		t.Fatal(err)
	}
	out := b.NewBuffers()
	if err := b.Reset(seed, out); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	acts := make([]int32, n)
	var rec bytes.Buffer
	for range steps {
		env.RandomActions(out.Mask, acts, rng)
		if err := b.Step(acts, out); err != nil {
			t.Fatal(err)
		}
		for i := range n {
			json.NewEncoder(&rec).Encode([]any{i, acts[i], out.Obs[i*6 : i*6+6], out.Mask[i*3 : i*3+3], out.Rewards[2*i : 2*i+2], out.ToAct[i], out.Done[i]})
		}
	}
	return rec.Bytes()
}

// The same seed and actions give the same trajectories; another seed
// others.
func TestSameSeedSameTrajectories(t *testing.T) {
	a, b := play(t, 4, 7, 200), play(t, 4, 7, 200)
	if !bytes.Equal(a, b) {
		t.Fatal("the same seed gave different trajectories")
	}
	if bytes.Equal(a, play(t, 4, 8, 200)) {
		t.Fatal("another seed gave the same trajectories")
	}
}

// Environment i plays the same episodes whatever the batch's size.
func TestSeedsIndependentOfBatchSize(t *testing.T) {
	one, _ := env.New(envtest.Name, nil, 1, 42)
	many, _ := env.New(envtest.Name, nil, 16, 42)
	o1, o16 := one.NewBuffers(), many.NewBuffers()
	one.Reset(42, o1)
	many.Reset(42, o16)
	rng := rand.New(rand.NewPCG(3, 4))
	a1, a16 := make([]int32, 1), make([]int32, 16)
	for range 100 {
		env.RandomActions(o16.Mask, a16, rng)
		a1[0] = a16[0]
		if err := one.Step(a1, o1); err != nil {
			t.Fatal(err)
		}
		if err := many.Step(a16, o16); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(o1.Obs, o16.Obs[:6]) || o1.Done[0] != o16.Done[0] || !slices.Equal(o1.Rewards, o16.Rewards[:2]) {
			t.Fatal("environment 0 of a batch of 16 differs from a batch of 1")
		}
	}
}

// Rewards are zero until an episode ends, then the result; an ended
// episode is reset in the same step, its log verifying as a table log.
func TestAutoresetRewardsAndLogs(t *testing.T) {
	b, err := env.New(envtest.Name, json.RawMessage(`{"cards":5}`), 3, 9)
	if err != nil {
		t.Fatal(err)
	}
	if s := b.Spec(); s != (games.EnvSpec{Seats: 2, Obs: 8, Actions: 5}) {
		t.Fatalf("spec %+v", s)
	}
	out := b.NewBuffers()
	if err := b.Reset(9, out); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Log(0, true); err == nil {
		t.Fatal("a finished episode's log before any ended")
	}
	rng := rand.New(rand.NewPCG(1, 1))
	acts := make([]int32, 3)
	ends, steps := 0, 0
	for ends < 30 {
		seeds := make([]uint64, 3)
		for i := range seeds {
			seeds[i], _ = b.Seed(i, false)
		}
		env.RandomActions(out.Mask, acts, rng)
		if err := b.Step(acts, out); err != nil {
			t.Fatal(err)
		}
		steps++
		for i := range 3 {
			r := out.Rewards[2*i : 2*i+2]
			if out.Done[i] == 0 {
				if r[0] != 0 || r[1] != 0 {
					t.Fatalf("reward %v before the end", r)
				}
				continue
			}
			ends++
			if r[0] != -r[1] || r[0] == 0 {
				t.Fatalf("final rewards %v", r)
			}
			if out.ToAct[i] < 0 || !slices.Contains(out.Mask[5*i:5*i+5], 1) {
				t.Fatalf("environment %d was not reset: to act %d, mask %v", i, out.ToAct[i], out.Mask[5*i:5*i+5])
			}
			if s, _ := b.Seed(i, true); s != seeds[i] {
				t.Fatalf("the finished episode's seed %d, want %d", s, seeds[i])
			}
			log, err := b.Log(i, true)
			if err != nil {
				t.Fatal(err)
			}
			v, err := games.Verify(bytes.NewReader(log))
			if err != nil {
				t.Fatalf("the log does not verify: %v\n%s", err, log)
			}
			if v.Moves != 10 || !v.Outcome.Over || v.Header.Seed != seeds[i] {
				t.Fatalf("verified %d moves, over %v, seed %d:\n%s", v.Moves, v.Outcome.Over, v.Header.Seed, log)
			}
			var r2 [2]float32
			b.Rewards(i, true, r2[:])
			if r2[0] != r[0] {
				t.Fatalf("finished rewards %v, step's %v", r2, r)
			}
		}
	}
	if steps != 30*10/3 {
		t.Errorf("%d steps for 30 episodes of 10 moves over 3 environments", steps)
	}
}

// An illegal action is refused, naming its environment, and nothing is
// stepped.
func TestIllegalActionStepsNothing(t *testing.T) {
	b, _ := env.New(envtest.Name, nil, 2, 1)
	out := b.NewBuffers()
	b.Reset(1, out)
	before, _ := b.State(0, false)
	var acts []int32
	for _, a := range []int32{0, 1, 2} {
		if out.Mask[3+a] == 1 {
			acts = []int32{0, a}
		}
	}
	for _, bad := range [][]int32{{0, 3}, {-1, 0}, {0}} {
		err := b.Step(bad, out)
		if err == nil {
			t.Fatalf("actions %v accepted", bad)
		}
		if len(bad) == 2 && !errors.Is(err, games.ErrIllegalAction) {
			t.Fatalf("actions %v: %v", bad, err)
		}
	}
	if err := b.Step(acts, out); err != nil {
		t.Fatal(err)
	}
	after, _ := b.State(0, false)
	if bytes.Equal(before, after) {
		t.Fatal("the legal step changed nothing")
	}
	if err := b.Step([]int32{0, 0}, env.Buffers{}); !errors.Is(err, env.ErrBuffer) {
		t.Fatalf("empty buffers: %v", err)
	}
}

// Another seat's observation hides the seat to act's cards, and its mask
// is empty.
func TestObserveOtherSeat(t *testing.T) {
	b, _ := env.New(envtest.Name, nil, 1, 5)
	out := b.NewBuffers()
	b.Reset(5, out)
	other := 1 - int(out.ToAct[0])
	obs, mask := make([]float32, 6), make([]uint8, 3)
	if err := b.Observe(0, other, false, obs, mask, nil); err != nil {
		t.Fatal(err)
	}
	if slices.Contains(mask, 1) {
		t.Fatalf("the seat not to act has legal actions %v", mask)
	}
	if slices.Equal(obs[:3], out.Obs[:3]) {
		t.Logf("both seats hold the same cards (possible, rare)")
	}
	if err := b.Observe(0, 2, false, obs, mask, nil); err == nil {
		t.Fatal("seat 2 of 2 observed")
	}
}

// A step allocates nothing, episodes ending and beginning included.
func TestStepAllocatesNothing(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage counts allocations")
	}
	for _, n := range []int{1, 64} {
		b, _ := env.New(envtest.Name, nil, n, 3)
		out := b.NewBuffers()
		b.Reset(3, out)
		rng := rand.New(rand.NewPCG(1, 2))
		acts := make([]int32, n)
		step := func() {
			env.RandomActions(out.Mask, acts, rng)
			if err := b.Step(acts, out); err != nil {
				t.Fatal(err)
			}
		}
		for range 50 {
			step()
		}
		if a := testing.AllocsPerRun(500, step); a != 0 {
			t.Errorf("batch of %d: %v allocations a step", n, a)
		}
	}
}

func TestNewRefuses(t *testing.T) {
	for _, c := range []struct {
		game string
		opts string
		n    int
	}{{"nosuchgame", "", 1}, {envtest.Name, "", 0}, {envtest.Name, `{"cards":99}`, 1}, {envtest.Name, `{`, 1}} {
		if _, err := env.New(c.game, json.RawMessage(c.opts), c.n, 1); err == nil {
			t.Errorf("New(%q, %q, %d) accepted", c.game, c.opts, c.n)
		}
	}
}

func BenchmarkBatchStep(b *testing.B) {
	for _, n := range []int{1, 256} {
		b.Run(map[int]string{1: "b1", 256: "b256"}[n], func(b *testing.B) {
			bt, _ := env.New(envtest.Name, nil, n, 3)
			out := bt.NewBuffers()
			bt.Reset(3, out)
			rng := rand.New(rand.NewPCG(1, 2))
			acts := make([]int32, n)
			b.ReportAllocs()
			for b.Loop() {
				env.RandomActions(out.Mask, acts, rng)
				if err := bt.Step(acts, out); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N*n)/b.Elapsed().Seconds(), "steps/s")
		})
	}
}
