package shengji_test

import (
	"fmt"

	"felt/card"
	"felt/shengji"
)

func ExampleOrder_Split() {
	tr, _ := shengji.ParseTrump("S", "2")
	o := tr.Order()
	for _, u := range o.Split(card.MustParseMulti("QS QS KS KS AS AS 2H 2H 2D 2D 5C")) {
		fmt.Println(u.Name(), u.Group, o.Format(u.Cards))
	}
	// Output:
	// single C 5C
	// tractor of 4 pairs trump QS QS KS KS AS AS 2H 2H
	// pair trump 2D 2D
}

func ExampleOrder_CheckFollow() {
	tr, _ := shengji.ParseTrump("S", "2")
	o := tr.Order()
	lead := card.MustParseMulti("3H 3H")
	hand := card.MustParseMulti("9H 9H 4H 5H AS")
	fmt.Println(o.CheckFollow(lead, hand, card.MustParseMulti("4H 5H")))
	fmt.Println(o.CheckFollow(lead, hand, card.MustParseMulti("9H 9H")))
	// Output:
	// shengji: you hold the pair 9♥ 9♥: a led pair must be followed with a pair
	// <nil>
}

func ExampleOrder_Throw() {
	tr, _ := shengji.ParseTrump("H", "2")
	o := tr.Order()
	throw := card.MustParseMulti("9S 8S 8S 4S 4S")
	play, stands, _ := o.Throw(throw, []card.Multi{card.MustParseMulti("QS QS 3D")})
	fmt.Println(o.Format(play), stands)
	// Output:
	// 4S 4S false
}

func ExampleOrder_Winner() {
	tr, _ := shengji.ParseTrump("S", "2")
	o := tr.Order()
	plays := []card.Multi{
		card.MustParseMulti("KH KH"), // the lead
		card.MustParseMulti("AH 5H"), // no pair: cannot win
		card.MustParseMulti("3S 3S"), // a trump pair, from a player void in hearts
		card.MustParseMulti("4S 5S"), // two trumps but no pair: a discard
	}
	w, _ := o.Winner(plays)
	pts := 0
	for _, p := range plays {
		pts += shengji.Points(p)
	}
	fmt.Println(w, pts, o.KittyMultiplier(plays[w]))
	// Output:
	// 2 30 4
}

func ExampleLevelUp() {
	for _, p := range []int{0, 40, 80, 120, 240} {
		fmt.Printf("%d %+v\n", p, shengji.LevelUp(p, shengji.LevelStep(2)))
	}
	// Output:
	// 0 {BankersKeep:true LevelsUp:3}
	// 40 {BankersKeep:true LevelsUp:1}
	// 80 {BankersKeep:false LevelsUp:0}
	// 120 {BankersKeep:false LevelsUp:1}
	// 240 {BankersKeep:false LevelsUp:4}
}
