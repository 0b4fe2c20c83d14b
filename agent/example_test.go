package agent_test

import (
	"context"
	"fmt"

	"felt/agent"
	"felt/gin"
)

func ExamplePlay() {
	rules := gin.EAAI()
	var players [2]agent.Player
	for s, name := range []string{"normal", "simple"} {
		p, err := agent.New(name, uint64(s+1), agent.Options{Rules: rules, Seat: gin.Seat(s)})
		if err != nil {
			fmt.Println(err)
			return
		}
		defer p.Close()
		players[s] = p
	}
	rec, _ := gin.NewRecordedGame(nil, rules, 7, [2]string{"normal", "simple"})
	out, err := agent.Play(context.Background(), rec, players, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("seat %d won after %d hands, %d to %d\n", out.Winner, len(out.Hands), out.Result.Final[out.Winner], out.Result.Final[out.Winner.Other()])
	// Output: seat 1 won after 6 hands, 103 to 14
}
