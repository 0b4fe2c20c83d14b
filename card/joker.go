package card

// The two jokers. They take the codes of ranks 14 and 15 in the first suit's
// block, which no card of the 52 uses, so that a Set holds them at bits 14
// and 15. A joker has NoSuit and NoRank, and IsValid is false for it: games
// of one 52-card pack never see one. Games with jokers use In54.
const (
	SmallJoker Card = 14
	BigJoker   Card = 15
)

// NumFaces is the number of distinct faces in a pack with jokers: the 52
// cards and the two jokers.
const NumFaces = PackSize + 2

// IsJoker reports whether c is the small or the big joker.
func (c Card) IsJoker() bool { return c == SmallJoker || c == BigJoker }

// In54 reports whether c is one of the 54 faces: one of the 52 cards or a
// joker.
func (c Card) In54() bool { return c.IsValid() || c.IsJoker() }

// jokerString prints a joker as "SJ" or "BJ" and anything else that is not a
// card as "??".
func jokerString(c Card) string {
	switch c {
	case SmallJoker:
		return "SJ"
	case BigJoker:
		return "BJ"
	}
	return "??"
}

// parseJoker reads "SJ" or "BJ" in any case; it returns 0 for anything else.
func parseJoker(s string) Card {
	if len(s) != 2 || s[1]|0x20 != 'j' {
		return 0
	}
	switch s[0] | 0x20 {
	case 's':
		return SmallJoker
	case 'b':
		return BigJoker
	}
	return 0
}

// appendJokers appends the jokers of s, small first.
func appendJokers(dst []Card, s Set) []Card {
	if s&(1<<SmallJoker) != 0 {
		dst = append(dst, SmallJoker)
	}
	if s&(1<<BigJoker) != 0 {
		dst = append(dst, BigJoker)
	}
	return dst
}
