package sjbot

import (
	"fmt"
	"math/rand/v2"

	"felt/shengji"
)

// Player is a Shengji computer player: a shengji.Player with a name.
type Player interface {
	shengji.Player
	// Name returns the player's level name, e.g. "greedy".
	Name() string
}

// Levels lists the built-in player names, weakest first.
func Levels() []string { return []string{"random", "greedy", "hard"} }

// New returns the built-in player with the given name, drawing its
// randomness from rng.
func New(name string, rng *rand.Rand) (Player, error) {
	switch name {
	case "random":
		return NewRandom(rng), nil
	case "greedy":
		return NewGreedy(rng), nil
	case "hard":
		return NewHard(rng), nil
	}
	return nil, fmt.Errorf("sjbot: no player %q (have %v)", name, Levels())
}

// Random plays uniformly random legal actions: the engine's random player
// (shengji.Random), declaring at a twentieth of its chances and throwing
// at a tenth of its leads.
type Random struct {
	r *shengji.Random
}

// NewRandom returns a Random player drawing from rng.
func NewRandom(rng *rand.Rand) *Random { return &Random{r: shengji.NewRandom(rng)} }

// Name returns "random".
func (p *Random) Name() string { return "random" }

// Act picks a random legal action for o's seat.
func (p *Random) Act(o *shengji.Observation) (shengji.Action, bool) { return p.r.Act(o) }
