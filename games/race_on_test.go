//go:build race

package games_test

const raceEnabled = true
