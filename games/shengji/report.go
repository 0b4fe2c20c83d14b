package shengji

import (
	"fmt"

	"felt/games"
	"felt/shengji"
	"felt/table"
)

// AttackersTarget is the attackers' points that take the bank from the
// bankers: the share of hands where they reach it is attackers_80_rate.
const AttackersTarget = 80

// tally counts each hand's moves (declarations, passes, the burial,
// plays) as the spectator sees them, and reads each hand's score from the
// game once it is over.
type tally struct{ moves []int }

func newTally() games.Tally[shengji.Event] { return &tally{} }

func (t *tally) Event(_ table.Seat, e shengji.Event) {
	switch e.Kind {
	case shengji.HandEvent:
		t.moves = append(t.moves, 0)
	case shengji.DeclareEvent, shengji.PassEvent, shengji.BuryEvent, shengji.PlayEvent:
		if len(t.moves) > 0 {
			t.moves[len(t.moves)-1]++
		}
	}
}

func (t *tally) Notice(table.Notice) {}

// Hands are the game's hands: won by the team that went up, or by the
// bankers when they kept the bank without going up.
func (t *tally) Hands(e any) []games.Hand {
	en, ok := e.(*Engine)
	if !ok {
		return nil
	}
	var out []games.Hand
	for _, h := range en.Game().History() {
		sc := h.Score
		r := en.Game().Rules()
		side := sc.Side(r)
		kind := "bank lost"
		won := shengji.AllSeats(r.NumPlayers()) &^ side
		if sc.BankersKeep {
			kind, won = "bank kept", side
		}
		if sc.Redeal {
			kind, won = "redeal", 0
		}
		if sc.LevelsUp > 0 {
			kind += ", up"
		}
		hd := games.Hand{Kind: kind, Points: sc.LevelsUp, Detail: sc}
		if k := len(out); k < len(t.moves) {
			hd.Moves = t.moves[k]
		}
		hd.Winners = table.Seats(won)
		out = append(out, hd)
	}
	return out
}

// figures measures a match's hands from side A's view: levels gained,
// how the bank fared, the attackers' points, who held the bank.
func figures(gs []games.Side) []games.Figure {
	var hands, aUp, bUp, kept, keptUp, lost, lostUp, points, aBank, reached int
	for _, g := range gs {
		for _, h := range g.Hands {
			sc, ok := h.Detail.(shengji.Score)
			if !ok {
				continue
			}
			hands++
			points += sc.AttackerPoints
			aBanker := g.Seats.Has(table.Seat(sc.Banker))
			if aBanker {
				aBank++
			}
			if sc.AttackerPoints >= AttackersTarget {
				reached++
			}
			if sc.LevelsUp > 0 && aBanker == sc.BankersKeep {
				aUp += sc.LevelsUp
			} else {
				bUp += sc.LevelsUp
			}
			switch {
			case sc.BankersKeep && sc.LevelsUp > 0:
				kept++
				keptUp++
			case sc.BankersKeep:
				kept++
			case sc.LevelsUp > 0:
				lost++
				lostUp++
			default:
				lost++
			}
		}
	}
	per := func(n int) float64 {
		if hands == 0 {
			return 0
		}
		return float64(n) / float64(hands)
	}
	return []games.Figure{
		{Key: "a_levels_per_hand", Value: per(aUp), Text: fmt.Sprintf("levels gained per hand: A %.3f, B %.3f", per(aUp), per(bUp))},
		{Key: "b_levels_per_hand", Value: per(bUp)},
		{Key: "bank_kept_rate", Value: per(kept), Text: fmt.Sprintf("hands ended: bank kept %.1f%% (going up %.1f%%), bank lost %.1f%% (attackers up %.1f%%); attacker points %.1f a hand",
			100*per(kept), 100*per(keptUp), 100*per(lost), 100*per(lostUp), per(points))},
		{Key: "bank_up_rate", Value: per(keptUp)},
		{Key: "bank_lost_rate", Value: per(lost)},
		{Key: "attackers_up_rate", Value: per(lostUp)},
		{Key: "avg_attacker_points", Value: per(points)},
		{Key: "a_bank_rate", Value: per(aBank), Text: fmt.Sprintf("bank held: A %.1f%%, B %.1f%% of hands; attackers reached %d in %.1f%% of hands",
			100*per(aBank), 100*per(hands-aBank), AttackersTarget, 100*per(reached))},
		{Key: "b_bank_rate", Value: per(hands - aBank)},
		{Key: "attackers_80_rate", Value: per(reached)},
	}
}
