package shengji

import (
	"testing"

	"felt/games/gamestest"
)

// TestWholeGames: whole games of Shengji between random players end with
// a winner (a team of two seats), and their logs recover to the same
// outcome.
func TestWholeGames(t *testing.T) {
	gamestest.WholeGames(t, Spec, sjRandoms, 2)
}
