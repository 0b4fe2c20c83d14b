package shengji

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"felt/card"
	"felt/shengji"
	"felt/shengji/sjbot"
	"felt/table"
)

// sjState is what an engine shows of its game: the hand, every seat's
// observation, who may act and the outcome.
type sjState struct {
	Hand    shengji.Hand
	Obs     [shengji.MaxSeats]shengji.Observation
	ToAct   table.Seats
	Outcome table.Outcome
}

func sjStateOf(e table.Engine[shengji.Action, shengji.Observation, shengji.Event]) sjState {
	st := sjState{Hand: *e.(*Engine).Game().Hand(), ToAct: e.ToAct(), Outcome: e.Outcome()}
	for s := range e.Seats() {
		e.Observe(table.Seat(s), &st.Obs[s])
	}
	return st
}

// sjCandidates are moves to try for a seat holding hand, most of them
// illegal: the random player's own, plays and burials of some of its
// cards and of cards it lacks, declarations, a pass and friend calls.
func sjCandidates(rng *rand.Rand, o *shengji.Observation, hand card.Multi) []shengji.Action {
	var as []shengji.Action
	if a, ok := sjbot.NewRandom(rng).Act(o); ok {
		as = append(as, a)
	}
	cs := hand.Cards()
	pack := card.Pack()
	some := func(n int) card.Multi {
		var m card.Multi
		for range n {
			if len(cs) > 0 && rng.IntN(4) > 0 {
				_ = m.Add(cs[rng.IntN(len(cs))])
			} else {
				_ = m.Add(pack[rng.IntN(len(pack))])
			}
		}
		return m
	}
	for n := 1; n <= 4; n++ {
		as = append(as, shengji.PlayAction(some(n)))
	}
	lv := card.New(o.Level, card.Suit(rng.IntN(4)))
	as = append(as, shengji.PlayAction(card.Multi{}), shengji.BuryAction(some(o.Rules.KittySize())),
		shengji.DeclareAction(card.Times(card.Bit(lv), 1+rng.IntN(2))), shengji.DeclareAction(card.Double(card.Bit(card.BigJoker))),
		shengji.PassAction(), shengji.CallAction(shengji.Call{Card: pack[rng.IntN(len(pack))], Ordinal: 1 + rng.IntN(3)}))
	return as
}

// TestShengjiTryApply_AsCheckThenApply plays whole games on two engines,
// one making every move with TryApply (a table without a log), the other
// with Check then Apply, and at every position tries many moves on the
// first: TryApply refuses exactly what Check refuses, with the same
// error, changing nothing and filling no view, and makes what Check
// accepts as Apply makes it (the same views, the same game after).
func TestShengjiTryApply_AsCheckThenApply(t *testing.T) {
	f6 := mustPreset(t, "friends-6")
	f6.StartLevel = card.Ace // a game of a few hands
	friends6, err := json.Marshal(f6)
	if err != nil {
		t.Fatal(err)
	}
	tried, refused := 0, 0
	for k, options := range []string{string(fast), string(friends6)} {
		for seed := uint64(1); seed <= 2; seed++ {
			t.Run(fmt.Sprintf("options%d/seed%d", k, seed), func(t *testing.T) {
				a, err := New(seed, json.RawMessage(options))
				if err != nil {
					t.Fatal(err)
				}
				b, _ := New(seed, json.RawMessage(options))
				try := a.(table.Trier[shengji.Action, shengji.Event])
				rng := rand.New(rand.NewPCG(seed, 7))
				for moves := 0; !b.Over(); moves++ {
					if moves > 50000 {
						t.Fatal("the game does not end")
					}
					if !reflect.DeepEqual(sjStateOf(a), sjStateOf(b)) {
						t.Fatalf("move %d: the engines differ", moves)
					}
					if b.ToAct().IsEmpty() {
						if b.(*Engine).Game().NeedsDeal() {
							// between hands every move is refused alike
							var o shengji.Observation
							b.Observe(0, &o)
							for _, m := range sjCandidates(rng, &o, o.Hand) {
								want := b.Check(0, m)
								var v table.Views[shengji.Event]
								if got := try.TryApply(0, m, &v); want == nil || got == nil || got.Error() != want.Error() {
									t.Fatalf("between hands: %v: TryApply says %v, Check %v", m, got, want)
								}
								tried++
								refused++
							}
						}
						var va, vb table.Views[shengji.Event]
						ra, err := a.Advance(&va)
						if err != nil {
							t.Fatal(err)
						}
						rb, _ := b.Advance(&vb)
						if string(ra) != string(rb) || va != vb {
							t.Fatalf("advances %s and %s", ra, rb)
						}
						if ra != nil {
							if err := a.Redeal(ra, &va); err != nil {
								t.Fatal(err)
							}
							if err := b.Redeal(rb, &vb); err != nil {
								t.Fatal(err)
							}
						}
						continue
					}
					s, _ := b.ToAct().First(0)
					n := table.Seat(b.Seats())
					for _, seat := range []table.Seat{s, (s + 1) % n, n, table.MaxSeats} {
						if rng.IntN(3) != 0 {
							break // refusals tried at a third of the positions
						}
						var o shengji.Observation
						b.Observe(seat%n, &o)
						var hand card.Multi
						if seat < n {
							hand = o.Hand
						}
						for _, m := range sjCandidates(rng, &o, hand) {
							want := b.Check(seat, m)
							if want == nil {
								continue
							}
							game := a.(*Engine).Game()
							before := *game.Hand()
							var v table.Views[shengji.Event]
							got := try.TryApply(seat, m, &v)
							tried++
							if got == nil || got.Error() != want.Error() {
								t.Fatalf("seat %d %v: TryApply says %v, Check %v", seat, m, got, want)
							}
							// (the whole state is compared at the next move)
							if v != (table.Views[shengji.Event]{}) || *game.Hand() != before {
								t.Fatalf("seat %d %v refused (%v) but changed the game or filled views", seat, m, got)
							}
							refused++
						}
					}
					var o shengji.Observation
					b.Observe(s, &o)
					m, ok := sjbot.NewRandom(rng).Act(&o)
					if !ok {
						if !b.Optional() {
							t.Fatalf("move %d: the random player declined a move that is due", moves)
						}
						// a declined declaration: deal on
						var va, vb table.Views[shengji.Event]
						if _, err := a.Advance(&va); err != nil {
							t.Fatal(err)
						}
						if _, err := b.Advance(&vb); err != nil {
							t.Fatal(err)
						}
						continue
					}
					if err := b.Check(s, m); err != nil {
						t.Fatalf("move %d: %v: %v", moves, m, err)
					}
					var va, vb table.Views[shengji.Event]
					if err := b.Apply(s, m, &vb); err != nil {
						t.Fatal(err)
					}
					if err := try.TryApply(s, m, &va); err != nil {
						t.Fatalf("move %d: %v accepted by Check, refused by TryApply: %v", moves, m, err)
					}
					tried++
					if va != vb {
						t.Fatalf("move %d: %v shows %+v, Apply shows %+v", moves, m, va, vb)
					}
				}
				if !reflect.DeepEqual(sjStateOf(a), sjStateOf(b)) {
					t.Fatal("the engines differ at the end")
				}
				// once over, every move is refused alike
				var o shengji.Observation
				b.Observe(0, &o)
				for _, m := range sjCandidates(rng, &o, o.Hand) {
					want := b.Check(0, m)
					var v table.Views[shengji.Event]
					if got := try.TryApply(0, m, &v); want == nil || got == nil || got.Error() != want.Error() {
						t.Fatalf("game over: %v: TryApply says %v, Check %v", m, got, want)
					}
				}
			})
		}
	}
	if refused < 1000 || tried < refused+300 {
		t.Fatalf("tried %d moves, %d refused: too few to tell", tried, refused)
	}
	t.Logf("tried %d moves, %d of them refused", tried, refused)
}

func mustPreset(t *testing.T, name string) shengji.Rules {
	t.Helper()
	r, ok := shengji.Preset(name)
	if !ok {
		t.Fatalf("no preset %q", name)
	}
	return r
}
