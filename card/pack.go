package card

import (
	"errors"
	"math/rand/v2"
)

// PackSize is the number of cards in one pack.
const PackSize = 52

// ErrDuplicate is returned when a card appears twice where cards must be
// distinct.
var ErrDuplicate = errors.New("card: duplicate card")

// Pack returns the 52 cards in a fixed order: spades ace to king, then
// hearts, diamonds and clubs.
func Pack() []Card {
	p := make([]Card, 0, PackSize)
	for s := Suit(0); s < NumSuits; s++ {
		for r := Ace; r <= King; r++ {
			p = append(p, New(r, s))
		}
	}
	return p
}

// Shuffle puts cards in a uniformly random order drawn from rng (a
// Fisher–Yates shuffle). The same seed gives the same order.
func Shuffle(rng *rand.Rand, cards []Card) {
	for i := len(cards) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		cards[i], cards[j] = cards[j], cards[i]
	}
}

// Shuffled returns a new pack shuffled with rng.
func Shuffled(rng *rand.Rand) []Card {
	p := Pack()
	Shuffle(rng, p)
	return p
}

// Deal deals n cards to each of players hands from the top (front) of
// cards, one at a time in turn starting with hand 0, and returns the hands
// and the cards left. It returns an error if there are not enough cards.
func Deal(cards []Card, players, n int) (hands [][]Card, rest []Card, err error) {
	if players <= 0 || n < 0 {
		return nil, nil, errors.New("card: deal needs at least one player and a card count of zero or more")
	}
	if n > len(cards)/players { // not players*n > len(cards), which can overflow
		return nil, nil, errors.New("card: not enough cards to deal")
	}
	hands = make([][]Card, players)
	for i := range hands {
		hands[i] = make([]Card, 0, n)
	}
	for k := 0; k < players*n; k++ {
		hands[k%players] = append(hands[k%players], cards[k])
	}
	return hands, cards[players*n:], nil
}
