package bench

import "testing"

func TestOptionsCheck(t *testing.T) {
	if err := DefaultOptions().Check(); err != nil {
		t.Fatalf("default options: %v", err)
	}
	for _, o := range []Options{
		{SelfPlayGames: 0, HardGames: 1},
		{SelfPlayGames: -1, HardGames: 1},
		{SelfPlayGames: 1 << 40, HardGames: 1},
		{SelfPlayGames: 1, HardGames: 0},
		{SelfPlayGames: 1, HardGames: -3},
	} {
		if err := o.Check(); err == nil {
			t.Errorf("%+v: no error", o)
		}
		if _, err := Run(o); err == nil {
			t.Errorf("Run(%+v): no error", o)
		}
	}
}
