package tui

import (
	"context"
	"encoding/json"
	gingame "felt/games/gin"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"felt/gin"
	"felt/gin/ginbot"
	"felt/internal/testenv"
	"felt/table"
)

// key makes the key press a terminal would send for s ("a", "enter",
// "left", "ctrl+c", "?").
func key(s string) tea.KeyPressMsg {
	codes := map[string]rune{
		"enter": tea.KeyEnter, "esc": tea.KeyEscape, "left": tea.KeyLeft, "right": tea.KeyRight,
		"up": tea.KeyUp, "down": tea.KeyDown, "home": tea.KeyHome, "end": tea.KeyEnd,
		"tab": tea.KeyTab, "backspace": tea.KeyBackspace, "f1": tea.KeyF1,
	}
	switch {
	case s == "space":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	case s == "ctrl+c":
		return tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
	case codes[s] != 0:
		return tea.KeyPressMsg{Code: codes[s]}
	}
	r := []rune(s)[0]
	return tea.KeyPressMsg{Code: r, Text: s}
}

// driver plays a game screen in a test: the table runs in its goroutine;
// the driver sends messages to Update and runs the commands that come
// back (reads of the table, hints) at once, in its own goroutine, so each
// press returns when the table waits for the person again (or shows a
// finished hand).
type driver struct {
	t    *testing.T
	m    Model
	b    *Bridge
	log  *testenv.Buffer
	quit bool
	// seen is called with every screen drawn, if set.
	seen func(d *driver)
	// stop ends the table.
	stop func()
	// pendingRead is a read of the table a test holds back.
	pendingRead tea.Cmd
}

// newDriver starts a game seeded with seed against the given level, the
// person in seat 0, its log in a buffer.
func newDriver(t *testing.T, seed uint64, level string, opt Options) *driver {
	t.Helper()
	return newDriverRules(t, seed, level, gin.Standard(), opt)
}

func newDriverRules(t *testing.T, seed uint64, level string, r gin.Rules, opt Options) *driver {
	t.Helper()
	comp, err := gingame.Level(level, gin.NewRand(ComputerSeed(seed, 0)))
	if err != nil {
		t.Fatal(err)
	}
	rules, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return newDriverSetup(t, Setup{Seat: 0, Computer: comp, Fallback: normalFallback, Seed: seed, Options: rules}, opt)
}

// normalFallback is the normal player, taking over a failed computer.
func normalFallback() table.Player[gin.Action, gin.Observation] {
	p, _ := gingame.Level("normal", gin.NewRand(7))
	return p
}

// newDriverSetup starts the table of s (its log in a buffer unless s has
// one) and the screen, and runs the screen to the person's first
// decision.
func newDriverSetup(t *testing.T, s Setup, opt Options) *driver {
	t.Helper()
	d := startDriver(t, s, opt)
	d.run(d.m.Init())
	return d
}

// startDriver starts the table and the screen without running anything.
func startDriver(t *testing.T, s Setup, opt Options) *driver {
	t.Helper()
	buf := &testenv.Buffer{}
	if s.Log == nil {
		s.Log = buf
	}
	ctx, cancel := context.WithCancel(context.Background())
	b, err := Start(ctx, s)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	stop := sync.OnceFunc(func() { cancel(); b.Wait() })
	t.Cleanup(stop)
	if opt.Seed == 0 {
		opt.Seed = s.Seed
	}
	return &driver{t: t, m: New(b, opt), b: b, log: buf, stop: stop}
}

// moves is the number of move lines in the log.
func (d *driver) moves() int { return strings.Count(d.log.String(), `"type":"move"`) }

// send delivers one message and runs what follows from it.
func (d *driver) send(msg tea.Msg) {
	d.t.Helper()
	nm, cmd := d.m.Update(msg)
	m, ok := nm.(Model)
	if !ok {
		d.t.Fatalf("Update returned %T, want Model", nm)
	}
	d.m = m
	if d.seen != nil {
		d.seen(d)
	}
	d.run(cmd)
}

// press sends keys.
func (d *driver) press(keys ...string) {
	d.t.Helper()
	for _, k := range keys {
		d.send(key(k))
	}
}

// run runs a command and its follow-ups. The commands of a tea.Sequence
// or tea.Batch are run in order. A command that waits for the table far
// too long (the table stuck) fails the test.
func (d *driver) run(cmd tea.Cmd) {
	d.t.Helper()
	for cmd != nil {
		msg := d.call(cmd)
		if _, ok := msg.(tea.QuitMsg); ok {
			d.quit = true
			return
		}
		if cmds, ok := commands(msg); ok {
			for _, c := range cmds {
				d.run(c)
			}
			return
		}
		nm, next := d.m.Update(msg)
		d.m = nm.(Model)
		if d.seen != nil {
			d.seen(d)
		}
		cmd = next
	}
}

// call runs one command, waiting for it at most a generous time.
func (d *driver) call(cmd tea.Cmd) tea.Msg {
	d.t.Helper()
	ch := make(chan tea.Msg, 1)
	go func() { ch <- cmd() }()
	select {
	case msg := <-ch:
		return msg
	case <-time.After(testenv.Timeout(60 * time.Second)):
		d.t.Fatalf("a command waited for the table for %v; the screen:\n%s", testenv.Timeout(60*time.Second), d.screen())
		return nil
	}
}

// screen is the drawn screen without escape codes.
func (d *driver) screen() string { return ansi.Strip(d.m.Render()) }

// obs is the person's observation.
func (d *driver) obs() gin.Observation { return d.m.obs() }

// letterOf returns the key that picks card c in the hand shown.
func (d *driver) letterOf(c interface{ String() string }) string {
	o := d.obs()
	order := displayOrder(o.Hand)
	for i, x := range order {
		if x.String() == c.String() {
			return letters[i : i+1]
		}
	}
	d.t.Fatalf("card %s not in the hand %s", c, o.Hand)
	return ""
}

// playTurn makes one sensible decision for the person with keys: take a
// discard that melds, discard to the least deadwood, knock when allowed.
// It reports false when there is nothing for the person to do.
func (d *driver) playTurn() bool {
	d.t.Helper()
	switch d.m.screen {
	case showdownScreen:
		d.press("enter")
		return true
	case gameOverScreen:
		return false
	}
	if !d.m.myDecision() {
		return false
	}
	o := d.obs()
	top := o.Pile.Top()
	switch o.Phase {
	case gin.UpcardPhase, gin.DealerUpcardPhase:
		if ginbot.WouldMeld(o.Hand, top) {
			d.press("t")
		} else {
			d.press("p")
		}
	case gin.DrawPhase:
		if !o.MustStock && o.Pile.Len() > 0 && ginbot.WouldMeld(o.Hand, top) {
			d.press("t")
		} else {
			d.press("s")
		}
	case gin.DiscardPhase:
		c, dw := bestDiscardExcept(o.Hand, o.JustTaken)
		d.press(d.letterOf(c))
		if dw <= o.KnockLimit {
			d.press("k", "enter")
		} else {
			d.press("enter")
		}
	}
	return true
}

// playTo plays the person's turns until done reports true or the game
// ends; it fails after too many turns.
func (d *driver) playTo(done func(d *driver) bool) {
	d.t.Helper()
	for i := 0; i < 5000; i++ {
		if done(d) {
			return
		}
		if !d.playTurn() {
			if done(d) {
				return
			}
			d.t.Fatalf("stuck: nothing to do on screen %d\n%s", d.m.screen, d.screen())
		}
	}
	d.t.Fatalf("no end after 5000 turns:\n%s", d.screen())
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

// colourCodes returns the colour escape codes in s: SGR sequences that set
// a foreground, background or underline colour.
func colourCodes(s string) []string {
	var out []string
	for i := 0; i < len(s); i++ {
		if s[i] != 0x1b || i+1 >= len(s) || s[i+1] != '[' {
			continue
		}
		j := i + 2
		for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == ';' || s[j] == ':') {
			j++
		}
		if j >= len(s) || s[j] != 'm' {
			continue
		}
		for _, p := range strings.FieldsFunc(s[i+2:j], func(r rune) bool { return r == ';' || r == ':' }) {
			if slices.Contains([]string{"38", "48", "58"}, p) || len(p) == 2 && (p[0] == '3' || p[0] == '4' || p[0] == '9') && p[1] <= '7' || len(p) == 3 && p[:2] == "10" && p[2] <= '7' {
				out = append(out, s[i:j+1])
				break
			}
		}
		i = j
	}
	return out
}

// commands returns the commands a tea.Batch or tea.Sequence message
// carries (a Sequence's message type is unexported: a slice of tea.Cmd).
func commands(msg tea.Msg) ([]tea.Cmd, bool) {
	v := reflect.ValueOf(msg)
	if !v.IsValid() || v.Kind() != reflect.Slice || v.Type().Elem() != reflect.TypeFor[tea.Cmd]() {
		return nil, false
	}
	cmds := make([]tea.Cmd, v.Len())
	for i := range cmds {
		cmds[i], _ = v.Index(i).Interface().(tea.Cmd)
	}
	return cmds, true
}
