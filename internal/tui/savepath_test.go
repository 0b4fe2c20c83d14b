package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"felt/gin"
)

// TestSavePathNeverBrokenMidName: at 80 columns the help and the game's end
// show the save path whole on a line (wrapped at spaces, never at a
// hyphen of the file's name, never cut).
func TestSavePathNeverBrokenMidName(t *testing.T) {
	const path = "/home/someone/.local/state/felt/gin-20260101-120000-4.jsonl"
	r := gin.Standard()
	r.TargetScore = 30
	for _, l := range []Look{{NoColor: true}, {ASCII: true}} {
		d := newDriverRules(t, 4, "normal", r, Options{Look: l, SavePath: path})
		whole := func(what string) {
			t.Helper()
			s := ansi.Strip(d.m.Render())
			checkFits(t, what, d.m.Render(), 80, 24)
			if !strings.Contains(s, path) {
				t.Fatalf("%s: the save path is not whole on a line:\n%s", what, s)
			}
		}
		d.press("?")
		whole("the help")
		d.press("?")
		d.playTo(func(d *driver) bool { return d.m.screen == gameOverScreen })
		whole("the game's end")
		if n := strings.Count(ansi.Strip(d.m.Render()), path); n != 2 {
			t.Fatalf("the game's end shows the path %d times, want 2 (saved in, replay view)", n)
		}
	}
}
