package arena

import (
	"bytes"
	"strings"
	"testing"
)

// TestShengjiFinalLevelLeavesForfeitsOut: a forfeited game has no final
// level: the levels a game are averaged over the games played to the end,
// and the report says so.
func TestShengjiFinalLevelLeavesForfeitsOut(t *testing.T) {
	recs := []GameRecord{
		{Index: 0, ASeats: ASeats(0, 4), AWon: true, AScore: 14, BScore: 7},
		{Index: 1, ASeats: ASeats(1, 4), Forfeit: true, ForfeitA: true, Reason: "exited"},
		{Index: 2, ASeats: ASeats(2, 4), AWon: true, AScore: 14, BScore: 8},
	}
	s := Summarize(lookup(t, "shengji"), "a", "b", recs)
	if s.AScoreGame != 14 || s.BScoreGame != 7.5 || s.ScoredGames != 2 {
		t.Fatalf("final levels A %v, B %v over %d games; want 14 and 7.5 over 2", s.AScoreGame, s.BScoreGame, s.ScoredGames)
	}
	var b bytes.Buffer
	s.Print(&b)
	for _, want := range []string{
		"level a game (over the 2 games played to the end): A 14.00, B 7.50",
		"shengji: a (A) against b (B): 3 games in 1 mirrored pair",
		"forfeits: 1 (A 1, B 0)",
		"game 1: exited",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("no %q in:\n%s", want, b.String())
		}
	}
	// With every game played to the end the report says no more.
	s = Summarize(lookup(t, "shengji"), "a", "b", []GameRecord{recs[0], recs[2]})
	b.Reset()
	s.Print(&b)
	if want := "level a game: A 14.00, B 7.50"; !strings.Contains(b.String(), want) {
		t.Errorf("no %q in:\n%s", want, b.String())
	}
}
