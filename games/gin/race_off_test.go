//go:build !race

package gin

const raceEnabled = false
