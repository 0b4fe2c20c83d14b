package gin

import (
	"bytes"
	"encoding/json"
	"felt/games/gamestest"
	"slices"
	"testing"

	"felt/gin"
	"felt/table"
)

// TestVerifyRefusesEditedDeals: in whole games of Gin Rummy, every deal
// line edited at random is refused at that line: the header's seed
// decides every deal.
func TestVerifyRefusesEditedDeals(t *testing.T) {
	n := 0
	for seed := uint64(1); seed <= 6; seed++ {
		log, _ := runGin(t, seed, short, ginPures())
		n += gamestest.EditDeals(t, log, seed, 20)
	}
	t.Logf("edited deal lines refused: %d of Gin Rummy", n)
}

// TestGinOldDeals: with the option deals_before_table_logs the table
// deals each hand as a game saved before table logs dealt it (gin.NewGame
// seeded by gin.NewRand(seed), each hand from the same stream), so such a
// game goes on as a table log whose deals are still checked against the
// seed; without it, the table's own deals.
func TestGinOldDeals(t *testing.T) {
	compared := 0
	for seed := uint64(1); seed <= 20; seed++ {
		old, err := gin.NewGame(gin.Standard(), gin.NewRand(seed))
		if err != nil {
			t.Fatal(err)
		}
		e, err := New(seed, json.RawMessage(`{"`+OldDealsOption+`":true}`))
		if err != nil {
			t.Fatal(err)
		}
		plain, _ := New(seed, nil)
		eng := e.(*Engine)
		for hand := 1; hand <= 4; hand++ {
			var v table.Views[gin.Event]
			rec, err := eng.Advance(&v)
			if err != nil {
				t.Fatal(err)
			}
			var d ginDeal
			if err := json.Unmarshal(rec, &d); err != nil {
				t.Fatal(err)
			}
			h := old.Hand()
			if d.Hand != hand || d.Dealer != h.Dealer() || !slices.Equal(d.Deck, h.Deck()) {
				t.Fatalf("seed %d hand %d: deal %+v, the old format dealt dealer %d %v", seed, hand, d, h.Dealer(), h.Deck())
			}
			compared++
			if hand == 1 {
				p, _ := plain.Advance(&v)
				if bytes.Equal(p, rec) {
					t.Fatalf("seed %d: the option changed nothing", seed)
				}
			}
			if err := eng.Redeal(rec, &v); err != nil {
				t.Fatal(err)
			}
			// the same moves on both, so that the same dealer deals next
			for !eng.Game().NeedsDeal() && !eng.Over() {
				s, _ := eng.ToAct().First(0)
				o := observe(eng, s)
				a, _ := ginPure(&o)
				if err := eng.Apply(s, a, &v); err != nil {
					t.Fatal(err)
				}
				if err := old.Apply(gin.Seat(s), a); err != nil {
					t.Fatal(err)
				}
			}
			if eng.Over() {
				break
			}
			if err := old.NextHand(); err != nil {
				t.Fatal(err)
			}
		}
	}
	if compared < 60 {
		t.Fatalf("%d deals compared", compared)
	}
	t.Logf("%d deals the same as the old format's", compared)
}

// FuzzDealLine: whatever a Gin Rummy log's second deal record is
// replaced with, the log replays only if the record is the deal the seed
// gives (the same JSON value), and is otherwise refused at that line.
func FuzzDealLine(f *testing.F) {
	gamestest.FuzzDealLine(f, gamestest.SecondDeal(f, gamestest.First(runGin(f, 2, short, ginPures()))))
}
