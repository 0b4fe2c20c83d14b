//go:build !race

package gamestest

// Race reports whether the race detector is on: the long tests play fewer
// games under it.
const Race = false
