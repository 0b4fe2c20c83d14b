package sjbot

import (
	"math"

	"felt/card"
	"felt/shengji"
)

// solver plays the rest of a hand exactly on a deal every seat sees
// whole: each seat plays for its side (the banker's side, which must be
// settled: fixed partnerships, or every friend found), and the value of a
// position is what the hand's end is worth to the banker's side (see
// outcome), the kitty's points multiplied for the attackers winning the
// last trick. Leads are single units (no throws). It searches by
// alpha-beta; full turns it off (for the tests' brute force).
type solver struct {
	ord   *shengji.Order
	rules shengji.Rules
	n     int
	hands [shengji.MaxSeats]card.Multi
	bank  shengji.Seats // the banker's side
	kitty card.Multi
	full  bool
	lw    float64 // the levels' weight (see outcome)
	nodes int
	bufs  [shengji.MaxSeats * 8][]card.Multi
}

// trickState is a trick in progress in the solver: its leader and the
// plays so far, in order from the leader.
type trickState struct {
	leader shengji.Seat
	plays  [shengji.MaxSeats]card.Multi
	count  int
}

// outcome is what a hand ending with att attacker points is worth to the
// banker's side, in points: the levels the bank gains or the attackers do
// (LevelUp), holding the bank worth half a level more, each level worth
// lw level steps, and a point less for each point the attackers took, so
// that, the levels equal, fewer points are better.
func outcome(rules shengji.Rules, att int, lw float64) float64 {
	step := rules.LevelStep()
	r := shengji.LevelUp(att, step)
	lv := float64(r.LevelsUp) + 0.5
	if !r.BankersKeep {
		lv = -lv
	}
	return lw*lv*float64(step) - float64(att)
}

// solve returns the value to the banker's side of the position: trick t in
// progress, the attackers holding att points, with best play by every
// seat (within the window alpha, beta unless full).
func (s *solver) solve(t trickState, att int, alpha, beta float64, depth int) float64 {
	s.nodes++
	if t.count == s.n {
		w, _ := s.ord.Winner(t.plays[:s.n])
		winner := t.leader.Plus(w, s.n)
		pts := 0
		for _, p := range t.plays[:s.n] {
			pts += shengji.Points(p)
		}
		if !s.bank.Has(winner) {
			att += pts
		}
		if s.hands[winner].IsEmpty() {
			if !s.bank.Has(winner) {
				att += shengji.Points(s.kitty) * s.multiplier(t.plays[w])
			}
			return outcome(s.rules, att, s.lw)
		}
		return s.solve(trickState{leader: winner}, att, alpha, beta, depth+1)
	}
	seat := t.leader.Plus(t.count, s.n)
	hand := s.hands[seat]
	buf := &s.bufs[depth%len(s.bufs)]
	if t.count == 0 {
		*buf = s.ord.AppendLeads((*buf)[:0], hand)
	} else {
		*buf = s.ord.AppendFollows((*buf)[:0], t.plays[0], hand)
	}
	moves := *buf
	maxing := s.bank.Has(seat)
	best := math.Inf(1)
	if maxing {
		best = math.Inf(-1)
	}
	for i := range moves {
		m := moves[i]
		s.hands[seat] = hand.Minus(m)
		nt := t
		nt.plays[t.count] = m
		nt.count++
		val := s.solve(nt, att, alpha, beta, depth+1)
		s.hands[seat] = hand
		if maxing {
			best = max(best, val)
			alpha = max(alpha, val)
		} else {
			best = min(best, val)
			beta = min(beta, val)
		}
		if !s.full && alpha >= beta {
			break
		}
	}
	return best
}

// multiplier is the kitty's multiplier for the attackers winning the last
// trick with play, under the table's rule.
func (s *solver) multiplier(play card.Multi) int {
	if s.rules.KittyMultiplier == shengji.KittyByFormat {
		return s.ord.KittyMultiplier(play)
	}
	return 2
}
