package shengji

import (
	"testing"

	"felt/card"
)

// TestTableViews plays hands through DealDeck, DealOne and ApplyShown and
// checks what each seat and a spectator are shown: a dealt card to its
// receiver alone, the kitty taken up to the banker alone, a burial's cards
// to the banker alone, plays and declarations to all, and at the end the
// buried kitty and the score to all.
func TestTableViews(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		g, err := NewGameUndealt(Standard())
		if err != nil {
			t.Fatal(err)
		}
		rng := NewRand(seed)
		deck, _ := card.ShuffledPacks(rng, 2, true)
		var seen [MaxSeats]Event
		var sp Event
		if err := g.DealDeck(deck, &seen, &sp); err != nil {
			t.Fatal(err)
		}
		if seen[0].Kind != HandEvent || sp.Kind != HandEvent || seen[0].Banker != NoSeat {
			t.Fatalf("new hand: %+v", seen[0])
		}
		players := [NumSeats]*randomPlayer{}
		for s := range players {
			players[s] = newRandomPlayer(NewRand(seed*10 + uint64(s)))
			players[s].declareChance = 0.2
		}
		h := g.Hand()
		settled, buried, ended := false, false, false
		for !h.Over() {
			if h.Phase() == DealPhase {
				acted := false
				for s := range h.ToAct().All() {
					var o Observation
					g.Observe(s, &o)
					if a, ok := players[s].Act(&o); ok {
						if err := g.ApplyShown(s, a, &seen, &sp); err != nil {
							t.Fatal(err)
						}
						for v := range seen[:NumSeats] {
							if seen[v].Kind != DeclareEvent || seen[v].Cards != a.Cards {
								t.Fatalf("a declaration is shown to all: %+v", seen[v])
							}
						}
						acted = true
						break
					}
				}
				if acted {
					continue
				}
				to := (h.Dealer() + Seat(h.Dealt())) % NumSeats
				c := deck[h.Dealt()]
				if err := g.DealOne(&seen, &sp); err != nil {
					t.Fatal(err)
				}
				for v := range seen[:NumSeats] {
					if want := card.Card(0); Seat(v) == to {
						if seen[v].Card != c {
							t.Fatalf("seat %d not shown its card %s", v, c)
						}
					} else if seen[v].Card != want {
						t.Fatalf("seat %d shown seat %d's card", v, to)
					}
				}
				if sp.Card != 0 {
					t.Fatal("spectator shown a dealt card")
				}
			} else {
				s := h.Turn()
				var o Observation
				g.Observe(s, &o)
				a, ok := players[s].Act(&o)
				if !ok {
					t.Fatalf("no action in %s", h.Phase())
				}
				if err := g.ApplyShown(s, a, &seen, &sp); err != nil {
					t.Fatal(err)
				}
				if a.Kind == Bury {
					buried = true
					for v := range seen[:NumSeats] {
						if (Seat(v) == s) != (seen[v].Cards == a.Cards) || seen[v].Kind != BuryEvent {
							t.Fatalf("burial shown to seat %d: %+v", v, seen[v].Cards)
						}
					}
					if !sp.Cards.IsEmpty() {
						t.Fatal("spectator shown the burial")
					}
				}
			}
			if seen[0].Settled && !settled {
				settled = true
				for v := range seen[:NumSeats] {
					if (Seat(v) == h.Banker()) != (seen[v].PickedUp == h.DealtKitty()) || seen[v].Trump != h.Trump() {
						t.Fatalf("settling shown to seat %d: %+v", v, seen[v].PickedUp)
					}
				}
				if !sp.PickedUp.IsEmpty() {
					t.Fatal("spectator shown the kitty")
				}
			}
			if h.Over() {
				ended = true
				for _, e := range append(seen[:NumSeats:NumSeats], sp) {
					if !e.HandOver || e.Kitty != h.Kitty() || e.Score != h.Score() {
						t.Fatalf("hand's end: %+v", e)
					}
				}
			}
		}
		if !settled || !buried || !ended {
			t.Fatalf("seed %d: settled %v buried %v ended %v", seed, settled, buried, ended)
		}
		for v, e := range seen[NumSeats:] {
			if e != (Event{}) {
				t.Fatalf("seed %d: seat %d, past the table's four, shown %+v", seed, NumSeats+v, e)
			}
		}
	}
}
