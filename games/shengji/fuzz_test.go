package shengji

import (
	"felt/games/gamestest"
	"testing"
)

// FuzzRecover: any bytes given as a Shengji table log are recovered or
// refused with an error, never a panic; what is recovered is a prefix of
// whole lines.
func FuzzRecover(f *testing.F) {
	s, _ := runSJ(f, 2, fast, sjPures(), nil)
	// Whole logs make the fuzzer crawl: seed it with their first lines.
	f.Add(gamestest.Lines(s, 9))
	f.Add(gamestest.Lines(s, 4)[:600])
	// another game's log, refused at its header
	f.Add([]byte(`{"type":"header","n":0,"table":1,"game":"gin","format":1,"seed":1,"seats":[{"name":"a","kind":"level"},{"name":"b","kind":"level"}]}` + "\n" +
		`{"type":"deal","n":1,"deal":{"hand":1,"dealer":7,"deck":["AS"]}}` + "\n"))
	gamestest.FuzzRecover(f, Spec)
}
