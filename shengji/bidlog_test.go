package shengji

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"

	"felt/card"
)

// bruteDeclarations lists every declaration a seat dealt d may show over
// the last of bids, by the rule itself: each level card shown once to as
// many times as it is held, each joker held at least twice shown twice
// or more (not under NoJokerBids), that outranks the standing one.
func bruteDeclarations(d card.Multi, level card.Rank, seat Seat, bids *BidLog, r Rules) []card.Multi {
	st, has := bids.Last()
	var out []card.Multi
	try := func(m card.Multi) {
		if rk, _, n, ok := Declaration(m, level); ok && outranks(seat, m, rk, n, st, has, r) {
			out = append(out, m)
		}
	}
	for _, c := range levelFaces(level).Cards() {
		for n := 1; n <= d.Count(c); n++ {
			try(card.Times(card.Bit(c), n))
		}
	}
	if !r.NoJokerBids {
		for _, j := range []card.Card{card.SmallJoker, card.BigJoker} {
			for n := 2; n <= d.Count(j); n++ {
				try(card.Times(card.Bit(j), n))
			}
		}
	}
	return out
}

// TestCanDeclare_AsBruteForce: whether a seat may declare (canDeclare,
// BidLog.CanShow, and a hand's ToAct from the strongest declarations kept as dealt) is
// whether the rule itself lists a declaration, over random holdings of 2
// to 5 packs, standing declarations of any seat and every variant of
// the declaring rules.
func TestCanDeclare_AsBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	faces := append(card.Pack(), card.SmallJoker, card.BigJoker)
	yes, no := 0, 0
	for i := range 20000 {
		packs := 2 + rng.IntN(4)
		r := Rules{NoJokerBids: rng.IntN(4) == 0, NoReinforce: rng.IntN(4) == 0, EqualOverride: rng.IntN(3) == 0}
		level := card.Rank(1 + rng.IntN(13))
		// a holding rich in level cards and jokers
		var d card.Multi
		for range rng.IntN(30) {
			c := faces[rng.IntN(len(faces))]
			if rng.IntN(2) == 0 {
				c = levelFaces(level).Cards()[rng.IntN(4)]
			} else if rng.IntN(3) == 0 {
				c = []card.Card{card.SmallJoker, card.BigJoker}[rng.IntN(2)]
			}
			if d.Count(c) < packs {
				_ = d.Add(c)
			}
		}
		seat := Seat(rng.IntN(4))
		var bids BidLog
		if rng.IntN(5) > 0 {
			c := levelFaces(level).Cards()[rng.IntN(4)]
			if rng.IntN(3) == 0 && !r.NoJokerBids { // (no joker stands where none may be shown)
				c = []card.Card{card.SmallJoker, card.BigJoker}[rng.IntN(2)]
			}
			m := card.Times(card.Bit(c), 1+rng.IntN(packs))
			rk, _, n, ok := Declaration(m, level)
			if !ok {
				m = card.Times(card.Bit(c), 2)
				rk, _, n, _ = Declaration(m, level)
			}
			if err := bids.Append(Bid{Seat: Seat(rng.IntN(4)), Cards: m, Rank: rk, Count: n}); err != nil {
				t.Fatal(err)
			}
		}
		want := len(bruteDeclarations(d, level, seat, &bids, r)) > 0
		e, _ := bids.last()
		if got := canDeclare(d, level, seat, e, &r); got != want {
			t.Fatalf("case %d: %s at level %s, seat %s over %v (%+v): canDeclare %v, the rule %v", i, d, LevelString(level), seat, bidsOf(&bids), r, got, want)
		}
		if got := bids.CanShow(d, level, seat, r); got != want {
			t.Fatalf("case %d: %s at level %s, seat %s over %v (%+v): CanShow %v, the rule %v", i, d, LevelString(level), seat, bidsOf(&bids), r, got, want)
		}
		if want {
			yes++
		} else {
			no++
		}
	}
	if yes < 2000 || no < 2000 {
		t.Fatalf("%d cases that may declare, %d that may not: too few of one", yes, no)
	}
}

// bidsOf returns the log's declarations (for messages).
func bidsOf(l *BidLog) []Bid {
	var bs []Bid
	for _, b := range l.All() {
		bs = append(bs, b)
	}
	return bs
}

// TestToAct_AsBruteForce deals hands at tables of 4 to 10 players and 2
// to 5 packs, declaring now and then, and checks after every card that
// ToAct (from the strongest declarations kept as the cards are dealt) is
// the seats the rule lets declare.
func TestToAct_AsBruteForce(t *testing.T) {
	checked := 0
	for _, tb := range [][2]int{{4, 2}, {4, 3}, {6, 4}, {8, 5}, {10, 5}} {
		for seed := uint64(1); seed <= 10; seed++ {
			r := Rules{StartLevel: card.Two, Players: tb[0], NumPacks: tb[1], EqualOverride: seed%3 == 0, NoReinforce: seed%4 == 0}
			rng := rand.New(rand.NewPCG(seed, uint64(tb[0])))
			deck, _ := card.ShuffledPacks(rng, r.Packs(), true)
			h, err := NewHand(r, deck, 0, NoSeat, card.Rank(2+rng.IntN(12)))
			if err != nil {
				t.Fatal(err)
			}
			for h.Phase() == DealPhase {
				var want Seats
				for s := range Seat(tb[0]) {
					if len(bruteDeclarations(h.hands[s], h.level, s, &h.bids, r)) > 0 {
						want |= SeatsOf(s)
					}
				}
				if !h.declaring() {
					want = 0
				}
				if got := h.ToAct(); got != want {
					t.Fatalf("%d players %d packs seed %d, %d dealt: ToAct %s, the rule %s", tb[0], tb[1], seed, h.Dealt(), got, want)
				}
				checked++
				if !want.IsEmpty() && rng.IntN(8) == 0 {
					var s Seat
					for s = range want.All() {
						break
					}
					ds := h.AppendDeclarations(nil, s)
					if err := h.Apply(s, ds[rng.IntN(len(ds))]); err != nil {
						t.Fatal(err)
					}
					continue
				}
				_ = h.Deal()
			}
		}
	}
	t.Logf("%d positions checked", checked)
}

// TestBidLog_RoundTrips: a log holds any declaration, reads back as it
// was given and from its JSON, and refuses what is not copies of one
// card, changing nothing.
func TestBidLog_RoundTrips(t *testing.T) {
	var l BidLog
	given := []Bid{
		{Seat: 2, Cards: card.MustParseMulti("2S"), Rank: BidSingle, Dealt: 7, Count: 1},
		{Seat: 1, Cards: card.MustParseMulti("BJ BJ BJ"), Rank: BidBigJokers, Dealt: 200, Count: 3},
		{Seat: 9, Cards: card.MustParseMulti("2H 2H 2H 2H 2H"), Rank: BidPair, Dealt: 260, Count: 5},
		{Seat: 0, Cards: card.MustParseMulti("BJ BJ"), Dealt: 21}, // written by hand: no rank nor count
		{},
	}
	for _, b := range given {
		if err := l.Append(b); err != nil {
			t.Fatalf("%+v: %v", b, err)
		}
	}
	for i, b := range l.All() {
		if b != given[i] {
			t.Fatalf("declaration %d reads %+v, was %+v", i, b, given[i])
		}
	}
	if b, ok := l.Last(); !ok || b != given[len(given)-1] {
		t.Fatalf("last %+v", b)
	}
	js, err := json.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	var back BidLog
	if err := json.Unmarshal(js, &back); err != nil || back != l {
		t.Fatalf("%s reads back otherwise: %v", js, err)
	}
	before := l
	for _, b := range []Bid{
		{Cards: card.MustParseMulti("2S 2H")},
		{Cards: card.Multi{Two: card.Bit(card.MustParse("2S"))}},
		{Cards: card.MustParseMulti("2S"), Dealt: -1},
		{Cards: card.MustParseMulti("2S"), Dealt: 1 << 16},
		{Cards: card.MustParseMulti("2S"), Count: 256},
	} {
		if err := l.Append(b); !errors.Is(err, ErrBidLog) || l != before {
			t.Errorf("%+v: %v", b, err)
		}
	}
	for range MaxBids - len(given) {
		if err := l.Append(given[0]); err != nil {
			t.Fatal(err)
		}
	}
	full := l
	if err := l.Append(given[0]); !errors.Is(err, ErrBidLog) || l != full {
		t.Errorf("a declaration beyond MaxBids: %v", err)
	}
}
