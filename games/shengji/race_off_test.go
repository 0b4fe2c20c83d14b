//go:build !race

package shengji

const raceEnabled = false
