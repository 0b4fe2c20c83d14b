package shengji_test

import (
	"fmt"

	"felt/card"
	"felt/shengji"
)

// Check explains a refusal with the rule broken, and changes nothing.
func ExampleHand_Check() {
	deck, _ := card.Packs(2, true) // in pack order: no shuffle
	h, _ := shengji.NewHand(shengji.Standard(), deck, 0, shengji.NoSeat, card.Two)
	for h.Dealt() < 8 {
		_ = h.Deal()
	}
	fmt.Println("may declare:", h.ToAct())
	err := h.Check(2, shengji.DeclareAction(card.MustParseMulti("3S")))
	fmt.Println(err)
	// Output:
	// may declare: {1}
	// shengji: seat 2 cannot declare with 3♠: a declaration is one or two identical cards of the level rank 2, or a pair of jokers of one kind
}
