package gin

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"felt/card"
	"felt/games/gamestest"
	"felt/gin"
	"felt/table"
)

type ginEngine = table.Engine[gin.Action, gin.Observation, gin.Event]

// ginState is all that can be seen of an engine from outside.
type ginState struct {
	Obs     [2]gin.Observation
	ToAct   table.Seats
	Outcome table.Outcome
	Over    bool
}

func stateOf(e ginEngine) ginState {
	return ginState{Obs: [2]gin.Observation{observe(e, 0), observe(e, 1)}, ToAct: e.ToAct(), Outcome: e.Outcome(), Over: e.Over()}
}

// ginCandidates are moves to try at a position, most of them illegal:
// every kind, for the given cards and a few others, the defender's layout
// and lay-offs.
func ginCandidates(rng *rand.Rand, cards []card.Card) []gin.Action {
	as := []gin.Action{gin.DrawStockAction(), gin.TakeDiscardAction(), gin.PassAction(), gin.BigGinAction(),
		LayOut(gin.Arrangement{}), {Kind: gin.LayOff}}
	pack := card.Pack()
	for range 3 {
		cards = append(cards, pack[rng.IntN(len(pack))])
	}
	for _, c := range cards {
		as = append(as, gin.DiscardAction(c), gin.KnockAction(c), gin.Action{Kind: gin.LayOff, Card: c})
		if m, ok := gin.NewArrangement(gin.MeldOf(c, c+1, c+2)); ok == nil {
			as = append(as, LayOff(c, m.Meld(0)), gin.Action{Kind: gin.Knock, Card: c, Show: m})
		}
	}
	return as
}

// TestGinTryApply_AsCheckThenApply plays whole games on two engines, one
// making every move with TryApply (a table without a log), the other with
// Check then Apply, and at every position tries many moves on the first:
// TryApply refuses exactly what Check refuses, with the same error,
// changing nothing and filling no view, and makes what Check accepts as
// Apply makes it (the same views, the same game after), whatever the
// rules (the defender laying out included).
func TestGinTryApply_AsCheckThenApply(t *testing.T) {
	eaai, _ := json.Marshal(gin.EAAI())
	optionSets := []string{"", string(eaai), `{"defender_lays_out":true}`, `{"oklahoma":true,"defender_lays_out":true}`}
	games, probe := 2, 2 // games per option set; refusals tried at 1 position in probe
	if testing.Short() {
		games = 1
	}
	if gamestest.Race {
		probe = 12
	}
	tried, refused := 0, 0
	for k, options := range optionSets {
		for seed := uint64(1); seed <= uint64(games); seed++ {
			t.Run(fmt.Sprintf("options%d/seed%d", k, seed), func(t *testing.T) {
				a, err := New(seed, json.RawMessage(options))
				if err != nil {
					t.Fatal(err)
				}
				b, _ := New(seed, json.RawMessage(options))
				try := a.(table.Trier[gin.Action, gin.Event])
				rng := rand.New(rand.NewPCG(seed, 7))
				for moves := 0; !b.Over(); moves++ {
					if moves > 20000 {
						t.Fatal("the game does not end")
					}
					if !reflect.DeepEqual(stateOf(a), stateOf(b)) {
						t.Fatalf("move %d: the engines differ:\n%+v\n%+v", moves, stateOf(a), stateOf(b))
					}
					if b.ToAct().IsEmpty() {
						var va, vb table.Views[gin.Event]
						ra, err := a.Advance(&va)
						if err != nil {
							t.Fatal(err)
						}
						rb, _ := b.Advance(&vb)
						if string(ra) != string(rb) {
							t.Fatalf("deals %s and %s", ra, rb)
						}
						if err := a.Redeal(ra, &va); err != nil {
							t.Fatal(err)
						}
						if err := b.Redeal(rb, &vb); err != nil {
							t.Fatal(err)
						}
						continue
					}
					s, _ := b.ToAct().First(0)
					for _, seat := range []table.Seat{s, 1 - s, 2} {
						if rng.IntN(probe) != 0 {
							break
						}
						var cards []card.Card // the seat's own, for the seat to move
						if seat == s {
							cards = b.(*Engine).Game().Hand().Cards(gin.Seat(s)).Cards()
						}
						for _, m := range ginCandidates(rng, cards) {
							want := b.Check(seat, m)
							if want == nil {
								continue
							}
							before := stateOf(a)
							var v table.Views[gin.Event]
							got := try.TryApply(seat, m, &v)
							tried++
							if got == nil || got.Error() != want.Error() {
								t.Fatalf("seat %d %+v: TryApply says %v, Check %v", seat, m, got, want)
							}
							if v != (table.Views[gin.Event]{}) || !reflect.DeepEqual(stateOf(a), before) {
								t.Fatalf("seat %d %+v refused (%v) but changed the game or filled views %+v", seat, m, got, v)
							}
							refused++
						}
					}
					o := observe(b, s)
					var m gin.Action
					switch legal := o.LegalActions(nil); {
					case o.Result != nil && o.Phase != gin.OverPhase:
						m = LayOut(o.Result.Showdown.Defender)
					case rng.IntN(8) == 0 && len(legal) > 0:
						m = legal[rng.IntN(len(legal))]
					default:
						m, _ = ginPure(&o)
					}
					if err := b.Check(s, m); err != nil {
						t.Fatalf("move %d: %+v: %v", moves, m, err)
					}
					var va, vb table.Views[gin.Event]
					if err := b.Apply(s, m, &vb); err != nil {
						t.Fatal(err)
					}
					if err := try.TryApply(s, m, &va); err != nil {
						t.Fatalf("move %d: %+v accepted by Check, refused by TryApply: %v", moves, m, err)
					}
					tried++
					if !reflect.DeepEqual(va, vb) {
						t.Fatalf("move %d: %+v shows %+v, Apply shows %+v", moves, m, va, vb)
					}
				}
				if !reflect.DeepEqual(stateOf(a), stateOf(b)) {
					t.Fatal("the engines differ at the end")
				}
				for _, m := range ginCandidates(rng, b.(*Engine).Game().Hand().Cards(0).Cards()) {
					want := b.Check(0, m)
					var v table.Views[gin.Event]
					if got := try.TryApply(0, m, &v); want == nil || got == nil || got.Error() != want.Error() {
						t.Fatalf("%+v after the game: TryApply says %v, Check %v", m, got, want)
					}
				}
			})
		}
	}
	if refused == 0 || tried == refused {
		t.Fatalf("%d moves tried, %d refused", tried, refused)
	}
	t.Logf("%d moves tried, %d refused", tried, refused)
}
