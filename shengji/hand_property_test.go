package shengji

import (
	"errors"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"felt/card"
)

// propHands returns how many random hands the property test plays: 10,000
// by default, 2,000 with -short or under the race detector (which slows it
// about eight times: 10,000 would take some 90 s on a 2-core machine), or
// FELT_SHENGJI_HANDS if set (FELT_SHENGJI_HANDS=10000 go test -race runs
// the full size under the race detector).
func propHands(t *testing.T) int {
	if v := os.Getenv("FELT_SHENGJI_HANDS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("FELT_SHENGJI_HANDS=%q is not a positive number", v)
		}
		return n
	}
	if testing.Short() || raceOn {
		return 2000
	}
	return 10000
}

// randomRules draws a rules configuration with every option varied.
func randomRules(rng *rand.Rand) Rules {
	r := Standard()
	r.StartLevel = card.Rank(1 + rng.IntN(13))
	r.BidAfterDeal = rng.IntN(3) == 0
	r.NoBid = NoBidRule(rng.IntN(2))
	if rng.IntN(2) == 0 {
		r.ThrowPenalty = 10
	}
	return r
}

// randomHand deals a new hand with random rules, dealer, level and banker
// (NoSeat half the time).
func newRandomHand(t testing.TB, rng *rand.Rand) Hand {
	t.Helper()
	r := randomRules(rng)
	deck, err := card.ShuffledPacks(rng, 2, true)
	if err != nil {
		t.Fatal(err)
	}
	banker := NoSeat
	if rng.IntN(2) == 0 {
		banker = Seat(rng.IntN(4))
	}
	h, err := NewHand(r, deck, Seat(rng.IntN(4)), banker, card.Rank(1+rng.IntN(13)))
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// accountFor checks that every card of the rules' packs is in exactly one
// place: a hand of one of the table's seats, the kitty, the cards yet to
// deal, or a trick; and that the points of the ended tricks are the points
// the seats have won.
func accountFor(t fataler, h *Hand) {
	t.Helper()
	r := h.Rules()
	var all card.Multi
	n := 0
	add := func(where string, m card.Multi) {
		s, err := all.Sum(m)
		if err != nil {
			t.Fatalf("%s: %v (phase %s)", where, err, h.Phase())
		}
		all, n = s, n+m.Len()
	}
	for s := range Seat(MaxSeats) {
		if !s.In(r.NumPlayers()) && !h.Cards(s).IsEmpty() {
			t.Fatalf("seat %s of %d players holds %s", s, r.NumPlayers(), h.Cards(s))
		}
		add("a hand", h.Cards(s))
	}
	add("kitty", h.Kitty())
	for i := h.Dealt(); i < h.dealSize(); i++ {
		add("undealt", card.Multi{One: card.Bit(h.deck[i])})
	}
	won := 0
	for i := range h.NumTricks() {
		tr := h.Trick(i)
		for _, p := range tr.Plays {
			add("trick", p)
		}
		if tr.Done() {
			won += tr.Points
		}
	}
	if n != r.DeckSize() || all != card.Times(card.AllFaces, r.Packs()) {
		t.Fatalf("%d cards accounted for, want the %d of %d packs (phase %s)", n, r.DeckSize(), r.Packs(), h.Phase())
	}
	seats := 0
	for _, p := range h.SeatPoints() {
		seats += p
	}
	if seats != won {
		t.Fatalf("the seats have won %d points, the ended tricks hold %d", seats, won)
	}
}

// fataler is what the checks need of a *testing.T, a *testing.B or a
// *rapid.T.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

// randomAction draws an action of any kind with random cards, mostly
// illegal.
func randomAction(rng *rand.Rand, h *Hand, seat Seat) Action {
	var m card.Multi
	src := h.Cards(seat)
	if rng.IntN(4) == 0 {
		src = card.Double(card.AllFaces)
	}
	cs := src.Cards()
	if len(cs) > 0 {
		for range 1 + rng.IntN(min(len(cs), 9)) {
			_ = m.Add(cs[rng.IntN(len(cs))])
		}
	}
	return Action{Kind: ActionKind(rng.IntN(6)), Cards: m}
}

// checkPlays checks the generated plays of the seat to play against Check:
// every generated play accepted (all of them, or 64 drawn at random when
// there are more than 512), and on hands of at most 10 cards (6 to lead)
// every play Check accepts generated, trying every sub-multiset by brute force.
func checkPlays(t testing.TB, rng *rand.Rand, h *Hand, buf []card.Multi) (bruteForced bool) {
	t.Helper()
	s := h.Turn()
	var o Observation
	h.Observe(s, &o)
	n := o.CountPlays()
	if n == 0 {
		t.Fatalf("seat %s to play has no legal play (hand %s)", s, h.Cards(s))
	}
	if n <= 512 {
		buf = o.AppendPlays(buf[:0])
		if len(buf) != n {
			t.Fatalf("CountPlays %d, AppendPlays %d", n, len(buf))
		}
		for _, p := range buf {
			if err := h.Check(s, PlayAction(p)); err != nil {
				t.Fatalf("generated play %s refused: %v", p, err)
			}
		}
	} else {
		for range 64 {
			p, ok := o.NthPlay(rng.IntN(n))
			if !ok {
				t.Fatal("NthPlay in range failed")
			}
			if err := h.Check(s, PlayAction(p)); err != nil {
				t.Fatalf("generated play %s refused: %v", p, err)
			}
		}
	}
	hand := h.Cards(s)
	tr := h.Trick(h.NumTricks() - 1)
	if hand.Len() > 10 || tr.Count == 0 && hand.Len() > 6 {
		return false
	}
	ord := h.Trump().Order()
	gen := map[card.Multi]bool{}
	for _, p := range o.AppendPlays(nil) {
		gen[p] = true
	}
	sizes := []int{tr.Lead().Len()}
	if tr.Count == 0 {
		sizes = sizes[:0]
		for k := 1; k <= hand.Len(); k++ {
			sizes = append(sizes, k)
		}
	}
	for _, k := range sizes {
		allSubMultis(hand, k, func(p card.Multi) {
			err := h.Check(s, PlayAction(p))
			if tr.Count > 0 {
				if (err == nil) != gen[p] {
					t.Fatalf("follow %s to %s from %s: Check says %v, generated %v", p, tr.Lead(), hand, err, gen[p])
				}
				return
			}
			_, oneGroup := ord.GroupOf(p)
			if (err == nil) != oneGroup {
				t.Fatalf("lead %s from %s: Check says %v, one suit-group %v", p, hand, err, oneGroup)
			}
			if gen[p] != (oneGroup && len(ord.Split(p)) == 1) {
				t.Fatalf("lead %s from %s: generated %v, but it is %d units", p, hand, gen[p], len(ord.Split(p)))
			}
		})
	}
	return true
}

// TestHand_RandomLegalPlayersProperties plays many hands with random legal players,
// with every option varied, and checks after every step: the 108 cards
// accounted for; a refused random action changes nothing; who may declare
// is who holds a declaration Check accepts; every generated play accepted
// by Check, and on small hands every play Check accepts generated; at the
// end the 200 points accounted for and the score adding up.
func TestHand_RandomLegalPlayersProperties(t *testing.T) {
	n := propHands(t)
	rng := rand.New(rand.NewPCG(2026, 8))
	var players [NumSeats]*randomPlayer
	for s := range players {
		players[s] = newRandomPlayer(rand.New(rand.NewPCG(uint64(s), 99)))
	}
	var buf []card.Multi
	var stats struct{ bids, failedThrows, brute, refused, turnUps, kittyBonus int }
	for i := range n {
		h := newRandomHand(t, rng)
		chance := []float64{0, 0.01, 0.05, 0.3}[rng.IntN(4)]
		for _, p := range players {
			p.declareChance = chance
		}
		for !h.Over() {
			accountFor(t, &h)
			// a random action, mostly illegal: if refused, nothing changes
			seat := Seat(rng.IntN(4))
			a := randomAction(rng, &h, seat)
			before := h
			if err := h.Check(seat, a); err != nil {
				var ae *ActionError
				if !errors.As(err, &ae) {
					t.Fatalf("hand %d: Check refused %s with %T %v, want an *ActionError", i, a, err, err)
				}
				if err2 := h.Apply(seat, a); err2 == nil || err2.Error() != err.Error() {
					t.Fatalf("hand %d: Apply says %v where Check says %v", i, err2, err)
				}
				if h != before {
					t.Fatalf("hand %d: refused %s by seat %s changed the hand", i, a, seat)
				}
				stats.refused++
			} else {
				h = before // keep to the players' game
			}
			switch h.Phase() {
			case DealPhase:
				act := h.ToAct()
				for s := range Seat(NumSeats) {
					ds := h.AppendDeclarations(nil, s)
					if act.Has(s) != (len(ds) > 0) {
						t.Fatalf("hand %d: seat %s in ToAct %s but has declarations %v", i, s, act, ds)
					}
					for _, d := range ds {
						if err := h.Check(s, d); err != nil {
							t.Fatalf("hand %d: listed declaration %s refused: %v", i, d, err)
						}
					}
				}
				for s := range act.All() {
					var o Observation
					h.Observe(s, &o)
					if a, ok := players[s].Act(&o); ok {
						if err := h.Apply(s, a); err != nil {
							t.Fatalf("hand %d: %v", i, err)
						}
						stats.bids++
					}
				}
				if err := h.Deal(); err != nil {
					t.Fatal(err)
				}
			default:
				s := h.Turn()
				if act := h.ToAct(); act != SeatsOf(s) {
					t.Fatalf("hand %d: ToAct %s, turn %s", i, act, s)
				}
				if h.Phase() == PlayPhase && checkPlays(t, rng, &h, buf) {
					stats.brute++
				}
				var o Observation
				h.Observe(s, &o)
				a, ok := players[s].Act(&o)
				if !ok {
					t.Fatalf("hand %d: seat %s declined in phase %s", i, s, h.Phase())
				}
				if err := h.Apply(s, a); err != nil {
					t.Fatalf("hand %d: random player's %s refused: %v", i, a, err)
				}
			}
		}
		accountFor(t, &h)
		sc := h.Score()
		tp := h.TeamPoints()
		if tp[0]+tp[1]+sc.KittyPoints != TotalPoints {
			t.Fatalf("hand %d: tricks %v and kitty %d do not make 200", i, tp, sc.KittyPoints)
		}
		if sc.AttackerPoints != sc.TrickPoints+sc.KittyPoints*sc.KittyMultiplier+sc.Penalty {
			t.Fatalf("hand %d: score does not add up: %+v", i, sc)
		}
		if sc.Result != LevelUp(sc.AttackerPoints, LevelStep(2)) {
			t.Fatalf("hand %d: result %+v for %d points", i, sc.Result, sc.AttackerPoints)
		}
		if h.NumTurnedUp() > 0 {
			stats.turnUps++
		}
		stats.failedThrows += sc.FailedThrows
		if sc.KittyMultiplier > 0 {
			stats.kittyBonus++
		}
	}
	t.Logf("%d hands: %d declarations, %d failed throws, %d plays brute-forced, %d random actions refused, %d turn-ups, %d kitty bonuses",
		n, stats.bids, stats.failedThrows, stats.brute, stats.refused, stats.turnUps, stats.kittyBonus)
	if stats.bids == 0 || stats.failedThrows == 0 || stats.brute == 0 || stats.turnUps == 0 || stats.kittyBonus == 0 {
		t.Fatalf("the random hands missed a feature: %+v", stats)
	}
}
