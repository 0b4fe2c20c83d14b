package gin

import (
	"testing"

	"felt/games/gamestest"
)

// FuzzRecover: any bytes given as a Gin Rummy table log are recovered or
// refused with an error, never a panic; what is recovered is a prefix of
// whole lines. The fuzzer starts from a game's first 6 lines.
func FuzzRecover(f *testing.F) {
	g, _ := runGin(f, 2, short, ginPures())
	gamestest.FuzzRecover(f, Spec, g, 6)
}
