package sjtui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"felt/internal/testenv"
	"felt/shengji"
)

// TestRulesHelpScrolls: ? shows the rules in brief over the table, the
// arrows scroll them in an 80×24 window (they are longer), keys meant for
// the table do nothing meanwhile, and ? or esc goes back to the table.
func TestRulesHelpScrolls(t *testing.T) {
	g := gameAt(t, 5, func(g *shengji.Game) bool { return observe(g, 0).Phase == shengji.PlayPhase })
	m := staticModel(t, Look{NoColor: true})
	m, _ = upd(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	m, _ = upd(m, EventMsg{Event: shengji.Event{Kind: shengji.PlayEvent}, Obs: observe(g, 0)})
	if s := ansi.Strip(m.Render()); !strings.Contains(s, "? rules") {
		t.Fatalf("the keys do not offer the rules:\n%s", s)
	}
	m, _ = upd(m, key("?"))
	s := ansi.Strip(m.Render())
	checkFits(t, "help", m.Render(), 80, 24)
	for _, want := range []string{"How to play Shengji", "Four players in two teams", "more lines", "close the help"} {
		if !strings.Contains(s, want) {
			t.Fatalf("no %q on the help:\n%s", want, s)
		}
	}
	if strings.Contains(s, "Keys: pick cards") {
		t.Fatalf("the whole help fits in 80×24, so nothing tests the scrolling:\n%s", s)
	}
	cursor := m.cursor
	m, _ = upd(m, key("right"))
	m, _ = upd(m, key("enter"))
	if m.cursor != cursor || !m.help || m.helpNote == "" {
		t.Fatalf("a table key acted under the help (cursor %d→%d, help %v, note %q)", cursor, m.cursor, m.help, m.helpNote)
	}
	for range 100 {
		m, _ = upd(m, key("down"))
	}
	s = ansi.Strip(m.Render())
	checkFits(t, "help scrolled", m.Render(), 80, 24)
	if !strings.Contains(s, "Keys: pick cards") || strings.Contains(s, "Four players in two teams") || !strings.Contains(s, "the end") {
		t.Fatalf("scrolled to the end, the help shows:\n%s", s)
	}
	m, _ = upd(m, key("home"))
	if s = ansi.Strip(m.Render()); !strings.Contains(s, "Four players in two teams") {
		t.Fatalf("home does not go back to the top:\n%s", s)
	}
	m, _ = upd(m, key("esc"))
	if s = ansi.Strip(m.Render()); m.help || strings.Contains(s, "How to play") || !strings.Contains(s, "Level ") {
		t.Fatalf("esc does not close the help:\n%s", s)
	}
	m, _ = upd(m, key("?"))
	m, _ = upd(m, key("?"))
	if m.help {
		t.Fatal("? does not close the help")
	}
}

// TestRulesHelpFits: the help fits every window from the smallest, with
// ASCII only when the look is.
func TestRulesHelpFits(t *testing.T) {
	m := staticModel(t, Look{ASCII: true})
	m, _ = upd(m, key("?"))
	for _, sz := range [][2]int{{MinWidth, MinHeight}, {80, 24}, {120, 40}, {200, 60}} {
		m, _ = upd(m, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
		for range 3 {
			s := m.Render()
			checkFits(t, "help", s, sz[0], sz[1])
			for _, r := range s {
				if r > 126 && r != '\n' {
					t.Fatalf("%dx%d: %q in an ASCII help:\n%s", sz[0], sz[1], r, s)
				}
			}
			m, _ = upd(m, key("down"))
		}
	}
}

// TestDealPausesWithW: w pauses the deal (the table deals no card while
// it is paused: it waits for the screen), the title and the keys say so,
// and w goes on with it.
func TestDealPausesWithW(t *testing.T) {
	r := newRuntime(t, Setup{Seat: 0, Level: "greedy", Seed: 3, Rules: shengji.Standard()}, Options{Look: Look{NoColor: true}, DealDelay: time.Millisecond})
	r.until(200, func(r *runtime) bool { return r.m.haveObs && r.m.obs.Dealt >= 3 })
	if !strings.Contains(r.screen(), "w pause the deal") {
		t.Fatalf("the keys do not offer the pause:\n%s", r.screen())
	}
	r.press("w")
	// the card event already on its way is taken; then nothing more
	var after int
	deadline := time.After(testenv.Timeout(300 * time.Millisecond))
	func() {
		for {
			select {
			case msg := <-r.msgs:
				r.send(msg)
				after = r.m.obs.Dealt
			case <-deadline:
				return
			}
		}
	}()
	dealt := r.m.obs.Dealt
	if dealt >= shengji.DealSize || r.m.obs.Phase != shengji.DealPhase {
		t.Fatalf("the deal went on while paused: %d dealt (last message at %d)", dealt, after)
	}
	s := r.screen()
	if !strings.Contains(s, "(paused)") || !strings.Contains(s, "w go on dealing") {
		t.Fatalf("the paused screen does not say so:\n%s", s)
	}
	select {
	case msg := <-r.msgs:
		t.Fatalf("a message while paused: %T", msg)
	case <-time.After(testenv.Timeout(200 * time.Millisecond)):
	}
	r.press("w")
	r.until(500, func(r *runtime) bool { return r.m.obs.Dealt > dealt })
	if strings.Contains(r.screen(), "(paused)") {
		t.Fatalf("still paused after w:\n%s", r.screen())
	}
}
