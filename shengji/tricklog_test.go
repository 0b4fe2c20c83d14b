package shengji_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"unsafe"

	"felt/card"
	"felt/shengji"
	"felt/shengji/sjbot"
)

// ObservationBudget bounds an Observation's size: each decision writes
// one and hands copies of it on, so its size is the cost of a decision.
// (It was some 22 KB when it held MaxHandSize Tricks and MaxBids Bids.)
const ObservationBudget = 3 << 10

func TestObservation_SizeBounded(t *testing.T) {
	if n := unsafe.Sizeof(shengji.Observation{}); n > ObservationBudget {
		t.Fatalf("an Observation is %d bytes, over its budget of %d", n, ObservationBudget)
	}
	if n := unsafe.Sizeof(shengji.Hand{}); n > 4<<10 {
		t.Fatalf("a Hand is %d bytes, over its budget of 4 KiB (the solvers copy hands)", n)
	}
}

// anyTables are tables of 4 to 10 players and 2 to 5 packs.
var anyTables = [][2]int{{4, 2}, {4, 3}, {5, 3}, {6, 2}, {6, 4}, {7, 4}, {8, 3}, {8, 5}, {9, 5}, {10, 4}, {10, 5}}

// throwingHand plays the first hand of a game of rules r from seed
// through Game.ApplyShown, with random players that throw at half their
// leads (most such throws fail), and calls step after every move and
// card dealt with the game and the tricks as the play events showed them.
func throwingHand(t *testing.T, r shengji.Rules, seed uint64, step func(g *shengji.Game, ref []shengji.Trick)) {
	t.Helper()
	g, err := shengji.NewGameUndealt(r)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	deck, err := card.ShuffledPacks(rng, r.Packs(), true)
	if err != nil {
		t.Fatal(err)
	}
	var seen [shengji.MaxSeats]shengji.Event
	var sp shengji.Event
	if err := g.DealDeck(deck, &seen, &sp); err != nil {
		t.Fatal(err)
	}
	n := r.NumPlayers()
	players := make([]*sjbot.Random, n)
	for s := range players {
		players[s] = sjbot.NewRandom(rand.New(rand.NewPCG(seed, uint64(10+s))))
		players[s].ThrowChance = 0.5
	}
	var ref []shengji.Trick
	act := func(s shengji.Seat) bool {
		var o shengji.Observation
		g.Observe(s, &o)
		a, ok := players[s].Act(&o)
		if !ok {
			return false
		}
		if err := g.ApplyShown(s, a, &seen, &sp); err != nil {
			t.Fatalf("seed %d: seat %s: %v: %v", seed, s, a, err)
		}
		if e := seen[s]; e.Kind == shengji.PlayEvent {
			tr := &ref[len(ref)-1]
			if tr.Next() != s {
				t.Fatalf("seed %d: seat %s played, the trick waits for %s", seed, s, tr.Next())
			}
			tr.Plays[s], tr.Count = e.Cards, tr.Count+1
			if !e.Attempt.IsEmpty() {
				tr.Attempt = e.Attempt
			}
			if e.TrickDone {
				tr.Winner, tr.Points = e.Winner, e.Points
			}
		}
		// the hand begins each trick, empty, when its leader is known:
		// the banker after the burial (and the call), the winner after
		if h := g.Hand(); h.Phase() == shengji.PlayPhase && (len(ref) == 0 || ref[len(ref)-1].Done()) {
			ref = append(ref, shengji.Trick{Leader: h.Turn(), Winner: shengji.NoSeat, Players: n})
		}
		return true
	}
	h := g.Hand()
	for steps := 0; !h.Over(); steps++ {
		if steps > 100_000 {
			t.Fatalf("seed %d: the hand does not end", seed)
		}
		if h.Phase() == shengji.DealPhase {
			for s := range h.ToAct().All() {
				if act(s) {
					break
				}
			}
			if h.Phase() == shengji.DealPhase {
				if err := g.DealOne(&seen, &sp); err != nil {
					t.Fatal(err)
				}
			}
		} else if !act(h.Turn()) {
			t.Fatalf("seed %d: seat %s declined in the %s phase", seed, h.Turn(), h.Phase())
		}
		step(g, ref)
	}
}

// TestTrickLog_RealHands plays hands at tables of 4 to 10 players and 2
// to 5 packs, with many failed throws, and checks after every move that
// the hand's tricks and each seat's observed ones are the tricks the play
// events showed, that a log built from those tricks is the observation's
// own (the log's form is canonical), and that the log and the whole
// observation read back from their JSON as they were.
func TestTrickLog_RealHands(t *testing.T) {
	hands, failed, moves := 0, 0, 0
	for _, tb := range anyTables {
		r := shengji.Rules{StartLevel: card.Two, Players: tb[0], NumPacks: tb[1]}
		if r.Players > 4 && r.Players%2 == 1 {
			r.Friends = shengji.FriendsOn
		}
		if err := r.Validate(); err != nil {
			t.Fatalf("%d players, %d packs: %v", tb[0], tb[1], err)
		}
		for seed := uint64(1); seed <= 3; seed++ {
			t.Run(fmt.Sprintf("players%d/packs%d/seed%d", tb[0], tb[1], seed), func(t *testing.T) {
				throwingHand(t, r, seed, func(g *shengji.Game, ref []shengji.Trick) {
					moves++
					h := g.Hand()
					if h.NumTricks() != len(ref) {
						t.Fatalf("the hand has %d tricks, the events showed %d", h.NumTricks(), len(ref))
					}
					var want shengji.TrickLog
					for i, tr := range ref {
						if h.Trick(i) != tr {
							t.Fatalf("trick %d: the hand's %+v, the events showed %+v", i, h.Trick(i), tr)
						}
						if err := want.Append(tr); err != nil {
							t.Fatalf("trick %d: %v", i, err)
						}
					}
					s := shengji.Seat(moves % r.NumPlayers())
					var o shengji.Observation
					g.Observe(s, &o)
					if o.Tricks != want {
						t.Fatalf("seat %s observes other tricks than the events showed", s)
					}
					b, err := json.Marshal(o.Tricks)
					if err != nil {
						t.Fatal(err)
					}
					var back shengji.TrickLog
					if err := json.Unmarshal(b, &back); err != nil || back != o.Tricks {
						t.Fatalf("the log's JSON %s reads back otherwise (%v)", b, err)
					}
					if h.Over() {
						failed += h.Score().FailedThrows
					}
					if moves%7 == 0 || h.Over() {
						b, err := json.Marshal(o)
						if err != nil {
							t.Fatal(err)
						}
						var ob shengji.Observation
						if err := json.Unmarshal(b, &ob); err != nil || ob != o {
							t.Fatalf("the observation's JSON %s reads back otherwise (%v)", b, err)
						}
					}
				})
				hands++
			})
		}
	}
	if failed < 100 {
		t.Fatalf("%d hands, %d moves, only %d failed throws", hands, moves, failed)
	}
	t.Logf("%d hands, %d moves, %d failed throws", hands, moves, failed)
}

// TestTrickLog_PoolAtItsBound: MaxTrickCards holds the worst a hand can
// show: MaxHandSize tricks, the i-th with a failed throw of every card
// the leader can still hold (MaxHandSize−i), and plays of a whole deck
// (MaxDeck cards); a card more, or a trick more, is refused and changes
// nothing.
func TestTrickLog_PoolAtItsBound(t *testing.T) {
	if shengji.MaxTrickCards != shengji.MaxDeck+shengji.MaxHandSize*(shengji.MaxHandSize+1)/2 {
		t.Fatalf("MaxTrickCards %d is not the bound derived", shengji.MaxTrickCards)
	}
	faces := card.Pack()
	faces = append(faces, card.SmallJoker, card.BigJoker)
	// multi returns k cards, at most five copies of a face, from face at on
	multi := func(k, at int) card.Multi {
		var m card.Multi
		for i := range k {
			if err := m.Add(faces[(at+i)%len(faces)]); err != nil {
				t.Fatal(err)
			}
		}
		return m
	}
	worst := func(extra int) []shengji.Trick {
		var ts []shengji.Trick
		played := 0
		for i := range shengji.MaxHandSize {
			tr := shengji.Trick{Leader: 0, Count: shengji.MaxSeats, Winner: 1, Points: 40, Players: shengji.MaxSeats}
			tr.Attempt = multi(shengji.MaxHandSize-i, i)
			// the deck's cards spread over the tricks, one to a seat
			k := shengji.MaxDeck / shengji.MaxHandSize
			if i < shengji.MaxDeck%shengji.MaxHandSize {
				k++
			}
			if i == shengji.MaxHandSize-1 {
				k += extra
			}
			for j := range k {
				p, err := tr.Plays[j%shengji.MaxSeats].Sum(multi(1, played))
				if err != nil {
					t.Fatal(err)
				}
				tr.Plays[j%shengji.MaxSeats] = p
				played++
			}
			ts = append(ts, tr)
		}
		if played != shengji.MaxDeck+extra {
			t.Fatalf("played %d cards, want %d", played, shengji.MaxDeck+extra)
		}
		return ts
	}
	var l shengji.TrickLog
	for i, tr := range worst(0) {
		if err := l.Append(tr); err != nil {
			t.Fatalf("trick %d of the worst hand: %v", i, err)
		}
	}
	for i, tr := range l.All() {
		if tr != worst(0)[i] {
			t.Fatalf("trick %d reads back as %+v", i, tr)
		}
	}
	full := l
	if err := l.Append(shengji.Trick{}); !errors.Is(err, shengji.ErrTrickLog) || l != full {
		t.Fatalf("a trick beyond MaxHandSize: %v", err)
	}
	var over shengji.TrickLog
	ts := worst(1)
	for _, tr := range ts[:len(ts)-1] {
		if err := over.Append(tr); err != nil {
			t.Fatal(err)
		}
	}
	before := over
	if err := over.Append(ts[len(ts)-1]); !errors.Is(err, shengji.ErrTrickLog) || over != before {
		t.Fatalf("a card beyond MaxTrickCards: %v", err)
	}
	// and a play added to a trick, one card too many
	last := ts[len(ts)-1]
	last.Plays[0], last.Count = card.Multi{}, last.Count-1
	if err := over.Append(last); err != nil {
		t.Fatal(err)
	}
	before = over
	if err := over.AddPlay(0, multi(2, 0), card.Multi{}); !errors.Is(err, shengji.ErrTrickLog) || over != before {
		t.Fatalf("a play beyond MaxTrickCards: %v", err)
	}
}

// TestTrickLog_BoundsEveryTable: the derivation of MaxTrickCards holds at
// every valid table: a player is dealt at most MaxHandSize cards and the
// players at most MaxDeck.
func TestTrickLog_BoundsEveryTable(t *testing.T) {
	tables := 0
	for p := shengji.MinPlayers; p <= shengji.MaxPlayers; p++ {
		for k := shengji.MinPacks; k <= shengji.MaxPacks; k++ {
			for kitty := 0; kitty <= shengji.MaxKitty; kitty++ {
				r := shengji.Rules{StartLevel: card.Two, Players: p, NumPacks: k, Kitty: kitty}
				if p%2 == 1 {
					r.Friends = shengji.FriendsOn
				}
				if r.Validate() != nil {
					continue
				}
				tables++
				if r.HandSize() > shengji.MaxHandSize || r.DeckSize()-r.KittySize() > shengji.MaxDeck {
					t.Fatalf("%d players, %d packs, kitty %d: hands of %d, %d dealt", p, k, kitty, r.HandSize(), r.DeckSize()-r.KittySize())
				}
			}
		}
	}
	if tables < 20 {
		t.Fatalf("only %d valid tables", tables)
	}
}

// TestTrickLog_Refuses: what a log cannot hold is refused, changing
// nothing, with ErrTrickLog.
func TestTrickLog_Refuses(t *testing.T) {
	var l shengji.TrickLog
	if err := l.AddPlay(0, card.MustParseMulti("AS"), card.Multi{}); !errors.Is(err, shengji.ErrTrickLog) {
		t.Fatalf("a play with no trick: %v", err)
	}
	if err := l.End(0, 10); !errors.Is(err, shengji.ErrTrickLog) {
		t.Fatalf("an end with no trick: %v", err)
	}
	if err := l.Append(shengji.Trick{Leader: 1, Winner: shengji.NoSeat, Players: 4}); err != nil {
		t.Fatal(err)
	}
	as := card.MustParseMulti("AS")
	for _, c := range []struct {
		name          string
		seat          shengji.Seat
		cards, throwm card.Multi
	}{
		{"an invalid seat", shengji.NoSeat, as, card.Multi{}},
		{"an empty play", 2, card.Multi{}, card.Multi{}},
		{"a malformed multiset", 2, card.Multi{Two: card.Bit(card.MustParse("KS"))}, card.Multi{}},
	} {
		before := l
		if err := l.AddPlay(c.seat, c.cards, c.throwm); !errors.Is(err, shengji.ErrTrickLog) || l != before {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	if err := l.AddPlay(1, as, card.MustParseMulti("AS KS")); err != nil {
		t.Fatal(err)
	}
	before := l
	if err := l.AddPlay(1, as, card.Multi{}); !errors.Is(err, shengji.ErrTrickLog) || l != before {
		t.Errorf("a seat playing twice: %v", err)
	}
	if err := l.AddPlay(2, as, card.MustParseMulti("QS JS")); !errors.Is(err, shengji.ErrTrickLog) || l != before {
		t.Errorf("a second failed throw: %v", err)
	}
	for _, tr := range []shengji.Trick{{Count: -1}, {Count: shengji.MaxSeats + 1}, {Players: shengji.MaxSeats + 1}, {Points: 1 << 20}} {
		if err := l.Append(tr); !errors.Is(err, shengji.ErrTrickLog) || l != before {
			t.Errorf("trick %+v: %v", tr, err)
		}
	}
	var bad shengji.TrickLog
	for _, js := range []string{`{}`, `[{"Count":11}]`, `[{"Plays":["AS BS"]}]`} {
		if err := json.Unmarshal([]byte(js), &bad); err == nil || bad != (shengji.TrickLog{}) {
			t.Errorf("%s read: %v", js, err)
		}
	}
}

// TestObservation_ReadsFullArrays: an observation whose Tricks and Bids
// hold every entry, the unused ones empty, as the wire once wrote them,
// reads as the one holding only those counted; a count beyond its array
// is refused.
func TestObservation_ReadsFullArrays(t *testing.T) {
	var o shengji.Observation
	for seed := uint64(1); seed <= 20 && o.Tricks.Len() == 0; seed++ {
		throwingHand(t, shengji.Standard(), seed, func(g *shengji.Game, _ []shengji.Trick) {
			if g.Hand().NumTricks() == 5 && len(g.Hand().Bids()) > 0 && o.Tricks.Len() == 0 {
				g.Observe(0, &o)
			}
		})
	}
	if o.Tricks.Len() != 5 || o.Bids.Len() == 0 {
		t.Fatalf("no observation at the fifth trick with a declaration: %d tricks, %d bids", o.Tricks.Len(), o.Bids.Len())
	}
	b, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	if m["NTricks"] != float64(5) || m["NBids"] != float64(o.Bids.Len()) || len(m["Tricks"].([]any)) != 5 {
		t.Fatalf("the wire holds NTricks %v, NBids %v, %d tricks", m["NTricks"], m["NBids"], len(m["Tricks"].([]any)))
	}
	empty := func(v any) any {
		b, _ := json.Marshal(v)
		var x any
		_ = json.Unmarshal(b, &x)
		return x
	}
	for len(m["Tricks"].([]any)) < shengji.MaxHandSize {
		m["Tricks"] = append(m["Tricks"].([]any), empty(shengji.Trick{}))
	}
	for len(m["Bids"].([]any)) < shengji.MaxBids {
		m["Bids"] = append(m["Bids"].([]any), empty(shengji.Bid{}))
	}
	full, _ := json.Marshal(m)
	var back shengji.Observation
	if err := json.Unmarshal(full, &back); err != nil || back != o {
		t.Fatalf("the full arrays read otherwise (%v)", err)
	}
	m["NTricks"] = shengji.MaxHandSize + 1
	over, _ := json.Marshal(m)
	if err := json.Unmarshal(over, &back); err == nil {
		t.Fatal("an NTricks beyond its array was read")
	}
}
