package shengji

import (
	"fmt"

	"felt/games"
	"felt/internal/stats"
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

// handDetail is a hand's record for the figures: its score, the banker's
// side as the hand ended, the players and the attackers' points that take
// the bank.
type handDetail struct {
	shengji.Score
	Side    table.Seats
	Players int
	Take    int
}

// detail reads a hand's record; a bare Score is a hand of the standard
// table.
func detail(d any) (handDetail, bool) {
	switch v := d.(type) {
	case handDetail:
		return v, true
	case shengji.Score:
		side := table.Seats(0)
		if v.Banker.Valid() {
			side = table.Seats(v.Banker.Parity(shengji.NumSeats))
		}
		return handDetail{Score: v, Side: side, Players: shengji.NumSeats, Take: AttackersTarget}, true
	}
	return handDetail{}, false
}

// Hands are the game's hands: won by the side that went up, or by the
// bankers when they kept the bank without going up; the banker's side is
// the banker's team, or with Finding Friends the banker and the friends
// who joined.
func (t *tally) Hands(e any) []games.Hand {
	en, ok := e.(*Engine)
	if !ok {
		return nil
	}
	r := en.Game().Rules()
	n := r.NumPlayers()
	var out []games.Hand
	for _, h := range en.Game().History() {
		sc := h.Score
		if sc.Redeal {
			continue
		}
		side := table.Seats(sc.Side(r))
		kind := "bank lost"
		won := table.AllSeats(n) &^ side
		if sc.BankersKeep {
			kind, won = "bank kept", side
		}
		if sc.LevelsUp > 0 {
			kind += ", up"
		}
		hd := games.Hand{Kind: kind, Points: sc.LevelsUp, Winners: won,
			Detail: handDetail{Score: sc, Side: side, Players: n, Take: 2 * r.LevelStep()}}
		if k := len(out); k < len(t.moves) {
			hd.Moves = t.moves[k]
		}
		out = append(out, hd)
	}
	return out
}

// figures measures a match's hands from side A's view: levels gained a
// player a hand, how the bank fared, the attackers' points, who held the
// bank, and each level's hands won on the banker's side and as attackers
// (a hand counted once for every seat the level played in it).
func figures(gs []games.Side) []games.Figure {
	var hands, kept, keptUp, lost, lostUp, points, aBank, reached int
	var seatHands, up, bankHands, bankWon, attHands, attWon [2]int
	for _, g := range gs {
		for _, h := range g.Hands {
			d, ok := detail(h.Detail)
			if !ok {
				continue
			}
			sc := d.Score
			hands++
			points += sc.AttackerPoints
			if g.Seats.Has(table.Seat(sc.Banker)) {
				aBank++
			}
			if sc.AttackerPoints >= d.Take {
				reached++
			}
			for s := range table.Seat(d.Players) {
				l := 1 // B
				if g.Seats.Has(s) {
					l = 0
				}
				onBank := d.Side.Has(s)
				won := onBank == sc.BankersKeep
				seatHands[l]++
				if won {
					up[l] += sc.LevelsUp
				}
				if onBank {
					bankHands[l]++
					if won {
						bankWon[l]++
					}
				} else {
					attHands[l]++
					if won {
						attWon[l]++
					}
				}
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
	rate := func(a, b int) float64 {
		if b == 0 {
			return 0
		}
		return float64(a) / float64(b)
	}
	take := AttackersTarget
	for _, g := range gs {
		for _, h := range g.Hands {
			if d, ok := detail(h.Detail); ok {
				take = d.Take
			}
		}
	}
	sideLine := func(name string, l int) string {
		return fmt.Sprintf("%s won %d of %d hands on the banker's side (%.1f%%, 95%% interval %s) and %d of %d as attackers (%.1f%%, %s)",
			name, bankWon[l], bankHands[l], 100*rate(bankWon[l], bankHands[l]), stats.Wilson(float64(bankWon[l]), bankHands[l]),
			attWon[l], attHands[l], 100*rate(attWon[l], attHands[l]), stats.Wilson(float64(attWon[l]), attHands[l]))
	}
	return []games.Figure{
		{Key: "a_levels_per_hand", Value: rate(up[0], seatHands[0]), Text: fmt.Sprintf("levels gained per hand: A %.3f, B %.3f", rate(up[0], seatHands[0]), rate(up[1], seatHands[1]))},
		{Key: "b_levels_per_hand", Value: rate(up[1], seatHands[1])},
		{Key: "a_bank_side_win_rate", Value: rate(bankWon[0], bankHands[0]), Text: sideLine("A", 0)},
		{Key: "a_attack_win_rate", Value: rate(attWon[0], attHands[0])},
		{Key: "b_bank_side_win_rate", Value: rate(bankWon[1], bankHands[1]), Text: sideLine("B", 1)},
		{Key: "b_attack_win_rate", Value: rate(attWon[1], attHands[1])},
		{Key: "bank_kept_rate", Value: per(kept), Text: fmt.Sprintf("hands ended: bank kept %.1f%% (going up %.1f%%), bank lost %.1f%% (attackers up %.1f%%); attacker points %.1f a hand",
			100*per(kept), 100*per(keptUp), 100*per(lost), 100*per(lostUp), per(points))},
		{Key: "bank_up_rate", Value: per(keptUp)},
		{Key: "bank_lost_rate", Value: per(lost)},
		{Key: "attackers_up_rate", Value: per(lostUp)},
		{Key: "avg_attacker_points", Value: per(points)},
		{Key: "a_bank_rate", Value: per(aBank), Text: fmt.Sprintf("bank held: A %.1f%%, B %.1f%% of hands; attackers reached %d in %.1f%% of hands",
			100*per(aBank), 100*per(hands-aBank), take, 100*per(reached))},
		{Key: "b_bank_rate", Value: per(hands - aBank)},
		{Key: "attackers_80_rate", Value: per(reached)},
	}
}
