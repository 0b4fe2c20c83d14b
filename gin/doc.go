// Package gin is Felt's Gin Rummy rules engine: the cards' deadwood values
// (Value, Sum), melds and the meld solver, lay-offs and showdown scoring, the
// hand state machine, the game to the target score with its bonuses, and
// the observation a seat may see. A game's log is the table's (package
// table, through games/gin).
//
// The rules are those of Felt's rules page (docs/rules/gin-rummy.md), with
// every option in Rules. The package does no I/O, starts no goroutines and
// reads no clock; all randomness comes from a *rand.Rand the caller seeds.
//
// The meld solver (Deadwood, BestDiscard, Melds, AllMelds) is exact: it is
// checked against a brute-force reference. Deadwood and BestDiscard do not
// allocate and take a few tens of nanoseconds.
//
// A Hand checks every action: a rejected action returns an error wrapping
// one of the Err* sentinels, with the cards and numbers in its message, and
// changes nothing.
package gin
