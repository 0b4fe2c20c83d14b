package shengji_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"

	"felt/card"
	"felt/shengji"
)

// A hand is dealt one card at a time; before each card, the seats that may
// declare (a set) are offered the chance. Random legal players play this
// one to its end and the recorder logs it.
func ExampleRecorder() {
	var log bytes.Buffer
	rec, err := shengji.NewRecordedGame(&log, shengji.Standard(), 7, [4]string{"a", "b", "c", "d"})
	if err != nil {
		panic(err)
	}
	var players [4]shengji.Player
	for s := range players {
		players[s] = shengji.NewRandom(rand.New(rand.NewPCG(7, uint64(s))))
	}
	if err := rec.PlayHand(players); err != nil {
		panic(err)
	}
	h := rec.Game().Hand()
	fmt.Println("over:", h.Over(), "tricks:", h.NumTricks() > 0)
	rp, err := shengji.ReadLog(&log)
	if err != nil {
		panic(err)
	}
	fmt.Println("replays to the same hand:", *rp.Game.Hand() == *h)
	// Output:
	// over: true tricks: true
	// replays to the same hand: true
}

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
