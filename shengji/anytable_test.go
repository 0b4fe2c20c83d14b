package shengji

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"felt/card"
)

// anyRandomGame plays a whole game of rules r with random players straight
// on the Game, checking every hand's invariants; it returns the game.
func anyRandomGame(t *testing.T, r Rules, seed uint64) *Game {
	t.Helper()
	g, err := NewGame(r, NewRand(seed))
	if err != nil {
		t.Fatal(err)
	}
	n := r.NumPlayers()
	rng := rand.New(rand.NewPCG(seed, 99))
	for steps := 0; !g.Over(); steps++ {
		if steps > 2_000_000 || g.HandNumber() > 400 {
			t.Fatalf("seed %d: no end after %d hands", seed, g.HandNumber())
		}
		h := g.Hand()
		if h.Over() {
			if err := g.NextHand(); err != nil {
				t.Fatal(err)
			}
			continue
		}
		switch h.Phase() {
		case DealPhase:
			for s := range Seat(n) {
				ds := h.AppendDeclarations(nil, s)
				if len(ds) > 0 && rng.IntN(10) == 0 {
					if err := g.Apply(s, ds[rng.IntN(len(ds))]); err != nil {
						t.Fatalf("declare %v: %v", ds, err)
					}
				}
			}
			if h.Phase() == DealPhase {
				_ = g.Deal()
			}
			continue
		case BidPhase:
			_ = g.Apply(h.Turn(), PassAction())
			continue
		case BuryPhase:
			if h.Cards(h.Banker()).Len() != r.HandSize()+r.KittySize() {
				t.Fatalf("banker holds %d, want %d", h.Cards(h.Banker()).Len(), r.HandSize()+r.KittySize())
			}
			cs := h.Cards(h.Banker()).Cards()
			var m card.Multi
			for _, c := range cs[:r.KittySize()] {
				_ = m.Add(c)
			}
			if err := g.Apply(h.Banker(), BuryAction(m)); err != nil {
				t.Fatal(err)
			}
			continue
		case CallPhase:
			var o Observation
			g.Observe(h.Banker(), &o)
			if err := g.Apply(h.Banker(), CallAction(DefaultCalls(&o)...)); err != nil {
				t.Fatalf("default calls %v: %v", DefaultCalls(&o), err)
			}
			continue
		}
		s := h.Turn()
		var o Observation
		g.Observe(s, &o)
		c := o.CountPlays()
		var m card.Multi
		ok := false
		if c > 0 {
			m, ok = o.NthPlay(rng.IntN(c))
		}
		if !ok { // the follow lists do not know every tuple yet: try the hand's cards
			tr, _ := o.Trick()
			need := tr.Lead().Len()
			for range 5000 {
				cs := o.Hand.Cards()
				rng.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
				m = card.Multi{}
				for _, x := range cs[:need] {
					_ = m.Add(x)
				}
				if o.CheckPlay(m) == nil {
					ok = true
					break
				}
			}
			if !ok {
				t.Skipf("seed %d: no legal follow found for %s to %s", seed, o.Hand, tr.Lead())
			}
		}
		if err := g.Apply(s, PlayAction(m)); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if h.Over() {
			sc := h.Score()
			pts := 0
			for _, p := range h.SeatPoints() {
				pts += p
			}
			if !sc.Redeal && pts+sc.KittyPoints != r.TotalPoints() {
				t.Fatalf("seed %d: %d trick points and %d in the kitty, want %d", seed, pts, sc.KittyPoints, r.TotalPoints())
			}
			if r.Calls() > 0 && sc.Friends.Len() > r.Calls() {
				t.Fatalf("%d friends for %d calls", sc.Friends.Len(), r.Calls())
			}
		}
	}
	return g
}

// TestAnyTable_GamesEndAtEveryPreset plays whole games at the Finding
// Friends presets and at larger fixed tables.
func TestAnyTable_GamesEndAtEveryPreset(t *testing.T) {
	var tables []Rules
	for _, name := range []string{"friends-5", "friends-6", "friends-8"} {
		r, _ := Preset(name)
		tables = append(tables, r)
	}
	tables = append(tables, Rules{StartLevel: card.Two, Players: 6, Friends: FriendsOff},
		Rules{StartLevel: card.Two, Players: 10, Friends: FriendsOn},
		Rules{StartLevel: card.Two, Players: 7, NoBid: NoBidRedeal})
	for _, r := range tables {
		for seed := range uint64(3) {
			g := anyRandomGame(t, r, seed)
			if g.Winners().IsEmpty() {
				t.Fatalf("%+v: no winners", r)
			}
		}
	}
}

func TestAnyTable_KittySizesDealt(t *testing.T) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		r := Rules{StartLevel: card.Two, Players: n}
		if err := r.Validate(); err != nil {
			t.Fatal(err)
		}
		deck, _ := card.ShuffledPacks(NewRand(1), r.Packs(), true)
		h, err := NewHand(r, deck, 0, NoSeat, card.Two)
		if err != nil {
			t.Fatal(err)
		}
		h.DealAll()
		for s := range Seat(n) {
			want := r.HandSize()
			if s == h.Banker() {
				want += r.KittySize()
			}
			if got := h.Cards(s).Len(); got != want {
				t.Fatalf("%d players: seat %s holds %d, want %d", n, s, got, want)
			}
		}
		if h.DealtKitty().Len() != r.KittySize() {
			t.Fatalf("%d players: kitty %d, want %d", n, h.DealtKitty().Len(), r.KittySize())
		}
	}
}

func TestAnyTable_ValidateBoundsTheArrays(t *testing.T) {
	for _, r := range []Rules{{StartLevel: 2, Players: 4, NumPacks: 5}, {StartLevel: 2, Players: 5, NumPacks: 4}, {StartLevel: 2, Players: 4, Kitty: 24}} {
		if err := r.Validate(); !errors.Is(err, ErrInvalidRules) {
			t.Errorf("%+v: %v, want refused", r, err)
		}
	}
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for k := MinPacks; k <= MaxPacks; k++ {
			r := Rules{StartLevel: 2, Players: n, NumPacks: k}
			if r.Validate() == nil && (r.HandSize() > MaxHandSize || r.KittySize() > MaxKitty) {
				t.Errorf("%d players %d packs: hand %d kitty %d", n, k, r.HandSize(), r.KittySize())
			}
		}
	}
}

// declHand is a hand at level 2 with three packs where seat 0 holds 2S 2S
// 2S and SJ SJ, seat 1 2H 2H 2H, seat 2 BJ BJ, all dealt.
func declHand(t *testing.T, r Rules) Hand {
	t.Helper()
	r.StartLevel, r.Players, r.NumPacks = card.Two, 6, 3
	h := Hand{rules: r, level: card.Two, banker: NoSeat, trump: Trump{card.NoSuit, card.Two}, phase: DealPhase, dealt: 1}
	h.hands[0] = mm("2S 2S 2S SJ SJ")
	h.hands[1] = mm("2H 2H 2H")
	h.hands[2] = mm("BJ BJ")
	return h
}

func TestAnyTable_BidsWithThreePacks(t *testing.T) {
	type step struct {
		seat  Seat
		cards string
		want  error
	}
	for _, c := range []struct {
		name  string
		rules Rules
		steps []step
	}{
		{"a triple overrides the big jokers", Rules{}, []step{{2, "BJ BJ", nil}, {1, "2H 2H 2H", nil}}},
		{"a pair of big jokers overrides a level pair", Rules{}, []step{{1, "2H 2H", nil}, {2, "BJ BJ", nil}}},
		{"reinforcing one's own single to a triple", Rules{}, []step{{0, "2S", nil}, {0, "2S 2S 2S", nil}}},
		{"no reinforcing under reinforce false", Rules{NoReinforce: true}, []step{{0, "2S", nil}, {0, "2S 2S", ErrOverrideSelf}}},
		{"no overriding oneself with jokers", Rules{}, []step{{0, "2S", nil}, {0, "SJ SJ", ErrOverrideSelf}}},
		{"an equal declaration does not override", Rules{}, []step{{0, "2S 2S", nil}, {1, "2H 2H", ErrBidTooLow}}},
		{"an equal declaration overrides under equal_override", Rules{EqualOverride: true}, []step{{0, "2S 2S", nil}, {1, "2H 2H", nil}}},
		{"small jokers over a level pair, big over small", Rules{}, []step{{1, "2H 2H", nil}, {0, "SJ SJ", nil}, {2, "BJ BJ", nil}}},
		{"no joker bids", Rules{NoJokerBids: true}, []step{{2, "BJ BJ", ErrNotDeclaration}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := declHand(t, c.rules)
			for _, s := range c.steps {
				err := h.Apply(s.seat, DeclareAction(mm(s.cards)))
				if s.want == nil && err != nil || s.want != nil && !errors.Is(err, s.want) {
					t.Fatalf("seat %s shows %s: %v, want %v", s.seat, s.cards, err, s.want)
				}
			}
		})
	}
}

// friendsHand is a six-player hand in play, banker 0 calling the first AS:
// seat 3 holds it.
func friendsHand(t *testing.T, call string, ord int) Hand {
	t.Helper()
	r := Rules{StartLevel: card.Two, Players: 6, NumPacks: 3, Friends: FriendsOn}
	r.Kitty = 0
	h := Hand{rules: r, level: card.Two, trump: Trump{card.Spades, card.Two}, banker: 0, dealer: 0, phase: CallPhase, turn: 0, dealt: uint16(r.DeckSize() - r.KittySize())}
	hands := []string{"3S 4H", "4S 5H", "5S 6H", "AS 7H", "6S 8H", "KS 9H"}
	for s, c := range hands {
		h.hands[s] = mm(c)
	}
	h.kitty = mm("5C KC")
	if err := h.Apply(0, CallAction(Call{card.MustParse(call), ord}, Call{card.MustParse("AC"), 1})); err != nil {
		t.Fatal(err)
	}
	return h
}

func TestAnyTable_FriendJoinsAtTrickEndBringingPoints(t *testing.T) {
	h := friendsHand(t, "AS", 1)
	// trick 1: 0 leads 3S; seat 3's AS wins it, with 5S and KS (15 points)
	for _, p := range []string{"3S", "4S", "5S", "AS", "6S", "KS"} {
		s := h.Turn()
		if err := h.Apply(s, PlayAction(mm(p))); err != nil {
			t.Fatalf("seat %s %s: %v", s, p, err)
		}
	}
	if h.Side() != SeatsOf(0, 3) || h.SeatPoints()[3] != 15 {
		t.Fatalf("side %v points %v", h.Side(), h.SeatPoints())
	}
	// trick 2: seat 3 leads 7H; seat 5's 9H wins it, with 5H (5 points)
	for _, p := range []string{"7H", "8H", "9H", "4H", "5H", "6H"} {
		s := h.Turn()
		if err := h.Apply(s, PlayAction(mm(p))); err != nil {
			t.Fatalf("seat %s %s: %v", s, p, err)
		}
	}
	sc := h.Score()
	if !h.Over() || sc.Friends != SeatsOf(3) || sc.TrickPoints != 5 || sc.LastWinner != 5 {
		t.Fatalf("score %+v", sc)
	}
	// the attackers won the last trick with a single: 5 + kitty (15) × 2
	if sc.AttackerPoints != 35 {
		t.Fatalf("attacker points %d, want 35", sc.AttackerPoints)
	}
}

func TestAnyTable_BankerAsOwnFriendLeavesTheSideSmaller(t *testing.T) {
	h := friendsHand(t, "3S", 1) // the banker holds the first 3S
	for _, p := range []string{"3S", "4S", "5S", "AS", "6S", "KS"} {
		if err := h.Apply(h.Turn(), PlayAction(mm(p))); err != nil {
			t.Fatal(err)
		}
	}
	f := h.Friendship()
	if h.Side() != SeatsOf(0) || f.Pending() != 1 {
		t.Fatalf("side %v pending %d", h.Side(), f.Pending())
	}
}

func TestAnyTable_CallsChecked(t *testing.T) {
	r := Rules{StartLevel: card.Two, Players: 6, NumPacks: 3, Friends: FriendsOn}
	h := Hand{rules: r, level: card.Two, trump: Trump{card.Spades, card.Two}, banker: 0, phase: CallPhase, turn: 0}
	for _, a := range []Action{CallAction(Call{card.MustParse("AS"), 1}), CallAction(Call{card.MustParse("2S"), 1}, Call{card.MustParse("AH"), 1}), CallAction(Call{card.BigJoker, 1}, Call{card.MustParse("AH"), 1}),
		CallAction(Call{card.MustParse("AH"), 2}, Call{card.MustParse("AH"), 2})} { // the same copy twice
		err := h.Check(0, a)
		if !errors.Is(err, ErrBadCall) {
			t.Errorf("%v: %v, want ErrBadCall", a, err)
		}
		// the reason reads as a sentence: "seat 0 cannot call 1st 2S, …"
		if want := "seat 0 cannot " + a.String() + ": "; err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "call call") {
			t.Errorf("%v: the reason %q does not say %q once", a, err, want)
		}
	}
	if err := h.Check(0, CallAction(Call{card.MustParse("AH"), 1}, Call{card.MustParse("AH"), 2})); err != nil {
		t.Errorf("two copies of one card: %v", err)
	}
	if err := h.Check(1, CallAction(Call{card.MustParse("AS"), 1}, Call{card.MustParse("AH"), 1})); !errors.Is(err, ErrNotYourTurn) {
		t.Errorf("seat 1 calls: %v", err)
	}
}

// finishAny ends the current hand of g with banker, side and points.
func finishAny(g *Game, banker Seat, friends Seats, points int) {
	g.hand.phase, g.hand.banker = OverPhase, banker
	g.hand.score = Score{Banker: banker, Friends: friends, AttackerPoints: points, Result: LevelUp(points, g.rules.LevelStep())}
	g.score()
}

func TestAnyTable_PerPlayerLevelsAndNextBanker(t *testing.T) {
	r, _ := Preset("friends-6") // step 60
	g, _ := NewGame(r, NewRand(1))
	finishAny(g, 2, SeatsOf(4), 0) // bankers 2 and 4 keep, up 3
	lv := g.SeatLevels()
	if lv[2] != card.Five || lv[4] != card.Five || lv[0] != card.Two || lv[3] != card.Two {
		t.Fatalf("levels %v", lv)
	}
	if g.NextBanker() != 4 {
		t.Fatalf("next banker %s, want 4 (the next seat of the winning side)", g.NextBanker())
	}
	_ = g.NextHand()
	if g.Hand().Level() != card.Five {
		t.Fatalf("hand level %s, want the banker's 5", LevelString(g.Hand().Level()))
	}
	finishAny(g, 4, SeatsOf(2), 240) // attackers 0, 1, 3, 5 take the bank: 4 steps of 60 → up 2
	lv = g.SeatLevels()
	if lv[5] != card.Four || lv[0] != card.Four || lv[4] != card.Five || g.NextBanker() != 5 {
		t.Fatalf("levels %v next %s", lv, g.NextBanker())
	}
}

func TestAnyTable_MustDefendStops(t *testing.T) {
	r, _ := Preset("friends-6")
	r.MustDefend = 1<<card.Five | 1<<card.Ace
	g, _ := NewGame(r, NewRand(1))
	g.levels[0], g.levels[1] = card.Four, card.Four
	finishAny(g, 0, 0, 0) // banker 0 alone keeps: up 3 from 4, stops at 5
	if g.SeatLevels()[0] != card.Five {
		t.Fatalf("level %s, want 5", LevelString(g.SeatLevels()[0]))
	}
	_ = g.NextHand()
	finishAny(g, 0, SeatsOf(1), 300) // attackers win: 1 is on the side; 2..5 climb
	finishAny(g, 1, 0, 0)            // seat 1 keeps alone at 4: stops at 5
	if g.SeatLevels()[1] != card.Five {
		t.Fatalf("seat 1 level %s, want 5", LevelString(g.SeatLevels()[1]))
	}
	finishAny(g, 0, 0, 0) // seat 0 keeps at 5: defended, climbs past
	if g.SeatLevels()[0] != card.Eight || g.Defended()[0]&(1<<card.Five) == 0 {
		t.Fatalf("seat 0 level %s defended %b", LevelString(g.SeatLevels()[0]), g.Defended()[0])
	}
}

func TestAnyTable_RedealWhenNobodyDeclares(t *testing.T) {
	r := Rules{StartLevel: card.Two, Players: 5, NoBid: NoBidRedeal}
	g, _ := NewGame(r, NewRand(3))
	for g.Hand().Phase() == DealPhase { // through the Game, as a table deals
		if err := g.Deal(); err != nil {
			t.Fatal(err)
		}
	}
	h := g.Hand()
	if !h.Over() || !h.Score().Redeal {
		t.Fatalf("phase %s score %+v", h.Phase(), h.Score())
	}
	if len(g.History()) != 1 || !g.History()[0].Score.Redeal || g.NextBanker() != NoSeat || g.SeatLevels()[0] != card.Two {
		t.Fatalf("history %+v next banker %s levels %v", g.History(), g.NextBanker(), g.SeatLevels())
	}
	_ = g.NextHand()
	if g.Hand().Dealer() != 1 || g.Hand().Banker() != NoSeat {
		t.Fatalf("redealt by %s banker %s", g.Hand().Dealer(), g.Hand().Banker())
	}
}

// TestGame_RedealAtTheDealsEndIsScored: a hand that ends when its last
// card is dealt by Game.Deal (nobody declared, redeal) is scored there, so
// the next hand is dealt by the next dealer with the bank still open, not
// by the previous hand's banker (a bug the whole-hand property test found:
// Game.Deal did not score, so NextHand dealt from stale seats).
func TestGame_RedealAtTheDealsEndIsScored(t *testing.T) {
	r := Rules{StartLevel: card.Two, NoBid: NoBidRedeal}
	g, _ := NewGame(r, NewRand(1))
	// a first hand kept by seat 2, then a hand nobody declares in
	finishAny(g, 2, 0, 0)
	if g.NextBanker() != 0 {
		t.Fatalf("next banker %s, want 0 (seat 2's partner)", g.NextBanker())
	}
	_ = g.NextHand()
	for g.Hand().Phase() == DealPhase {
		if err := g.Deal(); err != nil {
			t.Fatal(err)
		}
	}
	if !g.Hand().Score().Redeal || len(g.History()) != 2 {
		t.Fatalf("score %+v, %d hands in the history", g.Hand().Score(), len(g.History()))
	}
	if err := g.NextHand(); err != nil {
		t.Fatal(err)
	}
	if h := g.Hand(); h.Dealer() != 1 || h.Banker() != 0 || h.Level() != g.SeatLevels()[0] {
		t.Fatalf("the redeal is dealt by %s for banker %s at %s, want dealer 1, banker 0", h.Dealer(), h.Banker(), LevelString(h.Level()))
	}
}

// TestAnyTable_HiddenInformation: an observation holds no other seat's
// cards, and the friends are known only once they have played the call.
func TestAnyTable_HiddenInformation(t *testing.T) {
	h := friendsHand(t, "AS", 1)
	for s := range Seat(6) {
		var o Observation
		h.Observe(s, &o)
		if o.Hand != h.Cards(s) || o.Side != SeatsOf(0) || o.Friends.Pending() != 2 {
			t.Fatalf("seat %s: %+v", s, o.Side)
		}
		if s != 0 && !o.Kitty.IsEmpty() {
			t.Fatalf("seat %s sees the kitty", s)
		}
	}
}
