package gin_test

import (
	"fmt"

	"felt/card"
	"felt/gin"
)

func ExampleDeadwood() {
	hand := card.MustParseSet("AS 2S 3S 7H 7D 7C 9C TC JC KD")
	fmt.Println(gin.Deadwood(hand))
	// Output: 10
}

func ExampleMelds() {
	// A four-card set split so that one of its cards serves a run.
	hand := card.MustParseSet("7S 7H 7D 7C 5S 6S KD QD 2C 3H")
	a, _ := gin.Melds(hand)
	dead, dv := a.Deadwood(hand)
	fmt.Println(a)
	fmt.Println(dead, dv)
	// Output:
	// [5S 6S 7S] [7H 7D 7C]
	// 3H QD KD 2C 25
}

func ExampleAllMelds() {
	// 7S can sit in the set or in the run: either leaves 14 of those cards.
	hand := card.MustParseSet("6S 7S 8S 7H 7D KD QD JH 2C 3H")
	all, _ := gin.AllMelds(hand)
	for _, a := range all {
		fmt.Println(a)
	}
	// Output:
	// [7S 7H 7D]
	// [6S 7S 8S]
}

func ExampleBestDiscard() {
	hand := card.MustParseSet("AS 2S 3S 7H 7D 7C 9C TC JC KD 4C")
	c, after := gin.BestDiscard(hand)
	fmt.Println(c, after)
	// Output: KD 4
}

func ExampleSettle() {
	knocker := card.MustParseSet("5S 6S 7S 2H 3H 4H JD QD KD 8C")
	defender := card.MustParseSet("8S 9S AC 2C 3C AD 2D 3D AH 2S")
	sd, _ := gin.Settle(gin.Standard(), knocker, gin.Arrangement{}, defender, 10, false)
	fmt.Println(sd.Result, sd.KnockerDeadwood, sd.DefenderDeadwood, sd.Points, sd.LaidOff())
	// Output: undercut 8 2 31 8S 9S AH
}

func ExampleHand_Apply() {
	g, _ := gin.NewGame(gin.Standard(), gin.NewRand(7))
	h := g.Hand()
	seat := h.Turn()
	fmt.Println(h.Phase(), "phase, seat", seat, "to move")
	err := g.Apply(seat, gin.DrawStockAction())
	fmt.Println(err)
	// Output:
	// upcard phase, seat 0 to move
	// gin: cannot draw_stock now: not allowed in this phase (take or pass the upcard 7H)
}

func ExampleSum() {
	hand := card.MustParseSet("AS 7H TD QC KC")
	fmt.Println(gin.Value(card.MustParse("7H")), gin.Sum(hand))
	// Output: 7 38
}
