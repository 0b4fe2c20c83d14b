// Package shengji is the rules of Shengji (升级, "Tractor"): four players in
// two fixed partnerships, two 54-card packs, a trump suit and a level rank
// that change every hand, and tricks led with singles, pairs, tractors and
// throws.
//
// This file set is the pure evaluation layer, with no I/O, no goroutines and
// no clocks:
//
//   - Trump is a hand's trump suit (or no trump) and level rank; Order is
//     what it implies: every card's suit-group (a plain suit or the trumps)
//     and its step, its position in that group's order from the lowest.
//     Off-suit level-rank cards share one step (they are equal); in the
//     trumps the trump-suit ace, the off-suit level cards, the trump-suit
//     level card and the two jokers are consecutive steps, so pairs of them
//     chain into tractors, except that two off-suit level pairs, being at the
//     same step, never chain with each other.
//   - Split divides a play into units: within each suit-group its longest
//     tractor (the highest on a tie), again and again, then its pairs, then
//     its singles.
//   - CheckFollow says whether a hand may follow a lead with a play, and if
//     not which rule the play breaks, in plain words.
//   - Winner, Points and KittyMultiplier settle a trick; Throw decides whether
//     a throw stands against the other hands and, if not, which unit the
//     leader must play; LevelUp reads the level table.
//
// Hands and plays are card.Multi values: each of the 54 faces at most twice.
// Every function here takes values and returns values; Orders are computed
// once for all 65 trumps and shared read-only.
package shengji
