package card_test

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"felt/card"
)

func ExampleParse() {
	for _, s := range []string{"7S", "10D", "ah", "Q♥", "1S"} {
		c, err := card.Parse(s)
		if err != nil {
			fmt.Println(err, errors.Is(err, card.ErrInvalidCard))
			continue
		}
		fmt.Println(s, "->", c, c.Pretty(), c.Rank())
	}
	// Output:
	// 7S -> 7S 7♠ 7
	// 10D -> TD T♦ T
	// ah -> AH A♥ A
	// Q♥ -> QH Q♥ Q
	// card: cannot parse "1S": unknown rank (want A 2-9 T J Q K) true
}

func ExampleParseList() {
	cards, err := card.ParseList("7S, 8S 9s")
	fmt.Println(cards, err)

	_, err = card.ParseList("7S 8S 7S")
	fmt.Println(err, errors.Is(err, card.ErrDuplicate))
	// Output:
	// [7S 8S 9S] <nil>
	// card: duplicate card: 7S true
}

func ExampleParseSet() {
	hand, err := card.ParseSet("KC 2H AS 10D")
	if err != nil {
		panic(err)
	}
	fmt.Println(hand, hand.Len())
	fmt.Println(hand.Has(card.MustParse("TD")), hand.Has(card.MustParse("TC")))
	// Output:
	// AS 2H TD KC 4
	// true false
}

func ExampleShuffled() {
	rng := rand.New(rand.NewPCG(1, 2))
	deck := card.Shuffled(rng)
	fmt.Println(card.Format(deck[:10]))
	// The same seed always gives the same order.
	again := card.Shuffled(rand.New(rand.NewPCG(1, 2)))
	fmt.Println(card.Format(again[:10]))
	// Output:
	// QH 4S KS 9S 3C 9H 8D 4C KC 4D
	// QH 4S KS 9S 3C 9H 8D 4C KC 4D
}

func ExampleDeal() {
	deck := card.Shuffled(rand.New(rand.NewPCG(42, 0)))
	hands, rest, err := card.Deal(deck, 2, 10)
	if err != nil {
		panic(err)
	}
	fmt.Println("non-dealer:", card.SetOf(hands[0]...))
	fmt.Println("dealer:    ", card.SetOf(hands[1]...))
	fmt.Println("upcard:", rest[0], "stock:", len(rest)-1)

	_, _, err = card.Deal(deck, 2, 27)
	fmt.Println(err)
	// Output:
	// non-dealer: 4S 6S JS 2H 8H JH 2D 5C JC QC
	// dealer:     2S 3S KS 5H 9H QH 4D 6D 7D KD
	// upcard: TD stock: 31
	// card: not enough cards to deal
}

func ExampleParseMulti() {
	hand, err := card.ParseMulti("BJ 9H 9h SJ 10S")
	fmt.Println(hand, hand.Len(), err)
	fmt.Println("pairs:", hand.Pairs(), "count of 9H:", hand.Count(card.MustParse("9H")))

	_, err = card.ParseMulti("9H 9H 9H 9H 9H 9H")
	fmt.Println(err)
	// Output:
	// TS 9H 9H SJ BJ 5 <nil>
	// pairs: 9H count of 9H: 2
	// card: more than five copies: a sixth 9H
}

func ExampleMulti_Remove() {
	hand := card.MustParseMulti("7S 7S BJ")
	fmt.Println(hand.Remove(card.MustParse("7S")), hand)
	fmt.Println(hand.Remove(card.SmallJoker), hand)
	// Output:
	// <nil> 7S BJ
	// card: not held: SJ 7S BJ
}

func ExamplePacks() {
	deck, _ := card.ShuffledPacks(rand.New(rand.NewPCG(1, 2)), 2, true)
	hands, kitty, _ := card.Deal(deck, 4, 25)
	fmt.Println(len(deck), len(hands[0]), len(kitty))
	fmt.Println(card.SmallJoker, card.BigJoker, card.SmallJoker.Suit(), card.BigJoker.IsValid(), card.BigJoker.In54())
	// Output:
	// 108 25 8
	// SJ BJ none false true
}
