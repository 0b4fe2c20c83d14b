package games

import (
	"encoding/json"
	"errors"
)

// Learning environments: a registered game that sets Def.Env is an
// environment for learning agents (package env batches them and serves
// them over a C ABI and to Python). The game's own package encodes its
// observations and actions; the layers above name no game.

// EnvSpec is the shape of a game's environment: how long each buffer an
// environment writes is. It depends on the game and its rules only.
type EnvSpec struct {
	// Seats is the number of players of an episode.
	Seats int `json:"seats"`
	// Obs is the number of float32 values of one observation.
	Obs int `json:"obs"`
	// Actions is the size of the action space: the length of a
	// legal-action mask.
	Actions int `json:"actions"`
	// ActionFeatures is the number of float32 values describing one
	// action slot: what the legal action does in the position (an
	// enumerated space's slots, or a fixed space's actions described for
	// learners that score actions one by one); 0 when the game gives none.
	ActionFeatures int `json:"action_features"`
}

// Env is one environment of a game for learning agents: an episode (one
// hand) dealt from a seed, played by every seat through action ids,
// observed one seat at a time. Its methods do not allocate in a steady
// state (after the first episodes), so a batch of them steps at the
// engine's speed. An Env is not safe for concurrent use.
type Env interface {
	// Spec returns the environment's shape.
	Spec() EnvSpec
	// Reset starts a new episode dealt from seed: the same seed deals
	// the same cards and, with the same actions, plays the same episode.
	Reset(seed uint64) error
	// ToAct returns the seat to act, or -1 when the episode is over.
	ToAct() int
	// Observe writes what seat s may know now into obs (len Spec().Obs,
	// overwritten whole) and, when s is the seat to act, its legal
	// actions into mask (len Spec().Actions: 1 legal, 0 not; all 0 for
	// another seat). feats, when not nil, gets Actions*ActionFeatures
	// values describing each action slot (zero for slots not legal).
	// Nothing written depends on another seat's hidden cards.
	Observe(s int, obs []float32, mask []uint8, feats []float32)
	// Step makes action a for the seat to act. A refused action returns
	// an error wrapping ErrIllegalAction and changes nothing.
	Step(a int) error
	// Rewards writes each seat's reward into r (len Spec().Seats): zero
	// until the episode is over, then the episode's result for each seat.
	Rewards(r []float32)
	// ActionString says action a of the seat to act in a person's words
	// with its cards ("discard 7H"), or why there is no such action.
	ActionString(a int) string
	// State returns the whole state as JSON, every seat's cards: for
	// debugging and perfect-information baselines, never an agent's
	// observation.
	State() (json.RawMessage, error)
	// Log returns the episode so far as a table log of the game, which
	// felt replay verify and felt replay view accept.
	Log() ([]byte, error)
}

// ErrIllegalAction is an action the environment refuses now.
var ErrIllegalAction = errors.New("illegal action")

// ErrNoEnv is a game without a learning environment.
var ErrNoEnv = errors.New("no learning environment")
