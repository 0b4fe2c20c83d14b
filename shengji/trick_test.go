package shengji

import (
	"errors"
	"testing"

	"felt/card"
)

type trickCase struct {
	name        string
	suit, level string
	plays       [4]string
	winner      int
	multiplier  int // if not zero
}

func runTricks(t *testing.T, cases []trickCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			o := order(t, tt.suit, tt.level)
			ms := make([]card.Multi, 4)
			for i, p := range tt.plays {
				ms[i] = multi(t, p)
			}
			w, err := o.Winner(ms)
			if err != nil || w != tt.winner {
				t.Fatalf("Winner(%q) = %d, %v; want %d", tt.plays, w, err, tt.winner)
			}
			if tt.multiplier != 0 {
				if got := o.KittyMultiplier(ms[w]); got != tt.multiplier {
					t.Errorf("KittyMultiplier(%s) = %d, want %d", ms[w], got, tt.multiplier)
				}
			}
		})
	}
}

func TestTrick_HighestOfTheLedGroupWins(t *testing.T) {
	runTricks(t, []trickCase{
		{"single", "S", "2", [4]string{"3H", "9H", "KH", "5H"}, 2, 2},
		{"a discard of a higher card does not win", "S", "2", [4]string{"3H", "AD", "4H", "AC"}, 2, 0},
		{"pair", "S", "2", [4]string{"3H 3H", "9H 9H", "KH 5H", "AH AH"}, 3, 4},
		{"tractor beats tractor", "S", "2", [4]string{"3H 3H 4H 4H", "9H 9H TH TH", "KH KH QD QD", "5H 5H 6H 6H"}, 1, 8},
		{"two pairs are not a tractor", "S", "2", [4]string{"3H 3H 4H 4H", "9H 9H JH JH", "KH 6C 7C 8C", "5H 6H 7H 8H"}, 0, 8},
		{"trump lead: a higher trump wins", "S", "2", [4]string{"3S", "2H", "AS", "2D"}, 1, 2},
	})
}

func TestTrick_EqualCardsTheFirstPlayedWins(t *testing.T) {
	runTricks(t, []trickCase{
		{"identical singles", "S", "2", [4]string{"KH", "KH", "3H", "4H"}, 0, 0},
		{"identical singles after the lead", "S", "2", [4]string{"3H", "KH", "KH", "4H"}, 1, 0},
		{"off-suit level singles of two suits", "S", "4", [4]string{"3S", "4H", "4D", "4C"}, 1, 0},
		{"off-suit level pairs at level 4", "S", "4", [4]string{"4H 4H", "4D 4D", "3S 3S", "4C 4C"}, 0, 0},
		{"no trump: level cards of any suit are equal", "none", "4", [4]string{"4S", "4H", "4D", "4C"}, 0, 0},
		{"no trump: a small joker beats them", "none", "4", [4]string{"4S", "4H", "SJ", "BJ"}, 3, 0},
	})
}

func TestTrick_TrumpingAndOverTrumping(t *testing.T) {
	runTricks(t, []trickCase{
		{"a void player trumps", "S", "2", [4]string{"AH", "3S", "KH", "QH"}, 1, 0},
		{"over-trumping", "S", "2", [4]string{"AH", "3S", "5S", "QH"}, 2, 0},
		{"the trump-suit level card over the off-suit one", "S", "2", [4]string{"AH", "2H", "2S", "2D"}, 2, 0},
		{"trumping a pair with a pair", "S", "2", [4]string{"AH AH", "3S 3S", "KH KH", "QH QH"}, 1, 4},
		{"trumping a tractor with a tractor", "S", "2", [4]string{"QH QH KH KH", "3S 3S 4S 4S", "AS AS 2D 2D", "5H 6H 7H 8H"}, 2, 8},
	})
}

func TestTrick_TrumpPlayLackingTheLeadsPairsIsADiscard(t *testing.T) {
	runTricks(t, []trickCase{
		{"two trumps against a pair", "S", "2", [4]string{"3H 3H", "AS KS", "4H 5H", "6C 7C"}, 0, 0},
		{"then a trump pair wins", "S", "2", [4]string{"3H 3H", "AS KS", "4S 4S", "6C 7C"}, 2, 4},
		{"two trump pairs against a tractor", "S", "2", [4]string{"3H 3H 4H 4H", "AS AS QS QS", "5H 6H 7H 8H", "6C 7C 8C 9C"}, 0, 0},
		{"off-suit level pairs of two suits against a tractor", "S", "2", [4]string{"3H 3H 4H 4H", "2D 2D 2C 2C", "5H 6H 7H 8H", "6C 7C 8C 9C"}, 0, 0},
		{"a trump tractor through the off-suit level", "S", "2", [4]string{"3H 3H 4H 4H", "2D 2D AS AS", "5H 6H 7H 8H", "6C 7C 8C 9C"}, 1, 8},
		{"a mix of trumps and plain is a discard", "S", "2", [4]string{"3H", "AS", "4H", "5H"}, 1, 0},
	})
}

func TestTrick_TrumpingAThrow(t *testing.T) {
	runTricks(t, []trickCase{
		// The throw AH KH KH: a single and a pair.
		{"trumped with a pair and a single", "S", "2", [4]string{"AH KH KH", "3S 5S 5S", "4H 6H 7H", "8C 9C TC"}, 1, 4},
		{"over-trumped by a higher pair", "S", "2", [4]string{"AH KH KH", "3S 5S 5S", "4S 6S 6S", "8C 9C TC"}, 2, 4},
		{"the largest unit decides, not the single", "S", "2", [4]string{"AH KH KH", "3S 6S 6S", "BJ 5S 5S", "8C 9C TC"}, 1, 4},
		{"trumps without the pair are a discard", "S", "2", [4]string{"AH KH KH", "3S 5S 7S", "4H 6H 7H", "8C 9C TC"}, 0, 4},
		{"a throw of singles trumped with a pair: the multiplier of the pair", "S", "2", [4]string{"AH KH", "5S 5S", "4H 6H", "8C 9C"}, 1, 4},
		{"followers in the suit compare the largest unit", "S", "2", [4]string{"AH 3H 3H", "KH 5H 5H", "4H 6H 7H", "8C 9C TC"}, 1, 4},
		{"a throw with a tractor", "S", "2", [4]string{"AH 3H 3H 4H 4H", "KH 5H 5H 6H 6H", "3S 5S 5S 6S 6S", "AC 8C 9C TC JC"}, 2, 8},
	})
}

func TestKittyMultiplier_SinglePairTractor(t *testing.T) {
	o := order(t, "S", "2")
	for _, tt := range []struct {
		play string
		want int
	}{
		{"AH", 2}, {"AH AH", 4}, {"KH KH AH AH", 8}, {"QH QH KH KH AH AH", 12},
		{"AH 3H 3H", 4}, {"AH 3H 3H 5H 5H 6H 6H", 8}, {"", 0},
	} {
		if got := o.KittyMultiplier(multi(t, tt.play)); got != tt.want {
			t.Errorf("KittyMultiplier(%s) = %d, want %d", tt.play, got, tt.want)
		}
	}
}

func TestPoints_FivesTensKings(t *testing.T) {
	for _, tt := range []struct {
		cards string
		want  int
	}{
		{"", 0}, {"5H", 5}, {"TH", 10}, {"KH", 10}, {"5H 5H TS KD QD AC SJ BJ", 30},
	} {
		if got := Points(multi(t, tt.cards)); got != tt.want {
			t.Errorf("Points(%s) = %d, want %d", tt.cards, got, tt.want)
		}
	}
	if got := Points(card.Double(card.AllFaces)); got != 200 {
		t.Errorf("two packs hold %d points, want 200", got)
	}
}

// A card's points are those of the multiset of it alone; a pack holds 100.
func TestCardPoints_FivesTensKings(t *testing.T) {
	sum := 0
	for _, c := range card.Pack() {
		one := card.Times(card.Set(0).Add(c), 1)
		if got, want := CardPoints(c), Points(one); got != want {
			t.Errorf("CardPoints(%s) = %d, want %d", c, got, want)
		}
		sum += CardPoints(c)
	}
	if sum != 100 {
		t.Errorf("a pack holds %d points, want 100", sum)
	}
}

func TestTrick_RefusesBadTricks(t *testing.T) {
	o := order(t, "S", "2")
	if _, err := o.Winner(nil); !errors.Is(err, ErrBadTrick) {
		t.Errorf("no plays: %v", err)
	}
	if _, err := o.Winner([]card.Multi{multi(t, "3H 3S"), multi(t, "4H 4D")}); !errors.Is(err, ErrBadLead) {
		t.Errorf("mixed lead: %v", err)
	}
	if _, err := o.Winner([]card.Multi{multi(t, "3H 3H"), multi(t, "4H")}); !errors.Is(err, ErrBadTrick) {
		t.Errorf("short play: %v", err)
	}
}
