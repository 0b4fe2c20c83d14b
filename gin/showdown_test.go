package gin

import (
	"errors"
	"math/rand/v2"
	"testing"

	"felt/card"
)

func arr(t testing.TB, melds ...string) Arrangement {
	t.Helper()
	ms := make([]Meld, len(melds))
	for i, m := range melds {
		ms[i] = Meld(card.MustParseSet(m))
	}
	a, err := NewArrangement(ms...)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func settle(t testing.TB, r Rules, knocker, defender string) Showdown {
	t.Helper()
	sd, err := Settle(r, card.MustParseSet(knocker), Arrangement{}, card.MustParseSet(defender), r.KnockLimit, false)
	if err != nil {
		t.Fatal(err)
	}
	return sd
}

func TestScoring_Rules(t *testing.T) {
	std := Standard()
	cases := []struct {
		name, knocker, defender string
		r                       Rules
		result                  ResultKind
		knockerWins             bool
		points, k, d            int
	}{
		// K = 4 (4C); the defender melds 2H 3H 4H and 8D 8C 8S: D = KS QH 5D 6C = 31.
		{"knock scores D minus K", "AS 2S 3S 7H 7D 7C 9C TC JC 4C", "KS QH 2H 3H 4H 8D 8C 8S 5D 6C", std, KnockResult, true, 27, 4, 31},
		// Gin: 25 + the defender's deadwood, even when that is 0.
		{"gin scores bonus plus D even when D is 0", "AS 2S 3S 7H 7D 7C 9C TC JC QC", "4H 5H 6H 8S 9S TS KD KH KS 2D", std, GinResult, true, 27, 0, 2},
		{"gin against zero deadwood scores the bare bonus", "AS 2S 3S 7H 7D 7C 9C TC JC QC", "4H 5H 6H 8S 9S TS KD KH KS KC", std, GinResult, true, 25, 0, 0},
		// Undercut on a tie: D ≤ K.
		{"undercut on equal deadwood", "AS 2S 3S 7H 7D 7C 9C TC JC 5H", "4D 5D 6D 8S 9S TS KD KH KS 5C", std, UndercutResult, false, 25, 5, 5},
		{"undercut scores bonus plus K minus D", "AS 2S 3S 7H 7D 7C 9C TC JC 9H", "4D 5D 6D 8S 9S TS KD KH KS 2C", std, UndercutResult, false, 25 + 7, 9, 2},
		{"undercut bonus is configurable", "AS 2S 3S 7H 7D 7C 9C TC JC 9H", "4D 5D 6D 8S 9S TS KD KH KS 2C", func() Rules { r := std; r.UndercutBonus = 20; return r }(), UndercutResult, false, 20 + 7, 9, 2},
		{"gin bonus is configurable", "AS 2S 3S 7H 7D 7C 9C TC JC QC", "4H 5H 6H 8S 9S TS KD KH KS 2D", func() Rules { r := std; r.GinBonus = 20; return r }(), GinResult, true, 22, 0, 2},
		// Big gin: 31 + D.
		{"big gin scores its bonus plus D", "AS 2S 3S 4S 7H 7D 7C 9C TC JC QC", "4H 5H 6H 8S 9S TS KD KH KS 2D", std, BigGinResult, true, 33, 0, 2},
		// Lay-off then undercut: the defender lays 8S 9S on 5S 6S 7S and AH
		// on 2H 3H 4H, melds AC 2C 3C and AD 2D 3D, and keeps 2S: D = 2 ≤ K = 8.
		{"lay-off then undercut", "5S 6S 7S 2H 3H 4H JD QD KD 8C", "8S 9S AC 2C 3C AD 2D 3D AH 2S", std, UndercutResult, false, 25 + 8 - 2, 8, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sd := settle(t, c.r, c.knocker, c.defender)
			if sd.Result != c.result || sd.KnockerWins != c.knockerWins || sd.Points != c.points || sd.KnockerDeadwood != c.k || sd.DefenderDeadwood != c.d {
				t.Fatalf("got %s knockerWins=%v points %d K %d D %d; want %s %v %d %d %d",
					sd.Result, sd.KnockerWins, sd.Points, sd.KnockerDeadwood, sd.DefenderDeadwood,
					c.result, c.knockerWins, c.points, c.k, c.d)
			}
		})
	}
}

func TestLayoff_NoLayoffsOnGin(t *testing.T) {
	// The defender's 8C would extend 9C TC JC QC, but gin takes no lay-offs.
	sd := settle(t, Standard(), "AS 2S 3S 7H 7D 7C 9C TC JC QC", "8C 5H 6H 8S 9S TS KD KH KS 2D")
	if len(sd.Layoffs) != 0 || sd.DefenderDeadwood != 8+5+6+2 {
		t.Fatalf("lay-offs %v, D %d", sd.Layoffs, sd.DefenderDeadwood)
	}
}

func TestLayoff_RunChainAtBothEnds(t *testing.T) {
	// 8S then 9S on 5S 6S 7S, and 4S at the low end.
	sd := settle(t, Standard(), "5S 6S 7S 2H 3H 4H JD QD KD 8C", "4S 8S 9S AC 2C 3D 5D 9H TH JH")
	if got := sd.LaidOff(); got != card.MustParseSet("4S 8S 9S") {
		t.Fatalf("laid off %s", got)
	}
	// Remaining: AC 2C 3D 5D, JH TH 9H is a run → deadwood 1+2+3+5 = 11.
	if sd.DefenderDeadwood != 11 {
		t.Fatalf("D %d", sd.DefenderDeadwood)
	}
	// Order: the chain is laid off outwards (8S before 9S).
	var order []card.Card
	for _, l := range sd.Layoffs {
		order = append(order, l.Card)
	}
	if card.Format(order) != "4S 8S 9S" {
		t.Fatalf("order %s", card.Format(order))
	}
}

func TestLayoff_FourthCardOfASet(t *testing.T) {
	sd := settle(t, Standard(), "7H 7D 7C AS 2S 3S JD QD KD 4C", "7S 9S AC AD 2C 3D 5D 9H TH JH")
	if sd.LaidOff() != card.MustParseSet("7S") {
		t.Fatalf("laid off %s", sd.LaidOff())
	}
}

func TestLayoff_BreakOwnMeldToLayOffMore(t *testing.T) {
	// Keeping the set 8S 8H 8D leaves 9S 9H unmelded; breaking it to lay off
	// 8S 9S on 5S 6S 7S and 8H 9H on 5H 6H 7H leaves only 8D of the group.
	sd := settle(t, Standard(), "5S 6S 7S 5H 6H 7H JD QD KD 2C", "8S 8H 8D 9S 9H AC 2D 3C 4D 5D")
	if sd.LaidOff() != card.MustParseSet("8S 9S 8H 9H") || sd.DefenderDeadwood != 8+1+2+3+4+5 {
		t.Fatalf("laid off %s, D %d", sd.LaidOff(), sd.DefenderDeadwood)
	}
	// A four-card set gives up one card: 8S 9S go on the run, 8H 8D 8C stay.
	sd = settle(t, Standard(), "5S 6S 7S 2H 3H 4H JD QD KD 6C", "8S 8H 8D 8C 9S AC 2C 3C 4D 5D")
	if sd.LaidOff() != card.MustParseSet("8S 9S") || sd.DefenderDeadwood != 9 {
		t.Fatalf("laid off %s, D %d", sd.LaidOff(), sd.DefenderDeadwood)
	}
}

func TestKnocker_AutomaticChoiceLeavesDefenderMost(t *testing.T) {
	// 7S 7H 7D 7C 8S 9S: [7S 8S 9S] + [7H 7D 7C] or ... both arrangements
	// meld all; the knocker's deadwood cards are the same. Check against the
	// reference over every optimal arrangement.
	rng := rand.New(rand.NewPCG(3, 4))
	checked, choices, mattered := 0, 0, 0
	for checked < 10000 {
		pack := card.Pack()
		card.Shuffle(rng, pack)
		// Bias towards melds: take 10 from a dense window.
		var pool []card.Card
		for _, c := range pack {
			if c.Rank() >= card.Four && c.Rank() <= card.Ten {
				pool = append(pool, c)
			}
		}
		k := card.SetOf(pool[:10]...)
		d := card.SetOf(pool[10:20]...)
		if Deadwood(k) > 10 {
			continue
		}
		all, _ := AllMelds(k)
		sd, err := Settle(Standard(), k, Arrangement{}, d, 10, false)
		if err != nil {
			t.Fatal(err)
		}
		worst, least := -1, 1<<20
		for _, a := range all {
			x := refLayoffDeadwood(a, d)
			worst, least = max(worst, x), min(least, x)
		}
		if worst != least && sd.Result != GinResult {
			mattered++
		}
		if sd.Result != GinResult && sd.DefenderDeadwood != worst {
			t.Fatalf("knocker %s defender %s: chose %s leaving %d, best for knocker leaves %d", k, d, sd.Knocker, sd.DefenderDeadwood, worst)
		}
		if len(all) > 1 {
			choices++
		}
		checked++
	}
	t.Logf("%d knocks, %d with a choice of arrangement, %d where the choice changed the defender's deadwood", checked, choices, mattered)
	if choices < 50 || mattered < 5 {
		t.Fatalf("only %d knocks had a choice (%d mattered): the test is too weak", choices, mattered)
	}
}

// refLayoffDeadwood is the brute-force lay-off reference: lay off any
// single card on any (extended) meld, recursively, and keep the least
// deadwood of what is left.
func refLayoffDeadwood(knocker Arrangement, defender card.Set) int {
	melds := knocker.Melds()
	best := refDeadwood(defender)
	var rec func(ms []card.Set, left card.Set)
	seen := map[[4]card.Set]bool{}
	rec = func(ms []card.Set, left card.Set) {
		key := [4]card.Set{left}
		copy(key[1:], ms)
		if seen[key] {
			return
		}
		seen[key] = true
		if d := refDeadwood(left); d < best {
			best = d
		}
		for c := range left.All {
			for i, m := range ms {
				if Meld(m.Add(c)).Kind() != NoMeld {
					next := append([]card.Set(nil), ms...)
					next[i] = m.Add(c)
					rec(next, left.Remove(c))
				}
			}
		}
	}
	ms := make([]card.Set, len(melds))
	for i, m := range melds {
		ms[i] = m.Set()
	}
	rec(ms, defender)
	return best
}

func TestLayoff_MatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	n := 4000
	if testing.Short() {
		n = 400
	}
	for i := 0; i < n; i++ {
		pack := card.Pack()
		card.Shuffle(rng, pack)
		var pool []card.Card
		for _, c := range pack {
			if c.Rank() >= card.Three && c.Rank() <= card.Nine || i%3 == 0 {
				pool = append(pool, c)
			}
		}
		k := card.SetOf(pool[:10]...)
		d := card.SetOf(pool[10:20]...)
		a, _ := Melds(k)
		own, lays, got := BestLayoffs(a, d)
		if want := refLayoffDeadwood(a, d); got != want {
			t.Fatalf("knocker %s defender %s: BestLayoffs %d, reference %d", a, d, got, want)
		}
		// The lay-offs really fit: replay them one by one on the melds.
		ms := a.Melds()
		left := d
		for _, l := range lays {
			ok := false
			for j, m := range ms {
				if m == l.Onto || (m.Set().Contains(l.Onto.Set())) {
					if Meld(m.Set().Add(l.Card)).Kind() != NoMeld {
						ms[j] = Meld(m.Set().Add(l.Card))
						ok = true
						break
					}
				}
			}
			if !ok || !left.Has(l.Card) {
				t.Fatalf("lay-off %s onto %s does not fit", l.Card, l.Onto)
			}
			left = left.Remove(l.Card)
		}
		if _, dv := own.Deadwood(left); dv != got {
			t.Fatalf("own melds %s leave %d, reported %d", own, dv, got)
		}
	}
}

func TestOklahoma_LimitFromUpcardAndSpadeDoubles(t *testing.T) {
	r := Standard()
	r.Oklahoma = true
	h := newHand(t, r, nonHand, dealerHand, "5S", "")
	if h.KnockLimit() != 5 || !h.Doubled() {
		t.Fatalf("limit %d doubled %v", h.KnockLimit(), h.Doubled())
	}
	h = newHand(t, r, nonHand, dealerHand, "AH", "")
	if h.KnockLimit() != 0 || h.Doubled() {
		t.Fatalf("ace upcard: limit %d doubled %v", h.KnockLimit(), h.Doubled())
	}
	h = newHand(t, r, nonHand, dealerHand, "KC", "")
	if h.KnockLimit() != 10 || h.Doubled() {
		t.Fatalf("king upcard: limit %d", h.KnockLimit())
	}
	// A doubled knock: K = 4, D = 31 → 54.
	sd, err := Settle(r, card.MustParseSet("AS 2S 3S 7H 7D 7C 9C TC JC 4C"), Arrangement{}, card.MustParseSet("KS QH 2H 3H 4H 8D 8C 8S 5D 6C"), 5, true)
	if err != nil || sd.Points != 54 {
		t.Fatalf("doubled knock: %d %v", sd.Points, err)
	}
	// Over the Oklahoma limit of 5 with 6... refused.
	_, err = Settle(r, card.MustParseSet("AS 2S 3S 7H 7D 7C 9C TC JC 6C"), Arrangement{}, card.MustParseSet("KS QH 2H 3H 4H 8D 8C 8S 5D 4C"), 5, false)
	if err == nil || err.Error() != "gin: deadwood 6 is over the knock limit 5" {
		t.Fatalf("got %v", err)
	}
}

func TestKnock_ShownArrangementChecked(t *testing.T) {
	k := card.MustParseSet("5S 6S 7S 7H 7D 7C 9C TC JC 2D")
	d := card.MustParseSet("8S 9S AC AD 2C 3D 5D 9H TH JH")
	// Showing 7S 7H 7D 7C leaves 5S 6S 2D = 13: over the limit.
	_, err := Settle(Standard(), k, arr(t, "7S 7H 7D 7C", "9C TC JC"), d, 10, false)
	var kle *KnockLimitError
	if !asErr(err, &kle) || kle.Deadwood != 13 {
		t.Fatalf("got %v", err)
	}
	// A meld not in the hand is refused.
	if _, err := Settle(Standard(), k, arr(t, "2H 3H 4H"), d, 10, false); !errors.Is(err, ErrBadArrangement) {
		t.Fatalf("got %v", err)
	}
	// The 5S 6S 7S arrangement lets the defender lay off 8S 9S.
	sd, err := Settle(Standard(), k, arr(t, "5S 6S 7S", "7H 7D 7C", "9C TC JC"), d, 10, false)
	if err != nil || sd.LaidOff() != card.MustParseSet("8S 9S") {
		t.Fatalf("got %v %v", sd.LaidOff(), err)
	}
}
