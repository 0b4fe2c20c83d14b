package ginbot

import (
	"fmt"
	"math/rand/v2"

	"felt/gin"
)

// Player chooses a Gin Rummy action from what its seat can see.
type Player interface {
	// Name returns the player's level name, e.g. "simple".
	Name() string
	// Act returns a legal action for the observation, whose Turn is the
	// player's seat.
	Act(obs *gin.Observation) gin.Action
}

// Levels lists the built-in player names: the levels (random, simple,
// easy, normal, hard), then the population of styles hard is measured
// against (Style, HardV1).
func Levels() []string {
	return []string{"random", "simple", "easy", "normal", "hard", "gin-hunter", "low-knocker", "undercutter", "hard-v1"}
}

// New returns the built-in player with the given name, drawing its
// randomness from rng.
func New(name string, rng *rand.Rand) (Player, error) {
	switch name {
	case "random":
		return NewRandom(rng), nil
	case "simple":
		return NewSimple(rng), nil
	case "easy":
		return NewEasy(rng), nil
	case "normal":
		return NewNormal(rng), nil
	case "hard":
		return NewHard(rng), nil
	case "gin-hunter":
		return NewGinHunter(rng), nil
	case "low-knocker":
		return NewLowKnocker(rng), nil
	case "undercutter":
		return NewUndercutter(rng), nil
	case "hard-v1":
		return NewHardV1(rng), nil
	}
	return nil, fmt.Errorf("ginbot: no player %q (have %v)", name, Levels())
}

// Random plays a uniformly random legal action.
type Random struct {
	rng  *rand.Rand
	acts []gin.Action
}

// NewRandom returns a Random player.
func NewRandom(rng *rand.Rand) *Random { return &Random{rng: rng} }

// Name returns "random".
func (p *Random) Name() string { return "random" }

// Act returns a uniformly random legal action.
func (p *Random) Act(obs *gin.Observation) gin.Action {
	p.acts = obs.LegalActions(p.acts[:0])
	if len(p.acts) == 0 {
		return gin.Action{}
	}
	return p.acts[p.rng.IntN(len(p.acts))]
}
