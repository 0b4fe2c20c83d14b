package shengji

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"felt/card"
)

// order returns the order of a trump written as in the contract.
func order(t testing.TB, suit, level string) *Order {
	t.Helper()
	tr, err := ParseTrump(suit, level)
	if err != nil {
		t.Fatal(err)
	}
	return tr.Order()
}

func multi(t testing.TB, s string) card.Multi {
	t.Helper()
	m, err := card.ParseMulti(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

type followCase struct {
	name             string
	suit, level      string
	lead, hand, play string
	rule             Rule // the rule broken; ignored when legal
	legal            bool
	reason           string // a part of the reason, if not legal
}

func runFollow(t *testing.T, cases []followCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			o := order(t, tt.suit, tt.level)
			err := o.CheckFollow(multi(t, tt.lead), multi(t, tt.hand), multi(t, tt.play))
			if tt.legal {
				if err != nil {
					t.Fatalf("%s on %s from %s: %v, want legal", tt.play, tt.lead, tt.hand, err)
				}
				return
			}
			var fe *FollowError
			if !errors.As(err, &fe) || !errors.Is(err, ErrIllegalFollow) {
				t.Fatalf("%s on %s from %s: %v, want a FollowError", tt.play, tt.lead, tt.hand, err)
			}
			if fe.Rule != tt.rule || !strings.Contains(fe.Reason, tt.reason) {
				t.Fatalf("%s on %s from %s: rule %v %q, want %v containing %q", tt.play, tt.lead, tt.hand, fe.Rule, fe.Reason, tt.rule, tt.reason)
			}
		})
	}
}

func TestFollow_LedPairWithAPairIfYouHaveOne(t *testing.T) {
	runFollow(t, []followCase{
		{name: "the spec's example", suit: "S", level: "2", lead: "3H 3H", hand: "9H 9H 4H 5H", play: "4H 5H",
			rule: MatchPairs, reason: "you hold the pair 9♥ 9♥: a led pair must be followed with a pair"},
		{name: "pair played", suit: "S", level: "2", lead: "3H 3H", hand: "9H 9H 4H 5H", play: "9H 9H", legal: true},
		{name: "no pair held", suit: "S", level: "2", lead: "3H 3H", hand: "9H 4H 5H", play: "4H 5H", legal: true},
		{name: "trump pair to a trump pair", suit: "H", level: "7", lead: "3H 3H", hand: "7C 7C 7D AH", play: "7D AH",
			rule: MatchPairs, reason: "the pair 7♣ 7♣"},
		{name: "off-suit level cards of two suits are no pair", suit: "H", level: "7", lead: "3H 3H", hand: "7C 7D AH", play: "7D 7C", legal: true},
	})
}

func TestFollow_LedTractorWithoutATractor_PairsThenSuitCards(t *testing.T) {
	runFollow(t, []followCase{
		{name: "tractor held must be played", suit: "S", level: "2", lead: "3H 3H 4H 4H", hand: "9H 9H TH TH 5H 6H", play: "9H 9H 5H 6H",
			rule: MatchTractors, reason: "you hold the tractor 9♥ 9♥ T♥ T♥: a led tractor of 2 pairs must be followed with a tractor of 2 pairs"},
		{name: "tractor played", suit: "S", level: "2", lead: "3H 3H 4H 4H", hand: "9H 9H TH TH 5H 6H", play: "9H 9H TH TH", legal: true},
		{name: "no tractor: both pairs", suit: "S", level: "2", lead: "3H 3H 4H 4H", hand: "9H 9H JH JH 5H 6H", play: "9H 9H 5H 6H",
			rule: MatchPairs, reason: "a led tractor of 2 pairs must be followed with 2 pairs"},
		{name: "no tractor: two pairs played", suit: "S", level: "2", lead: "3H 3H 4H 4H", hand: "9H 9H JH JH 5H 6H", play: "9H 9H JH JH", legal: true},
		{name: "one pair held: it and suit cards", suit: "S", level: "2", lead: "3H 3H 4H 4H", hand: "9H 9H 5H 6H 7H", play: "9H 5H 6H 7H",
			rule: MatchPairs, reason: "you hold the pair 9♥ 9♥: a led tractor of 2 pairs must be followed with a pair"},
		{name: "one pair held and played", suit: "S", level: "2", lead: "3H 3H 4H 4H", hand: "9H 9H 5H 6H 7H", play: "9H 9H 5H 7H", legal: true},
		{name: "no pairs: any suit cards", suit: "S", level: "2", lead: "3H 3H 4H 4H", hand: "9H 5H 6H 7H AS", play: "9H 5H 6H 7H", legal: true},
		{name: "no pairs: suit cards before others", suit: "S", level: "2", lead: "3H 3H 4H 4H", hand: "9H 5H 6H 7H AS", play: "9H 5H 6H AS",
			rule: FollowGroup, reason: "play only hearts, not A♠"},
		{name: "three-pair tractor led, a two-pair tractor need not be played", suit: "S", level: "2", lead: "3H 3H 4H 4H 5H 5H", hand: "9H 9H TH TH KH KH", play: "9H 9H TH TH KH KH", legal: true},
		{name: "three-pair tractor led, three pairs owed", suit: "S", level: "2", lead: "3H 3H 4H 4H 5H 5H", hand: "9H 9H TH TH KH KH 6H", play: "9H 9H TH TH KH 6H",
			rule: MatchPairs, reason: "3 pairs of hearts"},
		{name: "a tractor out of a longer one", suit: "S", level: "2", lead: "3H 3H 4H 4H", hand: "9H 9H TH TH JH JH", play: "TH TH JH JH", legal: true},
		{name: "a non-tractor out of a longer one", suit: "S", level: "2", lead: "3H 3H 4H 4H", hand: "9H 9H TH TH JH JH", play: "9H 9H JH JH",
			rule: MatchTractors},
	})
}

func TestFollow_ShortSuit_AllOfItThenAnything(t *testing.T) {
	runFollow(t, []followCase{
		{name: "all hearts then anything", suit: "S", level: "2", lead: "3H 3H 4H 4H", hand: "9H 9H AC KD", play: "9H 9H AC KD", legal: true},
		{name: "a heart kept back", suit: "S", level: "2", lead: "3H 3H 4H 4H", hand: "9H 9H AC KD 5C", play: "9H AC KD 5C",
			rule: ShortGroup, reason: "you hold only 2 cards of hearts (9♥ 9♥): play all of them"},
		{name: "void: anything, trumps included", suit: "S", level: "2", lead: "3H 3H", hand: "AS 2D KC", play: "AS 2D", legal: true},
		{name: "one trump short on a trump lead", suit: "H", level: "2", lead: "BJ BJ", hand: "SJ 3C 4C", play: "3C 4C",
			rule: ShortGroup, reason: "1 card of trumps (SJ)"},
	})
}

func TestFollow_SameNumberOfCards(t *testing.T) {
	runFollow(t, []followCase{
		{name: "too few", suit: "S", level: "2", lead: "3H 3H", hand: "9H 9H 4H", play: "9H",
			rule: SameCount, reason: "the lead has 2 cards: play 2, not 1"},
		{name: "too many", suit: "S", level: "2", lead: "3H", hand: "9H 9H 4H", play: "9H 4H", rule: SameCount},
	})
}

func TestFollow_Throw_TractorsLongestFirstThenPairs(t *testing.T) {
	runFollow(t, []followCase{
		{name: "tractor and pair of the throw answered", suit: "S", level: "2",
			lead: "QH QH KH KH AH AH 9H 9H 8H", hand: "3H 3H 4H 4H 5H 5H 7H 7H TH 6H", play: "3H 3H 4H 4H 5H 5H 7H 7H 6H", legal: true},
		{name: "pairs in all owed", suit: "S", level: "2",
			lead: "QH QH KH KH AH AH 9H 9H 8H", hand: "3H 3H 4H 4H 5H 5H 7H 7H TH 6H", play: "3H 3H 4H 4H 5H 5H 7H TH 6H",
			rule: MatchPairs, reason: "a throw with tractors of 3 pairs and 4 pairs in all must be followed with 4 pairs"},
		{name: "the tractor owed before pairs", suit: "S", level: "2",
			lead: "QH QH KH KH AH AH 9H 9H 8H", hand: "3H 3H 4H 4H 5H 5H 7H 7H 9H TH 6H", play: "3H 3H 4H 4H 7H 7H 5H 9H TH",
			rule: MatchTractors, reason: "tractors of 3 pairs"},
		{name: "two tractors through the off-suit level step", suit: "S", level: "2",
			lead: "3H 3H 4H 4H 6H 6H 7H 7H", hand: "AS AS 2H 2H 2D 2D 2S 2S", play: "AS AS 2H 2H 2D 2D 2S 2S", legal: true},
	})
}

func TestFollow_RefusesBadInput(t *testing.T) {
	o := order(t, "S", "2")
	if err := o.CheckFollow(multi(t, "3H 3S"), multi(t, "4H 4C"), multi(t, "4H 4C")); !errors.Is(err, ErrBadLead) {
		t.Errorf("mixed lead: %v, want ErrBadLead", err)
	}
	if err := o.CheckFollow(card.Multi{}, multi(t, "4H"), card.Multi{}); !errors.Is(err, ErrBadLead) {
		t.Errorf("empty lead: %v, want ErrBadLead", err)
	}
	err := o.CheckFollow(multi(t, "3H"), multi(t, "4H"), multi(t, "5H"))
	if !errors.Is(err, ErrNotHeld) || !strings.Contains(err.Error(), "5H") {
		t.Errorf("play not in hand: %v, want ErrNotHeld naming 5H", err)
	}
}

// TestFollow_AgainstBruteForce compares CheckFollow with the reference,
// which tries every subset of the hand of the lead's size and keeps those
// that follow the rules best (most cards of the led group, then the lead's
// tractors answered longest first, then pairs), on random situations drawn
// from crowded pools so that pairs, tractors and throws are common.
func TestFollow_AgainstBruteForce(t *testing.T) {
	n := 10000
	if testing.Short() {
		n = 1000
	}
	rng := rand.New(rand.NewPCG(8, 1))
	places := map[Trump]map[card.Card]refPlace{}
	plays, legalPlays, throws, multiTractor := 0, 0, 0, 0
	for i := 0; i < n; {
		tr := randomTrump(rng)
		if places[tr] == nil {
			places[tr] = refOrder(tr)
		}
		o := tr.Order()
		pool := crowdedPool(rng, tr)
		big := rng.IntN(4) == 0
		lead := drawLead(rng, o, &pool, big)
		if rng.IntN(5) == 0 {
			lead = drawTractors(rng, o, &pool)
		}
		rl, ok := refSplitLead(places[tr], lead)
		if !ok {
			continue
		}
		i++
		size := rl.n + rng.IntN(8)
		if big {
			size = rl.n + rng.IntN(5)
		}
		hand := drawPairy(rng, &pool, size)
		if hand.Len() < rl.n {
			continue
		}
		if len(rl.tractors)+rl.pairs > 1 && rl.n > max(1, 2*maxOr0(rl.tractors)) {
			throws++
		}
		if len(rl.tractors) > 1 {
			multiTractor++
		}
		legal, all := refLegalFollows(places[tr], rl, hand)
		if len(legal) == 0 {
			t.Fatalf("no legal follow to %s from %s", lead, hand)
		}
		isLegal := map[card.Multi]bool{}
		for _, p := range legal {
			isLegal[p] = true
		}
		for _, p := range all {
			err := o.CheckFollow(lead, hand, p)
			if (err == nil) != isLegal[p] {
				t.Fatalf("trump %v lead %s hand %s play %s: CheckFollow %v, reference legal %v",
					tr, lead, hand, p, err, isLegal[p])
			}
			if err != nil && !errors.Is(err, ErrIllegalFollow) {
				t.Fatalf("CheckFollow error %v is not a FollowError", err)
			}
			plays++
		}
		legalPlays += len(legal)
	}
	t.Logf("%d situations (%d throws, %d with several tractors), %d plays compared, %d legal", n, throws, multiTractor, plays, legalPlays)
}

func maxOr0(xs []int) int {
	m := 0
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}

// drawLead draws a lead of one group out of the pool: a few faces of one
// group, mostly as pairs; with big, enough of them for throws with several
// tractors.
func drawLead(rng *rand.Rand, o *Order, pool *card.Multi, big bool) card.Multi {
	g := Group(rng.IntN(NumGroups))
	in := pool.Within(o.Faces(g))
	faces := in.Two.Cards()
	rng.Shuffle(len(faces), func(i, j int) { faces[i], faces[j] = faces[j], faces[i] })
	want := 1 + rng.IntN(5)
	if big {
		want = 8 + rng.IntN(3)
	}
	var lead card.Multi
	for _, c := range faces {
		if lead.Len() >= want {
			break
		}
		copies := 1
		if rng.IntN(3) > 0 && lead.Len()+2 <= want {
			copies = 2
		}
		for range copies {
			_ = lead.Add(c)
			_ = pool.Remove(c)
		}
	}
	return lead
}

// drawPairy draws about n cards from the pool, taking both copies of a face
// half the time.
func drawPairy(rng *rand.Rand, pool *card.Multi, n int) card.Multi {
	var out card.Multi
	for out.Len() < n {
		cs := pool.Cards()
		if len(cs) == 0 {
			break
		}
		c := cs[rng.IntN(len(cs))]
		_ = pool.Remove(c)
		_ = out.Add(c)
		if out.Len() < n && rng.IntN(2) == 0 && pool.Has(c) {
			_ = pool.Remove(c)
			_ = out.Add(c)
		}
	}
	return out
}

// drawTractors draws a lead of up to three tractors (and a single) of one
// group from the pool, if it can.
func drawTractors(rng *rand.Rand, o *Order, pool *card.Multi) card.Multi {
	g := Group(rng.IntN(NumGroups))
	var lead card.Multi
	for range 3 {
		l := 2 + rng.IntN(2)
		s := rng.IntN(max(1, o.Steps(g)-l+1))
		var u card.Multi
		for st := s; st < s+l && st < o.Steps(g); st++ {
			f := pool.Two & o.AtStep(g, st)
			if f == 0 {
				u = card.Multi{}
				break
			}
			f &= -f
			u.One |= f
			u.Two |= f
		}
		if u.Len() != 2*l {
			continue
		}
		lead, _ = lead.Sum(u)
		*pool = pool.Minus(u)
	}
	if in := pool.One & o.Faces(g); in != 0 && rng.IntN(2) == 0 {
		c := in.Cards()[0]
		_ = lead.Add(c)
		_ = pool.Remove(c)
	}
	return lead
}
