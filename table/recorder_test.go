package table

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"
)

// A game played move by move through a recorder, with bids declined at
// random, logs what a table would: its log recovers to the same engine,
// with the same moves, for many seeds.
func TestRecorderLogReplays(t *testing.T) {
	h := Header{ID: "rec", Seats: []SeatInfo{{Name: "a"}, {Name: "b"}, {Name: "c"}}}
	r := NewRecorder(toySpec, h)
	for seed := range uint64(50) {
		rng := rand.New(rand.NewPCG(seed, 9))
		if err := r.Reset(seed); err != nil {
			t.Fatal(err)
		}
		moves := 0
		for !r.Engine().Over() {
			if err := r.Settle(nil); err != nil {
				t.Fatal(err)
			}
			e := r.Engine()
			if e.Over() {
				break
			}
			who := e.ToAct()
			if e.Optional() && rng.IntN(2) == 0 {
				if err := r.Advance(nil); err != nil { // everyone declines
					t.Fatal(err)
				}
				continue
			}
			s, _ := who.First(0)
			m := toyMove{Kind: "add", N: 1 + rng.IntN(2)}
			if e.Optional() {
				m = toyMove{Kind: "bid", N: rng.IntN(4)}
			}
			// A refused move changes nothing and says why.
			if err := r.Play(s, toyMove{Kind: "add", N: 9}, nil); !errors.Is(err, ErrRefusedMove) {
				t.Fatalf("seed %d: a refused move returned %v", seed, err)
			}
			if err := r.Play(s, m, nil); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			moves++
		}
		log, err := r.Log()
		if err != nil {
			t.Fatal(err)
		}
		rec, err := Recover(bytes.NewReader(log), toySpec)
		if err != nil {
			t.Fatalf("seed %d: the recorded log does not replay: %v\n%s", seed, err, log)
		}
		if rec.Moves != moves || rec.Header.Seed != seed {
			t.Fatalf("seed %d: replayed %d moves of seed %d, want %d of %d", seed, rec.Moves, rec.Header.Seed, moves, seed)
		}
		if !reflect.DeepEqual(rec.Engine, r.Engine()) {
			t.Fatalf("seed %d: the replayed engine differs:\n%+v\n%+v", seed, rec.Engine, r.Engine())
		}
	}
}
