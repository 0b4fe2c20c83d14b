package arena

import (
	"strings"
	"testing"

	"felt/games"
)

// TestPrintEscapesForfeitReasons: a forfeit's reason holds a program's
// own words (its error, its stderr): every game's text report writes a
// terminal escape in it out (\x1b…), never raw.
func TestPrintEscapesForfeitReasons(t *testing.T) {
	reason := "seat 1 (exec:x): \x1b[2J\x1b[Hok \u009b31m ♠"
	for _, g := range games.All() {
		recs := []GameRecord{{Index: 3, ASeats: ASeats(3, g.About().Seats[0]), Forfeit: true, Reason: reason}}
		var out strings.Builder
		Summarize(g, "a", "exec:x", recs).Print(&out)
		if s := out.String(); strings.ContainsAny(s, "\x1b\u009b") || !strings.Contains(s, `game 3: seat 1 (exec:x): \x1b[2J\x1b[Hok \u009b31m ♠`) {
			t.Errorf("%s report:\n%q", g.About().Name, s)
		}
	}
}
