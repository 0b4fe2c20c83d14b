package shengji

import (
	"errors"
	"math/rand/v2"
	"testing"

	"felt/card"
)

type throwCase struct {
	name        string
	suit, level string
	throw       string
	others      []string
	play        string // what the leader plays
	stands      bool
}

func runThrows(t *testing.T, cases []throwCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			o := order(t, tt.suit, tt.level)
			var others []card.Multi
			for _, h := range tt.others {
				others = append(others, multi(t, h))
			}
			play, stands, err := o.Throw(multi(t, tt.throw), others)
			if err != nil || stands != tt.stands || o.Format(play) != tt.play {
				t.Fatalf("Throw(%s against %q) = %s, %v, %v; want %s, %v", tt.throw, tt.others, o.Format(play), stands, err, tt.play, tt.stands)
			}
		})
	}
}

func TestThrow_FailedThrowOfEachKind(t *testing.T) {
	runThrows(t, []throwCase{
		{"the spec's single: a J♠ forces 9♠", "H", "2", "9S 8S 8S 4S 4S", []string{"JS 3C", "", "2S"}, "9S", false},
		{"the spec's pair: a Q♠Q♠ forces 4♠4♠", "H", "2", "9S 8S 8S 4S 4S", []string{"QS QS", "", ""}, "4S 4S", false},
		{"a tractor beaten by a higher tractor", "H", "2", "AS 3S 3S 4S 4S", []string{"5S 5S 6S 6S"}, "3S 3S 4S 4S", false},
		{"a tractor beaten out of a longer one", "H", "2", "AS KS KS 3S 3S 4S 4S", []string{"7S 7S 8S 8S 9S 9S"}, "3S 3S 4S 4S", false},
		{"a shorter tractor does not beat a longer one", "H", "2", "AS 3S 3S 4S 4S 5S 5S", []string{"7S 7S 8S 8S", "9S 9S TS TS"}, "3S 3S 4S 4S 5S 5S AS", true},
		{"trump throw: a single beaten by a joker", "H", "2", "2S 2S AH", []string{"BJ"}, "AH", false},
	})
}

func TestThrow_BeatenOnlyByOnePlayersCardsOfTheGroup(t *testing.T) {
	runThrows(t, []throwCase{
		{"pairs of two players are no tractor", "H", "2", "AS 3S 3S 4S 4S", []string{"5S 5S", "6S 6S", ""}, "3S 3S 4S 4S AS", true},
		{"two singles of two players are no pair", "H", "2", "AS 3S 3S", []string{"5S", "5S"}, "3S 3S AS", true},
		{"trumps do not beat a plain throw", "H", "2", "KS QS QS", []string{"AH AH BJ BJ", "", ""}, "QS QS KS", true},
		{"other suits do not count", "H", "2", "KS QS QS", []string{"AD AD AC"}, "QS QS KS", true},
		{"the partner's cards count too", "H", "2", "KS QS QS", []string{"", "AS", ""}, "KS", false},
		{"equal cards do not beat: off-suit level", "S", "2", "2H AS AS", []string{"2D 2C"}, "AS AS 2H", true},
		{"a different kind does not beat: a pair against a single", "H", "2", "KS 3S 3S", []string{"", "", ""}, "3S 3S KS", true},
		{"one unit always stands", "H", "2", "3S 3S", []string{"AS AS"}, "3S 3S", true},
	})
}

func TestThrow_SmallestBeatenUnit_TiesToFewerCardsThenSuitOrder(t *testing.T) {
	runThrows(t, []throwCase{
		{"lowest highest card", "H", "2", "9S 8S 8S 4S 4S", []string{"QS QS JS"}, "4S 4S", false},
		{"at equal highest step, the single before the pair", "S", "2", "2H 2D 2D", []string{"2S 2S"}, "2H", false},
		{"at equal highest step and size, the suit first in ♠♥♦♣", "S", "2", "2D 2H", []string{"2S"}, "2H", false},
		{"no trump: the level singles of four suits", "none", "2", "2C 2D 2H", []string{"SJ"}, "2H", false},
	})
}

func TestThrow_RefusesAMixedThrow(t *testing.T) {
	o := order(t, "H", "2")
	if _, _, err := o.Throw(multi(t, "AS AD"), nil); !errors.Is(err, ErrBadLead) {
		t.Errorf("mixed throw: %v", err)
	}
	if _, _, err := o.Throw(card.Multi{}, nil); !errors.Is(err, ErrBadLead) {
		t.Errorf("empty throw: %v", err)
	}
}

// TestThrow_AgainstBruteForce compares Throw with the reference, which tries
// every set of as many cards as each unit from every other hand, on random
// throws.
func TestThrow_AgainstBruteForce(t *testing.T) {
	n := 10000
	if testing.Short() {
		n = 1000
	}
	rng := rand.New(rand.NewPCG(9, 9))
	places := map[Trump]map[card.Card]refPlace{}
	failed := 0
	for i := 0; i < n; {
		tr := randomTrump(rng)
		if places[tr] == nil {
			places[tr] = refOrder(tr)
		}
		o := tr.Order()
		pool := crowdedPool(rng, tr)
		throw := drawLead(rng, o, &pool, rng.IntN(4) == 0)
		if rng.IntN(4) == 0 {
			throw = drawTractors(rng, o, &pool)
		}
		if _, ok := o.GroupOf(throw); !ok {
			continue
		}
		i++
		others := make([]card.Multi, 3)
		for j := range others {
			others[j] = drawPairy(rng, &pool, rng.IntN(9))
		}
		play, stands, err := o.Throw(throw, others)
		if err != nil {
			t.Fatal(err)
		}
		want, wantStands := refThrow(places[tr], o.Split(throw), others)
		if play != want || stands != wantStands {
			t.Fatalf("%v: throw %s against %v: %s (stands %v), the reference %s (%v)", tr, throw, others, play, stands, want, wantStands)
		}
		if !stands {
			failed++
		}
	}
	t.Logf("%d throws compared, %d failed", n, failed)
}
