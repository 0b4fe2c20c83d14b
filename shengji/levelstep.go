package shengji

// levelUp reads the level table of step points (40 with two packs) for the
// attackers' points: LevelUp's table with every threshold from 40 on
// scaled by step/40, the first (under 5: the bankers go up 3) unscaled.
// The trick layer's LevelUp(points, step) replaces it at the merge.
func levelUp(attackerPoints, step int) Result {
	p := max(attackerPoints, 0)
	if p < 5 || step <= 0 {
		return LevelUp(p)
	}
	return LevelUp(max(p*40/step, 5))
}
