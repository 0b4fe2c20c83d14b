//go:build race

package ginbot

// raceEnabled reports whether the race detector is on: the long pinned
// games are then cut short (see TestHard_PlaysAsPinned).
const raceEnabled = true
