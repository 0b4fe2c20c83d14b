package shengji

import (
	"math/rand/v2"
	"testing"

	"felt/card"
)

// BenchmarkHand_RandomPlayers plays whole hands (deal with declarations, kitty, all
// the tricks, scoring) by four random legal players, on one core.
func BenchmarkHand_RandomPlayers(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	var players [MaxSeats]player
	for s := range players {
		players[s] = newRandomPlayer(rand.New(rand.NewPCG(uint64(s), 3)))
	}
	deck, _ := card.Packs(2, true)
	b.ReportAllocs()
	for b.Loop() {
		card.Shuffle(rng, deck)
		h, err := NewHand(Standard(), deck, 0, NoSeat, card.Two)
		if err != nil {
			b.Fatal(err)
		}
		if err := playHand(&h, &h, players); err != nil {
			b.Fatal(err)
		}
	}
}

// followSituation is a moment of a real hand where a seat follows.
type followSituation struct {
	h    *Hand
	seat Seat
	lead card.Multi
	hand card.Multi
	play card.Multi // a legal follow
	ord  *Order
}

// followSituations collects n moments of random hands where a seat is to
// follow, each with a random legal follow.
func followSituations(tb testing.TB, n int) []followSituation {
	rng := rand.New(rand.NewPCG(11, 11))
	ps := randomPlayers(11)
	var out []followSituation
	for len(out) < n {
		h := newRandomHand(tb, rng)
		for !h.Over() && len(out) < n {
			if h.Phase() == PlayPhase {
				if tr := h.Trick(h.NumTricks() - 1); tr.Count > 0 {
					s := h.Turn()
					o := h.Trump().Order()
					k := rng.IntN(o.CountFollows(tr.Lead(), h.Cards(s)))
					p, _ := o.NthFollow(tr.Lead(), h.Cards(s), k)
					hc := h
					out = append(out, followSituation{&hc, s, tr.Lead(), h.Cards(s), p, o})
				}
			}
			if err := playStep(&h, &h, &ps); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return out
}

// BenchmarkHand_CheckFollow times Hand.Check of a legal follow in real
// situations: the whole check a server makes of a play.
func BenchmarkHand_CheckFollow(b *testing.B) {
	ss := followSituations(b, 4096)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		s := &ss[i&4095]
		if err := s.h.Check(s.seat, PlayAction(s.play)); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkFollows_Count times counting the legal follows.
func BenchmarkFollows_Count(b *testing.B) {
	ss := followSituations(b, 4096)
	b.ReportAllocs()
	i, sink := 0, 0
	for b.Loop() {
		s := &ss[i&4095]
		sink += s.ord.CountFollows(s.lead, s.hand)
		i++
	}
	_ = sink
}

// BenchmarkFollows_List times listing every legal follow into a reused
// buffer.
func BenchmarkFollows_List(b *testing.B) {
	ss := followSituations(b, 4096)
	buf := make([]card.Multi, 0, 1<<16)
	b.ReportAllocs()
	i, sink := 0, 0
	for b.Loop() {
		s := &ss[i&4095]
		buf = s.ord.AppendFollows(buf[:0], s.lead, s.hand)
		sink += len(buf)
		i++
	}
	b.ReportMetric(float64(sink)/float64(i), "follows/op")
}

// BenchmarkFollows_Nth times drawing one legal follow by its number.
func BenchmarkFollows_Nth(b *testing.B) {
	ss := followSituations(b, 4096)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		s := &ss[i&4095]
		if _, ok := s.ord.NthFollow(s.lead, s.hand, i%7); !ok && i%7 == 0 {
			b.Fatal("no follow")
		}
		i++
	}
}
