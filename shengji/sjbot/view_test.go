package sjbot

import (
	"math/rand/v2"
	"testing"

	"felt/card"
	"felt/shengji"
)

// allMasterBySplit is allMaster by the rules' own split, unit by unit.
func allMasterBySplit(ord *shengji.Order, m, others card.Multi) bool {
	for _, u := range ord.Split(m) {
		if beatable(ord, u, others) {
			return false
		}
	}
	return true
}

// TestAllMaster_MatchesSplit compares the allocation-free master test with
// one unit by unit over the rules' split, on random plays of one group
// against random other cards, under random trumps.
func TestAllMaster_MatchesSplit(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	deck := card.Double(card.AllFaces).Cards()
	n := 20000
	if testing.Short() || race {
		n = 4000
	}
	masters := 0
	for i := range n {
		suit := card.Suit(rng.IntN(5))
		tr := shengji.Trump{Suit: suit, Level: card.Rank(1 + rng.IntN(13))}
		ord := tr.Order()
		card.Shuffle(rng, deck)
		g := shengji.Group(rng.IntN(shengji.NumGroups))
		var m, others card.Multi
		for _, c := range deck[:40] {
			if ord.Group(c) == g && m.Len() < 12 {
				_ = m.Add(c)
			}
		}
		if m.IsEmpty() {
			continue
		}
		for _, c := range deck[40 : 40+rng.IntN(60)] {
			_ = others.Add(c)
		}
		if i%3 == 0 {
			// fewer others of the group, so masters come up
			others = others.Minus(others.Within(ord.Faces(g)))
			for _, c := range deck[100:] {
				_ = others.Add(c)
			}
		}
		want := allMasterBySplit(ord, m, others)
		if got := allMaster(ord, m, others); got != want {
			t.Fatalf("trump %s, %s against %s: allMaster %v, by split %v", tr, ord.Format(m), ord.Format(others), got, want)
		}
		if want {
			masters++
		}
	}
	if masters < n/20 {
		t.Fatalf("only %d of %d plays were masters", masters, n)
	}
	t.Logf("%d of %d masters", masters, n)
}

// mastersBySplit is masters by the rules' own split, unit by unit.
func mastersBySplit(ord *shengji.Order, hand, others card.Multi, g shengji.Group) (card.Multi, int) {
	var m card.Multi
	n := 0
	for _, u := range ord.Split(hand.Within(ord.Faces(g))) {
		if !beatable(ord, u, others) {
			m = m.Union(u.Cards)
			n++
		}
	}
	return m, n
}

// TestMasters_MatchesSplit compares the allocation-free masters with one
// over the rules' split on random hands (the cards may differ where
// off-suit level pairs share a step; the count and size may not).
func TestMasters_MatchesSplit(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	deck := card.Double(card.AllFaces).Cards()
	n := 20000
	if testing.Short() || race {
		n = 4000
	}
	found := 0
	for range n {
		tr := shengji.Trump{Suit: card.Suit(rng.IntN(5)), Level: card.Rank(1 + rng.IntN(13))}
		ord := tr.Order()
		card.Shuffle(rng, deck)
		var hand, others card.Multi
		for _, c := range deck[:25+rng.IntN(10)] {
			_ = hand.Add(c)
		}
		for _, c := range deck[50 : 50+rng.IntN(58)] {
			_ = others.Add(c)
		}
		for g := range shengji.Group(shengji.NumGroups) {
			wm, wn := mastersBySplit(ord, hand, others, g)
			gm, gn := masters(ord, hand, others, g)
			if gn != wn || gm.Len() != wm.Len() || gm.Faces().Len() != wm.Faces().Len() || !hand.Contains(gm) {
				t.Fatalf("trump %s, hand %s, others %s, group %s: masters %s (%d), by split %s (%d)",
					tr, ord.Format(hand), ord.Format(others), g, ord.Format(gm), gn, ord.Format(wm), wn)
			}
			found += gn
		}
	}
	t.Logf("%d master units", found)
}
