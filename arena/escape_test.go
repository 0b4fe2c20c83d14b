package arena

import (
	"strings"
	"testing"
)

// TestPrintEscapesForfeitReasons: a forfeit's reason holds a program's
// own words (its error, its stderr): the text reports write a terminal
// escape in it out (\x1b…), never raw.
func TestPrintEscapesForfeitReasons(t *testing.T) {
	reason := "game 3: seat 1 (exec:x): \x1b[2J\x1b[Hok \u009b31m ♠"
	var gin, sj strings.Builder
	Summary{Games: 1, Forfeits: 1, Reasons: []string{reason}}.Print(&gin)
	ShengjiSummary{Games: 1, Forfeits: 1, Reasons: []string{reason}}.Print(&sj)
	for what, out := range map[string]string{"Gin Rummy": gin.String(), "Shengji": sj.String()} {
		if strings.ContainsAny(out, "\x1b\u009b") || !strings.Contains(out, `\x1b[2J\x1b[Hok \u009b31m ♠`) {
			t.Errorf("%s report:\n%q", what, out)
		}
	}
}
