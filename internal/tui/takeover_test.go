package tui

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	gingame "felt/games/gin"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"felt/card"
	"felt/gin"
	"felt/gin/ginbot"
	"felt/internal/testenv"
	"felt/program"
	"felt/table"
)

// failing plays like the simple player for its first acts decisions, then
// fails as a dead outside program does; with failEnd it fails instead at
// its first decision after it was told the first hand ended (a program
// that stopped reading its input fails at its next decision).
type failing struct {
	acts    int
	failEnd bool
	p       ginbot.Player

	mu    sync.Mutex
	ended bool
}

func (f *failing) Decide(_ context.Context, d table.Decision[gin.Observation]) (gin.Action, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.acts == 0 && !f.failEnd {
		return gin.Action{}, false, errors.New("exited with status 3\nstderr: Traceback")
	}
	if f.ended {
		return gin.Action{}, false, errors.New("stopped reading its input")
	}
	f.acts--
	return f.p.Act(&d.Obs), true, nil
}

// Event hears of the hand's end.
func (f *failing) Event(_ table.Seat, e gin.Event) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.failEnd && e.End != nil {
		f.ended = true
	}
}

func (f *failing) Notice(table.Notice) {}

// newDriverFailing starts a game seeded with seed against f, seated as an
// outside program, the person in seat 0, its log in a buffer.
func newDriverFailing(t *testing.T, seed uint64, f *failing) *driver {
	t.Helper()
	comp := table.Player[gin.Action, gin.Observation]{Name: "exec:python3 /home/x/bot.py", Kind: table.Program, Control: f}
	return newDriverSetup(t, Setup{Computer: comp, Fallback: normalFallback, Seed: seed}, Options{Seed: seed, Look: Look{NoColor: true}})
}

// controls returns the control lines of a table log.
func controls(log string) []string {
	var out []string
	for _, l := range strings.Split(log, "\n") {
		if strings.Contains(l, `"type":"control"`) {
			out = append(out, l)
		}
	}
	return out
}

// TestOutsidePlayerFailureIsShownAndLogged: when the outside program fails
// mid-hand, the screen says so with the move it was making, names the
// player that took over from then on, and the log records the takeover
// (replayable, and read back as the seat's player).
func TestOutsidePlayerFailureIsShownAndLogged(t *testing.T) {
	f := &failing{acts: 3, p: ginbot.NewSimple(gin.NewRand(1))}
	d := newDriverFailing(t, 2, f)
	var note string
	d.seen = func(d *driver) {
		if note == "" && d.m.tookOver {
			note = d.screen()
		}
	}
	d.playTo(func(d *driver) bool { return d.m.tookOver && (d.m.myDecision() || d.m.screen != tableScreen) })
	if note == "" {
		t.Fatalf("no takeover after the program failed:\n%s", d.screen())
	}
	for _, want := range []string{"failed (exited with status 3)", "Normal took over:"} {
		if !strings.Contains(note, want) {
			t.Fatalf("the screen at the failure lacks %q:\n%s", want, note)
		}
	}
	if strings.Contains(note, "Traceback") {
		t.Errorf("the status line holds more than the error's first line:\n%s", note)
	}
	s := d.screen()
	if !strings.Contains(s, "Normal · 10 cards") && d.m.screen == tableScreen {
		t.Errorf("the computer is not named Normal after the takeover:\n%s", s)
	}
	rec, err := table.Recover(bytes.NewReader(d.log.Bytes()), gingame.Spec)
	if err != nil {
		t.Fatalf("the log with the takeover does not replay: %v", err)
	}
	if rec.Names[1] != "normal" || rec.Header.Seats[1].Name != "exec:python3 /home/x/bot.py" {
		t.Fatalf("header seats %v, playing %v", rec.Header.Seats, rec.Names)
	}
	if l := controls(d.log.String()); len(l) != 1 {
		t.Fatalf("%d control lines, want 1:\n%s", len(l), d.log.String())
	}
	if !strings.Contains(d.log.String(), `"reason":"exited with status 3\nstderr: Traceback"`) {
		t.Errorf("the control line does not keep the reason:\n%s", d.log.String())
	}
	// play on to the game's end: no second takeover, the log replays
	d.seen = nil
	d.playTo(func(d *driver) bool { return d.m.screen == gameOverScreen })
	if l := controls(d.log.String()); len(l) != 1 {
		t.Fatalf("%d control lines after the game, want 1", len(l))
	}
	if _, err := table.Recover(bytes.NewReader(d.log.Bytes()), gingame.Spec); err != nil {
		t.Fatalf("the finished game's log does not replay: %v", err)
	}
}

// TestOutsidePlayerFailureAtHandEnd: a program that stops reading when
// told the hand is over fails at its next decision: the takeover is shown
// and logged before it would have moved again, and its stand-in plays on.
func TestOutsidePlayerFailureAtHandEnd(t *testing.T) {
	f := &failing{acts: 1 << 30, failEnd: true, p: ginbot.NewSimple(gin.NewRand(1))}
	d := newDriverFailing(t, 2, f)
	d.playTo(func(d *driver) bool { return d.m.screen == showdownScreen })
	if d.m.tookOver {
		t.Fatal("a takeover before the hand ended")
	}
	d.press("enter") // the next hand
	d.playTo(func(d *driver) bool { return d.m.tookOver })
	if s := ansi.Strip(d.m.statusLine(200)); !strings.Contains(s, "stopped reading its input") || !strings.Contains(s, "Normal took over") {
		t.Fatalf("status after the failure: %q", s)
	}
	log := d.log.String()
	l := controls(log)
	if len(l) != 1 {
		t.Fatalf("%d control lines, want 1", len(l))
	}
	// the program made no move after the hand's end: the control line
	// comes before any move of seat 1 in hand 2
	after := log[strings.LastIndex(log, `"type":"deal"`):]
	if i := strings.Index(after, `"seat":1,"move"`); i >= 0 && i < strings.Index(after, `"type":"control"`) {
		t.Fatalf("the failed program moved after the hand's end:\n%s", after)
	}
	rec, err := table.Recover(bytes.NewReader(d.log.Bytes()), gingame.Spec)
	if err != nil || rec.Names[1] != "normal" {
		t.Fatalf("log after the failure: playing %v, %v", rec.Names, err)
	}
}

func TestPlayerName(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"normal", "Normal"},
		{"hard", "Hard"},
		{"exec:python3 bot.py", "python3 bot.py (outside program)"},
		{"exec:python3 /home/x/bots/bot.py --level 3", "python3 bot.py (outside program)"},
		{"exec:/usr/bin/env PYTHONUNBUFFERED=1 python3 -u ./bot.py", "python3 bot.py (outside program)"},
		{"exec:./mybot", "mybot (outside program)"},
		{"exec:   ", "a program (outside program)"},
		{"exec:" + strings.Repeat("x", 50), strings.Repeat("x", 29) + "... (outside program)"},
	} {
		if got := PlayerName(tc.name); got != tc.want {
			t.Errorf("PlayerName(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestOutsidePlayerNamedSanely: an outside program is called by its
// program and script on the table and in the moves, not "Exec:python3 …".
func TestOutsidePlayerNamedSanely(t *testing.T) {
	f := &failing{acts: 1 << 30, p: ginbot.NewSimple(gin.NewRand(1))}
	d := newDriverFailing(t, 2, f)
	d.playTo(func(d *driver) bool { return d.m.myDecision() && len(d.m.log) > 2 })
	s := d.screen()
	if strings.Contains(s, "Exec:") || strings.Contains(s, "/home/x") {
		t.Fatalf("the raw command is shown:\n%s", s)
	}
	if !strings.Contains(s, "python3 bot.py (outside program) · ") {
		t.Fatalf("the table does not name the outside program:\n%s", s)
	}
	if !strings.Contains(s, "python3 bot.py ") {
		t.Fatalf("the moves do not name the outside program:\n%s", s)
	}
}

// TestGinPromptAgreesWithTheKeys: with no deadwood left the knock panel's
// prompt, its key and its refusal all say "go gin", never "knock".
func TestGinPromptAgreesWithTheKeys(t *testing.T) {
	ginCard := func(d *driver) (card.Card, bool) {
		if !myPhase(gin.DiscardPhase)(d) {
			return 0, false
		}
		o := d.obs()
		c, dw := bestDiscardExcept(o.Hand, o.JustTaken)
		return c, dw == 0 && o.Hand.Len() == 11
	}
	d := at(t, "simple", Options{}, func(d *driver) bool { _, ok := ginCard(d); return ok })
	c, _ := ginCard(d)
	d.press(d.letterOf(c), "k")
	if d.m.knock == nil || d.m.knock.deadwood != 0 {
		t.Fatal("k did not open the gin panel")
	}
	s := strings.Join(strings.Fields(d.screen()), " ")
	for _, want := range []string{"press enter to go gin", "[enter] go gin"} {
		if !strings.Contains(s, want) {
			t.Fatalf("the gin panel lacks %q:\n%s", want, d.screen())
		}
	}
	if strings.Contains(s, "to knock") || strings.Contains(s, "[enter] knock") {
		t.Fatalf("the gin panel says knock:\n%s", d.screen())
	}
	d.press("x")
	if !strings.Contains(d.m.status, "press enter to go gin") {
		t.Fatalf("the refusal during the gin choice: %q", d.m.status)
	}
}

// TestHelpScrollsAt60x20: on a 60×20 window the help is longer than the
// screen: it says there is more, the arrows scroll it to its last line and
// home back, and every screen fits the window.
func TestHelpScrollsAt60x20(t *testing.T) {
	d := at(t, "normal", Options{SavePath: "/saves/gin-1.jsonl"}, myPhase(gin.DrawPhase))
	d.send(tea.WindowSizeMsg{Width: 60, Height: 20})
	d.press("?")
	s := d.screen()
	checkFits(t, "help at 60×20", d.m.Render(), 60, 20)
	const last = "goes on with it later."
	if strings.Contains(s, last) || !strings.Contains(s, "more line") || !strings.Contains(s, "[↑↓] scroll") {
		t.Fatalf("the help at 60×20 does not say it goes on:\n%s", s)
	}
	seen := map[string]bool{}
	look := func() {
		for _, l := range strings.Split(d.screen(), "\n") {
			seen[strings.TrimSpace(l)] = true
		}
	}
	look()
	for i := 0; i < 60 && !strings.Contains(d.screen(), last); i++ {
		d.press("down")
		checkFits(t, "help scrolled", d.m.Render(), 60, 20)
		look()
	}
	s = d.screen()
	if !strings.Contains(s, last) || !strings.Contains(s, "How to play Gin Rummy") || !strings.Contains(s, "the end") {
		t.Fatalf("scrolling down does not reach the help's end:\n%s", s)
	}
	top := d.m.helpTop
	d.press("down")
	if d.m.helpTop != top || d.screen() != s {
		t.Fatal("the help scrolls past its end")
	}
	// every line of the help was on the screen at some point
	d.send(tea.WindowSizeMsg{Width: 60, Height: 200})
	for _, l := range strings.Split(d.screen(), "\n") {
		if l = strings.TrimSpace(l); l != "" && !seen[l] && !strings.Contains(l, "[esc]") {
			t.Errorf("the help line %q never showed at 60×20", l)
		}
	}
	d.send(tea.WindowSizeMsg{Width: 60, Height: 20})
	d.press("home")
	if s := d.screen(); !strings.Contains(s, "Make melds") || d.m.helpTop != 0 {
		t.Fatalf("home does not go back to the help's start:\n%s", s)
	}
	d.press("end")
	if s := d.screen(); !strings.Contains(s, last) {
		t.Fatalf("end does not show the help's end:\n%s", s)
	}
	d.press("esc")
	if d.m.help {
		t.Fatal("esc did not close the help")
	}
	// at 80×24 it fits: no scrolling offered
	d.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	d.press("?")
	if s := d.screen(); strings.Contains(s, "more line") || strings.Contains(s, "scroll") || !strings.Contains(s, last) {
		t.Fatalf("the help at 80×24:\n%s", s)
	}
}

// needPython skips (or, under CI, fails) a test that runs python3.
func needPython(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("no python3 (CI installs it)")
		}
		t.Skip("no python3")
	}
	testenv.AcquireProc(t)
}

// programPlayer seats an outside program (protocol version 2) as the
// computer, as felt play --level exec:COMMAND does.
func programPlayer(t *testing.T, command string) table.Player[gin.Action, gin.Observation] {
	t.Helper()
	rules, _ := json.Marshal(gin.Standard())
	p := program.New(command, gingame.Wire, program.Options{Game: gingame.Spec.Kind, Seat: 1, Seed: 3, Rules: rules,
		Startup: testenv.Timeout(60 * time.Second)})
	t.Cleanup(func() { p.Close() })
	return table.Player[gin.Action, gin.Observation]{Name: "exec:" + command, Kind: table.Program, Control: p, Deadline: testenv.Timeout(60 * time.Second)}
}

// TestOutsideProgramPlaysAHand: an outside program speaking protocol
// version 2 (examples/gin_random_v2.py) plays the computer's seat through
// the table: its moves are the table's, shown as its seat's events, and
// nobody takes over.
func TestOutsideProgramPlaysAHand(t *testing.T) {
	needPython(t)
	comp := programPlayer(t, "python3 ../../examples/gin_random_v2.py")
	rules, _ := json.Marshal(gin.Standard())
	d := newDriverSetup(t, Setup{Computer: comp, Fallback: normalFallback, Seed: 3, Options: rules}, Options{Look: Look{NoColor: true}})
	d.playTo(func(d *driver) bool { return d.m.screen == showdownScreen })
	if d.m.tookOver || len(controls(d.log.String())) != 0 {
		t.Fatalf("a takeover of a working program:\n%s", d.log.String())
	}
	if !strings.Contains(d.log.String(), `"seat":1,"move"`) {
		t.Fatalf("the program made no move:\n%s", d.log.String())
	}
	if d.m.names[1] != "python3 gin_random_v2.py" {
		t.Fatalf("the program is called %q", d.m.names[1])
	}
}

// TestFailingOutsideProgramIsTakenOver: a program that exits at once
// fails at its first decision; the table's fallback, normal, takes the
// seat, the screen says who failed and why, and the log has the control
// line.
func TestFailingOutsideProgramIsTakenOver(t *testing.T) {
	needPython(t)
	comp := programPlayer(t, "exit 3")
	d := newDriverSetup(t, Setup{Computer: comp, Fallback: normalFallback, Seed: 3}, Options{Look: Look{NoColor: true}})
	d.playTo(func(d *driver) bool { return d.m.tookOver && d.m.myDecision() })
	s := strings.Join(strings.Fields(d.screen()), " ")
	if !strings.Contains(s, "Normal took over: exit 3 failed (") {
		t.Fatalf("the takeover is not told:\n%s", d.screen())
	}
	if l := controls(d.log.String()); len(l) != 1 || !strings.Contains(l[0], `"to":"normal"`) {
		t.Fatalf("control lines %q", l)
	}
}
