//go:build !race

package shengji

// raceOn reports whether the race detector is on (see race_on_test.go).
const raceOn = false
