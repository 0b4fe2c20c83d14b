package shengji

import (
	"errors"
	"testing"

	"pgregory.net/rapid"

	"felt/card"
)

// drawRules draws a rules configuration with every field varied, within
// and around Validate's limits (each field at 0, its default, often), and
// keeps only those Validate accepts.
func drawRules(t *rapid.T) Rules {
	return rapid.Custom(func(t *rapid.T) Rules {
		r := Rules{StartLevel: card.Rank(rapid.IntRange(1, 13).Draw(t, "start_level"))}
		r.Players = rapid.SampledFrom([]int{0, 4, 5, 6, 7, 8, 9, 10}).Draw(t, "players")
		r.NumPacks = rapid.IntRange(0, MaxPacks).Draw(t, "packs")
		if r.NumPacks == 1 {
			r.NumPacks = 0
		}
		r.Friends = FriendsMode(rapid.IntRange(0, 2).Draw(t, "friends"))
		if rapid.IntRange(0, 3).Draw(t, "kitty set") == 0 {
			n, d := r.NumPlayers(), r.DeckSize()
			r.Kitty = d%n + n*rapid.IntRange(0, 4).Draw(t, "kitty")
		}
		r.BidAfterDeal = rapid.Bool().Draw(t, "bid_after_deal")
		r.NoBid = NoBidRule(rapid.IntRange(0, 2).Draw(t, "no_bid"))
		r.ThrowPenalty = rapid.SampledFrom([]int{0, 0, 5, 10, MaxThrowPenalty}).Draw(t, "throw_penalty")
		r.KittyMultiplier = KittyRule(rapid.IntRange(0, 1).Draw(t, "kitty_multiplier"))
		r.NoJokerBids = rapid.Bool().Draw(t, "no joker_bids")
		r.EqualOverride = rapid.Bool().Draw(t, "equal_override")
		r.NoReinforce = rapid.Bool().Draw(t, "no reinforce")
		if rapid.Bool().Draw(t, "level_step set") {
			r.Step = 5 * rapid.IntRange(1, MaxLevelStep/5).Draw(t, "level_step")
		}
		r.NoLevelTractors = rapid.Bool().Draw(t, "no level_tractors")
		r.NoTrumpRank = rapid.Bool().Draw(t, "no_trump_rank")
		if rapid.Bool().Draw(t, "must_defend set") {
			r.MustDefend = RankSet(rapid.IntRange(0, 1<<card.NumRanks-1).Draw(t, "must_defend")) << 1
		}
		return r
	}).Filter(func(r Rules) bool { return r.Validate() == nil }).Draw(t, "rules")
}

// TestRules_ValidTablesDeal: every table Validate accepts fits the arrays
// of a hand, deals equal hands and a kitty of its size, and reads back
// from its JSON; a table it refuses is refused with ErrInvalidRules by
// NewGame too.
func TestRules_ValidTablesDeal(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := drawRules(t)
		n, k := r.NumPlayers(), r.KittySize()
		if r.HandSize() > MaxHandSize || r.HandSize() < 1 || k < 1 || k > MaxKitty || n*r.HandSize()+k != r.DeckSize() {
			t.Fatalf("%+v: %d players, hands of %d, a kitty of %d, %d cards", r, n, r.HandSize(), k, r.DeckSize())
		}
		if r.Calls() > MaxCalls || r.Packs() > n/2+1 {
			t.Fatalf("%+v: %d calls, %d packs", r, r.Calls(), r.Packs())
		}
		back, err := ParseRules(Rules{}, must(r.MarshalJSON()))
		if err != nil || back != r {
			t.Fatalf("%+v read back as %+v, %v", r, back, err)
		}
		bad := r
		bad.Players = MaxPlayers + 1 + rapid.IntRange(0, 5).Draw(t, "players over")
		if _, err := NewGame(bad, NewRand(1)); !errors.Is(err, ErrInvalidRules) {
			t.Fatalf("%+v: NewGame %v, want ErrInvalidRules", bad, err)
		}
	})
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestRules_RandomTablesWholeHands plays, for random valid rules and
// random levels, one to three whole hands of a game by random legal
// players, and checks at every step that every card is in exactly one
// place, and at the end of each hand: the rules' TotalPoints are the
// points of the tricks and the kitty; the score adds up (the attackers'
// trick points, the kitty's multiplier by the last trick's winning play,
// the penalties) and its result is LevelUp of the attackers' points at the
// rules' step; the levels of the side that lost the hand are unchanged,
// those of the winners went up as the level table and the ranks to defend
// say; the next banker is the first seat of the winning side after the
// banker in turn order.
func TestRules_RandomTablesWholeHands(t *testing.T) {
	var st struct {
		checks, hands, redeals, kept, taken, friendsTables, stopped, atNT int
		players                                                           [MaxPlayers + 1]int
	}
	rapid.Check(t, func(rt *rapid.T) {
		r := drawRules(rt)
		seed := rapid.Uint64().Draw(rt, "seed")
		g, err := NewGame(r, NewRand(seed))
		if err != nil {
			rt.Fatal(err)
		}
		n := r.NumPlayers()
		// random levels and ranks defended, then the first hand dealt again
		for s := range n {
			g.levels[s] = card.Rank(rapid.IntRange(1, 13).Draw(rt, "level"))
			if r.TopLevel() == LevelNT && rapid.IntRange(0, 3).Draw(rt, "level at NT") == 0 {
				g.levels[s] = LevelNT
			}
			g.defended[s] = RankSet(rapid.IntRange(0, 1<<(card.NumRanks+1)-1).Draw(rt, "defended")) << 1 & r.Defends()
		}
		g.handNo = 0
		if err := g.deal(0, NoSeat); err != nil {
			rt.Fatal(err)
		}
		ps := randomPlayers(seed)
		chance := rapid.SampledFrom([]float64{0, 0.02, 0.2}).Draw(rt, "declare chance")
		for _, p := range ps {
			p.(*randomPlayer).declareChance = chance
		}
		st.checks++
		st.players[n]++
		if r.PlayFriends() {
			st.friendsTables++
		}
		for hand := range rapid.IntRange(1, 3).Draw(rt, "hands") {
			if g.Over() {
				break
			}
			if hand > 0 {
				if err := g.NextHand(); err != nil {
					rt.Fatal(err)
				}
			}
			levels, defended := g.SeatLevels(), g.Defended()
			h := g.Hand()
			for !h.Over() {
				if err := playStep(g, h, &ps); err != nil {
					rt.Fatalf("hand %d: %v", g.HandNumber(), err)
				}
				accountFor(rt, h)
			}
			st.hands++
			if h.Level() == LevelNT {
				st.atNT++
				if h.Trump() != (Trump{card.NoSuit, LevelNT}) || len(h.Bids()) != 0 || h.Score().Redeal {
					rt.Fatalf("a hand at NT: trump %s, %d declarations, redeal %v", h.Trump(), len(h.Bids()), h.Score().Redeal)
				}
			}
			checkHandEnd(rt, g, levels, defended)
			switch sc := h.Score(); {
			case sc.Redeal:
				st.redeals++
			case sc.BankersKeep:
				st.kept++
			default:
				st.taken++
			}
			for s := range n {
				if g.SeatLevels()[s] == levels[s] && !h.Score().Redeal && g.History()[len(g.History())-1].Winners.Has(Seat(s)) && h.Score().LevelsUp > 0 && levels[s] != r.TopLevel() {
					st.stopped++ // a winner held at a rank to defend
				}
			}
		}
	})
	t.Logf("%d random tables (by players %v, %d with Finding Friends): %d hands (%d at NT), %d kept by the bankers, %d taken by the attackers, %d redealt; %d winners held at a rank to defend",
		st.checks, st.players[MinPlayers:], st.friendsTables, st.hands, st.atNT, st.kept, st.taken, st.redeals, st.stopped)
	if st.kept == 0 || st.taken == 0 || st.friendsTables == 0 || st.stopped == 0 || st.atNT == 0 {
		t.Fatalf("the random tables missed a case: %+v", st)
	}
}

// checkHandEnd checks a game's hand just scored against the levels and
// ranks defended before it.
func checkHandEnd(t *rapid.T, g *Game, levels [MaxSeats]card.Rank, defended [MaxSeats]RankSet) {
	r, h := g.Rules(), g.Hand()
	n := r.NumPlayers()
	sc := h.Score()
	last := g.History()[len(g.History())-1]
	if sc.Redeal {
		if g.SeatLevels() != levels || g.NextBanker() != sc.Banker {
			t.Fatalf("a redeal moved the levels %v → %v or the bank %s → %s", levels, g.SeatLevels(), sc.Banker, g.NextBanker())
		}
		return
	}
	// points: every point of the packs in a trick or the kitty
	pts := 0
	for _, p := range h.SeatPoints() {
		pts += p
	}
	if pts+sc.KittyPoints != r.TotalPoints() {
		t.Fatalf("%d points in the tricks and %d in the kitty, the rules' packs hold %d", pts, sc.KittyPoints, r.TotalPoints())
	}
	// the score, recomputed
	side := sc.Side(r)
	if !side.Has(sc.Banker) || r.PlayFriends() && sc.Friends.Len() > r.Calls() || !r.PlayFriends() && side != sc.Banker.Parity(n) {
		t.Fatalf("banker %s side %s (friends %s, %d calls)", sc.Banker, side, sc.Friends, r.Calls())
	}
	trick := 0
	for s := range Seat(n) {
		if !side.Has(s) {
			trick += h.SeatPoints()[s]
		}
	}
	lt := h.Trick(h.NumTricks() - 1)
	mult := 0
	if !side.Has(lt.Winner) {
		mult = 2
		if r.KittyMultiplier == KittyByFormat {
			mult = 2 * h.Trump().Order().Split(lt.Plays[lt.Winner])[0].Len()
		}
	}
	want := trick + sc.KittyPoints*mult + sc.Penalty
	if sc.TrickPoints != trick || sc.KittyMultiplier != mult || sc.AttackerPoints != want || sc.LastWinner != lt.Winner {
		t.Fatalf("score %+v: want trick points %d, kitty × %d, %d in all", sc, trick, mult, want)
	}
	if sc.Result != LevelUp(sc.AttackerPoints, r.LevelStep()) || sc.Result != refLevelUp(sc.AttackerPoints, r.LevelStep()) {
		t.Fatalf("%d points at step %d: result %+v", sc.AttackerPoints, r.LevelStep(), sc.Result)
	}
	// the levels: the losers' unchanged, the winners' up as far as the
	// table and the ranks to defend let them
	winners := AllSeats(n) &^ side
	if sc.BankersKeep {
		winners = side
	}
	if last.Winners != winners {
		t.Fatalf("the history's winners %s, want %s", last.Winners, winners)
	}
	for s := range Seat(n) {
		got := g.SeatLevels()[s]
		if !winners.Has(s) {
			if got != levels[s] {
				t.Fatalf("seat %s lost the hand and went from %s to %s", s, LevelString(levels[s]), LevelString(got))
			}
			continue
		}
		stops := r.Defends() &^ defended[s]
		if sc.BankersKeep {
			stops &^= 1 << levels[s] // it defended its own rank
		}
		exp := levels[s]
		for range sc.LevelsUp {
			if exp == r.TopLevel() || stops.Has(exp) {
				break
			}
			if exp == card.Ace {
				exp = LevelNT // past A only with the no-trump top rank
				continue
			}
			exp = card.Rank(int(exp)%int(card.King) + 1)
		}
		if got != exp {
			t.Fatalf("seat %s won %+v from %s (defended %v, to defend %v): %s, want %s", s, sc.Result, LevelString(levels[s]),
				defended[s].Ranks(), r.Defends().Ranks(), LevelString(got), LevelString(exp))
		}
	}
	// the next banker: the first winner after the banker
	next := NoSeat
	for i := 1; i <= n && next == NoSeat; i++ {
		if s := sc.Banker.Plus(i, n); winners.Has(s) {
			next = s
		}
	}
	if g.NextBanker() != next || last.NextBanker != next {
		t.Fatalf("banker %s, winners %s: next banker %s, want %s", sc.Banker, winners, g.NextBanker(), next)
	}
	if g.Over() != (sc.BankersKeep && levels[sc.Banker] == r.TopLevel()) {
		t.Fatalf("game over %v with the bankers keeping %v at %s", g.Over(), sc.BankersKeep, LevelString(levels[sc.Banker]))
	}
}
