package shengji

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"felt/games"
	"felt/shengji"
	"felt/shengji/sjbot"
	"felt/table"
)

// TestShengjiBidsFromAnySeat: while the cards are dealt, a declaration from
// any seat flows through the driver (there is no seat "next" to act): in
// the first hand (dealt from seat 0, card i to seat i mod 4) seats declare
// at cards dealt to others, and every such log replays.
func TestShengjiBidsFromAnySeat(t *testing.T) {
	var bySeat [shengji.NumSeats]int
	notReceiver := 0
	for seed := uint64(1); seed <= 30; seed++ {
		var ps []sjP
		for i := range shengji.NumSeats {
			r := sjbot.NewRandom(rand.New(rand.NewPCG(seed, uint64(i))))
			r.DeclareChance = 0.2
			ps = append(ps, sjP{Name: "eager", Kind: table.Level, Control: games.Controller(r.Act)})
		}
		log, res := runSJ(t, seed, fast, ps)
		if !res.Over {
			t.Fatalf("seed %d: %+v", seed, res)
		}
		dealt, deals := 0, 0
		for _, l := range strings.Split(string(log), "\n") {
			var r struct {
				Type string
				Adv  int
				Seat int
				Move struct{ Kind string }
			}
			if json.Unmarshal([]byte(l), &r) != nil {
				continue
			}
			if r.Type == "deal" {
				deals++
			}
			dealt += r.Adv
			if r.Type != "move" || r.Move.Kind != "bid" {
				continue
			}
			bySeat[r.Seat]++
			if deals == 1 && r.Seat != (dealt-1)%shengji.NumSeats {
				notReceiver++
			}
		}
		if _, err := table.Recover(bytes.NewReader(log), Spec); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
	for s, n := range bySeat {
		if n == 0 {
			t.Errorf("seat %d never declared: %v", s, bySeat)
		}
	}
	if notReceiver == 0 {
		t.Error("no seat declared at a card dealt to another")
	}
	t.Logf("declarations by seat %v; %d in first hands at a card dealt to another seat", bySeat, notReceiver)
}
