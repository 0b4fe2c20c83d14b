package shengji

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"felt/card"
)

// The house rule level_tractors (Rules.NoLevelTractors when false): the
// level rank's cards make no tractor. Each case is answered with the
// default tractors and without level tractors.

// ltRules is a table of packs packs without level tractors (apart) or
// with the default ones.
func ltRules(packs int, apart bool) Rules {
	r := Rules{StartLevel: card.Two, NoLevelTractors: apart}
	if packs > 2 {
		r.Players, r.NumPacks = 2*packs, packs
	}
	return r
}

func ltTrump(t *testing.T, suit, level string) Trump {
	t.Helper()
	tr, err := ParseTrump(suit, level)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// ltUnits writes a split as the checker does: each unit's cards from low
// to high.
func ltUnits(o *Order, m card.Multi) []string {
	var out []string
	for _, u := range o.Split(m) {
		out = append(out, o.Format(u.Cards))
	}
	return out
}

func TestLevelTractors_Split(t *testing.T) {
	for _, c := range []struct {
		name        string
		suit, level string
		packs       int
		cards       string
		dflt, apart []string
	}{
		{"the trump chain: off-suit level, trump-suit level and jokers", "S", "2", 2, "AS AS 2H 2H 2S 2S SJ SJ BJ BJ",
			[]string{"AS AS 2H 2H 2S 2S SJ SJ BJ BJ"}, []string{"SJ SJ BJ BJ", "2S 2S", "2H 2H", "AS AS"}},
		{"an off-suit level pair and the trump-suit level pair", "S", "2", 2, "2H 2H 2S 2S",
			[]string{"2H 2H 2S 2S"}, []string{"2S 2S", "2H 2H"}},
		{"the trump ace and an off-suit level pair", "H", "4", 2, "AH AH 4S 4S",
			[]string{"AH AH 4S 4S"}, []string{"4S 4S", "AH AH"}},
		{"the trump ace and the trump-suit level pair are never neighbours", "S", "2", 2, "AS AS 2S 2S",
			[]string{"2S 2S", "AS AS"}, []string{"2S 2S", "AS AS"}},
		{"the trump-suit level pair and the small jokers", "S", "2", 2, "2S 2S SJ SJ",
			[]string{"2S 2S SJ SJ"}, []string{"SJ SJ", "2S 2S"}},
		{"the jokers still make a tractor", "S", "2", 2, "SJ SJ BJ BJ",
			[]string{"SJ SJ BJ BJ"}, []string{"SJ SJ BJ BJ"}},
		{"the trump suit still makes tractors", "S", "2", 2, "KS KS AS AS",
			[]string{"KS KS AS AS"}, []string{"KS KS AS AS"}},
		{"plain suits are unchanged: the level rank is out of them", "S", "4", 2, "3H 3H 5H 5H",
			[]string{"3H 3H 5H 5H"}, []string{"3H 3H 5H 5H"}},
		{"no trump: the level pairs below the small jokers", "none", "2", 2, "2C 2C SJ SJ BJ BJ",
			[]string{"2C 2C SJ SJ BJ BJ"}, []string{"SJ SJ BJ BJ", "2C 2C"}},
		{"level A: the trump king and the off-suit aces", "S", "A", 2, "KS KS AH AH AS AS",
			[]string{"KS KS AH AH AS AS"}, []string{"AS AS", "AH AH", "KS KS"}},
		{"three packs: level triples are triples", "S", "2", 3, "2H 2H 2H 2S 2S 2S",
			[]string{"2H 2H 2H 2S 2S 2S"}, []string{"2S 2S 2S", "2H 2H 2H"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			tr := ltTrump(t, c.suit, c.level)
			m := mm(c.cards)
			if got := ltUnits(ltRules(c.packs, false).Order(tr), m); !slices.Equal(got, c.dflt) {
				t.Errorf("default tractors: %q, want %q", got, c.dflt)
			}
			if got := ltUnits(ltRules(c.packs, true).Order(tr), m); !slices.Equal(got, c.apart) {
				t.Errorf("no level tractors: %q, want %q", got, c.apart)
			}
			if ltRules(c.packs, false).Order(tr) != tr.Order() {
				t.Errorf("the default table's order is not the trump's")
			}
		})
	}
}

func TestLevelTractors_OrderKeepsTheRanking(t *testing.T) {
	for s := card.Spades; s <= card.NoSuit; s++ {
		for l := card.Ace; l <= card.King; l++ {
			tr := Trump{s, l}
			d, a := tr.Order(), ltRules(2, true).Order(tr)
			if d.LevelTractors() == a.LevelTractors() {
				t.Fatalf("%v: both orders say level tractors %v", tr, d.LevelTractors())
			}
			for _, x := range card.AllFaces.Cards() {
				if d.Group(x) != a.Group(x) {
					t.Fatalf("%v: %s in group %s and %s", tr, x, d.Group(x), a.Group(x))
				}
				for _, y := range card.AllFaces.Cards() {
					if d.Group(x) == d.Group(y) && (d.Step(x) < d.Step(y)) != (a.Step(x) < a.Step(y)) {
						t.Fatalf("%v: %s and %s ranked otherwise without level tractors", tr, x, y)
					}
				}
			}
		}
	}
}

func TestLevelTractors_Follow(t *testing.T) {
	tr := ltTrump(t, "S", "2")
	lead, hand := mm("QS QS KS KS"), mm("AS AS 2H 2H 2D 2D")
	// with level tractors the hand holds the tractor A♠A♠ 2♥2♥ (or 2♦2♦)
	// and owes it; without, two pairs will do
	for _, c := range []struct {
		play        string
		dflt, apart bool
	}{
		{"2H 2H 2D 2D", false, true},
		{"AS AS 2H 2H", true, true},
		{"AS AS 2H 2D", false, false},
	} {
		for _, apart := range []bool{false, true} {
			err := ltRules(2, apart).Order(tr).CheckFollow(lead, hand, mm(c.play))
			want := c.dflt
			if apart {
				want = c.apart
			}
			if (err == nil) != want {
				t.Errorf("no level tractors %v: %s to %s from %s: %v, want legal %v", apart, c.play, lead, hand, err, want)
			}
		}
	}
	// the hand applies the table's rule
	h := playingHand(t, ltRules(2, true), tr, 0, 0, [NumSeats]string{"QS QS KS KS", "AS AS 2H 2H 2D 2D", "3H 4H 5H 6H", "3C 4C 5C 6C"}, "")
	playAll(t, &h, "QS QS KS KS", "2H 2H 2D 2D")
	h = playingHand(t, ltRules(2, false), tr, 0, 0, [NumSeats]string{"QS QS KS KS", "AS AS 2H 2H 2D 2D", "3H 4H 5H 6H", "3C 4C 5C 6C"}, "")
	playAll(t, &h, "QS QS KS KS")
	if err := h.Apply(1, PlayAction(mm("2H 2H 2D 2D"))); !errors.Is(err, ErrIllegalFollow) {
		t.Errorf("with level tractors, two level pairs to a tractor: %v, want refused", err)
	}
}

func TestLevelTractors_Winner(t *testing.T) {
	tr := ltTrump(t, "S", "2")
	// a trump tractor led, A♠A♠ 2♥2♥ after it: a higher tractor with
	// level tractors, two pairs (no tractor) without
	plays := []card.Multi{mm("QS QS KS KS"), mm("AS AS 2H 2H"), mm("3H 4H 5H 6H"), mm("3C 4C 5C 6C")}
	for _, c := range []struct {
		apart bool
		want  int
	}{{false, 1}, {true, 0}} {
		if got, err := ltRules(2, c.apart).Order(tr).Winner(plays); err != nil || got != c.want {
			t.Errorf("no level tractors %v: winner %d (%v), want %d", c.apart, got, err, c.want)
		}
	}
}

func TestLevelTractors_Throw(t *testing.T) {
	tr := ltTrump(t, "S", "2")
	// 2♥2♥ 2♠2♠ is one unit, a tractor, with level tractors: a lead, not a
	// throw; without, two pairs, and the jokers' pairs beat both
	others := []card.Multi{mm("SJ SJ BJ BJ")}
	for _, c := range []struct {
		apart  bool
		stands bool
		play   string
	}{{false, true, "2H 2H 2S 2S"}, {true, false, "2H 2H"}} {
		p, stands, err := ltRules(2, c.apart).Order(tr).Throw(mm("2H 2H 2S 2S"), others)
		if err != nil || stands != c.stands || p != mm(c.play) {
			t.Errorf("no level tractors %v: %s stands %v (%v), want %s stands %v", c.apart, p, stands, err, c.play, c.stands)
		}
	}
}

func TestLevelTractors_KittyMultiplier(t *testing.T) {
	tr := ltTrump(t, "S", "2")
	for _, c := range []struct {
		apart bool
		want  int
	}{{false, 8}, {true, 4}} {
		if got := ltRules(2, c.apart).Order(tr).KittyMultiplier(mm("2H 2H 2S 2S")); got != c.want {
			t.Errorf("no level tractors %v: kitty ×%d, want ×%d", c.apart, got, c.want)
		}
	}
}

func TestLevelTractors_JSON(t *testing.T) {
	std, _ := json.Marshal(Standard())
	if strings.Contains(string(std), "level_tractors") {
		t.Fatalf("the standard rules write %s", std)
	}
	r, err := ParseRules(Standard(), []byte(`{"level_tractors":false}`))
	if err != nil || !r.NoLevelTractors {
		t.Fatalf("level_tractors false: %+v, %v", r, err)
	}
	b, _ := json.Marshal(r)
	if !strings.Contains(string(b), `"level_tractors":false`) {
		t.Fatalf("written %s", b)
	}
	if back, err := ParseRules(Rules{}, b); err != nil || back != r {
		t.Fatalf("%s read back as %+v, %v", b, back, err)
	}
	if r, err := ParseRules(Standard(), []byte(`{"level_tractors":true}`)); err != nil || r != Standard() {
		t.Fatalf("level_tractors true: %+v, %v, want the standard rules", r, err)
	}
	if _, err := ParseRules(Standard(), []byte(`{"level_tractors":"no"}`)); !errors.Is(err, ErrInvalidRules) || !strings.Contains(err.Error(), "level_tractors") {
		t.Fatalf("level_tractors \"no\": %v", err)
	}
}

// TestLevelTractors_WholeHands: whole hands without level tractors, by
// random legal players: every play the observations list is accepted and
// every card accounted for.
func TestLevelTractors_WholeHands(t *testing.T) {
	for _, r := range []Rules{ltRules(2, true), ltRules(3, true), {StartLevel: card.Two, Players: 10, NumPacks: 5, NoLevelTractors: true}} {
		for seed := range uint64(4) {
			g, err := NewGame(r, NewRand(seed))
			if err != nil {
				t.Fatal(err)
			}
			ps := randomPlayers(seed)
			h := g.Hand()
			for !h.Over() {
				if err := playStep(g, h, &ps); err != nil {
					t.Fatalf("%+v seed %d: %v", r, seed, err)
				}
				accountFor(t, h)
			}
			if o := observeAs(g, 0); o.Order().LevelTractors() {
				t.Fatalf("the observation's order has level tractors")
			}
		}
	}
}
