package tui

import (
	"errors"
	gingame "felt/games/gin"
	"fmt"
	"testing"

	"felt/gin"
)

// explain drops only the engine's leading "gin: ", never the same letters
// inside the message ("big gin: ", a result called gin).
func TestExplain_StripsOnlyThePackagePrefix(t *testing.T) {
	comp, err := gingame.Level("normal", gin.NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	m := startDriver(t, Setup{Computer: comp, Seed: 1}, Options{}).m
	for _, tc := range []struct {
		err  error
		want string
	}{
		{errors.New("gin: cannot go big gin: 3 deadwood"), "cannot go big gin: 3 deadwood"},
		{fmt.Errorf("gin: 11 cards laid out: %w", errors.New("big gin: not every card melds")), "11 cards laid out: big gin: not every card melds"},
		{errors.New("gin: you can't knock 7H: big gin: the hand is over"), "you can't knock 7♥: big gin: the hand is over"},
		{errors.New("cannot score the gin: bonus"), "cannot score the gin: bonus"},
		{fmt.Errorf("gin: big_gin: %w", gin.ErrHandOver), "go big gin: the hand is over"},
	} {
		if got := m.explain(tc.err); got != tc.want {
			t.Errorf("explain(%q) = %q, want %q", tc.err, got, tc.want)
		}
	}
}
