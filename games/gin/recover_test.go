package gin

import (
	"testing"

	"felt/games/gamestest"
	"felt/gin"
)

// TestRecoverEveryOffset: whole games of Gin Rummy to 25 points between
// pure players, their logs cut at every byte (gamestest.RecoverEveryOffset).
func TestRecoverEveryOffset(t *testing.T) {
	gamestest.RecoverEveryOffset[gin.Game](t, Spec, short, ginPures)
}
