//go:build race

package gin

const raceEnabled = true
