package shengji

import (
	"felt/games/gamestest"
	"testing"
)

// TestVerifyRefusesEditedDeals: in whole games of Shengji, every deal
// line edited at random is refused at that line: the header's seed
// decides every deal.
func TestVerifyRefusesEditedDeals(t *testing.T) {
	n := 0
	for seed := uint64(1); seed <= 6; seed++ {
		log, _ := runSJ(t, seed, fast, sjRandoms(seed))
		n += gamestest.EditDeals(t, log, seed, 20)
	}
	t.Logf("edited deal lines refused: %d of Shengji", n)
}

// FuzzDealLine: whatever a Shengji log's second deal record is replaced
// with, the log replays only if the record is the deal the seed gives
// (the same JSON value), and is otherwise refused at that line.
func FuzzDealLine(f *testing.F) {
	gamestest.FuzzDealLine(f, gamestest.SecondDeal(f, gamestest.First(runSJ(f, 2, fast, sjRandoms(2)))))
}
