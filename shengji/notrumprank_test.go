package shengji

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"felt/card"
)

// The house rule no_trump_rank (Rules.NoTrumpRank): the levels go on past
// A to NT, a hand played without a trump suit and without a level rank.

func ntRules() Rules { return Rules{StartLevel: card.Two, NoTrumpRank: true} }

func TestNoTrumpRank_OnlyTheJokersAreTrumps(t *testing.T) {
	tr := Trump{card.NoSuit, LevelNT}
	if !tr.IsValid() || tr.String() != "none NT" {
		t.Fatalf("%v: valid %v", tr, tr.IsValid())
	}
	o := tr.Order()
	for _, c := range card.AllFaces.Cards() {
		if tr.IsTrump(c) != c.IsJoker() {
			t.Errorf("%s: trump %v at level NT", c, tr.IsTrump(c))
		}
		switch {
		case c.IsJoker():
			if o.Group(c) != Trumps {
				t.Errorf("%s in %s", c, o.Group(c))
			}
		case o.Group(c) != Group(c.Suit()) || o.Step(c) != power(c.Rank()):
			// every rank keeps its place in its suit, 2 lowest, A highest
			t.Errorf("%s: group %s step %d, want %s step %d", c, o.Group(c), o.Step(c), Group(c.Suit()), power(c.Rank()))
		}
	}
	if o.Step(card.SmallJoker) != 0 || o.Step(card.BigJoker) != 1 || o.Steps(Trumps) != 2 {
		t.Errorf("jokers at steps %d and %d of %d", o.Step(card.SmallJoker), o.Step(card.BigJoker), o.Steps(Trumps))
	}
	for _, g := range []Group{Spades, Hearts, Diamonds, Clubs} {
		if o.Steps(g) != 13 {
			t.Errorf("%s has %d steps, want all 13 ranks", g, o.Steps(g))
		}
	}
	if (Rules{StartLevel: card.Two, NoLevelTractors: true}).Order(tr).Steps(Trumps) != 2 {
		t.Errorf("without level tractors the jokers still sit side by side (there is no level rank)")
	}
}

func TestNoTrumpRank_Tractors(t *testing.T) {
	for _, c := range []struct {
		name  string
		cards string
		want  []string
	}{
		{"2 and 3 are neighbours: no level rank stands between them", "2S 2S 3S 3S", []string{"2S 2S 3S 3S"}},
		{"K and A are neighbours", "KH KH AH AH", []string{"KH KH AH AH"}},
		{"the joker pairs make a tractor", "SJ SJ BJ BJ", []string{"SJ SJ BJ BJ"}},
		{"an ace pair is no trump: no tractor with the jokers", "AS AS SJ SJ", nil},
		{"with three packs, triples of the same suit", "9D 9D 9D TD TD TD", []string{"9D 9D 9D TD TD TD"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := Trump{card.NoSuit, LevelNT}.Order()
			m := mm(c.cards)
			if _, ok := o.GroupOf(m); !ok {
				if c.want != nil {
					t.Fatalf("%s spans groups", m)
				}
				return
			}
			if got := ltUnits(o, m); !slices.Equal(got, c.want) {
				t.Errorf("%q, want %q", got, c.want)
			}
		})
	}
}

func TestNoTrumpRank_TrumpReadsAndWrites(t *testing.T) {
	for _, lv := range []string{"NT", "nt", " Nt "} {
		tr, err := ParseTrump("none", lv)
		if err != nil || tr != (Trump{card.NoSuit, LevelNT}) {
			t.Errorf("ParseTrump(none, %q) = %v, %v", lv, tr, err)
		}
	}
	if _, err := ParseTrump("S", "NT"); !errors.Is(err, ErrBadTrump) {
		t.Errorf("a trump suit at level NT: %v", err)
	}
	if _, err := NewTrump(card.Hearts, LevelNT); !errors.Is(err, ErrBadTrump) {
		t.Errorf("NewTrump(H, NT): %v", err)
	}
	b, err := json.Marshal(Trump{card.NoSuit, LevelNT})
	if err != nil || string(b) != `{"suit":"none","level":"NT"}` {
		t.Fatalf("%s, %v", b, err)
	}
	var back Trump
	if err := json.Unmarshal(b, &back); err != nil || back != (Trump{card.NoSuit, LevelNT}) {
		t.Fatalf("read back %v, %v", back, err)
	}
	if LevelString(LevelNT) != "NT" || LevelNumber(LevelNT) != 15 || LevelNumber(card.Ace) != 14 || LevelNumber(card.Two) != 2 {
		t.Errorf("LevelString %q, LevelNumber NT %d A %d 2 %d", LevelString(LevelNT), LevelNumber(LevelNT), LevelNumber(card.Ace), LevelNumber(card.Two))
	}
}

func TestNoTrumpRank_RulesField(t *testing.T) {
	r, err := ParseRules(Standard(), []byte(`{"no_trump_rank": true}`))
	if err != nil || !r.NoTrumpRank {
		t.Fatalf("%+v, %v", r, err)
	}
	if r.TopLevel() != LevelNT || !slices.Equal(r.Defends().Ranks(), []card.Rank{card.Ace, LevelNT}) {
		t.Errorf("top %s, defends %v", LevelString(r.TopLevel()), r.Defends().Ranks())
	}
	if Standard().TopLevel() != card.Ace || !slices.Equal(Standard().Defends().Ranks(), []card.Rank{card.Ace}) {
		t.Errorf("the default top %s, defends %v", LevelString(Standard().TopLevel()), Standard().Defends().Ranks())
	}
	b := must(json.Marshal(r))
	if back, err := ParseRules(Rules{}, b); err != nil || back != r {
		t.Errorf("%s read back as %+v, %v", b, back, err)
	}
	if b := must(json.Marshal(Standard())); json.Valid(b) && string(b) != `{"start_level":"2","bid_after_deal":false,"no_bid":"no-trump","throw_penalty":0}` {
		t.Errorf("the standard rules write %s", b)
	}
	for _, bad := range []string{`{"start_level": "NT"}`, `{"must_defend": ["NT"]}`, `{"no_trump_rank": "yes"}`} {
		if _, err := ParseRules(ntRules(), []byte(bad)); !errors.Is(err, ErrInvalidRules) {
			t.Errorf("%s: %v", bad, err)
		}
	}
}

// TestNoTrumpRank_NobodyDeclaresAtNT: at level NT no card declares, under
// every declaring rule, and the hand is played without a trump suit
// whatever the rule for nobody declaring says (no redeal, no turned-up
// kitty).
func TestNoTrumpRank_NobodyDeclaresAtNT(t *testing.T) {
	for _, c := range []struct {
		name string
		set  func(*Rules)
	}{
		{"declaring during the deal", func(*Rules) {}},
		{"declaring after the deal", func(r *Rules) { r.BidAfterDeal = true }},
		{"a redeal when nobody declares", func(r *Rules) { r.NoBid = NoBidRedeal }},
		{"the kitty turned up when nobody declares", func(r *Rules) { r.NoBid = NoBidTurnUp }},
		{"Finding Friends at six", func(r *Rules) { r.Players, r.NumPacks, r.Friends = 6, 3, FriendsOn }},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := ntRules()
			c.set(&r)
			for seed := range uint64(20) {
				deck := must(card.ShuffledPacks(NewRand(seed), r.Packs(), true))
				h := must(NewHand(r, deck, 1, 3, LevelNT))
				for h.Phase() == DealPhase {
					for s := range Seat(r.NumPlayers()) {
						if ds := h.AppendDeclarations(nil, s); len(ds) != 0 {
							t.Fatalf("seat %s may declare %v at NT", s, ds)
						}
						var o Observation
						h.Observe(s, &o)
						if ds := o.AppendDeclarations(nil); len(ds) != 0 {
							t.Fatalf("seat %s's observation offers %v at NT", s, ds)
						}
						for _, j := range []card.Card{card.SmallJoker, card.BigJoker} {
							if n := h.Cards(s).Count(j); n >= 2 {
								err := h.Check(s, DeclareAction(card.Times(card.Bit(j), n)))
								if !errors.Is(err, ErrWrongPhase) {
									t.Fatalf("seat %s shows %d %s at NT: %v", s, n, j, err)
								}
							}
						}
					}
					if err := h.Deal(); err != nil {
						t.Fatal(err)
					}
				}
				if h.Phase() != BuryPhase || h.Trump() != (Trump{card.NoSuit, LevelNT}) || h.Banker() != 3 || h.NumTurnedUp() != 0 {
					t.Fatalf("after the deal: phase %s trump %s banker %s, %d turned up", h.Phase(), h.Trump(), h.Banker(), h.NumTurnedUp())
				}
			}
		})
	}
}

// TestNoTrumpRank_Levels: A must be defended to go on to NT, NT is the top,
// and only bankers keeping the bank at NT win the game.
func TestNoTrumpRank_Levels(t *testing.T) {
	for _, c := range []struct {
		name   string
		levels [2]string
		banker Seat
		points int
		want   [2]string
		over   bool
	}{
		{"bankers at A keep the bank: on to NT, the game goes on", [2]string{"A", "3"}, 2, 75, [2]string{"NT", "3"}, false},
		{"bankers at A keeping it with 3 levels stop at NT", [2]string{"A", "3"}, 0, 0, [2]string{"NT", "3"}, false},
		{"bankers at NT keep the bank: they win", [2]string{"NT", "3"}, 0, 75, [2]string{"NT", "3"}, true},
		{"bankers at NT lose the bank: play on", [2]string{"NT", "3"}, 0, 160, [2]string{"NT", "5"}, false},
		{"attackers at A taking the bank stay at A: it must be defended", [2]string{"3", "A"}, 0, 200, [2]string{"3", "A"}, false},
		{"attackers at K going up 3 stop at A", [2]string{"3", "K"}, 0, 200, [2]string{"3", "A"}, false},
		{"bankers at K going up 3 stop at A", [2]string{"K", "3"}, 2, 0, [2]string{"A", "3"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := must(NewGame(ntRules(), NewRand(5)))
			lv := func(s string) card.Rank {
				if s == "NT" {
					return LevelNT
				}
				return rk[s]
			}
			g.setTeamLevels([2]card.Rank{lv(c.levels[0]), lv(c.levels[1])})
			finishWith(g, c.banker, c.points)
			if got := [2]string{LevelString(g.Levels()[0]), LevelString(g.Levels()[1])}; got != c.want || g.Over() != c.over {
				t.Fatalf("levels %v over %v, want %v over %v", got, g.Over(), c.want, c.over)
			}
			if c.over {
				return
			}
			if err := g.NextHand(); err != nil {
				t.Fatal(err)
			}
			h := g.Hand()
			h.DealAll()
			if h.Level() == LevelNT && (h.Trump() != Trump{card.NoSuit, LevelNT} || len(h.Bids()) != 0) {
				t.Fatalf("the next hand at NT: trump %s, %d declarations", h.Trump(), len(h.Bids()))
			}
		})
	}
	// without the rule, bankers at A keeping the bank win as before
	g := must(NewGame(Standard(), NewRand(5)))
	g.setTeamLevels([2]card.Rank{card.Ace, card.Three})
	finishWith(g, 0, 75)
	if !g.Over() {
		t.Fatal("without no_trump_rank, keeping the bank at A does not end the game")
	}
}

// TestNoTrumpRank_WholeGames plays whole games by random players from level
// Q with the no-trump rank, at four and at six players: every game ends
// with a banker's side keeping the bank at NT, every hand at NT is played
// without a trump suit and without declarations, and no level goes past
// NT.
func TestNoTrumpRank_WholeGames(t *testing.T) {
	reachedNT := 0
	for _, players := range []int{4, 6} {
		for seed := range uint64(6) {
			r := ntRules()
			r.StartLevel = card.Queen
			if players == 6 {
				r.Players, r.NumPacks, r.Friends = 6, 3, FriendsOn
			}
			g := must(NewGame(r, NewRand(seed)))
			ps := randomPlayers(seed)
			for hands := 0; !g.Over(); hands++ {
				if hands > 400 {
					t.Fatalf("%d players, seed %d: no end after %d hands", players, seed, hands)
				}
				if hands > 0 {
					if err := g.NextHand(); err != nil {
						t.Fatal(err)
					}
				}
				h := g.Hand()
				for !h.Over() {
					if err := playStep(g, h, &ps); err != nil {
						t.Fatalf("hand %d: %v", g.HandNumber(), err)
					}
				}
				if h.Level() == LevelNT {
					reachedNT++
					if h.Trump() != (Trump{card.NoSuit, LevelNT}) || len(h.Bids()) != 0 {
						t.Fatalf("a hand at NT: trump %s, %d declarations", h.Trump(), len(h.Bids()))
					}
				}
				for s := range players {
					if l := g.SeatLevels()[s]; LevelNumber(l) < LevelNumber(r.StartLevel) || l > LevelNT {
						t.Fatalf("seat %d at level %s", s, LevelString(l))
					}
				}
			}
			last := g.History()[len(g.History())-1]
			if !last.Score.BankersKeep || g.Hand().Level() != LevelNT {
				t.Fatalf("%d players, seed %d: the game ended at level %s (kept %v)", players, seed, LevelString(g.Hand().Level()), last.Score.BankersKeep)
			}
		}
	}
	t.Logf("%d hands played at NT", reachedNT)
}
