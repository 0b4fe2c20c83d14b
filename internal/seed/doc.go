// Package seed derives independent random seeds from a seed and a few
// numbers, so that every game, player and hint of a run can have its own
// reproducible random stream without sharing one.
package seed
