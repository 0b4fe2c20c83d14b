// Package card models French-suited playing cards: a Card, a Set of cards as
// a bitmask, the 52-card pack, parsing and printing in the two-letter notation
// ("7S", "TD", "AH"), and seeded shuffling and dealing.
//
// Card and Set are small comparable values in the spirit of net/netip: they
// parse and print round-trip and cost nothing to copy. The zero Card is not a
// card (it prints as "??" and reports IsValid false); the zero Set is empty.
//
// Games played with jokers (Shengji) use the two jokers, SmallJoker and
// BigJoker, written "SJ" and "BJ": they have NoSuit and NoRank, IsValid is
// false for them (it means one of the 52) and In54 is true. A Set holds them
// at bits 14 and 15, which no card of the 52 uses. Multi is a hand from two
// to five packs: a multiset holding each of the 54 faces at most five times,
// as five Set planes (a two-pack hand uses the first two). Packs builds n packs with or without jokers for the same seeded
// Shuffle and Deal.
//
// ParseList and ParseSet read cards of one 52-card pack and refuse jokers,
// so games of one pack never see one; ParseMulti reads jokers and copies.
//
// The package uses the standard library only. Randomness always comes from a
// *rand.Rand that the caller seeds.
package card
