//go:build race

package shengji

// raceOn reports whether the race detector is on: it slows the engine
// about eight times, so the long property tests play fewer hands.
const raceOn = true
