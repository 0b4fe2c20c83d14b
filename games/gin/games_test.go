package gin

import (
	"testing"

	"felt/games/gamestest"
)

// TestWholeGames: whole games of Gin Rummy between built-in levels
// (simple against normal) end with a winner, and their logs recover to
// the same outcome.
func TestWholeGames(t *testing.T) {
	gamestest.WholeGames(t, Spec, func(seed uint64) []ginP { return ginBots(t, seed, "simple", "normal") }, 1)
}
