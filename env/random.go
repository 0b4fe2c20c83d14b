package env

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"time"
)

// RandomActions sets actions[i] to one of row i's legal actions in mask
// (rows of len(mask)/len(actions) bytes), each legal one equally likely,
// drawn from rng; -1 for a row with none. It allocates nothing.
func RandomActions(mask []uint8, actions []int32, rng *rand.Rand) {
	A := len(mask) / len(actions)
	for i := range actions {
		row := mask[i*A : (i+1)*A]
		n := 0
		for _, m := range row {
			if m != 0 {
				n++
			}
		}
		actions[i] = -1
		if n == 0 {
			continue
		}
		k := rng.IntN(n)
		for a, m := range row {
			if m != 0 {
				if k == 0 {
					actions[i] = int32(a)
					break
				}
				k--
			}
		}
	}
}

// StepsPerSec measures a batch of n environments of game with options,
// stepped with random legal actions on the calling goroutine (one core):
// environment steps (n per batch step) per second over at least steps
// environment steps and at least minTime, after a warm-up.
func StepsPerSec(game string, options json.RawMessage, n, steps int, minTime time.Duration) (float64, error) {
	b, err := New(game, options, n, 1)
	if err != nil {
		return 0, err
	}
	out := b.NewBuffers()
	out.Feats = nil
	if err := b.Reset(1, out); err != nil {
		return 0, err
	}
	rng := rand.New(rand.NewPCG(1, 2))
	actions := make([]int32, n)
	step := func() error {
		RandomActions(out.Mask, actions, rng)
		return b.Step(actions, out)
	}
	for range max(1, 1000/n) { // warm up: the environments' buffers grow
		if err := step(); err != nil {
			return 0, err
		}
	}
	done, start := 0, time.Now()
	for done < steps || time.Since(start) < minTime {
		for range max(1, 1000/n) {
			if err := step(); err != nil {
				return 0, err
			}
			done += n
		}
	}
	el := time.Since(start)
	if done == 0 {
		return 0, fmt.Errorf("env: no step measured")
	}
	return float64(done) / el.Seconds(), nil
}
