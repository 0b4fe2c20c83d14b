package sjbot

import (
	"math"
	"math/rand/v2"
	"testing"

	"felt/card"
	"felt/shengji"
)

// bruteValue is the value of a position by plain minimax over every play
// sequence, written apart from the solver: the banker's side (bank)
// maximizes outcome, the others minimize it.
func bruteValue(ord *shengji.Order, rules shengji.Rules, n int, hands [shengji.MaxSeats]card.Multi, bank shengji.Seats, kitty card.Multi,
	leader shengji.Seat, plays []card.Multi, att int, lw float64) float64 {
	if len(plays) == n {
		w, err := ord.Winner(plays)
		if err != nil {
			panic(err)
		}
		win := leader.Plus(w, n)
		pts := 0
		for _, p := range plays {
			pts += shengji.Points(p)
		}
		if !bank.Has(win) {
			att += pts
		}
		if hands[win].IsEmpty() {
			if !bank.Has(win) {
				mult := 2
				if rules.KittyMultiplier == shengji.KittyByFormat {
					mult = ord.KittyMultiplier(plays[w])
				}
				att += shengji.Points(kitty) * mult
			}
			return outcome(rules, att, lw)
		}
		return bruteValue(ord, rules, n, hands, bank, kitty, win, nil, att, lw)
	}
	seat := leader.Plus(len(plays), n)
	var moves []card.Multi
	if len(plays) == 0 {
		moves = ord.AppendLeads(nil, hands[seat])
	} else {
		moves = ord.AppendFollows(nil, plays[0], hands[seat])
	}
	best := math.Inf(1)
	if bank.Has(seat) {
		best = math.Inf(-1)
	}
	for _, m := range moves {
		h := hands
		h[seat] = h[seat].Minus(m)
		v := bruteValue(ord, rules, n, h, bank, kitty, leader, append(append([]card.Multi(nil), plays...), m), att, lw)
		if bank.Has(seat) {
			best = max(best, v)
		} else {
			best = min(best, v)
		}
	}
	return best
}

// TestSolver_MatchesBruteForce: on random small endgames (one to three
// cards a seat, two packs, random trumps, points and kitties, some
// positions in the middle of a trick, the kitty multiplied by format and
// fixed) the alpha-beta solver's value is the brute-force minimax value,
// and it searches fewer positions.
func TestSolver_MatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 1))
	positions := 300
	if testing.Short() || race {
		positions = 60
	}
	var cut, all int
	for i := range positions {
		rules := shengji.Standard()
		if i%3 == 2 {
			rules.KittyMultiplier = shengji.KittyFixed
		}
		deck, err := card.ShuffledPacks(rng, 2, true)
		if err != nil {
			t.Fatal(err)
		}
		tr := shengji.Trump{Suit: card.Suit(rng.IntN(card.NumSuits + 1)), Level: card.Rank(card.Two + card.Rank(rng.IntN(13)))}
		if !tr.IsValid() {
			tr = shengji.Trump{Suit: card.Spades, Level: card.Two}
		}
		ord := rules.Order(tr)
		k := 1 + i%3
		var hands [shengji.MaxSeats]card.Multi
		for s := range 4 {
			for _, c := range deck[s*k : (s+1)*k] {
				_ = hands[s].Add(c)
			}
		}
		var kitty card.Multi
		for _, c := range deck[4*k : 4*k+8] {
			_ = kitty.Add(c)
		}
		bank := shengji.Seat(i % 2).Parity(4)
		leader := shengji.Seat(rng.IntN(4))
		att := rng.IntN(120)
		// some positions in the middle of a trick: a random lead and follows
		var plays []card.Multi
		for range rng.IntN(3) {
			seat := leader.Plus(len(plays), 4)
			var ms []card.Multi
			if len(plays) == 0 {
				ms = ord.AppendLeads(nil, hands[seat])
			} else {
				ms = ord.AppendFollows(nil, plays[0], hands[seat])
			}
			m := ms[rng.IntN(len(ms))]
			hands[seat] = hands[seat].Minus(m)
			plays = append(plays, m)
		}
		want := bruteValue(ord, rules, 4, hands, bank, kitty, leader, plays, att, 1)
		for _, full := range []bool{false, true} {
			s := solver{ord: ord, rules: rules, n: 4, hands: hands, bank: bank, kitty: kitty, full: full, lw: 1}
			ts := trickState{leader: leader, count: len(plays)}
			copy(ts.plays[:], plays)
			got := s.solve(ts, att, math.Inf(-1), math.Inf(1), 0)
			if got != want {
				t.Fatalf("position %d (trump %v, %d cards, full %v): solver %v, brute force %v\nhands %v\nplays %v", i, tr, k, full, got, want, hands[:4], plays)
			}
			if full {
				all += s.nodes
			} else {
				cut += s.nodes
			}
		}
	}
	if cut >= all {
		t.Errorf("alpha-beta searched %d positions, the full search %d", cut, all)
	}
	t.Logf("%d positions: alpha-beta %d nodes, full %d", positions, cut, all)
}
