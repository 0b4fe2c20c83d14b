// Package sjbot holds Felt's Shengji computer players: Random, Greedy and
// Hard. Every player sees only its seat's shengji.Observation (a value with
// no pointers into the game) and draws all its randomness from a *rand.Rand
// given by the caller, so the same seed gives the same game.
//
// Match plays whole games (level two to the end) between two teams of
// players, seats rotated so that each team meets the same deals from both
// sides, and reports the first team's share of wins with a 95% Wilson
// interval.
package sjbot
