package server

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestPlayGinAgainstComputer plays a whole Gin Rummy game through the
// websocket: the person's client sends random legal moves, the server's
// level plays the other seat, and the game ends with over.
func TestPlayGinAgainstComputer(t *testing.T) {
	ts := startServer(t, sqliteStore(t), Config{Rate: 1000})
	cr := ts.create(t, `{"game":"gin","player":"ann","name":"Ann","seats":[{"kind":"me"},{"kind":"computer","level":"simple"}]}`)
	if cr.Seat != 0 || cr.Token == "" || len(cr.Invites) != 0 {
		t.Fatalf("created %+v", cr)
	}
	c := dial(t, ts)
	c.hello(cr.ID, cr.Token, "ann")
	w, _ := c.expect("welcome")
	if w.int("seat") != 0 || w.str("game") != "gin" {
		t.Fatalf("welcome %s", w.Raw)
	}
	msgs, err := c.play(rand.New(rand.NewPCG(1, 2)), false)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d messages", len(msgs))
	fmt.Println(string(msgs[len(msgs)-1].Raw))
}

// TestPlayShengjiAgainstComputers plays a whole Shengji game: one person
// and three levels.
func TestPlayShengjiAgainstComputers(t *testing.T) {
	ts := startServer(t, sqliteStore(t), Config{Rate: 1000})
	cr := ts.create(t, `{"game":"shengji","player":"ann","name":"Ann","seats":[{"kind":"me"},{"kind":"computer","level":"greedy"},{"kind":"computer","level":"random"},{"kind":"computer","level":"greedy"}]}`)
	c := dial(t, ts)
	c.hello(cr.ID, cr.Token, "ann")
	msgs, err := c.play(rand.New(rand.NewPCG(1, 2)), true)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d messages", len(msgs))
	fmt.Println(string(msgs[len(msgs)-1].Raw))
}
