package ginbot_test

import (
	"fmt"

	"felt/card"

	"felt/gin"
	"felt/gin/ginbot"
)

// A player chooses from its seat's observation only.
func ExampleNew() {
	g, _ := gin.NewGame(gin.EAAI(), gin.NewRand(1))
	p, _ := ginbot.New("hard", gin.NewRand(2))
	seat := g.Hand().Turn()
	obs := g.Observe(seat)
	fmt.Println(obs.Phase, p.Act(&obs))
	// Output: upcard pass
}

func ExampleWouldMeld() {
	hand := card.MustParseSet("7H 7D 2S 3S KC")
	fmt.Println(ginbot.WouldMeld(hand, card.MustParse("7C")), ginbot.WouldMeld(hand, card.MustParse("4S")), ginbot.WouldMeld(hand, card.MustParse("QC")))
	// Output: true true false
}
