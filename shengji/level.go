package shengji

// Result is what a hand's attacker points mean for the bank: whether the
// bankers keep it, and how many levels the side that holds it next goes up.
type Result struct {
	BankersKeep bool
	LevelsUp    int
}

// LevelUp reads the level table for the attackers' points (a negative total
// counts as 0): under 5 the bankers keep the bank and go up 3, under 40 up
// 2, under 80 up 1; from 80 the attackers take the bank, under 120 with no
// level change, under 160 up 1, under 200 up 2, and from 200 up 3 and one
// more for each further 40.
func LevelUp(attackerPoints int) Result {
	p := max(attackerPoints, 0)
	switch {
	case p < 5:
		return Result{true, 3}
	case p < 40:
		return Result{true, 2}
	case p < 80:
		return Result{true, 1}
	case p < 120:
		return Result{false, 0}
	case p < 160:
		return Result{false, 1}
	case p < 200:
		return Result{false, 2}
	}
	return Result{false, 3 + (p-200)/40}
}
