package shengji

// Result is what a hand's attacker points mean for the bank: whether the
// bankers keep it, and how many levels the side that holds it next goes up.
type Result struct {
	BankersKeep bool
	LevelsUp    int
}

// LevelStep returns the default step of the level table for a deal from
// packs packs: 20 points a pack (40 at two packs, 60 at three, 80 at four,
// 100 at five). A count below 1 is taken as two packs.
func LevelStep(packs int) int {
	if packs < 1 {
		packs = 2
	}
	return 20 * packs
}

// LevelUp reads the level table with step S (LevelStep's by default; a
// step below 1 is taken as 40, the two-pack step) for the attackers' points
// (a negative total counts as 0): under 5 the bankers keep the bank and go
// up 3, under S up 2, under 2S up 1; from 2S the attackers take the bank,
// under 3S with no level change, under 4S up 1, under 5S up 2, and from 5S
// up 3 and one more for each further S. At two packs (S = 40): under 40,
// 80, 120, 160, 200.
func LevelUp(attackerPoints, step int) Result {
	if step < 1 {
		step = LevelStep(2)
	}
	p := max(attackerPoints, 0)
	switch {
	case p < 5:
		return Result{true, 3}
	case p < step:
		return Result{true, 2}
	case p < 2*step:
		return Result{true, 1}
	case p < 3*step:
		return Result{false, 0}
	case p < 4*step:
		return Result{false, 1}
	case p < 5*step:
		return Result{false, 2}
	}
	return Result{false, 3 + (p-5*step)/step}
}
