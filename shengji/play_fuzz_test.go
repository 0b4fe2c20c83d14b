package shengji

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"felt/card"
)

// fuzzDeclarations are the cards a fuzzed seat tries to show.
var fuzzDeclarations = []string{"2S", "2H", "2D", "2C", "2S 2S", "2H 2H", "2D 2D", "2C 2C", "SJ SJ", "BJ BJ", "SJ", "3S", "2S 2H", "SJ BJ", "2S 2S 2H"}

// FuzzBids drives a deal with a sequence of steps read from the input:
// deal a card, or a seat shows some cards. Whatever the sequence: a refused
// declaration changes nothing, an accepted one outranks the one standing
// (or reinforces its own single), at most four are accepted, who may
// declare is who holds a declaration Check accepts, and the trump and
// banker come from the declaration standing when declaring closes.
func FuzzBids(f *testing.F) {
	f.Add(uint64(1), byte(0), []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add(uint64(2), byte(1), bytes.Repeat([]byte{0, 0, 0, 0x2c, 0x4d, 0x8e, 0xcf}, 40))
	f.Add(uint64(3), byte(2), bytes.Repeat([]byte{0, 0x14, 0x35, 0x56, 0x77, 0x98, 0xb9, 0xda, 0xfb}, 30))
	f.Fuzz(func(t *testing.T, seed uint64, variant byte, steps []byte) {
		r := Standard()
		r.BidAfterDeal = variant&1 != 0
		r.NoBid = NoBidRule(variant >> 1 & 1)
		level := card.Two
		if variant&4 != 0 {
			level = card.Rank(1 + int(variant>>3)%13)
		}
		deck, _ := card.ShuffledPacks(rand.New(rand.NewPCG(seed, 1)), 2, true)
		h, err := NewHand(r, deck, Seat(seed%4), NoSeat, level)
		if err != nil {
			t.Fatal(err)
		}
		lv := LevelString(level)
		for _, b := range steps {
			if h.Phase() != DealPhase && h.Phase() != BidPhase {
				break
			}
			if b&3 == 0 || h.Phase() == BidPhase && b&3 == 1 {
				if h.Phase() == BidPhase {
					_ = h.Apply(h.Turn(), PassAction())
				} else {
					_ = h.Deal()
				}
				continue
			}
			seat := Seat(b >> 2 & 3)
			text := strings.ReplaceAll(fuzzDeclarations[int(b>>4)%len(fuzzDeclarations)], "2", lv)
			cards, err := card.ParseMulti(text)
			if err != nil {
				continue // a third copy of a level card: not a hand
			}
			a := DeclareAction(cards)
			before := h
			st, had := h.Standing()
			listed := false
			for _, d := range h.AppendDeclarations(nil, seat) {
				listed = listed || d == a
			}
			err = h.Apply(seat, a)
			if (err == nil) != listed {
				t.Fatalf("seat %s shows %s: Apply %v, listed %v", seat, cards, err, listed)
			}
			if err != nil {
				var ae *ActionError
				if !errors.As(err, &ae) || h != before {
					t.Fatalf("refused %s: %v, hand changed %v", a, err, h != before)
				}
				continue
			}
			now, _ := h.Standing()
			switch {
			case !had:
			case st.Seat == seat && !(st.Rank == BidSingle && now.Rank == BidPair && now.Cards.One == st.Cards.One):
				t.Fatalf("seat %s overrode itself: %v then %v", seat, st, now)
			case st.Seat != seat && now.Rank <= st.Rank:
				t.Fatalf("seat %s's %s does not outrank %v", seat, now.Rank, st)
			}
			if len(h.Bids()) > MaxBids {
				t.Fatalf("%d declarations", len(h.Bids()))
			}
		}
		for h.Phase() == DealPhase || h.Phase() == BidPhase {
			if h.Phase() == BidPhase {
				_ = h.Apply(h.Turn(), PassAction())
			} else {
				_ = h.Deal()
			}
		}
		st, ok := h.Standing()
		switch {
		case ok && (h.Banker() != st.Seat || h.Trump().Suit != declaredSuit(st)):
			t.Fatalf("declaration %v stands, banker %s trump %s", st, h.Banker(), h.Trump())
		case !ok && (h.Banker() != h.Dealer() || r.NoBid == NoBidNoTrump && !h.Trump().IsNoTrump()):
			t.Fatalf("nobody declared, banker %s trump %s", h.Banker(), h.Trump())
		}
	})
}

func declaredSuit(b Bid) card.Suit {
	if b.Cards.One&card.Jokers != 0 {
		return card.NoSuit
	}
	return first(b.Cards).Suit()
}

// fuzzRules reads a table from x: 4 to 10 players, 2 packs up to what
// Validate allows them, Finding Friends on, off or by default, and every
// option varied (the later ones at their defaults when x runs out).
func fuzzRules(x uint64) Rules {
	take := func(n int) int {
		v := int(x % uint64(n))
		x /= uint64(n)
		return v
	}
	r := Standard()
	r.Players = MinPlayers + take(MaxPlayers-MinPlayers+1)
	r.NumPacks = MinPacks + take(min(MaxPacks, r.Players/2+1)-MinPacks+1)
	if r.Friends = FriendsMode(take(3)); r.Friends == FriendsOff && r.Players%2 != 0 {
		r.Friends = FriendsOn
	}
	r.StartLevel = card.Rank(1 + take(13))
	r.BidAfterDeal = take(4) == 0
	r.NoBid = NoBidRule(take(3))
	r.ThrowPenalty = []int{0, 0, 10, MaxThrowPenalty}[take(4)]
	r.KittyMultiplier = KittyRule(take(2))
	r.NoJokerBids = take(4) == 0
	r.EqualOverride = take(3) == 0
	r.NoReinforce = take(4) == 0
	if take(3) == 0 {
		r.Step = 5 * (1 + take(MaxLevelStep/5))
	}
	if take(3) == 0 {
		r.MustDefend = RankSet(take(1<<card.NumRanks)) << 1
	}
	if take(3) == 0 { // another kitty that leaves equal hands
		n := r.NumPlayers()
		if r.Kitty = r.DeckSize()%n + n*take(4); r.Kitty == 0 || r.Validate() != nil {
			r.Kitty = 0
		}
	}
	r.NoLevelTractors = take(3) == 0
	r.NoTrumpRank = take(3) == 0
	return r
}

// fuzzFaces are the 54 faces, for fuzzFace.
var fuzzFaces = card.AllFaces.Cards()

// fuzzFace returns the i-th of the 54 faces (i ≥ 0), round and round.
func fuzzFace(i int) card.Card { return fuzzFaces[i%len(fuzzFaces)] }

// fuzzEvent is one accepted step of a fuzzed game, for its replay.
type fuzzEvent struct {
	kind   uint8 // 0 a card dealt, 1 the next hand, 2 an action
	seat   Seat
	action Action
}

// fuzzGame is a game driven by FuzzActions.
type fuzzGame struct {
	t      *testing.T
	rules  Rules
	seed   uint64
	g      *Game
	log    []fuzzEvent
	looked int  // the seat whose observation is walked next
	op     byte // the step being taken
	stats  struct{ applied, refused, mustRefuse, failedThrows, hands int }
}

// FuzzActions drives a whole game at any table with steps read from the
// input, legal and illegal, from any seat. The rules come from table
// (fuzzRules). A byte's low three bits choose the step, the rest (and for
// some steps the next bytes) its details:
//
//	0  deal some cards, or take some legal actions, or deal the next hand
//	1  the seat in turn takes a legal action listed for it (while the
//	   cards are dealt, a seat shows a declaration it holds)
//	2  a lead or a throw of some cards of one suit-group, some cards to
//	   follow with, a burial of the right size or random friend calls
//	3  the seat in turn's legal action taken by another seat, or by a seat
//	   the table does not have
//	4  an action with cards the seat does not hold
//	5  friend calls that break a rule of calling
//	6  a burial of the wrong size
//	7  an action of any kind, seat and cards from the next bytes
//
// Whatever the input: nothing panics; a refused action is an
// *ActionError, Check and Apply agree and so does the seat's Observation
// (Observation.Check), and it changes nothing in the game; the illegal
// steps (3 to 6) are refused; every card of the packs is in exactly one
// place and the ended tricks' points are the seats'; at the end of a hand
// the points add up; every seat's observation, in turn, holds no card it
// may not see and does not change when hidden cards are exchanged; and at
// the end the accepted steps, replayed on a new game from the same seed,
// give the same game.
func FuzzActions(f *testing.F) {
	// (and the longer inputs of testdata/fuzz/FuzzActions, a game at each
	// size of table)
	f.Add(uint64(1), uint64(0), []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
	f.Add(uint64(7), uint64(6), append(bytes.Repeat([]byte{0xf8}, 40), bytes.Repeat([]byte{0x41, 0x82, 1, 2, 3, 4, 0xc3, 0x09, 0x0b, 0x17, 0, 0, 0x5b, 0x9f, 0xf9, 0xf1}, 60)...))
	f.Fuzz(func(t *testing.T, seed, table uint64, in []byte) {
		fz := &fuzzGame{t: t, rules: fuzzRules(table), seed: seed}
		g, err := NewGame(fz.rules, NewRand(seed))
		if err != nil {
			t.Fatalf("rules %+v: %v", fz.rules, err)
		}
		fz.g = g
		for i := 0; i < len(in) && !g.Over(); i++ {
			i += fz.step(in[i], in[i+1:])
		}
		fz.replay()
		t.Logf("%d players, %d packs, friends %v: hand %d, phase %s, trick %d, game over %v; %d steps applied, %d refused (%d had to be), %d failed throws",
			fz.rules.NumPlayers(), fz.rules.Packs(), fz.rules.PlayFriends(), g.HandNumber(), g.Hand().Phase(), g.Hand().NumTricks(), g.Over(),
			fz.stats.applied, fz.stats.refused, fz.stats.mustRefuse, fz.stats.failedThrows)
	})
}

// sameGame reports whether two games stand the same (their random
// sources aside): every field, by reflection, so that a field added later
// is compared too.
func sameGame(a, b *Game) bool {
	if a.hand != b.hand || !slices.Equal(a.history, b.history) {
		return false
	}
	x, y := reflect.ValueOf(a).Elem(), reflect.ValueOf(b).Elem()
	for i := range x.NumField() {
		switch x.Type().Field(i).Name {
		case "rng", "hand", "history":
		default:
			if !x.Field(i).Equal(y.Field(i)) {
				return false
			}
		}
	}
	return true
}

// snapshot copies g, its history included.
func snapshot(g *Game) Game {
	c := *g
	c.history = slices.Clone(g.history)
	return c
}

// step takes the step of byte b, reading details from rest; it returns
// how many of rest it used.
func (fz *fuzzGame) step(b byte, rest []byte) int {
	g, h := fz.g, fz.g.Hand()
	n := fz.rules.NumPlayers()
	arg := int(b >> 3)
	at := func(i int) int {
		if i < len(rest) {
			return int(rest[i])
		}
		return 0
	}
	if h.Over() {
		if err := g.NextHand(); err != nil {
			fz.t.Fatalf("next hand: %v", err)
		}
		fz.log = append(fz.log, fuzzEvent{kind: 1})
		fz.checkHand()
		return 0
	}
	fz.op = b
	switch b & 7 {
	case 0:
		for range 1 + arg%8 {
			if g.Over() || h.Over() {
				break
			}
			if h.Phase() == DealPhase {
				if err := g.Deal(); err != nil {
					fz.t.Fatalf("deal: %v", err)
				}
				fz.log = append(fz.log, fuzzEvent{kind: 0})
				fz.checkHand()
				continue
			}
			fz.legal(arg + len(fz.log))
		}
	case 1:
		if h.Phase() == DealPhase {
			s := Seat(arg % n)
			ds := h.AppendDeclarations(nil, s)
			if len(ds) == 0 {
				fz.try(s, DeclareAction(card.Multi{One: card.Bit(card.SmallJoker)}), true)
				return 0
			}
			fz.try(s, ds[arg/n%len(ds)], false)
			return 0
		}
		fz.legal(arg)
	case 2:
		s := h.Turn()
		if s == NoSeat {
			s = Seat(arg % n)
		}
		hand := h.Cards(s)
		switch h.Phase() {
		case PlayPhase:
			o := observeAs(g, s)
			tr, _ := o.Trick()
			ord := h.Trump().Order()
			cs := hand.Cards()
			if tr.Count == 0 {
				var gs []Group
				for gr := range Group(NumGroups) {
					if !hand.Within(ord.Faces(gr)).IsEmpty() {
						gs = append(gs, gr)
					}
				}
				cs = hand.Within(ord.Faces(gs[arg%len(gs)])).Cards()
			}
			var m card.Multi
			bitsOf := uint64(at(0)) | uint64(at(1))<<8 | uint64(at(2))<<16 | uint64(at(3))<<24
			for i, c := range cs {
				if bitsOf>>(i%32)&1 != 0 || i == 0 && tr.Count == 0 {
					_ = m.Add(c)
				}
			}
			if tr.Count > 0 {
				m = card.Multi{}
				need := tr.Lead().Len()
				for i := range need {
					_ = m.Add(cs[(i*(1+at(0)%3)+at(1))%len(cs)])
				}
			}
			if err := fz.try(s, PlayAction(m), false); err != nil && tr.Count == 0 {
				fz.t.Fatalf("seat %s's lead of %s, one suit-group, refused: %v", s, m, err)
			}
			return 4
		case BuryPhase:
			m := pickCards(hand.Cards(), fz.rules.KittySize(), at(0), 1+arg%5)
			if err := fz.try(s, BuryAction(m), false); err != nil {
				fz.t.Fatalf("the banker's burial of %s refused: %v", m, err)
			}
			return 1
		case CallPhase:
			var calls []Call
			for i := range fz.rules.Calls() {
				c := card.FromIndex((at(i) + arg) % card.PackSize)
				if c.Rank() == h.Level() {
					c = card.FromIndex((c.Index() + 1) % card.PackSize)
				}
				calls = append(calls, Call{c, 1 + at(i)%fz.rules.Packs()})
			}
			fz.try(s, CallAction(calls...), false)
			return fz.rules.Calls()
		}
		fz.legal(arg)
	case 3:
		s := h.Turn()
		if s == NoSeat {
			return 0
		}
		a, ok := fz.listed(s, arg)
		if !ok {
			return 0
		}
		other := s.Plus(1+arg%(n-1), n)
		if arg >= 24 {
			other = Seat(n + arg%(256-n))
		}
		fz.try(other, a, true)
	case 4:
		s := h.Turn()
		if s == NoSeat {
			s = Seat(arg % n)
		}
		hand := h.Cards(s)
		c := fuzzFace(at(0))
		var m card.Multi
		if cs := hand.Cards(); len(cs) > 0 && h.Phase() == PlayPhase {
			_ = m.Add(cs[at(1)%len(cs)])
		}
		for range min(card.MaxCopies, hand.Count(c)+1) {
			_ = m.Add(c)
		}
		if hand.Count(c) >= card.MaxCopies {
			return 2
		}
		kind := []ActionKind{Declare, Declare, Bury, Play, Play, Play}[h.Phase()]
		if kind == Bury {
			for _, x := range hand.Cards() {
				if m.Len() >= fz.rules.KittySize() {
					break
				}
				if m.Count(x) < hand.Count(x) && x != c {
					_ = m.Add(x)
				}
			}
		}
		fz.try(s, Action{Kind: kind, Cards: m}, true)
		return 2
	case 5:
		s := h.Banker()
		if s == NoSeat {
			s = Seat(arg % n)
		}
		want := fz.rules.Calls()
		calls := make([]Call, max(want, 1))
		for i := range calls {
			c := card.FromIndex(at(i) % card.PackSize)
			if c.Rank() == h.Level() {
				c = card.FromIndex((c.Index() + 1) % card.PackSize)
			}
			calls[i] = Call{c, 1 + at(i)%fz.rules.Packs()}
		}
		bad := &calls[at(0)%len(calls)]
		a := CallAction(calls...)
		switch arg % 7 {
		case 0:
			bad.Card = card.New(h.Level(), card.Suit(arg%4))
		case 1:
			bad.Card = []card.Card{card.SmallJoker, card.BigJoker}[arg%2]
		case 2:
			bad.Ordinal = 0
		case 3:
			bad.Ordinal = fz.rules.Packs() + 1 + arg%3
		case 4:
			if want == 0 || want < MaxCalls && arg%2 == 0 {
				calls = append(calls, calls[0])
			} else {
				calls = calls[:want-1]
			}
		case 5:
			a.NCalls = []int{-1, MaxCalls + 1, len(calls) - 1}[arg%3]
			if a.NCalls == len(calls)-1 && len(calls) > 0 {
				a.Calls[len(calls)-1].Ordinal = 1 // a call past NCalls
			}
			fz.try(s, a, true)
			return len(calls)
		case 6:
			bad.Card = 0
		}
		fz.try(s, CallAction(calls...), true)
		return len(calls)
	case 6:
		s := h.Banker()
		if s == NoSeat {
			s = Seat(arg % n)
		}
		k := fz.rules.KittySize()
		switch arg % 4 {
		case 0:
			k = 0
		case 1:
			k = max(1, k-1-arg%3)
		case 2:
			k += 1 + arg%3
		case 3:
			k = MaxKitty + 1 + arg%3
		}
		if k == fz.rules.KittySize() {
			k++
		}
		cs := h.Cards(s).Cards()
		var m card.Multi
		for i := 0; m.Len() < k && i < 4*k+len(cs); i++ {
			if i < len(cs) {
				_ = m.Add(cs[(i+at(0))%len(cs)])
			} else {
				_ = m.Add(fuzzFace(i))
			}
		}
		fz.try(s, BuryAction(m), true)
		return 1
	case 7:
		if len(rest) < 3 {
			return len(rest)
		}
		var a Action
		a.Kind = ActionKind(rest[0] % 8)
		seat := Seat(rest[1])
		if rest[1] < 128 {
			seat %= Seat(n)
		}
		k := int(rest[2]) % 12
		used := 3
		for j := 0; j < k && used < len(rest); j++ {
			_ = a.Cards.Add(fuzzFace(int(rest[used])))
			used++
		}
		switch {
		case rest[2] >= 250: // planes that are not a multiset
			a.Cards.Two |= card.Bit(fuzzFace(arg))
			a.Cards.One &^= a.Cards.Two
		case rest[2] >= 240:
			a.Cards.One |= 1 << 63
		case a.Kind == FriendCall:
			a.Cards = card.Multi{}
			a.NCalls = k % (MaxCalls + 1)
			for j := range a.NCalls {
				a.Calls[j] = Call{fuzzFace(at(used + j)), at(used+j) % 7}
			}
		}
		fz.try(seat, a, false)
		return used
	}
	return 0
}

// listed returns the k-th action listed for seat s in its observation
// (a burial and friend calls chosen by k), ok false if none.
func (fz *fuzzGame) listed(s Seat, k int) (Action, bool) {
	o := observeAs(fz.g, s)
	switch o.Phase {
	case BidPhase:
		ds := append(o.AppendDeclarations(nil), PassAction())
		return ds[k%len(ds)], true
	case BuryPhase:
		return BuryAction(pickCards(o.Hand.Cards(), fz.rules.KittySize(), k, 7)), true
	case CallPhase:
		if k%2 == 0 {
			return o.AppendCalls(nil)[0], true
		}
		return CallAction(newRandomPlayer(rand.New(rand.NewPCG(uint64(k), 0))).calls(&o)...), true
	case PlayPhase:
		c := o.CountPlays()
		if c == 0 {
			fz.t.Fatalf("seat %s to play has no legal play listed (hand %s)", s, o.Hand)
		}
		p, ok := o.NthPlay(k % c)
		if !ok {
			fz.t.Fatalf("NthPlay(%d) of %d failed", k%c, c)
		}
		return PlayAction(p), true
	}
	return Action{}, false
}

// pickCards returns k of the cards cs (a hand's, each copy listed),
// distinct copies, from start on by stride, passing over those taken.
func pickCards(cs []card.Card, k, start, stride int) card.Multi {
	used := make([]bool, len(cs))
	var m card.Multi
	for i := range min(k, len(cs)) {
		j := (start + i*stride) % len(cs)
		for used[j] {
			j = (j + 1) % len(cs)
		}
		used[j] = true
		_ = m.Add(cs[j])
	}
	return m
}

// legal has the seat in turn take its k-th listed action, which must be
// accepted.
func (fz *fuzzGame) legal(k int) {
	s := fz.g.Hand().Turn()
	if s == NoSeat {
		return
	}
	if a, ok := fz.listed(s, k); ok {
		if err := fz.try(s, a, false); err != nil {
			fz.t.Fatalf("seat %s's listed %s refused: %v", s, a, err)
		}
	}
}

// try has seat attempt a, which must be refused if mustRefuse, and checks
// what follows.
func (fz *fuzzGame) try(seat Seat, a Action, mustRefuse bool) error {
	t, g := fz.t, fz.g
	before := snapshot(g)
	var ocheck error
	seen := seat.In(fz.rules.NumPlayers()) && !g.Over()
	if seen {
		o := observeAs(g, seat)
		ocheck = o.Check(a)
	}
	cerr := g.Check(seat, a)
	err := g.Apply(seat, a)
	switch {
	case (cerr == nil) != (err == nil) || err != nil && err.Error() != cerr.Error():
		t.Fatalf("seat %s %s: Check says %v, Apply %v", seat, a, cerr, err)
	case seen && (ocheck == nil) != (err == nil):
		t.Fatalf("seat %s %s in phase %s: its observation's Check says %v, the game's %v", seat, a, before.hand.Phase(), ocheck, err)
	case err == nil && mustRefuse:
		t.Fatalf("step %#x: seat %s's %s accepted in phase %s (turn %s, banker %s), want it refused", fz.op, seat, a, before.hand.Phase(), before.hand.Turn(), before.hand.Banker())
	case err == nil:
		fz.stats.applied++
		fz.log = append(fz.log, fuzzEvent{kind: 2, seat: seat, action: a})
		if a.Kind == Play && g.Hand().NumTricks() > 0 {
			if tr := g.Hand().Trick(g.Hand().NumTricks() - 1); tr.Failed() {
				fz.stats.failedThrows++
			}
		}
	default:
		var ae *ActionError
		if !errors.As(err, &ae) {
			t.Fatalf("seat %s %s refused with %T %v, want an *ActionError", seat, a, err, err)
		}
		if !sameGame(&before, g) {
			t.Fatalf("seat %s's refused %s (%v) changed the game", seat, a, err)
		}
		fz.stats.refused++
		if mustRefuse {
			fz.stats.mustRefuse++
		}
	}
	fz.checkHand()
	return err
}

// checkHand checks the hand's invariants after a step: its cards and
// points, at its end its score, and one seat's observation in turn.
func (fz *fuzzGame) checkHand() {
	t, h := fz.t, fz.g.Hand()
	accountFor(t, h)
	n := fz.rules.NumPlayers()
	s := Seat(fz.looked % n)
	fz.looked++
	o := observeAs(fz.g, s)
	checkObservation(t, h, &o)
	checkSwaps(t, h, s, rand.New(rand.NewPCG(uint64(fz.looked), fz.seed)), 1)
	if !h.Over() {
		return
	}
	sc := h.Score()
	if sc.Redeal {
		return
	}
	pts := 0
	for _, p := range h.SeatPoints() {
		pts += p
	}
	if pts+sc.KittyPoints != fz.rules.TotalPoints() {
		t.Fatalf("%d trick points and %d in the kitty, want %d", pts, sc.KittyPoints, fz.rules.TotalPoints())
	}
	if sc.AttackerPoints != sc.TrickPoints+sc.KittyPoints*sc.KittyMultiplier+sc.Penalty || sc.Result != LevelUp(sc.AttackerPoints, fz.rules.LevelStep()) {
		t.Fatalf("score does not add up: %+v", sc)
	}
}

// replay plays the accepted steps again on a new game from the same seed
// and rules: it must end where the fuzzed game stands (a game's record is
// its seed and its moves).
func (fz *fuzzGame) replay() {
	g, err := NewGame(fz.rules, NewRand(fz.seed))
	if err != nil {
		fz.t.Fatal(err)
	}
	for i, e := range fz.log {
		switch e.kind {
		case 0:
			err = g.Deal()
		case 1:
			err = g.NextHand()
		case 2:
			err = g.Apply(e.seat, e.action)
		}
		if err != nil {
			fz.t.Fatalf("replay step %d (%+v): %v", i, e, err)
		}
	}
	if !sameGame(g, fz.g) {
		fz.t.Fatalf("the game replayed from its %d steps differs", len(fz.log))
	}
}

// FuzzRules reads arbitrary rules JSON: never a panic, and rules it
// accepts are valid and read back the same from their JSON.
func FuzzRules(f *testing.F) {
	f.Add(`{"start_level":"10","bid_after_deal":true,"no_bid":"turn-up-kitty","throw_penalty":10}`)
	f.Add(`{"start_level":"T"}`)
	f.Add(`{"players":6,"level_tractors":false,"must_defend":["5","A"]}`)
	f.Add(`{"start_level":"1"}`)
	f.Add(`{"no_bid":"nope"}`)
	f.Add(`[]`)
	f.Add(`standard`)
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ResolveRules(s)
		if err != nil {
			if !errors.Is(err, ErrInvalidRules) {
				t.Fatalf("error %v does not wrap ErrInvalidRules", err)
			}
			return
		}
		if err := r.Validate(); err != nil {
			t.Fatalf("accepted invalid rules: %v", err)
		}
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		r2, err := ParseRules(Rules{}, b)
		if err != nil || r2 != r {
			t.Fatalf("rules %s read back as %+v, %v", b, r2, err)
		}
	})
}
