package sjbot

import (
	"math/rand/v2"
	"strings"
	"testing"

	"felt/card"
	"felt/shengji"
)

// TestHard_SamplesAreConsistent deals the hidden cards at many decisions
// of greedy games, at the standard table and at the Finding Friends tables
// of six and eight players, and checks every deal against what the seat
// knows: its own hand as it is, each other seat's card count, the kitty's
// size (or the seat's own buried kitty), no card the seat can see, every card
// accounted for, and no seat given a card of a suit-group it has shown
// void in, nor denied the cards of its declarations still unplayed.
func TestHard_SamplesAreConsistent(t *testing.T) {
	for _, name := range []string{"standard", "friends-6", "friends-8"} {
		t.Run(name, func(t *testing.T) { samplesAreConsistent(t, preset(t, name)) })
	}
}

func samplesAreConsistent(t *testing.T, rules shengji.Rules) {
	hands := 12
	if rules.NumPlayers() > 4 {
		hands = 3
	}
	if testing.Short() || race {
		hands = min(hands, 4) / 2
	}
	obs := playObservationsAt(t, rules, hands)
	h := NewHard(rand.New(rand.NewPCG(3, 4)))
	checked, relaxed, nopairs := 0, 0, 0
	for i := range obs {
		o := &obs[i]
		if o.Turn != o.Seat {
			continue
		}
		v := newView(o)
		hd, ok := newHidden(&v)
		if !ok || !h.sample(o, &hd) {
			t.Fatalf("decision %d: no deal found", i)
		}
		for s := range shengji.Seat(rules.NumPlayers()) {
			for g := range shengji.Group(shengji.NumGroups) {
				if s != o.Seat && hd.nopair[s][g] && h.hands[s].Within(v.ord.Faces(g)).Two != 0 {
					nopairs++
				}
			}
		}
		checked++
		var sum card.Multi
		for s := range shengji.Seat(rules.NumPlayers()) {
			got := h.hands[s]
			if s == o.Seat {
				if got != o.Hand {
					t.Fatalf("decision %d: own hand %s, holds %s", i, got, o.Hand)
				}
				continue
			}
			if got.Len() != o.Counts[s] {
				t.Fatalf("decision %d: seat %s dealt %d cards, holds %d", i, s, got.Len(), o.Counts[s])
			}
			for c := range got.All() {
				if v.void[s][v.ord.Group(c)] {
					relaxed++
					break
				}
			}
			var err error
			if sum, err = sum.Sum(got); err != nil {
				t.Fatalf("decision %d: %v", i, err)
			}
		}
		if h.kitty.Len() != rules.KittySize() {
			t.Fatalf("decision %d: kitty of %d cards", i, h.kitty.Len())
		}
		if !o.Kitty.IsEmpty() && h.kitty != o.Kitty {
			t.Fatalf("decision %d: the banker's own kitty %s sampled as %s", i, o.Kitty, h.kitty)
		}
		if o.Kitty.IsEmpty() {
			sum, _ = sum.Sum(h.kitty)
		}
		if sum != v.unknown {
			t.Fatalf("decision %d: dealt %s, unseen %s", i, sum, v.unknown)
		}
		for _, bid := range o.Bids.All() {
			if bid.Seat == o.Seat {
				continue
			}
			if still := bid.Cards.Minus(playedBy(o, bid.Seat)).Intersect(v.unknown); !h.hands[bid.Seat].Contains(still) {
				t.Fatalf("decision %d: seat %s showed %s but was dealt %s", i, bid.Seat, bid.Cards, h.hands[bid.Seat])
			}
		}
	}
	if checked < 50*max(hands, 1) {
		t.Fatalf("only %d decisions checked", checked)
	}
	if relaxed > checked/20 {
		t.Errorf("%d of %d deals ignored a void shown", relaxed, checked)
	}
	if nopairs > checked/20 {
		t.Errorf("%d of %d deals gave a seat a pair it showed it lacks", nopairs, checked)
	}
	t.Logf("%d deals checked, %d ignored a void, %d a missing pair", checked, relaxed, nopairs)
}

// TestHard_CandidatesDistinct: the plays Hard compares are legal, distinct
// and at most Width, Greedy's choice among them, at the standard table and
// at friends-6.
func TestHard_CandidatesDistinct(t *testing.T) {
	for _, name := range []string{"standard", "friends-6"} {
		t.Run(name, func(t *testing.T) { candidatesDistinct(t, preset(t, name)) })
	}
}

func candidatesDistinct(t *testing.T, rules shengji.Rules) {
	hands := 4
	if rules.NumPlayers() > 4 {
		hands = 2
	}
	obs := playObservationsAt(t, rules, hands)
	h := NewHard(rand.New(rand.NewPCG(5, 5)))
	h.Width = 6
	for i := range obs {
		o := &obs[i]
		v := newView(o)
		h.candidates(&v)
		if len(h.cands) == 0 || len(h.cands) > h.Width {
			t.Fatalf("decision %d: %d candidates", i, len(h.cands))
		}
		g, _ := NewGreedy(rand.New(rand.NewPCG(5, 6))).Act(o)
		found := false
		for j, c := range h.cands {
			if c.m == g.Cards {
				found = true
			}
			for _, d := range h.cands[:j] {
				if d.m == c.m {
					t.Fatalf("decision %d: %s twice", i, c.m)
				}
			}
			if tr, _ := o.Trick(); tr.Count > 0 {
				if err := o.Order().CheckFollow(tr.Lead(), o.Hand, c.m); err != nil {
					t.Fatalf("decision %d: candidate %s: %v", i, c.m, err)
				}
			} else if !o.Hand.Contains(c.m) {
				t.Fatalf("decision %d: candidate %s not held", i, c.m)
			}
		}
		if !found {
			if tr, _ := o.Trick(); tr.Count == 0 || o.Order().CountFollows(tr.Lead(), o.Hand) <= maxListed {
				t.Fatalf("decision %d: greedy's %s is not among %v", i, g.Cards, h.cands)
			}
		}
	}
}

// TestHard_SearchSaysWhatItFound: at decisions with a choice, Hard's last
// search names its deals and the next best play, in words a hint can
// show, and says it solved exactly in the last tricks; at a forced play
// it says nothing.
func TestHard_SearchSaysWhatItFound(t *testing.T) {
	obs := playObservations(t, 2)
	h := NewHard(rand.New(rand.NewPCG(8, 8)))
	h.Budget, h.MaxSamples, h.EndgameSamples = 40, 4, 3
	said, exact := 0, 0
	for i := range obs {
		o := &obs[i]
		a, ok := h.Act(o)
		if !ok || a.Kind != shengji.Play {
			t.Fatalf("decision %d: %v %v", i, a, ok)
		}
		s := h.LastSearch()
		text := s.Text(func(c card.Multi) string { return c.String() })
		if s.Candidates < 2 {
			if text != "" {
				t.Fatalf("decision %d: a forced play explained as %q", i, text)
			}
			continue
		}
		if !strings.Contains(text, "deals of the cards you cannot see") || !strings.Contains(text, s.NextCards.String()) || s.NextCards == a.Cards {
			t.Fatalf("decision %d: %q (next best %s, played %s)", i, text, s.NextCards, a.Cards)
		}
		said++
		if s.Exact {
			exact++
			if !strings.Contains(text, "solved exactly") {
				t.Fatalf("decision %d: exact search said as %q", i, text)
			}
		}
	}
	if said < 20 || exact == 0 {
		t.Fatalf("%d searches explained, %d exact", said, exact)
	}
}

// TestHard_PlaysLevelNT: at the no-trump level (no_trump_rank, level NT:
// only the jokers trump, nobody declares) hard and expert play whole
// hands legally, declaring nothing, banker or attackers.
func TestHard_PlaysLevelNT(t *testing.T) {
	rules := shengji.Standard()
	rules.NoTrumpRank = true
	for seed := range uint64(2) {
		deck, err := card.ShuffledPacks(rand.New(rand.NewPCG(seed, 7)), 2, true)
		if err != nil {
			t.Fatal(err)
		}
		h, err := shengji.NewHand(rules, deck, 0, shengji.Seat(seed), shengji.LevelNT)
		if err != nil {
			t.Fatal(err)
		}
		ps := make([]actor, shengji.NumSeats)
		for s := range ps {
			if s%2 == int(seed) {
				ps[s] = NewHard(rand.New(rand.NewPCG(seed, uint64(s))))
			} else {
				ps[s] = NewExpert(rand.New(rand.NewPCG(seed, uint64(s))))
			}
		}
		if err := playHand(&h, &h, ps); err != nil {
			t.Fatal(err)
		}
		if len(h.Bids()) > 0 {
			t.Fatalf("hand %d: declarations %v at level NT", seed, h.Bids())
		}
		if !h.Over() {
			t.Fatalf("hand %d not over", seed)
		}
	}
}
