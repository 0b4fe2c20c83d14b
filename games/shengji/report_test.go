package shengji

import (
	"strings"
	"testing"

	"felt/games"
	"felt/shengji"
	"felt/table"
)

// TestFiguresBankAnd80: a Shengji match's figures count, hand by hand from
// side A's view whichever seats A's team sat in, how often each team held
// the bank, how often the attackers reached 80, the levels each side
// gained (the bankers' when they kept the bank, the attackers' when they
// took it) and how the bank fared; the report's line says the bank and 80
// shares.
func TestFiguresBankAnd80(t *testing.T) {
	score := func(banker shengji.Seat, keep bool, points, up int) games.Hand {
		return games.Hand{Detail: shengji.Score{Banker: banker, AttackerPoints: points, Result: shengji.Result{BankersKeep: keep, LevelsUp: up}}}
	}
	fs := figures([]games.Side{
		{Seats: table.SeatsOf(0, 2), Hands: []games.Hand{
			score(0, true, 40, 1),   // A banks, keeps, goes up 1
			score(2, false, 80, 0),  // A banks, loses the bank at 80
			score(1, false, 125, 1), // B banks, A attacks and goes up 1
		}},
		{Seats: table.SeatsOf(1, 3), Hands: []games.Hand{
			score(0, true, 75, 1), // B banks, keeps, goes up 1
			{Detail: "not a Shengji hand"},
		}},
	})
	want := map[string]float64{
		"a_levels_per_hand": 0.5, "b_levels_per_hand": 0.25,
		"bank_kept_rate": 0.5, "bank_up_rate": 0.5, "bank_lost_rate": 0.5, "attackers_up_rate": 0.25,
		"avg_attacker_points": 80,
		"a_bank_rate":         0.5, "b_bank_rate": 0.5, "attackers_80_rate": 0.5,
		"a_bank_side_win_rate": 0.5, "a_attack_win_rate": 0.5, "b_bank_side_win_rate": 0.5, "b_attack_win_rate": 0.5,
	}
	var text []string
	for _, f := range fs {
		w, ok := want[f.Key]
		if !ok || f.Value != w {
			t.Errorf("%s = %v, want %v", f.Key, f.Value, w)
		}
		delete(want, f.Key)
		if f.Text != "" {
			text = append(text, f.Text)
		}
	}
	for k := range want {
		t.Errorf("no figure %s", k)
	}
	if s := strings.Join(text, "\n"); !strings.Contains(s, "bank held: A 50.0%, B 50.0% of hands; attackers reached 80 in 50.0% of hands") ||
		!strings.Contains(s, "levels gained per hand: A 0.500, B 0.250") {
		t.Errorf("the report does not give the bank and 80 shares:\n%s", s)
	}
}
