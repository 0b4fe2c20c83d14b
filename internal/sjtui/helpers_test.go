package sjtui

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"felt/card"
	"felt/internal/testenv"
	"felt/shengji"
)

// key makes the key press a terminal would send for s.
func key(s string) tea.KeyPressMsg {
	codes := map[string]rune{"up": tea.KeyUp, "down": tea.KeyDown, "enter": tea.KeyEnter, "esc": tea.KeyEscape, "left": tea.KeyLeft, "right": tea.KeyRight, "home": tea.KeyHome, "end": tea.KeyEnd}
	switch {
	case s == "space":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	case codes[s] != 0:
		return tea.KeyPressMsg{Code: codes[s]}
	}
	r := []rune(s)[0]
	return tea.KeyPressMsg{Code: r, Text: s}
}

// runtime is a small bubbletea for tests: commands run in goroutines and
// their messages come back to Update one at a time, as in the real one.
type runtime struct {
	t      *testing.T
	m      Model
	msgs   chan tea.Msg
	cancel context.CancelFunc
	ctx    context.Context
	// seen is called with every screen after an Update.
	seen func(r *runtime, msg tea.Msg)
}

func newRuntime(t *testing.T, s Setup, opt Options) *runtime {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	b, err := Start(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	r := &runtime{t: t, m: New(b, s.Seat, opt), msgs: make(chan tea.Msg, 64), cancel: cancel, ctx: ctx}
	r.launch(r.m.Init())
	return r
}

func (r *runtime) launch(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() {
		if msg := cmd(); msg != nil {
			select {
			case r.msgs <- msg:
			case <-r.ctx.Done():
			}
		}
	}()
}

// send gives msg to Update and launches its command.
func (r *runtime) send(msg tea.Msg) {
	m, cmd := r.m.Update(msg)
	r.m = m.(Model)
	if r.seen != nil {
		r.seen(r, msg)
	}
	if _, ok := msg.(tea.KeyPressMsg); ok && r.m.quit {
		return
	}
	r.launch(cmd)
}

func (r *runtime) press(keys ...string) {
	for _, k := range keys {
		r.send(key(k))
	}
}

// step waits for the next message of a command and handles it.
func (r *runtime) step() tea.Msg {
	r.t.Helper()
	select {
	case msg := <-r.msgs:
		r.send(msg)
		return msg
	case <-time.After(testenv.Timeout(20 * time.Second)):
		r.t.Fatalf("no message for a long time; screen:\n%s", r.screen())
	}
	return nil
}

func (r *runtime) screen() string { return ansi.Strip(r.m.Render()) }

// until steps until ok holds, at most n messages.
func (r *runtime) until(n int, ok func(r *runtime) bool) {
	r.t.Helper()
	for range n {
		if ok(r) {
			return
		}
		r.step()
	}
	r.t.Fatalf("not reached in %d messages; screen:\n%s", n, r.screen())
}

// selectCards moves the cursor over the hand and selects exactly cards.
func (r *runtime) selectCards(cards card.Multi) {
	r.t.Helper()
	r.press("c", "home")
	left := cards
	for i, c := range r.m.order {
		if left.Has(c) {
			for r.m.cursor < i {
				r.press("right")
			}
			r.press("space")
			_ = left.Remove(c)
		}
	}
	if !left.IsEmpty() {
		r.t.Fatalf("cards %v not in the hand shown", left)
	}
	if got := r.m.selected(); got != cards {
		r.t.Fatalf("selected %v, want %v", got, cards)
	}
}

// checkFits fails unless the screen fits w×h.
func checkFits(t *testing.T, what, s string, w, h int) {
	t.Helper()
	lines := strings.Split(s, "\n")
	if len(lines) > h {
		t.Errorf("%s: %d lines, more than %d:\n%s", what, len(lines), h, ansi.Strip(s))
	}
	for i, l := range lines {
		if n := ansi.StringWidth(l); n > w {
			t.Errorf("%s: line %d is %d cells wide, more than %d: %q", what, i+1, n, w, ansi.Strip(l))
		}
	}
}

var faceRE = regexp.MustCompile(`(?:^|[^A-Za-z0-9])((?:[2-9TJQKA][♠♥♦♣])|SJ|BJ)`)

// shownFaces are the card faces on a screen drawn with suit symbols.
func shownFaces(s string) []card.Card {
	var out []card.Card
	for _, m := range faceRE.FindAllStringSubmatch(s, -1) {
		c, err := card.Parse(m[1])
		if err == nil {
			out = append(out, c)
		}
	}
	return out
}

// visible is every card the observation lets the seat see.
func visible(o *shengji.Observation, over *shengji.Event) card.Multi {
	all := o.Hand.Union(o.Played()).Union(o.Kitty).Union(o.PickedUp)
	for _, b := range o.Bids.All() {
		all = all.Union(b.Cards)
	}
	for _, c := range o.Turned[:o.NTurned] {
		_ = all.Add(c)
	}
	for _, t := range tricks(o) {
		all = all.Union(t.Attempt)
	}
	// the friend calls name cards for all to see (names, not cards held)
	for _, c := range o.Calls() {
		_ = all.Add(c.Card)
	}
	if over != nil {
		all = all.Union(over.Kitty)
	}
	return all
}

// checkNoHidden fails if the screen shows a card the seat may not see.
func checkNoHidden(t *testing.T, m Model) {
	t.Helper()
	if bad := hiddenShown(m); len(bad) > 0 {
		t.Fatalf("the screen shows %v, which seat %d may not see:\n%s", bad, m.seat, ansi.Strip(m.Render()))
	}
}

// hiddenShown lists the cards on the screen the seat may not see. The
// banker choosing its friend calls sees the cards it may call listed, and
// the calls it has chosen: names of cards, not cards held.
func hiddenShown(m Model) []card.Card {
	s := ansi.Strip(m.Render())
	vis := visible(&m.obs, m.over)
	if m.calling() {
		w, _ := m.size()
		for _, l := range m.callLines(w) {
			s = strings.Replace(s, ansi.Strip(l), "", 1)
		}
		for _, c := range m.call.list() {
			_ = vis.Add(c.Card)
		}
	}
	var bad []card.Card
	for _, c := range shownFaces(s) {
		if !vis.Has(c) {
			bad = append(bad, c)
		}
	}
	return bad
}

// observe returns seat s's observation of b, a Game or a Hand.
func observe(b interface{ Observe(shengji.Seat, *Obs) }, s shengji.Seat) Obs {
	var o Obs
	b.Observe(s, &o)
	return o
}
