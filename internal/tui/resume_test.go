package tui

import (
	"bytes"
	gingame "felt/games/gin"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"felt/gin"
	"felt/internal/testenv"
	"felt/table"
)

// TestResumeListsTheHandSoFar: a resumed game's history pane lists the
// hand's moves played before the quit, as the person saw them (the
// computer's stock draws without their card), not the deal line alone.
func TestResumeListsTheHandSoFar(t *testing.T) {
	d := at(t, "normal", Options{}, func(d *driver) bool {
		return d.m.myDecision() && d.obs().Phase == gin.DiscardPhase && len(d.m.log) >= 5
	})
	before := slices.Clone(d.m.log)
	screen := d.screen()
	d.stop()
	data := d.log.Bytes()
	rec, err := table.Recover(bytes.NewReader(data), gingame.Spec)
	if err != nil {
		t.Fatal(err)
	}
	earlier, err := HandSoFar(bytes.NewReader(data), d.m.seat)
	if err != nil {
		t.Fatal(err)
	}
	comp, _ := gingame.Level("normal", gin.NewRand(ComputerSeed(rec.Header.Seed, rec.Moves)))
	r := startDriver(t, Setup{Seat: d.m.seat, Computer: comp, Fallback: normalFallback, Resume: rec, Earlier: earlier, Log: &testenv.Buffer{}}, Options{Look: Look{NoColor: true}})
	if !slices.Equal(r.m.log, before) {
		t.Fatalf("the resumed history:\n%s\nbefore the quit:\n%s", strings.Join(r.m.log, "\n"), strings.Join(before, "\n"))
	}
	if len(before) < 5 || !strings.Contains(ansi.Strip(r.m.Render()), ansi.Strip(before[len(before)-1])) {
		t.Fatalf("the resumed screen does not show the hand's last move %q:\n%s\nbefore:\n%s", before[len(before)-1], ansi.Strip(r.m.Render()), screen)
	}
	// a new game has none
	if _, err := HandSoFar(strings.NewReader(""), 0); err == nil {
		t.Fatal("an empty log read as a hand")
	}
}
