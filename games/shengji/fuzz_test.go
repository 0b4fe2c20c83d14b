package shengji

import (
	"testing"

	"felt/games/gamestest"
)

// FuzzRecover: any bytes given as a Shengji table log are recovered or
// refused with an error, never a panic; what is recovered is a prefix of
// whole lines. The fuzzer starts from a game's first 9 lines, and from
// another game's log.
func FuzzRecover(f *testing.F) {
	s, _ := runSJ(f, 2, fast, sjPures())
	gamestest.FuzzRecover(f, Spec, s, 9)
}
