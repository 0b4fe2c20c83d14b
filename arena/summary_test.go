package arena

import (
	"bytes"
	"strings"
	"testing"
)

// TestShengjiFinalLevelLeavesForfeitsOut: a forfeited game has no final
// level: the average is over the games played to the end, and the report
// says so and names the ranks.
func TestShengjiFinalLevelLeavesForfeitsOut(t *testing.T) {
	recs := []ShengjiGame{
		{Index: 0, AWon: true, ALevel: 14, BLevel: 7},
		{Index: 1, ATeam: 1, Forfeit: true, ForfeitA: true, Reason: "exited"},
		{Index: 2, AWon: true, ALevel: 14, BLevel: 8},
	}
	s := SummarizeShengji("a", "b", recs)
	if s.APointsGame != 14 || s.BPointsGame != 7.5 || s.LevelGames != 2 {
		t.Fatalf("final levels A %v, B %v over %d games; want 14 and 7.5 over 2", s.APointsGame, s.BPointsGame, s.LevelGames)
	}
	var b bytes.Buffer
	s.Print(&b)
	if want := "final level per game (over the 2 games played to the end): A 14.00 (A), B 7.50 (between 7 and 8)"; !strings.Contains(b.String(), want) {
		t.Fatalf("no %q in:\n%s", want, b.String())
	}
	if want := "3 games, 1 mirrored pair"; !strings.Contains(b.String(), want) {
		t.Fatalf("no %q in:\n%s", want, b.String())
	}
}

func TestLevelName(t *testing.T) {
	for x, want := range map[float64]string{2: "2", 10: "10", 11: "J", 13.5: "between K and A", 14: "A", 9.99: "between 9 and 10"} {
		if got := LevelName(x); got != want {
			t.Errorf("LevelName(%v) = %q, want %q", x, got, want)
		}
	}
}
