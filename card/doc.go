// Package card models French-suited playing cards: a Card, a Set of cards as
// a bitmask, the 52-card pack, parsing and printing in the two-letter notation
// ("7S", "TD", "AH"), and seeded shuffling and dealing.
//
// Card and Set are small comparable values in the spirit of net/netip: they
// parse and print round-trip and cost nothing to copy. The zero Card is not a
// card (it prints as "??" and reports IsValid false); the zero Set is empty.
//
// The package uses the standard library only. Randomness always comes from a
// *rand.Rand that the caller seeds.
package card
