package sjbot

import (
	"math/rand/v2"
	"testing"

	"felt/card"
	"felt/shengji"
)

// spades2 is the trump of the scenarios: spades, level two.
var spades2 = shengji.Trump{Suit: card.Spades, Level: card.Two}

// trickObs returns the observation of seat me, to play in the first trick
// after the plays given (from leader on), holding hand.
func trickObs(me, leader shengji.Seat, hand string, plays ...string) shengji.Observation {
	o := shengji.Observation{
		Seat: me, Rules: shengji.Standard(), Phase: shengji.PlayPhase, Level: card.Two,
		Banker: 0, Trump: spades2, Dealt: shengji.DealSize, Turn: me,
		Hand: card.MustParseMulti(hand),
	}
	t := shengji.Trick{Leader: leader, Winner: shengji.NoSeat}
	for i, p := range plays {
		t.Plays[(leader+shengji.Seat(i))%shengji.NumSeats] = card.MustParseMulti(p)
	}
	t.Count = len(plays)
	if err := o.Tricks.Append(t); err != nil {
		panic(err) // a test's own first trick
	}
	n := o.Hand.Len()
	for s := range o.Counts {
		o.Counts[s] = n
	}
	return o
}

func act(t *testing.T, o shengji.Observation) card.Multi {
	t.Helper()
	a, ok := NewGreedy(rand.New(rand.NewPCG(1, 2))).Act(&o)
	if !ok || a.Kind != shengji.Play {
		t.Fatalf("greedy did not play: %v %v", a, ok)
	}
	if tr, _ := o.Trick(); tr.Count > 0 {
		if err := o.Order().CheckFollow(tr.Lead(), o.Hand, a.Cards); err != nil {
			t.Fatalf("greedy played %s: %v", a, err)
		}
	}
	return a.Cards
}

func TestGreedy_Follows(t *testing.T) {
	for _, tc := range []struct {
		name      string
		me, lead  shengji.Seat
		hand      string
		plays     []string
		want, not string
	}{
		{name: "never overtakes a winning partner, even with points", me: 3, lead: 0, hand: "TH 4H 3D", plays: []string{"3H", "8H", "6H"}, want: "4H"},
		{name: "never overtakes a winning partner", me: 3, lead: 1, hand: "KH 4H 9H 3D", plays: []string{"QH", "3H"}, not: "KH"},
		{name: "feeds points to a partner's trick when last", me: 3, lead: 0, hand: "KH 5H 4H 3D", plays: []string{"3H", "QH", "6H"}, want: "5H"},
		{name: "does not feed a partner's trick an opponent after may take", me: 3, lead: 1, hand: "KH 5H 4H 3D", plays: []string{"QH", "3H"}, want: "4H"},
		{name: "feeds the most points it can without overtaking", me: 3, lead: 1, hand: "AH KH 5H 4H", plays: []string{"AH", "3H"}, want: "KH"},
		{name: "wins as cheaply as it can", me: 3, lead: 0, hand: "AH JH 4H 3D", plays: []string{"9H", "3H", "TH"}, want: "JH"},
		{name: "trumps a plain trick worth points when void", me: 3, lead: 0, hand: "3S AS 4D 3D", plays: []string{"KH", "3H", "TH"}, want: "3S"},
		{name: "gives no points to a trick it cannot win", me: 3, lead: 0, hand: "KH 4H 3D", plays: []string{"AH", "3H", "6H"}, want: "4H"},
		{name: "keeps its pair", me: 1, lead: 0, hand: "4H 4H 6H 3D", plays: []string{"AH"}, want: "6H"},
		{name: "keeps its tractor when discarding", me: 1, lead: 0, hand: "3D 3D 4D 4D 9C", plays: []string{"AH"}, want: "9C"},
		{name: "answers a pair with a pair, the lowest", me: 3, lead: 0, hand: "3H 3H 8H 8H 9D", plays: []string{"AH AH", "4H 5H", "6H 7H"}, want: "3H 3H"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := act(t, trickObs(tc.me, tc.lead, tc.hand, tc.plays...))
			if tc.want != "" && got != card.MustParseMulti(tc.want) {
				t.Errorf("played %s, want %s", got, tc.want)
			}
			if tc.not != "" && got == card.MustParseMulti(tc.not) {
				t.Errorf("played %s", got)
			}
		})
	}
}

func TestGreedy_Leads(t *testing.T) {
	// every other heart above the pair of aces is out: the aces are masters
	o := trickObs(0, 0, "AH AH 3H 3C 5D")
	if got := act(t, o); got != card.MustParseMulti("AH AH") {
		t.Errorf("led %s, want the unbeatable pair AH AH", got)
	}
	// nothing unbeatable: lead low, no points, no broken pair
	o = trickObs(0, 0, "KH 3C 9D 9D 5H")
	if got := act(t, o); got != card.MustParseMulti("3C") {
		t.Errorf("led %s, want 3C", got)
	}
}

func TestGreedy_Bury(t *testing.T) {
	ord := spades2.Order()
	// 33 cards: trumps, pairs, points and aces to keep, and plenty of low
	// plain singles to bury
	hand := card.MustParseMulti("BJ SJ 2H 2S AS KS 3S QH QH KH 5H TH AD 3D 4D 6D 7D 8D 9D JD 3C 4C 6C 7C 8C 9C JC QC AC 3H 4H 6H 7H")
	if hand.Len() != 33 {
		t.Fatalf("hand has %d cards", hand.Len())
	}
	got := bury(ord, hand, shengji.KittySize)
	if got.Len() != shengji.KittySize || !hand.Contains(got) {
		t.Fatalf("buried %s", got)
	}
	for c := range got.All() {
		switch {
		case ord.Group(c) == shengji.Trumps:
			t.Errorf("buried the trump %s", c)
		case hand.Two.Has(c):
			t.Errorf("buried a card of the pair %s", c)
		case shengji.CardPoints(c) > 0:
			t.Errorf("buried the point card %s", c)
		case ord.Step(c) == ord.Steps(ord.Group(c))-1:
			t.Errorf("buried the ace %s", c)
		}
	}
	// a short cheap suit is emptied: hearts here are 3H 4H 6H 7H and QH
	// QH KH 5H TH, not cheap; no short cheap suit, so the lowest go
	short := card.MustParseMulti("BJ SJ 2H 2S AS KS 3S QS QS KH KH 5H TH AD KD QD QD JD JD 9D 9D 8D 8D 3C 4C 6C TC KC 5C 5C 7H 8H 9H")
	got = bury(ord, short, shengji.KittySize)
	if !got.Contains(card.MustParseMulti("7H 8H 9H")) {
		t.Errorf("buried %s, want the plain hearts 7H 8H 9H (emptying what it can cheaply)", got)
	}
}

func TestGreedy_Declares(t *testing.T) {
	dealObs := func(hand string, bids ...shengji.Bid) shengji.Observation {
		o := shengji.Observation{Seat: 1, Rules: shengji.Standard(), Phase: shengji.DealPhase, Level: card.Two,
			Banker: shengji.NoSeat, Trump: shengji.Trump{Suit: card.NoSuit, Level: card.Two}, Turn: shengji.NoSeat,
			Hand: card.MustParseMulti(hand)}
		o.Dealt = 4 * o.Hand.Len()
		for _, b := range bids {
			if err := o.Bids.Append(b); err != nil {
				t.Fatal(err)
			}
			_, suit, _ := shengji.DeclarationRank(b.Cards, card.Two)
			o.Trump.Suit = suit
		}
		o.ToAct = shengji.SeatsOf(1)
		return o
	}
	g := NewGreedy(rand.New(rand.NewPCG(1, 1)))
	strong := "2H 3H 5H 9H KH BJ 4C 7D 8S QH"
	o := dealObs(strong)
	if a, ok := g.Act(&o); !ok || a != shengji.DeclareAction(card.MustParseMulti("2H")) {
		t.Errorf("with 6 of 10 cards trumps in hearts: %v %v, want bid 2H", a, ok)
	}
	weak := "2H 3C 5C 9D KS 4C 7D 8S QD JC"
	o = dealObs(weak)
	if a, ok := g.Act(&o); ok {
		t.Errorf("with 1 of 10 cards trumps in hearts it declared %v", a)
	}
	partner := shengji.Bid{Seat: 3, Cards: card.MustParseMulti("2D"), Rank: shengji.BidSingle}
	o = dealObs(strong, partner)
	if a, ok := g.Act(&o); ok {
		t.Errorf("over its partner's declaration it declared %v", a)
	}
	mine := shengji.Bid{Seat: 1, Cards: card.MustParseMulti("2H"), Rank: shengji.BidSingle}
	o = dealObs("2H 2H 3C 5C 9D KS 4C 7D 8S QD", mine)
	if a, ok := g.Act(&o); !ok || a != shengji.DeclareAction(card.MustParseMulti("2H 2H")) {
		t.Errorf("holding the pair of its standing single: %v %v, want to reinforce", a, ok)
	}
}
