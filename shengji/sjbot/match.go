package sjbot

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"felt/internal/stats"
	"felt/shengji"
)

// Maker returns a fresh player drawing from rng.
type Maker func(rng *rand.Rand) Player

// MaxHands bounds a game's hands in PlayGame; a game longer than that is
// an error (whole games take a few dozen hands).
const MaxHands = 1000

// ErrTooLong is returned by PlayGame for a game that does not end within
// MaxHands hands.
var ErrTooLong = errors.New("sjbot: game did not end")

// GameStats is how one game went.
type GameStats struct {
	Winner      shengji.Team
	Hands       int
	LevelsUp    [2]int // levels each team gained
	BankHands   [2]int // hands each team held the bank
	Attackers80 int    // hands where the attackers reached 80
}

// PlayGame plays a whole game under rules, dealt from seed, with
// players[s] in seat s, and reports how it went. A refused action is
// an error naming the player.
func PlayGame(rules shengji.Rules, seed uint64, players [shengji.NumSeats]Player) (GameStats, error) {
	var st GameStats
	g, err := shengji.NewGame(rules, shengji.NewRand(seed))
	if err != nil {
		return st, err
	}
	var ps [shengji.NumSeats]shengji.Player
	for i, p := range players {
		ps[i] = p
	}
	for !g.Over() {
		if st.Hands >= MaxHands {
			return st, fmt.Errorf("%w in %d hands (seed %d)", ErrTooLong, MaxHands, seed)
		}
		if g.Hand().Over() {
			if err := g.NextHand(); err != nil {
				return st, err
			}
		}
		if err := g.PlayHand(ps); err != nil {
			return st, fmt.Errorf("sjbot: hand %d of the game dealt from seed %d: %w", g.HandNumber(), seed, err)
		}
		st.Hands++
		sc := g.Hand().Score()
		bt := sc.Banker.Team()
		st.BankHands[bt]++
		if sc.AttackerPoints >= 80 {
			st.Attackers80++
		}
		if sc.BankersKeep {
			st.LevelsUp[bt] += sc.LevelsUp
		} else {
			st.LevelsUp[bt.Other()] += sc.LevelsUp
		}
	}
	st.Winner = g.Winner()
	return st, nil
}

// Interval is an estimate with its 95% confidence interval (the one
// internal/stats computes for the arena too).
type Interval = stats.Interval

// MatchResult is how a match between teams A and B went.
type MatchResult struct {
	Games       int
	AWins       int
	A           Interval // A's share of games won
	Hands       int
	LevelsUp    [2]int // levels gained by A and B
	BankHands   [2]int // hands A and B held the bank
	Attackers80 int    // hands where the attackers reached 80
}

// Match plays games whole games between team A (made by a) and team B
// (made by b), in pairs: each pair's two games are dealt from the same
// seed, A in seats 0 and 2 in the first and in seats 1 and 3 in the
// second, so each team meets the same deals from both sides (the deals
// of later hands follow the same shuffles, though the play makes them
// differ). The player in a seat draws from a source derived from the
// deal's seed and the seat, whichever team it plays for, so Match(b, a)
// plays the same games as Match(a, b) with the teams' names swapped.
// games is rounded up to an even number.
func Match(rules shengji.Rules, a, b Maker, games int, seed uint64) (MatchResult, error) {
	var r MatchResult
	for i := 0; i < (games+1)/2; i++ {
		deal := seed*1_000_003 + uint64(i)
		for side := range 2 {
			var ps [shengji.NumSeats]Player
			var teamA shengji.Team = shengji.Team(side)
			for s := range shengji.Seat(shengji.NumSeats) {
				rng := rand.New(rand.NewPCG(deal, uint64(s)))
				if s.Team() == teamA {
					ps[s] = a(rng)
				} else {
					ps[s] = b(rng)
				}
			}
			st, err := PlayGame(rules, deal, ps)
			if err != nil {
				return r, err
			}
			r.Games++
			if st.Winner == teamA {
				r.AWins++
			}
			r.Hands += st.Hands
			r.LevelsUp[0] += st.LevelsUp[teamA]
			r.LevelsUp[1] += st.LevelsUp[teamA.Other()]
			r.BankHands[0] += st.BankHands[teamA]
			r.BankHands[1] += st.BankHands[teamA.Other()]
			r.Attackers80 += st.Attackers80
		}
	}
	r.A = stats.Wilson(float64(r.AWins), r.Games)
	return r, nil
}
