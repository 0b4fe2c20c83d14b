package shengji

import "testing"

func TestLevelUp_TheTableAtEveryBoundary(t *testing.T) {
	for _, tt := range []struct {
		points int
		keep   bool
		up     int
	}{
		{-20, true, 3}, // only with the throw penalty: counts as 0
		{0, true, 3},
		{4, true, 3},
		{5, true, 2}, {35, true, 2}, {39, true, 2},
		{40, true, 1}, {75, true, 1}, {79, true, 1},
		{80, false, 0}, {115, false, 0}, {119, false, 0},
		{120, false, 1}, {155, false, 1},
		{160, false, 2}, {195, false, 2},
		{200, false, 3}, {235, false, 3},
		{240, false, 4}, {275, false, 4},
		{280, false, 5}, {600, false, 13},
	} {
		if got := LevelUp(tt.points, 40); got != (Result{tt.keep, tt.up}) {
			t.Errorf("LevelUp(%d) = %+v, want keep %v up %d", tt.points, got, tt.keep, tt.up)
		}
	}
}
