// Package envtest is a game for testing learning environments without
// the real games: HighCard, two seats playing out a few cards each, the
// higher card taking each trick. It is a whole registered game (a table
// engine whose logs felt's replay verifies, and a games.Env), registered
// only when a test or a build asks for it (Register), so that package
// env and its C ABI are tested on a game of their own.
package envtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"

	"felt/games"
	"felt/table"
)

// Name is the test game's registered name.
const Name = "highcard"

// MaxCards is the most cards each seat may hold.
const MaxCards = 8

// Options are HighCard's rules: how many cards each seat is dealt.
type Options struct {
	Cards int `json:"cards"`
}

// hand is one episode of HighCard, a value reset in place.
type hand struct {
	k      int
	cards  [2][MaxCards]int8 // 1..13, 0 when played
	played [2]int8           // the cards of the trick being played, 0 for none
	leader int
	toAct  int // -1 when over
	tricks [2]int
	trick  int
}

func readOptions(options json.RawMessage) (int, error) {
	o := Options{Cards: 3}
	if len(options) > 0 && string(options) != "null" {
		if err := json.Unmarshal(options, &o); err != nil {
			return 0, fmt.Errorf("highcard: options: %w", err)
		}
	}
	if o.Cards < 1 || o.Cards > MaxCards {
		return 0, fmt.Errorf("highcard: %d cards, want 1 to %d", o.Cards, MaxCards)
	}
	return o.Cards, nil
}

func (h *hand) deal(k int, seed uint64) {
	var p rand.PCG
	p.Seed(seed, 0x68696768)
	*h = hand{k: k}
	for s := range 2 {
		for i := range k {
			h.cards[s][i] = int8(1 + p.Uint64()%13)
		}
	}
	h.leader = int(p.Uint64() % 2)
	h.toAct = h.leader
}

func (h *hand) check(s, a int) error {
	switch {
	case h.toAct < 0:
		return fmt.Errorf("the hand is over: %w", games.ErrIllegalAction)
	case s != h.toAct:
		return fmt.Errorf("seat %d is not to act: %w", s, games.ErrIllegalAction)
	case a < 0 || a >= h.k:
		return fmt.Errorf("no card %d: %w", a, games.ErrIllegalAction)
	case h.cards[s][a] == 0:
		return fmt.Errorf("card %d is played: %w", a, games.ErrIllegalAction)
	}
	return nil
}

func (h *hand) play(a int) {
	s := h.toAct
	h.played[s] = h.cards[s][a]
	h.cards[s][a] = 0
	o := 1 - s
	if h.played[o] == 0 {
		h.toAct = o
		return
	}
	w := h.leader
	if h.played[1-w] > h.played[w] {
		w = 1 - w
	}
	h.tricks[w]++
	h.trick++
	h.played = [2]int8{}
	h.leader, h.toAct = w, w
	if h.trick == h.k {
		h.toAct = -1
	}
}

func (h *hand) reward(s int) float32 {
	switch {
	case h.toAct >= 0 || h.tricks[s] == h.tricks[1-s]:
		return 0
	case h.tricks[s] > h.tricks[1-s]:
		return 1
	}
	return -1
}

// Move is a HighCard move: the index of the card played.
type Move struct {
	Card int `json:"card"`
}

// Obs is what a seat sees at the table: its cards, the trick on the table
// and the tricks taken.
type Obs struct {
	Cards  []int8
	Played [2]int8
	Tricks [2]int
}

type engine struct{ h hand }

func (e *engine) Seats() int                       { return 2 }
func (e *engine) Teams() table.Teams               { return table.SoloTeams(2) }
func (e *engine) Optional() bool                   { return false }
func (e *engine) Over() bool                       { return e.h.toAct < 0 }
func (e *engine) Check(s table.Seat, m Move) error { return e.h.check(int(s), m.Card) }
func (e *engine) ToAct() table.Seats {
	if e.h.toAct < 0 {
		return 0
	}
	return table.SeatsOf(table.Seat(e.h.toAct))
}
func (e *engine) Apply(s table.Seat, m Move, _ *table.Views[struct{}]) error {
	if err := e.h.check(int(s), m.Card); err != nil {
		return err
	}
	e.h.play(m.Card)
	return nil
}
func (e *engine) Advance(*table.Views[struct{}]) (json.RawMessage, error) {
	return nil, errors.New("highcard: nothing to advance")
}
func (e *engine) Redeal(json.RawMessage, *table.Views[struct{}]) error {
	return errors.New("highcard: no deal to redeal")
}
func (e *engine) Observe(s table.Seat, o *Obs) {
	*o = Obs{Cards: append([]int8(nil), e.h.cards[s][:e.h.k]...), Played: e.h.played, Tricks: e.h.tricks}
}
func (e *engine) Outcome() table.Outcome {
	out := table.Outcome{Over: e.Over(), Scores: [table.MaxSeats]int{e.h.tricks[0], e.h.tricks[1]}}
	if out.Over {
		out.Hands = 1
		for s := range 2 {
			if e.h.reward(s) > 0 {
				out.Winners = table.SeatsOf(table.Seat(s))
			}
		}
	}
	return out
}
func (e *engine) MarshalMove(m Move) ([]byte, error) { return json.Marshal(m) }
func (e *engine) UnmarshalMove(b []byte) (Move, error) {
	var m Move
	if err := json.Unmarshal(b, &m); err != nil {
		return m, err
	}
	if m.Card < 0 || m.Card >= MaxCards {
		return m, fmt.Errorf("highcard: no card %d", m.Card)
	}
	return m, nil
}

// Spec is HighCard's table spec.
var Spec = table.Spec[Move, Obs, struct{}]{
	Kind:   Name,
	Format: 1,
	New: func(seed uint64, options json.RawMessage) (table.Engine[Move, Obs, struct{}], error) {
		k, err := readOptions(options)
		if err != nil {
			return nil, err
		}
		e := &engine{}
		e.h.deal(k, seed)
		return e, nil
	},
}

// Env is HighCard's learning environment. Its observation is the seat's
// cards (value/13, 0 once played), the card the other seat has led to
// the trick (value/13, 0 for none) and each seat's tricks over the cards
// dealt (the observer's first); its actions are the card slots.
type Env struct {
	opts    json.RawMessage
	seed    uint64
	h       hand
	actions []int8 // the episode's moves, for Log
}

// NewEnv returns a HighCard environment of options (nil: 3 cards).
func NewEnv(options json.RawMessage) (games.Env, error) {
	k, err := readOptions(options)
	if err != nil {
		return nil, err
	}
	e := &Env{opts: append(json.RawMessage(nil), options...), actions: make([]int8, 0, MaxCards*2)}
	e.h.deal(k, 0)
	return e, nil
}

// Spec returns the environment's shape.
func (e *Env) Spec() games.EnvSpec {
	return games.EnvSpec{Seats: 2, Obs: e.h.k + 3, Actions: e.h.k}
}

// Reset deals a new episode from seed.
func (e *Env) Reset(seed uint64) error {
	e.seed = seed
	e.h.deal(e.h.k, seed)
	e.actions = e.actions[:0]
	return nil
}

// ToAct returns the seat to act, -1 when the episode is over.
func (e *Env) ToAct() int { return e.h.toAct }

// Observe writes seat s's view.
func (e *Env) Observe(s int, obs []float32, mask []uint8, feats []float32) {
	k := e.h.k
	for i := range k {
		obs[i] = float32(e.h.cards[s][i]) / 13
		mask[i] = 0
		if s == e.h.toAct && e.h.cards[s][i] != 0 {
			mask[i] = 1
		}
	}
	obs[k] = float32(e.h.played[1-s]) / 13
	obs[k+1] = float32(e.h.tricks[s]) / float32(k)
	obs[k+2] = float32(e.h.tricks[1-s]) / float32(k)
}

// Step plays card slot a for the seat to act.
func (e *Env) Step(a int) error {
	if err := e.h.check(e.h.toAct, a); err != nil {
		return err
	}
	e.h.play(a)
	e.actions = append(e.actions, int8(a))
	return nil
}

// Rewards writes +1 to the seat that took more tricks, -1 to the other,
// once the episode is over (0 each for a tie or before the end).
func (e *Env) Rewards(r []float32) {
	r[0], r[1] = e.h.reward(0), e.h.reward(1)
}

// ActionString says action a in words.
func (e *Env) ActionString(a int) string {
	if err := e.h.check(e.h.toAct, a); err != nil {
		return err.Error()
	}
	return fmt.Sprintf("play %d", e.h.cards[e.h.toAct][a])
}

// State returns both seats' cards and the table, as JSON.
func (e *Env) State() (json.RawMessage, error) {
	var hands [2][]int8
	for s := range 2 {
		hands[s] = append([]int8{}, e.h.cards[s][:e.h.k]...)
	}
	return json.Marshal(map[string]any{"seed": e.seed, "hands": hands, "played": e.h.played,
		"tricks": e.h.tricks, "to_act": e.h.toAct})
}

// Log returns the episode as a table log, made by playing its moves
// again through a table recorder.
func (e *Env) Log() ([]byte, error) {
	r := table.NewRecorder(Spec, table.Header{ID: fmt.Sprintf("env-%d", e.seed), Options: e.opts,
		Seats: []table.SeatInfo{{Name: "seat 0"}, {Name: "seat 1"}}})
	if err := r.Reset(e.seed); err != nil {
		return nil, err
	}
	for _, a := range e.actions {
		s, _ := r.Engine().ToAct().First(0)
		if err := r.Play(s, Move{Card: int(a)}, nil); err != nil {
			return nil, err
		}
	}
	return r.Log()
}

var once sync.Once

// Register registers HighCard with the games registry, once however
// often it is called.
func Register() {
	once.Do(func() {
		games.MustRegister(&games.Def[Move, Obs, struct{}]{
			Info: games.Info{Name: Name, Title: "High Card (a test game)", Seats: []int{2},
				Teams: "each seat plays for itself", Score: "tricks"},
			Spec: Spec,
			Env:  NewEnv,
		})
	})
}
