package shengji

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"felt/card"
)

// followingObs is seat 1's observation when seat 0 has led lead and seat 1,
// holding hand, is to follow.
func followingObs(tr Trump, lead, hand card.Multi) Observation {
	o := Observation{Seat: 1, Rules: Standard(), Phase: PlayPhase, Level: tr.Level, Banker: 0, Trump: tr, Turn: 1, Hand: hand}
	tr0 := Trick{Leader: 0, Count: 1, Winner: NoSeat}
	tr0.Plays[0] = lead
	if err := o.Tricks.Append(tr0); err != nil {
		panic(err) // one trick of one play fits any log
	}
	return o
}

func mustMulti(t *testing.T, s string) card.Multi {
	t.Helper()
	m, err := card.ParseMulti(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestSamplePlays_WorstPositions: the positions with the most legal
// follows two packs allow are listed at most max at a time, every listed
// play legal, none twice, the first one NthFollow's first, and more
// counting exactly the plays left out (the rule that makes each so many
// is in the name).
func TestSamplePlays_WorstPositions(t *testing.T) {
	hearts5 := Trump{card.Hearts, card.Five}
	for _, c := range []struct {
		name       string
		trump      Trump
		lead, hand string
		atLeast    int // the follows there are
		max        int
	}{
		// The issue's position: 116,280 follows here (104,603 with its
		// pairs), 6.9 MB listed in full.
		{"short-group: an eleven-card throw against four spades", hearts5,
			"AS 2S 2S 3S 3S 4S 4S 6S 6S KS KS", "7S 8S 9S TS 2H 3H 4H 6H 7H 8H 9H TH JH QH 2D 3D 4D 6D 7D 8D 9D TD JD QD KD", 116280, 256},
		// The most two packs allow: no card of the led suit and 25
		// different cards, any 12 of them: C(25, 12).
		{"short-group: a twelve-card throw against a void hand of 25 faces", hearts5,
			"AS AS KS KS QS QS JS JS TS TS 9S 9S", "2H 3H 4H 6H 7H 8H 9H TH JH QH KH AH 2D 3D 4D 6D 7D 8D 9D TD JD QD KD AD 2C", 5200300, 256},
		// Holding enough: all 18 trump faces against twelve single
		// trumps, any 12 of them: C(18, 12).
		{"follow-group: a throw of twelve single trumps against every trump face", Trump{card.Spades, card.Two},
			"AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S", "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S 2H 2D 2C SJ BJ AH KH QH JH TH 9H 8H", 18564, 256},
		{"match-pairs: a throw with one pair against a long suit of pairs", hearts5,
			"AS AS KS QS JS TS 9S", "2S 2S 3S 3S 4S 4S 6S 6S 7S 7S 8S 8S 9S 9S TS TS JS JS QS QS KS KS AS 2H 3H", 1000, 256},
		{"match-tractors: a tractor and singles against many tractors", hearts5,
			"KS KS QS QS 9S 8S 7S 4S", "2S 2S 3S 3S 4S 4S 6S 6S 7S 7S 8S 8S 9S 9S TS TS JS JS QS QS KS KS AS 2H 3H", 1000, 256},
		{"a small max samples too", hearts5, "AS 2S 2S 3S 3S 4S 4S 6S 6S KS KS", "7S 8S 9S TS 2H 3H 4H 6H 7H 8H 9H TH JH QH 2D 3D 4D 6D 7D 8D 9D TD JD QD KD", 116280, 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			lead, hand := mustMulti(t, c.lead), mustMulti(t, c.hand)
			o := followingObs(c.trump, lead, hand)
			n := o.CountPlays()
			if n < c.atLeast {
				t.Fatalf("%d follows, want at least %d", n, c.atLeast)
			}
			got, more := o.SamplePlays(nil, c.max)
			if len(got) != c.max || more != n-c.max {
				t.Fatalf("listed %d, more %d, of %d follows; want %d and %d", len(got), more, n, c.max, n-c.max)
			}
			seen := map[card.Multi]bool{}
			for i, p := range got {
				if err := o.CheckPlay(p); err != nil {
					t.Fatalf("listed play %d, %s: %v", i, p, err)
				}
				if seen[p] {
					t.Fatalf("play %s listed twice", p)
				}
				seen[p] = true
				if q, _ := o.NthPlay(spread(i, n, c.max)); q != p {
					t.Fatalf("listed play %d is %s, want play %d, %s", i, p, spread(i, n, c.max), q)
				}
			}
		})
	}
}

// TestSamplePlays_Leads: leads are sampled as follows are, and a list that
// fits is listed whole.
func TestSamplePlays_Leads(t *testing.T) {
	tr := Trump{card.Hearts, card.Two}
	o := Observation{Seat: 0, Rules: Standard(), Phase: PlayPhase, Level: card.Two, Trump: tr, Turn: 0,
		Hand: mustMulti(t, "2S 2S 2D 2D 2C 2C 2H 2H SJ SJ BJ BJ AH AH KH KH QH QH 3S 4S 5S 6S 7S 8S 9S")}
	if err := o.Tricks.Append(Trick{Leader: 0, Winner: NoSeat}); err != nil {
		t.Fatal(err)
	}
	all := o.AppendPlays(nil)
	whole, more := o.SamplePlays(nil, len(all))
	if more != 0 || !slices.Equal(whole, all) {
		t.Fatalf("a list that fits: %d listed, more %d; want all %d", len(whole), more, len(all))
	}
	got, more := o.SamplePlays(nil, 7)
	if len(got) != 7 || more != len(all)-7 {
		t.Fatalf("listed %d, more %d, of %d", len(got), more, len(all))
	}
	for i, p := range got {
		if p != all[spread(i, len(all), 7)] {
			t.Fatalf("lead %d is %s, want %s", i, p, all[spread(i, len(all), 7)])
		}
	}
}

// TestCheckPlay_AcceptsExactlyTheLegalFollows (property): on random
// positions, the observation's check accepts exactly the plays the
// legal-play enumeration lists, the refusals name a rule of following, and
// any sample is part of the list, as long as asked, with more counting the
// rest.
func TestCheckPlay_AcceptsExactlyTheLegalFollows(t *testing.T) {
	n := 4000
	if testing.Short() || raceOn {
		n = 800
	}
	rng := rand.New(rand.NewPCG(18, 6))
	for i := range n {
		tr, lead, hand := lgSituation(rng, 12)
		o := followingObs(tr, lead, hand)
		legal := map[card.Multi]bool{}
		all := o.AppendPlays(nil)
		for _, p := range all {
			legal[p] = true
		}
		allSubMultis(hand, lead.Len(), func(p card.Multi) {
			err := o.CheckPlay(p)
			if (err == nil) != legal[p] {
				t.Fatalf("situation %d: trump %s, lead %s, hand %s: play %s: check says %v, listed %v", i, tr, lead, hand, p, err, legal[p])
			}
			var fe *FollowError
			if err != nil && !errors.As(err, &fe) {
				t.Fatalf("situation %d: play %s refused without a rule of following: %v", i, p, err)
			}
		})
		if hand.Len() > lead.Len() {
			var fe *FollowError
			if err := o.CheckPlay(hand); !errors.As(err, &fe) || fe.Rule != SameCount {
				t.Fatalf("situation %d: the whole hand %s to the lead %s: %v, want %s", i, hand, lead, err, SameCount)
			}
		}
		max := 1 + rng.IntN(len(all)+2)
		got, more := o.SamplePlays(nil, max)
		if len(got) != min(max, len(all)) || more != len(all)-len(got) {
			t.Fatalf("situation %d: sample of %d: %d listed, more %d, of %d", i, max, len(got), more, len(all))
		}
		for _, p := range got {
			if !legal[p] {
				t.Fatalf("situation %d: sampled %s is not legal", i, p)
			}
		}
	}
}

// checking is a random player that, at each of its decisions, asks its
// observation and the hand itself about random moves and fails the test if
// they disagree.
type checking struct {
	t   *testing.T
	h   func() *Hand
	rng *rand.Rand
	r   *randomPlayer
	n   *int
}

func (c checking) Act(o *Observation) (Action, bool) {
	hand := o.Hand.Cards()
	cands := []Action{PassAction()}
	for range 6 {
		c.rng.Shuffle(len(hand), func(i, j int) { hand[i], hand[j] = hand[j], hand[i] })
		var m card.Multi
		for _, x := range hand[:c.rng.IntN(min(len(hand), 12)+1)] {
			_ = m.Add(x)
		}
		cands = append(cands, PlayAction(m), Action{Kind: Bury, Cards: m})
		if k := o.CountPlays(); k > 0 {
			p, _ := o.NthPlay(c.rng.IntN(k))
			cands = append(cands, PlayAction(p))
		}
	}
	if len(hand) >= 8 {
		var m card.Multi
		for _, x := range hand[:8] {
			_ = m.Add(x)
		}
		cands = append(cands, Action{Kind: Bury, Cards: m})
	}
	cands = append(cands, o.AppendDeclarations(nil)...)
	for _, a := range cands {
		want := c.h().Check(o.Seat, a)
		got := o.Check(a)
		if a.Kind == Declare || a.Kind == Pass {
			if (got == nil) != (want == nil) {
				c.t.Fatalf("seat %s, %s %s: observation says %v, the hand %v", o.Seat, a.Kind, a.Cards, got, want)
			}
			continue
		}
		if (got == nil) != (want == nil) || got != nil && got.Error() != want.Error() {
			c.t.Fatalf("seat %s, %s %s: observation says %v, the hand %v", o.Seat, a.Kind, a.Cards, got, want)
		}
		*c.n++
	}
	return c.r.Act(o)
}

// TestCheck_AgreesWithTheHand: through whole random hands, the seat's
// observation refuses exactly the plays and burials the hand refuses, with
// the same reason, and accepts the same declarations and passes.
func TestCheck_AgreesWithTheHand(t *testing.T) {
	hands := 6
	if testing.Short() || raceOn {
		hands = 2
	}
	n := 0
	for seed := range uint64(hands) {
		for _, r := range []Rules{Standard(), func() Rules { r := Standard(); r.BidAfterDeal = true; return r }()} {
			g, err := NewGame(r, rand.New(rand.NewPCG(seed, 9)))
			if err != nil {
				t.Fatal(err)
			}
			var ps [MaxSeats]player
			for s := range ps {
				ps[s] = checking{t: t, h: g.Hand, rng: rand.New(rand.NewPCG(seed, uint64(s))), r: newRandomPlayer(rand.New(rand.NewPCG(seed, uint64(s)+10))), n: &n}
			}
			if err := playHand(g, g.Hand(), ps); err != nil {
				t.Fatal(err)
			}
		}
	}
	if n < 1000 {
		t.Fatalf("only %d moves compared", n)
	}
}

// BenchmarkSamplePlays_Worst: 256 follows out of 5,200,300, as a decision
// lists them.
func BenchmarkSamplePlays_Worst(b *testing.B) {
	lead, _ := card.ParseMulti("AS AS KS KS QS QS JS JS TS TS 9S 9S")
	hand, _ := card.ParseMulti("2H 3H 4H 6H 7H 8H 9H TH JH QH KH AH 2D 3D 4D 6D 7D 8D 9D TD JD QD KD AD 2C")
	o := followingObs(Trump{card.Hearts, card.Five}, lead, hand)
	dst := make([]card.Multi, 0, 256)
	for b.Loop() {
		dst, _ = o.SamplePlays(dst[:0], 256)
	}
}

// A lead of twelve spades to a seat with none: 5,200,300 legal follows, of
// which a decision lists a few, spread over all, and checks any other.
func ExampleObservation_SamplePlays() {
	lead, _ := card.ParseMulti("AS AS KS KS QS QS JS JS TS TS 9S 9S")
	hand, _ := card.ParseMulti("2H 3H 4H 6H 7H 8H 9H TH JH QH KH AH 2D 3D 4D 6D 7D 8D 9D TD JD QD KD AD 2C")
	o := followingObs(Trump{card.Hearts, card.Five}, lead, hand)
	plays, more := o.SamplePlays(nil, 3)
	for _, p := range plays {
		fmt.Println(p)
	}
	fmt.Println("and", more, "more")
	fmt.Println(o.CheckPlay(card.Multi{One: card.Bit(card.MustParse("2C"))}))
	// Output:
	// AH 2H 3H 4H 6H 7H 8H 9H TH JH QH KH
	// AH 3H 8H TH KH AD 8D TD JD QD KD 2C
	// 2H 4H 9H JH QH AD 3D 4D 7D 8D KD 2C
	// and 5200297 more
	// shengji: seat 1 cannot play 2♣ to the lead 9♠ 9♠ T♠ T♠ J♠ J♠ Q♠ Q♠ K♠ K♠ A♠ A♠: the lead has 12 cards: play 12, not 1
}
