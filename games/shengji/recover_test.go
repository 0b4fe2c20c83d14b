package shengji

import (
	"testing"

	"felt/games/gamestest"
	"felt/shengji"
)

// TestRecoverEveryOffset: whole games of Shengji from level ace between
// pure players, their logs cut at every byte (gamestest.RecoverEveryOffset).
func TestRecoverEveryOffset(t *testing.T) {
	gamestest.RecoverEveryOffset[shengji.Game](t, Spec, fast, sjPures)
}
