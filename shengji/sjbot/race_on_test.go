//go:build race

package sjbot

const race = true
