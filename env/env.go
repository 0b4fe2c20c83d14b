package env

import (
	"encoding/json"
	"errors"
	"fmt"

	"felt/games"
	"felt/internal/seed"
)

// ErrBuffer is a buffer of the wrong length.
var ErrBuffer = errors.New("env: buffer of the wrong length")

// MaxBatch is the most environments a batch may hold.
const MaxBatch = 1 << 20

// Buffers are the caller's buffers a batch writes into (see the package
// comment for their shapes). Feats, when not nil, gets the seat to act's
// action features (n×Actions×ActionFeatures values); the others must all
// be set.
type Buffers struct {
	Obs     []float32
	Mask    []uint8
	Rewards []float32
	ToAct   []int32
	Done    []uint8
	Feats   []float32
}

// slot is one environment of a batch: the episode being played and the
// one that ended last (kept for its log and state), swapped at an end.
type slot struct {
	cur, last         games.Env
	curSeed, lastSeed uint64
	episode           uint64 // episodes begun since Reset, the current one included
	ended             bool   // last holds an ended episode
}

// Batch is N environments of one game and rules. It is not safe for
// concurrent use.
type Batch struct {
	game  string
	spec  games.EnvSpec
	seed  uint64
	slots []slot
	mask  []uint8 // the legal actions last written, to check actions against
}

// New returns a batch of n environments of the registered game with
// options (nil: the default rules), reset with seed.
func New(game string, options json.RawMessage, n int, seed uint64) (*Batch, error) {
	if n < 1 || n > MaxBatch {
		return nil, fmt.Errorf("env: %d environments, want 1 to %d", n, MaxBatch)
	}
	g, err := games.Lookup(game)
	if err != nil {
		return nil, err
	}
	b := &Batch{game: game, slots: make([]slot, n)}
	for i := range b.slots {
		for _, p := range []*games.Env{&b.slots[i].cur, &b.slots[i].last} {
			if *p, err = g.NewEnv(options); err != nil {
				return nil, err
			}
		}
	}
	b.spec = b.slots[0].cur.Spec()
	if b.spec.Seats < 1 || b.spec.Obs < 0 || b.spec.Actions < 1 || b.spec.ActionFeatures < 0 {
		return nil, fmt.Errorf("env: %s: a bad spec %+v", game, b.spec)
	}
	b.mask = make([]uint8, n*b.spec.Actions)
	if err := b.reset(seed); err != nil {
		return nil, err
	}
	return b, nil
}

// Game returns the batch's game's name.
func (b *Batch) Game() string { return b.game }

// Spec returns the shape of one environment of the batch.
func (b *Batch) Spec() games.EnvSpec { return b.spec }

// Len returns the number of environments.
func (b *Batch) Len() int { return len(b.slots) }

// NewBuffers returns buffers of the right lengths for the batch (with
// Feats when the game describes its actions).
func (b *Batch) NewBuffers() Buffers {
	n, s := len(b.slots), b.spec
	out := Buffers{Obs: make([]float32, n*s.Obs), Mask: make([]uint8, n*s.Actions), Rewards: make([]float32, n*s.Seats),
		ToAct: make([]int32, n), Done: make([]uint8, n)}
	if s.ActionFeatures > 0 {
		out.Feats = make([]float32, n*s.Actions*s.ActionFeatures)
	}
	return out
}

func (b *Batch) check(out *Buffers) error {
	n, s := len(b.slots), b.spec
	switch {
	case len(out.Obs) != n*s.Obs:
		return fmt.Errorf("%w: obs has %d values, want %d", ErrBuffer, len(out.Obs), n*s.Obs)
	case len(out.Mask) != n*s.Actions:
		return fmt.Errorf("%w: mask has %d values, want %d", ErrBuffer, len(out.Mask), n*s.Actions)
	case len(out.Rewards) != n*s.Seats:
		return fmt.Errorf("%w: rewards has %d values, want %d", ErrBuffer, len(out.Rewards), n*s.Seats)
	case len(out.ToAct) != n:
		return fmt.Errorf("%w: to_act has %d values, want %d", ErrBuffer, len(out.ToAct), n)
	case len(out.Done) != n:
		return fmt.Errorf("%w: done has %d values, want %d", ErrBuffer, len(out.Done), n)
	case out.Feats != nil && len(out.Feats) != n*s.Actions*s.ActionFeatures:
		return fmt.Errorf("%w: feats has %d values, want %d", ErrBuffer, len(out.Feats), n*s.Actions*s.ActionFeatures)
	}
	return nil
}

// EpisodeSeed returns the seed of episode e of environment i of a batch
// seeded s.
func EpisodeSeed(s uint64, i int, e uint64) uint64 { return seed.Mix(s, uint64(i), e) }

func (b *Batch) begin(i int) error {
	sl := &b.slots[i]
	sl.curSeed = EpisodeSeed(b.seed, i, sl.episode)
	sl.episode++
	if err := sl.cur.Reset(sl.curSeed); err != nil {
		return fmt.Errorf("env: %s: environment %d: reset: %w", b.game, i, err)
	}
	if sl.cur.ToAct() < 0 {
		return fmt.Errorf("env: %s: environment %d: an episode over before its first decision (seed %d)", b.game, i, sl.curSeed)
	}
	return nil
}

func (b *Batch) reset(seed uint64) error {
	b.seed = seed
	for i := range b.slots {
		b.slots[i].episode, b.slots[i].ended = 0, false
		if err := b.begin(i); err != nil {
			return err
		}
	}
	return nil
}

// Reset starts every environment's episode 0 again from seed and writes
// their first observations into out (Rewards and Done zeroed).
func (b *Batch) Reset(seed uint64, out Buffers) error {
	if err := b.check(&out); err != nil {
		return err
	}
	if err := b.reset(seed); err != nil {
		return err
	}
	clear(out.Rewards)
	clear(out.Done)
	for i := range b.slots {
		b.observe(i, &out)
	}
	return nil
}

// observe writes environment i's seat to act's view into out's row i.
func (b *Batch) observe(i int, out *Buffers) {
	s := b.spec
	e := b.slots[i].cur
	who := e.ToAct()
	out.ToAct[i] = int32(who)
	obs := out.Obs[i*s.Obs : (i+1)*s.Obs]
	mask := out.Mask[i*s.Actions : (i+1)*s.Actions]
	var feats []float32
	if out.Feats != nil {
		w := s.Actions * s.ActionFeatures
		feats = out.Feats[i*w : (i+1)*w]
	}
	if who < 0 {
		clear(obs)
		clear(mask)
		clear(feats)
	} else {
		e.Observe(who, obs, mask, feats)
	}
	copy(b.mask[i*s.Actions:], mask)
}

// ToAct returns the seat to act in environment i's current episode (-1
// for an environment out of range).
func (b *Batch) ToAct(i int) int {
	if i < 0 || i >= len(b.slots) {
		return -1
	}
	return b.slots[i].cur.ToAct()
}

// IllegalError is an action a batch refused: nothing was stepped.
type IllegalError struct {
	Env    int // the environment
	Action int32
	Reason string
}

func (e *IllegalError) Error() string {
	return fmt.Sprintf("env: environment %d: action %d: %s", e.Env, e.Action, e.Reason)
}

// Unwrap makes an IllegalError a games.ErrIllegalAction.
func (e *IllegalError) Unwrap() error { return games.ErrIllegalAction }

// Step makes actions[i] in environment i for its seat to act, for every
// i, and writes the results into out (see the package comment: an ended
// episode is reset in the same step). actions must be legal by the masks
// last written (an *IllegalError, wrapping games.ErrIllegalAction, names
// the first that is not, and then nothing is stepped).
func (b *Batch) Step(actions []int32, out Buffers) error {
	if len(actions) != len(b.slots) {
		return fmt.Errorf("%w: %d actions for %d environments", ErrBuffer, len(actions), len(b.slots))
	}
	if err := b.check(&out); err != nil {
		return err
	}
	A := b.spec.Actions
	for i, a := range actions {
		if a < 0 || int(a) >= A {
			return &IllegalError{Env: i, Action: a, Reason: fmt.Sprintf("not an action id (0 to %d)", A-1)}
		}
		if b.mask[i*A+int(a)] == 0 {
			return &IllegalError{Env: i, Action: a, Reason: "not legal now (its mask is 0)"}
		}
	}
	S := b.spec.Seats
	for i, a := range actions {
		sl := &b.slots[i]
		if err := sl.cur.Step(int(a)); err != nil {
			return fmt.Errorf("env: %s: environment %d: a legal action refused: %w", b.game, i, err)
		}
		rew := out.Rewards[i*S : (i+1)*S]
		if sl.cur.ToAct() >= 0 {
			clear(rew)
			out.Done[i] = 0
		} else {
			sl.cur.Rewards(rew)
			out.Done[i] = 1
			sl.cur, sl.last = sl.last, sl.cur
			sl.curSeed, sl.lastSeed = 0, sl.curSeed
			sl.ended = true
			if err := b.begin(i); err != nil {
				return err
			}
		}
		b.observe(i, &out)
	}
	return nil
}

// env returns environment i's current episode, or the one that ended last
// when finished is true.
func (b *Batch) env(i int, finished bool) (games.Env, error) {
	if i < 0 || i >= len(b.slots) {
		return nil, fmt.Errorf("env: no environment %d of %d", i, len(b.slots))
	}
	if !finished {
		return b.slots[i].cur, nil
	}
	if !b.slots[i].ended {
		return nil, fmt.Errorf("env: environment %d: no episode has ended since the last reset", i)
	}
	return b.slots[i].last, nil
}

// Observe writes seat s's view of environment i's current episode (of
// the one that ended last when finished is true): its mask is all 0
// unless s is to act; feats may be nil. Any seat may be observed, each
// seeing only what it may know.
func (b *Batch) Observe(i, s int, finished bool, obs []float32, mask []uint8, feats []float32) error {
	e, err := b.env(i, finished)
	if err != nil {
		return err
	}
	sp := b.spec
	switch {
	case s < 0 || s >= sp.Seats:
		return fmt.Errorf("env: no seat %d of %d", s, sp.Seats)
	case len(obs) != sp.Obs || len(mask) != sp.Actions:
		return fmt.Errorf("%w: obs %d and mask %d, want %d and %d", ErrBuffer, len(obs), len(mask), sp.Obs, sp.Actions)
	case feats != nil && len(feats) != sp.Actions*sp.ActionFeatures:
		return fmt.Errorf("%w: feats %d, want %d", ErrBuffer, len(feats), sp.Actions*sp.ActionFeatures)
	}
	e.Observe(s, obs, mask, feats)
	return nil
}

// Rewards writes each seat's reward so far in environment i's episode
// (the finished one's results when finished is true).
func (b *Batch) Rewards(i int, finished bool, r []float32) error {
	e, err := b.env(i, finished)
	if err != nil {
		return err
	}
	if len(r) != b.spec.Seats {
		return fmt.Errorf("%w: rewards %d, want %d", ErrBuffer, len(r), b.spec.Seats)
	}
	e.Rewards(r)
	return nil
}

// State returns the full state of environment i's current episode (or
// the one that ended last) as JSON: every seat's cards, hidden ones
// included. It is for debugging and perfect-information baselines,
// never an agent's observation.
func (b *Batch) State(i int, finished bool) (json.RawMessage, error) {
	e, err := b.env(i, finished)
	if err != nil {
		return nil, err
	}
	return e.State()
}

// Log returns environment i's current episode so far (or the one that
// ended last) as a table log of the game: `felt replay verify` and `felt
// replay view` accept it.
func (b *Batch) Log(i int, finished bool) ([]byte, error) {
	e, err := b.env(i, finished)
	if err != nil {
		return nil, err
	}
	return e.Log()
}

// Seed returns the seed environment i's current episode (or the one that
// ended last) was dealt from.
func (b *Batch) Seed(i int, finished bool) (uint64, error) {
	if _, err := b.env(i, finished); err != nil {
		return 0, err
	}
	if finished {
		return b.slots[i].lastSeed, nil
	}
	return b.slots[i].curSeed, nil
}

// ActionString says action a of environment i's seat to act in words.
func (b *Batch) ActionString(i, a int) (string, error) {
	e, err := b.env(i, false)
	if err != nil {
		return "", err
	}
	return e.ActionString(a), nil
}
