// Package seed derives independent random seeds from a seed and a few
// numbers, so that every game, player and hint of a run can have its own
// reproducible random stream without sharing one.
//
// Mix is fast but invertible: use it for seeds that stay in the process.
// A seed that leaves it (the seed an outside program is given) comes from
// Derive, a one-way function, so that it reveals nothing of the seed the
// deals come from.
package seed
