// Package bench measures Felt's speed for `felt bench`: the meld solver on
// one core over large sets of fresh random hands (uniform, and dense ones
// of ranks 3 to 9 only), whole Shengji hands by random players on one
// core at a table, whole Gin Rummy self-play games on every core through
// the table driver the arena plays on, whole Shengji games of greedy
// players on every core in the arena, and the hard player's decision
// times.
package bench
