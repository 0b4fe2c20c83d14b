//go:build !race

package games

const raceEnabled = false
