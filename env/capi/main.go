// Command capi is the C ABI of Felt's learning environments: built with
// `go build -buildmode=c-shared -o python/felt/libfelt.so ./env/capi`, a
// shared library whose functions felt.h declares (this package includes
// felt.h, so the compiler checks each exported function against it). It
// serves every game registered with a learning environment (package
// felt/games/all) through package felt/env; docs/env.md describes it.
package main

/*
#include <stdlib.h>
#include "felt.h"
*/
import "C"

import (
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"unsafe"

	"felt/env"
	"felt/games"
	_ "felt/games/all" // every game Felt plays
)

func main() {}

// entry is a handle's batch, with the scratch a call needs.
type entry struct {
	mu  sync.Mutex
	b   *env.Batch
	obs []float32
	msk []uint8
}

var (
	mu      sync.Mutex
	handles = map[int64]*entry{}
	next    int64
	lastErr = "no error"
)

// fail records err as the last error and returns its code.
func fail(err error) C.int32_t {
	mu.Lock()
	lastErr = err.Error()
	mu.Unlock()
	if errors.Is(err, games.ErrIllegalAction) {
		return -2
	}
	if errors.Is(err, env.ErrBuffer) || errors.Is(err, errInval) {
		return -1
	}
	return -3
}

var errInval = errors.New("invalid argument")

func lookup(h C.int64_t) (*entry, error) {
	mu.Lock()
	defer mu.Unlock()
	e := handles[int64(h)]
	if e == nil {
		return nil, fmt.Errorf("%w: no handle %d", errInval, int64(h))
	}
	return e, nil
}

// values returns the n values of type T at the caller's p (none for n
// 0), refusing a NULL p: T is the Go type of p's C type (float32 for
// float, uint8 for uint8_t, int32 for int32_t).
func values[T, P any](p *P, n int, name string) ([]T, error) {
	if n == 0 {
		return []T{}, nil
	}
	if p == nil {
		return nil, fmt.Errorf("%w: %s is NULL", errInval, name)
	}
	return unsafe.Slice((*T)(unsafe.Pointer(p)), n), nil
}

// buffers makes the batch's buffers of the caller's pointers.
func buffers(b *env.Batch, obs *C.float, mask *C.uint8_t, rewards *C.float, toAct *C.int32_t, done *C.uint8_t) (env.Buffers, error) {
	n, s := b.Len(), b.Spec()
	var out env.Buffers
	var err error
	if out.Obs, err = values[float32](obs, n*s.Obs, "obs"); err != nil {
		return out, err
	}
	if out.Mask, err = values[uint8](mask, n*s.Actions, "mask"); err != nil {
		return out, err
	}
	if out.Rewards, err = values[float32](rewards, n*s.Seats, "rewards"); err != nil {
		return out, err
	}
	if out.ToAct, err = values[int32](toAct, n, "to_act"); err != nil {
		return out, err
	}
	out.Done, err = values[uint8](done, n, "done")
	return out, err
}

// text copies s into (buf, cap) and returns its length.
func text(s []byte, buf *C.char, cp C.int32_t) C.int32_t {
	if len(s) > 1<<31-2 {
		return fail(fmt.Errorf("%w: text of %d bytes", errInval, len(s)))
	}
	if buf != nil && cp > 0 {
		dst := unsafe.Slice((*byte)(unsafe.Pointer(buf)), int(cp))
		n := copy(dst, s)
		if n < len(dst) {
			dst[n] = 0
		}
	}
	return C.int32_t(len(s))
}

//export felt_new
func felt_new(game, options *C.char, n C.int32_t, seed C.uint64_t) C.int64_t {
	if game == nil {
		fail(fmt.Errorf("%w: game is NULL", errInval))
		return 0
	}
	var opts json.RawMessage
	if options != nil {
		if s := C.GoString(options); s != "" {
			opts = json.RawMessage(s)
		}
	}
	b, err := env.New(C.GoString(game), opts, int(n), uint64(seed))
	if err != nil {
		fail(err)
		return 0
	}
	s := b.Spec()
	mu.Lock()
	defer mu.Unlock()
	next++
	handles[next] = &entry{b: b, obs: make([]float32, s.Obs), msk: make([]uint8, s.Actions)}
	return C.int64_t(next)
}

//export felt_free
func felt_free(h C.int64_t) {
	mu.Lock()
	defer mu.Unlock()
	delete(handles, int64(h))
}

//export felt_spec
func felt_spec(h C.int64_t, out *C.int32_t) C.int32_t {
	e, err := lookup(h)
	if err != nil {
		return fail(err)
	}
	o, err := values[int32](out, 5, "out")
	if err != nil {
		return fail(err)
	}
	s := e.b.Spec()
	o[0], o[1], o[2], o[3], o[4] = int32(e.b.Len()), int32(s.Seats), int32(s.Obs), int32(s.Actions), int32(s.ActionFeatures)
	return 0
}

//export felt_reset
func felt_reset(h C.int64_t, seed C.uint64_t, obs *C.float, mask *C.uint8_t, rewards *C.float, toAct *C.int32_t, done *C.uint8_t) C.int32_t {
	e, err := lookup(h)
	if err != nil {
		return fail(err)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	out, err := buffers(e.b, obs, mask, rewards, toAct, done)
	if err != nil {
		return fail(err)
	}
	if err := e.b.Reset(uint64(seed), out); err != nil {
		return fail(err)
	}
	return 0
}

//export felt_step
func felt_step(h C.int64_t, actions *C.int32_t, obs *C.float, mask *C.uint8_t, rewards *C.float, toAct *C.int32_t, done *C.uint8_t) C.int32_t {
	e, err := lookup(h)
	if err != nil {
		return fail(err)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	acts, err := values[int32](actions, e.b.Len(), "actions")
	if err != nil {
		return fail(err)
	}
	out, err := buffers(e.b, obs, mask, rewards, toAct, done)
	if err != nil {
		return fail(err)
	}
	if err := e.b.Step(acts, out); err != nil {
		return fail(err)
	}
	return 0
}

//export felt_observe
func felt_observe(h C.int64_t, i, seat, finished C.int32_t, obs *C.float, mask *C.uint8_t, feats *C.float) C.int32_t {
	e, err := lookup(h)
	if err != nil {
		return fail(err)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	s := e.b.Spec()
	o, err := values[float32](obs, s.Obs, "obs")
	if err != nil {
		return fail(err)
	}
	m, err := values[uint8](mask, s.Actions, "mask")
	if err != nil {
		return fail(err)
	}
	var f []float32
	if feats != nil {
		f, _ = values[float32](feats, s.Actions*s.ActionFeatures, "feats")
	}
	if err := e.b.Observe(int(i), int(seat), finished != 0, o, m, f); err != nil {
		return fail(fmt.Errorf("%w: %w", errInval, err))
	}
	return 0
}

//export felt_features
func felt_features(h C.int64_t, feats *C.float) C.int32_t {
	e, err := lookup(h)
	if err != nil {
		return fail(err)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	s := e.b.Spec()
	w := s.Actions * s.ActionFeatures
	f, err := values[float32](feats, e.b.Len()*w, "feats")
	if err != nil {
		return fail(err)
	}
	for i := range e.b.Len() {
		row := f[i*w : (i+1)*w]
		who := e.b.ToAct(i)
		if who < 0 || w == 0 {
			clear(row)
			continue
		}
		if err := e.b.Observe(i, who, false, e.obs, e.msk, row); err != nil {
			return fail(err)
		}
	}
	return 0
}

//export felt_rewards
func felt_rewards(h C.int64_t, i, finished C.int32_t, out *C.float) C.int32_t {
	e, err := lookup(h)
	if err != nil {
		return fail(err)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	r, err := values[float32](out, e.b.Spec().Seats, "out")
	if err != nil {
		return fail(err)
	}
	if err := e.b.Rewards(int(i), finished != 0, r); err != nil {
		return fail(fmt.Errorf("%w: %w", errInval, err))
	}
	return 0
}

//export felt_seed
func felt_seed(h C.int64_t, i, finished C.int32_t, out *C.uint64_t) C.int32_t {
	e, err := lookup(h)
	if err != nil {
		return fail(err)
	}
	if out == nil {
		return fail(fmt.Errorf("%w: out is NULL", errInval))
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	s, err := e.b.Seed(int(i), finished != 0)
	if err != nil {
		return fail(fmt.Errorf("%w: %w", errInval, err))
	}
	*out = C.uint64_t(s)
	return 0
}

//export felt_state_json
func felt_state_json(h C.int64_t, i, finished C.int32_t, buf *C.char, cp C.int32_t) C.int32_t {
	return episodeText(h, i, finished, buf, cp, func(b *env.Batch, i int, finished bool) ([]byte, error) {
		return b.State(i, finished)
	})
}

//export felt_log
func felt_log(h C.int64_t, i, finished C.int32_t, buf *C.char, cp C.int32_t) C.int32_t {
	return episodeText(h, i, finished, buf, cp, (*env.Batch).Log)
}

// episodeText writes read's text of environment i's episode (the one
// being played, or the one just finished) into buf: felt_state_json's
// and felt_log's one path.
func episodeText(h C.int64_t, i, finished C.int32_t, buf *C.char, cp C.int32_t, read func(b *env.Batch, i int, finished bool) ([]byte, error)) C.int32_t {
	e, err := lookup(h)
	if err != nil {
		return fail(err)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if _, err := e.b.Seed(int(i), finished != 0); err != nil {
		return fail(fmt.Errorf("%w: %w", errInval, err))
	}
	t, err := read(e.b, int(i), finished != 0)
	if err != nil {
		return fail(err)
	}
	return text(t, buf, cp)
}

//export felt_action_string
func felt_action_string(h C.int64_t, i, action C.int32_t, buf *C.char, cp C.int32_t) C.int32_t {
	e, err := lookup(h)
	if err != nil {
		return fail(err)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	s, err := e.b.ActionString(int(i), int(action))
	if err != nil {
		return fail(fmt.Errorf("%w: %w", errInval, err))
	}
	return text([]byte(s), buf, cp)
}

//export felt_games
func felt_games(buf *C.char, cp C.int32_t) C.int32_t {
	type game struct {
		Name string `json:"name"`
		Env  bool   `json:"env"`
	}
	list := []game{}
	for _, g := range games.All() {
		e, err := g.NewEnv(nil)
		list = append(list, game{Name: g.About().Name, Env: err == nil && e != nil})
	}
	s, err := json.Marshal(list)
	if err != nil {
		return fail(err)
	}
	return text(s, buf, cp)
}

//export felt_last_error
func felt_last_error(buf *C.char, cp C.int32_t) C.int32_t {
	mu.Lock()
	s := lastErr
	mu.Unlock()
	return text([]byte(s), buf, cp)
}
