package shengji

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"felt/card"
)

// finishWith ends g's current hand as if the attackers had scored points
// against banker, and moves the game on as Game.Apply does.
func finishWith(g *Game, banker Seat, points int) {
	g.hand.banker = banker
	g.hand.phase = OverPhase
	g.hand.score = Score{Banker: banker, AttackerPoints: points, Result: LevelUp(points, LevelStep(2))}
	g.score()
}

var rk = map[string]card.Rank{"2": card.Two, "3": card.Three, "4": card.Four, "5": card.Five, "6": card.Six, "7": card.Seven,
	"8": card.Eight, "9": card.Nine, "10": card.Ten, "J": card.Jack, "Q": card.Queen, "K": card.King, "A": card.Ace}

func TestGame_LevelTableAtEveryBoundary(t *testing.T) {
	// written out from the rules page: attackers' points → who banks next
	// and how far the side that banks goes up
	table := []struct {
		points int
		keep   bool
		up     int
	}{
		{-10, true, 3}, {0, true, 3}, {5, true, 2}, {35, true, 2}, {40, true, 1}, {75, true, 1},
		{80, false, 0}, {115, false, 0}, {120, false, 1}, {155, false, 1}, {160, false, 2}, {195, false, 2},
		{200, false, 3}, {235, false, 3}, {240, false, 4}, {275, false, 4}, {280, false, 5},
	}
	ladder := []string{"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"}
	up := func(from string, n int) card.Rank {
		for i, l := range ladder {
			if l == from {
				return rk[ladder[min(i+n, len(ladder)-1)]]
			}
		}
		panic(from)
	}
	for _, row := range table {
		for banker := range Seat(NumSeats) {
			for _, lv := range [][2]string{{"5", "9"}, {"J", "Q"}, {"K", "10"}} {
				name := fmt.Sprintf("%d points against banker %d at levels %s-%s", row.points, banker, lv[0], lv[1])
				t.Run(name, func(t *testing.T) {
					g, err := NewGame(Standard(), NewRand(1))
					if err != nil {
						t.Fatal(err)
					}
					g.setTeamLevels([2]card.Rank{rk[lv[0]], rk[lv[1]]})
					finishWith(g, banker, row.points)
					want := [2]card.Rank{rk[lv[0]], rk[lv[1]]}
					bt := banker.Team()
					var next Seat
					if row.keep {
						want[bt] = up(lv[bt], row.up)
						next = (banker + 2) % 4
					} else {
						want[1-bt] = up(lv[1-bt], row.up)
						next = (banker + 1) % 4
					}
					if g.Levels() != want || g.NextBanker() != next || g.Over() {
						t.Fatalf("levels %v, next banker %s, over %v; want %v, %s, not over", g.Levels(), g.NextBanker(), g.Over(), want, next)
					}
					if err := g.NextHand(); err != nil {
						t.Fatal(err)
					}
					h := g.Hand()
					if h.Banker() != next || h.Dealer() != next || h.Level() != want[next.Team()] {
						t.Fatalf("next hand: banker %s dealer %s level %s; want %s, %s, %s", h.Banker(), h.Dealer(), LevelString(h.Level()), next, next, LevelString(want[next.Team()]))
					}
				})
			}
		}
	}
}

func TestGame_WonByKeepingTheBankAtA(t *testing.T) {
	cases := []struct {
		name   string
		levels [2]string
		banker Seat
		points int
		over   bool
	}{
		{"bankers at A keep the bank: they win", [2]string{"A", "3"}, 2, 75, true},
		{"bankers at A lose the bank: play on", [2]string{"A", "3"}, 0, 80, false},
		{"bankers at K going up 3 reach A but play on", [2]string{"3", "K"}, 1, 0, false},
		{"attackers at A taking the bank: play on", [2]string{"3", "A"}, 0, 200, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, _ := NewGame(Standard(), NewRand(2))
			g.setTeamLevels([2]card.Rank{rk[c.levels[0]], rk[c.levels[1]]})
			finishWith(g, c.banker, c.points)
			if g.Over() != c.over || c.over && g.Winner() != c.banker.Team() {
				t.Fatalf("over %v winner %s, want over %v, team %s", g.Over(), g.Winner(), c.over, c.banker.Team())
			}
			if c.over {
				if err := g.NextHand(); !errors.Is(err, ErrGameOver) {
					t.Fatalf("next hand after the game: %v", err)
				}
				if err := g.Apply(0, PassAction()); !errors.Is(err, ErrGameOver) {
					t.Fatalf("an action after the game: %v", err)
				}
			}
		})
	}
}

func TestGame_StartingLevel(t *testing.T) {
	r := Standard()
	r.StartLevel = card.Jack
	g, err := NewGame(r, NewRand(3))
	if err != nil {
		t.Fatal(err)
	}
	if g.Levels() != [2]card.Rank{card.Jack, card.Jack} || g.Hand().Level() != card.Jack || g.Hand().Banker() != NoSeat || g.Hand().Dealer() != 0 {
		t.Fatalf("levels %v, first hand level %s banker %s dealer %s", g.Levels(), LevelString(g.Hand().Level()), g.Hand().Banker(), g.Hand().Dealer())
	}
	r.StartLevel = 0
	if _, err := NewGame(r, NewRand(3)); !errors.Is(err, ErrInvalidRules) {
		t.Fatalf("a game without a starting level: %v", err)
	}
}

// TestGame_RandomGames plays whole games with random players and checks the
// score sheet against the rules: the first hand banked by the standing
// declarer (seat 0 if none), every later hand by the seat the hand before
// named, at its team's level, the levels moving by the level table, and the
// game ending exactly when bankers at A keep the bank.
func TestGame_RandomGames(t *testing.T) {
	games := 60
	if testing.Short() || raceOn {
		games = 15
	}
	rng := rand.New(rand.NewPCG(5, 5))
	for i := range games {
		r := randomRules(rng)
		g, err := NewGame(r, NewRand(uint64(i)))
		if err != nil {
			t.Fatal(err)
		}
		ps := randomPlayers(uint64(i))
		levels := g.Levels()
		prevNext := NoSeat
		for !g.Over() {
			if g.Hand().Over() {
				if err := g.NextHand(); err != nil {
					t.Fatal(err)
				}
			}
			if err := playHand(g, g.Hand(), ps); err != nil {
				t.Fatalf("game %d hand %d: %v", i, g.HandNumber(), err)
			}
			h := g.Hand()
			s := h.Score()
			if g.HandNumber() == 1 {
				st, ok := h.Standing()
				want := Seat(0)
				if ok {
					want = st.Seat
				}
				if s.Banker != want {
					t.Fatalf("game %d: first hand banked by %s, want %s", i, s.Banker, want)
				}
			} else if s.Banker != prevNext || h.Dealer() != prevNext {
				t.Fatalf("game %d hand %d: banker %s dealer %s, want %s", i, g.HandNumber(), s.Banker, h.Dealer(), prevNext)
			}
			if h.Level() != levels[s.Banker.Team()] {
				t.Fatalf("game %d hand %d: level %s, the bankers' %s", i, g.HandNumber(), LevelString(h.Level()), LevelString(levels[s.Banker.Team()]))
			}
			st := advance(levels, s.Banker, s.Result)
			if g.Levels() != st.levels || g.Over() != st.won {
				t.Fatalf("game %d hand %d: levels %v over %v, want %v %v", i, g.HandNumber(), g.Levels(), g.Over(), st.levels, st.won)
			}
			if st.won != (s.BankersKeep && h.Level() == card.Ace) {
				t.Fatalf("game %d: won %v at level %s keeping %v", i, st.won, LevelString(h.Level()), s.BankersKeep)
			}
			levels, prevNext = g.Levels(), g.NextBanker()
			if g.HandNumber() > 500 {
				t.Fatalf("game %d: 500 hands and no winner", i)
			}
		}
		if len(g.History()) != g.HandNumber() {
			t.Fatalf("game %d: %d hands in the history of %d", i, len(g.History()), g.HandNumber())
		}
	}
}
