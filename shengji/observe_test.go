package shengji

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"
	"unsafe"

	"felt/card"
)

var (
	multiType = reflect.TypeFor[card.Multi]()
	cardType  = reflect.TypeFor[card.Card]()
	callType  = reflect.TypeFor[Call]()
)

// eachCardIn calls f with every card.Multi and card.Card held anywhere in
// *v, found by reflection over v's type (structs and arrays), so that a
// field added later is checked too; path names where. A friend call names
// a card without showing one: it is passed over.
func eachCardIn[T any](v *T, f func(path string, m card.Multi)) {
	for _, c := range cardFields(reflect.TypeFor[T]()) {
		p := unsafe.Add(unsafe.Pointer(v), c.offset)
		switch {
		case !c.single:
			f(c.path, *(*card.Multi)(p))
		case *(*card.Card)(p) != 0:
			f(c.path, card.Multi{One: card.Bit(*(*card.Card)(p))})
		}
	}
}

// cardField is where a type holds a card.Multi, or a single card.Card.
type cardField struct {
	offset uintptr
	single bool
	path   string
}

// cardFieldsOf caches cardFields by type.
var cardFieldsOf sync.Map

// cardFields lists where a value of type t holds cards.
func cardFields(t reflect.Type) []cardField {
	if v, ok := cardFieldsOf.Load(t); ok {
		return v.([]cardField)
	}
	var out []cardField
	var walk func(t reflect.Type, off uintptr, path string)
	walk = func(t reflect.Type, off uintptr, path string) {
		switch {
		case t == callType:
		case t == multiType:
			out = append(out, cardField{off, false, path})
		case t == cardType:
			out = append(out, cardField{off, true, path})
		case t.Kind() == reflect.Struct:
			for i := range t.NumField() {
				fl := t.Field(i)
				walk(fl.Type, off+fl.Offset, path+"."+fl.Name)
			}
		case t.Kind() == reflect.Array:
			for i := range t.Len() {
				walk(t.Elem(), off+uintptr(i)*t.Elem().Size(), fmt.Sprintf("%s[%d]", path, i))
			}
		}
	}
	walk(t, 0, t.Name())
	cardFieldsOf.Store(t, out)
	return out
}

// visible returns every card seat may see in h now, copies counted: its
// own hand, the cards played, the buried kitty if it buried it or the hand
// is over (cards in distinct places, summed), and what was shown and may
// have gone back to a hand: the declarations, the failed throws, the
// kitty cards turned up and, for the banker, the kitty it took up. It is
// built from the hand's state, not from Observe.
func visible(h *Hand, seat Seat) card.Multi {
	v := h.Cards(seat)
	sum := func(m card.Multi) {
		var err error
		if v, err = v.Sum(m); err != nil {
			panic(err) // distinct places hold no more copies than the packs
		}
	}
	for _, tr := range h.Tricks() {
		for _, p := range tr.Plays {
			sum(p)
		}
	}
	if seat == h.Banker() && h.Phase() >= CallPhase || h.Over() {
		sum(h.Kitty())
	}
	for _, b := range h.Bids() {
		v = v.Union(b.Cards)
	}
	for _, tr := range h.Tricks() {
		v = v.Union(tr.Attempt)
	}
	var turned card.Multi
	for _, c := range h.TurnedUp() {
		_ = turned.Add(c)
	}
	v = v.Union(turned)
	if seat == h.Banker() && h.Phase() >= BuryPhase {
		v = v.Union(h.DealtKitty())
	}
	return v
}

// obsTricks returns the tricks an observation holds (the one place the
// tests read Observation.Tricks).
func obsTricks(o *Observation) []Trick {
	var ts []Trick
	for _, t := range o.Tricks.All() {
		ts = append(ts, t)
	}
	return ts
}

// observeAs returns what seat may know of a game or a hand.
func observeAs(x interface{ Observe(Seat, *Observation) }, s Seat) Observation {
	var o Observation
	x.Observe(s, &o)
	return o
}

// checkObservation checks one observation against the state it comes
// from: no card the seat may not see, anywhere in it; its own hand; the
// kitty it took up only for the banker from the burial on, the buried
// kitty only for the banker once it has buried and for everyone once the
// hand is over; every seat's count; the tricks as played; the banker's
// side as the public calls and the ended tricks make it.
func checkObservation(t testing.TB, h *Hand, o *Observation) {
	t.Helper()
	seat := o.Seat
	allowed := visible(h, seat)
	eachCardIn(o, func(path string, m card.Multi) {
		if !allowed.Contains(m) {
			t.Fatalf("seat %s in phase %s sees %s in %s: of it, it may see only %s", seat, h.Phase(), m, path, m.Intersect(allowed))
		}
	})
	if o.Hand != h.Cards(seat) {
		t.Fatalf("seat %s's observed hand %s is not its hand %s", seat, o.Hand, h.Cards(seat))
	}
	var pickedUp, kitty card.Multi
	if seat == h.Banker() && h.Phase() >= BuryPhase {
		pickedUp = h.DealtKitty()
	}
	if seat == h.Banker() && h.Phase() >= CallPhase || h.Over() {
		kitty = h.Kitty()
	}
	if o.PickedUp != pickedUp || o.Kitty != kitty {
		t.Fatalf("seat %s (banker %s, phase %s) sees the kitty taken up %s and buried %s, want %s and %s",
			seat, h.Banker(), h.Phase(), o.PickedUp, o.Kitty, pickedUp, kitty)
	}
	if h.Phase() == DealPhase && o.ToAct&^SeatsOf(seat) != 0 {
		t.Fatalf("seat %s learns who else may declare: %s", seat, o.ToAct)
	}
	for s := range Seat(MaxSeats) {
		if o.Counts[s] != h.Cards(s).Len() {
			t.Fatalf("count of seat %s: %d, holds %d", s, o.Counts[s], h.Cards(s).Len())
		}
	}
	if o.Tricks.Len() != h.NumTricks() || o.Bids.Len() != len(h.Bids()) {
		t.Fatalf("observed %d tricks and %d bids, the hand has %d and %d", o.Tricks.Len(), o.Bids.Len(), h.NumTricks(), len(h.Bids()))
	}
	for i, tr := range obsTricks(o) {
		if tr != h.Trick(i) {
			t.Fatalf("seat %s sees trick %d as %+v, it is %+v", seat, i, tr, h.Trick(i))
		}
	}
	checkPublicSide(t, h, o)
}

// publicSide derives the banker's side from what every seat sees, written
// apart from Friendship: with fixed partnerships the banker's team; with
// Finding Friends the banker, joined by whoever played each call's
// ordinal-th copy of its card, counting copies play by play through the
// ended tricks only. met is who met each call (NoSeat while open).
func publicSide(h *Hand) (side Seats, met []Seat) {
	r, b := h.Rules(), h.Banker()
	switch {
	case b == NoSeat:
		return 0, nil
	case r.Calls() == 0:
		return b.Parity(r.NumPlayers()), nil
	}
	side = SeatsOf(b)
	calls := h.Calls()
	met = make([]Seat, len(calls))
	seen := make([]int, len(calls))
	for i := range met {
		met[i] = NoSeat
	}
	n := r.NumPlayers()
	for i := range h.NumTricks() {
		tr := h.Trick(i)
		if !tr.Done() {
			break
		}
		for k := range n {
			s := Seat((int(tr.Leader) + k) % n)
			for ci, c := range calls {
				if met[ci] != NoSeat {
					continue
				}
				seen[ci] += tr.Plays[s].Count(c.Card)
				if seen[ci] >= c.Ordinal {
					met[ci] = s
					side |= 1 << s
				}
			}
		}
	}
	return side, met
}

// checkPublicSide checks that an observation's banker's side and friend
// calls are what the public calls and the ended tricks make them: nobody
// is known as a friend before the trick holding the called copy has ended.
func checkPublicSide(t testing.TB, h *Hand, o *Observation) {
	t.Helper()
	side, met := publicSide(h)
	if o.Side != side {
		t.Fatalf("seat %s sees the banker's side %s, the public plays make it %s (phase %s, trick %d)", o.Seat, o.Side, side, h.Phase(), h.NumTricks())
	}
	if h.Rules().Calls() == 0 || h.Phase() < PlayPhase || h.Score().Redeal {
		if o.Friends != (Friendship{}) {
			t.Fatalf("seat %s sees friend calls %+v before any (phase %s)", o.Seat, o.Friends, h.Phase())
		}
		return
	}
	f := o.Friends
	if f.Banker != h.Banker() || f.NCalls != len(met) || f.Side != side {
		t.Fatalf("seat %s sees the friendship %+v, want banker %s, %d calls, side %s", o.Seat, f, h.Banker(), len(met), side)
	}
	for i, c := range h.Calls() {
		if f.Calls[i] != c || f.Met[i] != met[i] {
			t.Fatalf("seat %s sees call %d as %v met by %s, want %v met by %s", o.Seat, i, f.Calls[i], f.Met[i], c, met[i])
		}
	}
	if h.Over() && o.Score.Friends != side&^SeatsOf(h.Banker()) {
		t.Fatalf("the score's friends %s, the public plays make %s", o.Score.Friends, side&^SeatsOf(h.Banker()))
	}
}

// checkSwaps exchanges two cards seat cannot see, n times over, each in a
// copy of h, and checks that the seat's observation does not change: it
// is a function of what the seat may know. The hidden cards are the other
// seats' hands, the cards yet to be dealt and the kitty not turned up
// (during the deal), and the buried kitty (for the others than the banker
// until the hand is over).
func checkSwaps(t testing.TB, h *Hand, seat Seat, rng *rand.Rand, n int) int {
	t.Helper()
	type slot struct {
		seat Seat // a hand's seat, NoSeat for the deck or the kitty
		pos  int  // the deck position, or -1 for the buried kitty
		c    card.Card
	}
	var slots []slot
	for s := range Seat(h.players()) {
		if s == seat {
			continue
		}
		for c := range h.Cards(s).All() {
			slots = append(slots, slot{s, 0, c})
		}
	}
	if h.Phase() == DealPhase || h.Phase() == BidPhase {
		for i := h.Dealt(); i < h.Rules().DeckSize(); i++ {
			slots = append(slots, slot{NoSeat, i, h.deck[i]})
		}
	} else if seat != h.Banker() && !h.Over() {
		for c := range h.Kitty().All() {
			slots = append(slots, slot{NoSeat, -1, c})
		}
	}
	if len(slots) < 2 {
		return 0
	}
	want := observeAs(h, seat)
	done := 0
	for range n {
		a, b := slots[rng.IntN(len(slots))], slots[rng.IntN(len(slots))]
		if a.c == b.c {
			continue
		}
		h2 := *h
		put := func(at slot, out, in card.Card) {
			switch {
			case at.seat != NoSeat:
				m := h2.hands[at.seat]
				_ = m.Remove(out)
				_ = m.Add(in)
				h2.hands[at.seat] = m
			case at.pos >= 0:
				h2.deck[at.pos] = in
			default:
				_ = h2.kitty.Remove(out)
				_ = h2.kitty.Add(in)
			}
		}
		put(a, a.c, b.c)
		put(b, b.c, a.c)
		if h.Phase() == DealPhase || h.Phase() == BidPhase {
			h2.kitty = h2.DealtKitty()
		}
		if got := observeAs(&h2, seat); got != want {
			t.Fatalf("seat %s's observation changes when hidden cards %s (%+v) and %s (%+v) are exchanged (phase %s)", seat, a.c, a, b.c, b, h.Phase())
		}
		done++
	}
	return done
}

// observeStats counts what observeGame checked.
type observeStats struct {
	hands, games, decisions, observations, swaps, joined, lateJoins int
}

// observeGame plays hands of g with random players until the game ends or
// stop says so, and at every decision (every step of the deal, every
// declaration, pass, burial, call and play) checks every seat's
// observation with checkObservation, and exchanges hidden cards in swaps
// places of it (checkSwaps).
func observeGame(t *testing.T, g *Game, ps [MaxSeats]player, rng *rand.Rand, swaps int, st *observeStats, stop func() bool) {
	t.Helper()
	n := g.Rules().NumPlayers()
	for !g.Over() && !stop() {
		if g.Hand().Over() {
			if err := g.NextHand(); err != nil {
				t.Fatal(err)
			}
		}
		h := g.Hand()
		look := func() {
			st.decisions++
			for s := range Seat(n) {
				o := observeAs(g, s)
				checkObservation(t, h, &o)
				if o.HandNumber != g.HandNumber() || o.Levels != g.Levels() || o.SeatLevels != g.SeatLevels() {
					t.Fatalf("hand number or levels missing from the game's observation")
				}
				st.observations++
			}
			st.swaps += checkSwaps(t, h, Seat(rng.IntN(n)), rng, swaps)
		}
		for !h.Over() {
			look()
			if h.Phase() == DealPhase {
				for s := range h.ToAct().All() {
					o := observeAs(g, s)
					if a, ok := ps[s].Act(&o); ok {
						if err := g.Apply(s, a); err != nil {
							t.Fatal(err)
						}
						look()
					}
				}
				if err := g.Deal(); err != nil {
					t.Fatal(err)
				}
				continue
			}
			side := h.Side()
			s := h.Turn()
			o := observeAs(g, s)
			a, _ := ps[s].Act(&o)
			if err := g.Apply(s, a); err != nil {
				t.Fatal(err)
			}
			if joined := h.Side() &^ side; h.Rules().Calls() > 0 && h.Phase() >= PlayPhase && !joined.IsEmpty() {
				st.joined += joined.Len()
				if tr := h.Trick(h.NumTricks() - 1); !h.Over() && tr.Count != 0 {
					t.Fatalf("seats %s joined the side in the middle of a trick", joined)
				}
				if h.NumTricks() > 2 {
					st.lateJoins++
				}
			}
		}
		look()
		st.hands++
	}
	if g.Over() {
		st.games++
	}
}

// TestObserve_NoCardTheSeatMayNotSee walks every observation of every seat
// after every step of many random hands with every option varied at the
// standard table, through a Game, and finds in it no card the seat may not
// see; exchanging cards the seat cannot see changes nothing in it.
func TestObserve_NoCardTheSeatMayNotSee(t *testing.T) {
	hands := 120
	if testing.Short() || raceOn {
		hands = 30
	}
	rng := rand.New(rand.NewPCG(6, 6))
	var st observeStats
	for gi := 0; st.hands < hands; gi++ {
		g, err := NewGame(randomRules(rng), NewRand(uint64(gi)))
		if err != nil {
			t.Fatal(err)
		}
		ps := randomPlayers(uint64(gi) + 1000)
		for _, p := range ps {
			p.(*randomPlayer).declareChance = []float64{0, 0.05, 0.3}[gi%3]
		}
		observeGame(t, g, ps, rng, 2, &st, func() bool { return st.hands >= hands })
	}
	t.Logf("%d hands: %d decisions, %d observations, %d hidden exchanges", st.hands, st.decisions, st.observations, st.swaps)
}

// TestObserve_AnyTableWholeGames plays whole games with random legal
// players at the Finding Friends tables (friends-5, friends-6, friends-8
// and ten players with five packs) and checks at every decision, for
// every seat: no card of another seat's hand not yet shown, and nothing
// hidden that changes the observation when exchanged; the banker's side
// and the calls exactly what the public calls and the ended tricks make
// them (no friend known before the trick holding its card has ended); the
// kitty only for the banker once taken up, and for everyone at the end.
func TestObserve_AnyTableWholeGames(t *testing.T) {
	games := 2
	if testing.Short() || raceOn {
		games = 1
	}
	tables := map[string]Rules{"ten players, five packs": {StartLevel: card.Two, Players: 10, NumPacks: 5, Friends: FriendsOn}}
	for _, name := range []string{"friends-5", "friends-6", "friends-8"} {
		tables[name], _ = Preset(name)
	}
	for _, name := range []string{"friends-5", "friends-6", "friends-8", "ten players, five packs"} {
		t.Run(name, func(t *testing.T) {
			r := tables[name]
			var st observeStats
			rng := rand.New(rand.NewPCG(7, 7))
			for gi := range games {
				// from J, so that a game ends within some twenty hands
				r.StartLevel = card.Jack
				g, err := NewGame(r, NewRand(uint64(gi)))
				if err != nil {
					t.Fatal(err)
				}
				ps := randomPlayers(uint64(gi) + 2000)
				observeGame(t, g, ps, rng, 1, &st, func() bool { return false })
			}
			t.Logf("%s: %d games, %d hands, %d decisions, %d observations checked, %d hidden exchanges, %d friends joined (%d after the second trick)",
				name, st.games, st.hands, st.decisions, st.observations, st.swaps, st.joined, st.lateJoins)
			if st.games != games || st.joined == 0 || st.lateJoins == 0 {
				t.Fatalf("the games missed a feature: %+v", st)
			}
		})
	}
}

// TestObserve_OwnsItsStorage checks that an Observation holds no slice,
// map, pointer or other reference: it shares nothing with the hand or with
// another seat's observation.
func TestObserve_OwnsItsStorage(t *testing.T) {
	var walk func(tp reflect.Type, path string)
	walk = func(tp reflect.Type, path string) {
		switch tp.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Chan, reflect.Func, reflect.Interface, reflect.UnsafePointer, reflect.String:
			t.Errorf("%s is a %s: it could share storage", path, tp.Kind())
		case reflect.Struct:
			for i := range tp.NumField() {
				walk(tp.Field(i).Type, path+"."+tp.Field(i).Name)
			}
		case reflect.Array:
			walk(tp.Elem(), path+"[]")
		}
	}
	walk(reflect.TypeFor[Observation](), "Observation")
	// and changing one changes nothing else
	g, _ := NewGame(Standard(), NewRand(9))
	if err := playHand(g, g.Hand(), randomPlayers(9)); err != nil {
		t.Fatal(err)
	}
	h0 := *g.Hand()
	o := observeAs(g, 0)
	o.Tricks = TrickLog{}
	o.Hand = card.Multi{}
	o.Kitty = card.Multi{}
	if *g.Hand() != h0 || observeAs(g, 0) == o {
		t.Fatal("changing an observation changed the hand")
	}
}
