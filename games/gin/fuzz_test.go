package gin

import (
	"felt/games/gamestest"
	"testing"
)

// FuzzRecover: any bytes given as a Gin Rummy table log are recovered or
// refused with an error, never a panic; what is recovered is a prefix of
// whole lines.
func FuzzRecover(f *testing.F) {
	g, _ := runGin(f, 2, short, ginPures(), nil)
	// Whole logs make the fuzzer crawl: seed it with their first lines.
	f.Add(gamestest.Lines(g, 6))
	f.Add(gamestest.Lines(g, 4)[:600])
	f.Add([]byte(`{"type":"header","n":0,"table":1,"game":"gin","format":1,"seed":1,"seats":[{"name":"a","kind":"level"},{"name":"b","kind":"level"}]}` + "\n" +
		`{"type":"deal","n":1,"deal":{"hand":1,"dealer":7,"deck":["AS"]}}` + "\n"))
	gamestest.FuzzRecover(f, Spec)
}
