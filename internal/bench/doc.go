// Package bench measures Felt's speed for `felt bench`: the meld solver on
// one core over large sets of fresh random hands (uniform, and dense ones
// of ranks 3 to 9 only), whole self-play games on every core, and the hard
// player's decision times.
package bench
