package ginbot

import (
	"math/rand/v2"

	"felt/gin"
)

// Hard searches (see the package documentation). Until the search lands it
// plays as Normal.
type Hard struct {
	*Normal
}

// NewHard returns a Hard player.
func NewHard(rng *rand.Rand) *Hard { return &Hard{NewNormal(rng)} }

// Name returns "hard".
func (p *Hard) Name() string { return "hard" }

var _ Player = (*Hard)(nil)
var _ = gin.Deadwood
