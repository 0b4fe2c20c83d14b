//go:build race

package games

const raceEnabled = true
