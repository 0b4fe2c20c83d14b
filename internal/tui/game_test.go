package tui

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	gingame "felt/games/gin"
	"math/rand/v2"
	"strconv"
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
	"felt/table"
)

// at plays (with the sensible policy) until cond holds, in a game seeded
// with one of the seeds tried in turn; it fails if no seed gets there.
//
// Unless the test asks for another look, the screen is drawn without
// colour, so that the key bar reads "[q] save & quit".
func at(t *testing.T, level string, opt Options, cond func(d *driver) bool) *driver {
	t.Helper()
	if opt.Look == (Look{}) {
		opt.Look.NoColor = true
	}
	for seed := uint64(1); seed <= 60; seed++ {
		d := newDriver(t, seed, level, opt)
		d.playTo(func(d *driver) bool { return cond(d) || d.m.screen == gameOverScreen })
		if cond(d) {
			return d
		}
	}
	t.Fatal("no game reached the position wanted")
	return nil
}

// myPhase is a condition: the person is to move in this phase.
func myPhase(p gin.Phase) func(d *driver) bool {
	return func(d *driver) bool { return d.m.myDecision() && d.obs().Phase == p }
}

// unchanged checks that a refused key changed nothing but the status line.
func unchanged(t *testing.T, d *driver, keys ...string) {
	t.Helper()
	seq, logLen, before := d.m.seq(), d.log.Len(), d.obs()
	sel := d.m.sel
	d.press(keys...)
	if d.m.seq() != seq || d.log.Len() != logLen {
		t.Fatalf("%v changed the game: decision %d -> %d", keys, seq, d.m.seq())
	}
	after := d.obs()
	if after.Hand != before.Hand || after.Phase != before.Phase || after.Pile.Top() != before.Pile.Top() || d.m.sel != sel {
		t.Fatalf("%v changed the position", keys)
	}
	if d.m.status == "" || !d.m.statusBad {
		t.Fatalf("%v: no refusal shown", keys)
	}
	if strings.Contains(d.m.status, "\n") {
		t.Fatalf("%v: refusal %q is more than one line", keys, d.m.status)
	}
	if !strings.Contains(d.screen(), strings.TrimSpace(ansi.Strip(d.m.status))[:20]) {
		t.Fatalf("%v: the refusal %q is not on the screen:\n%s", keys, d.m.status, d.screen())
	}
}

func TestUpcardPhaseTakeAndPass(t *testing.T) {
	for _, take := range []bool{false, true} {
		d := at(t, "normal", Options{}, myPhase(gin.UpcardPhase))
		o0 := d.obs()
		up := o0.Pile.Top()
		s := d.screen()
		for _, want := range []string{"take the upcard " + up.Pretty(), "[t] take " + up.Pretty(), "[p] pass", "[h] hint", "[q] save & quit", "deadwood"} {
			if !strings.Contains(s, want) {
				t.Fatalf("upcard screen lacks %q:\n%s", want, s)
			}
		}
		unchanged(t, d, "s") // drawing is not allowed yet: the engine says why
		if !strings.Contains(d.m.status, "take or pass the upcard "+up.Pretty()) {
			t.Errorf("status %q does not give the engine's reason", d.m.status)
		}
		unchanged(t, d, "enter")
		if take {
			d.press("t")
			o := d.obs()
			if !o.Hand.Has(up) || o.Phase != gin.DiscardPhase || o.JustTaken != up {
				t.Fatalf("after t: hand %s phase %s", o.Hand, o.Phase)
			}
			if !strings.Contains(d.screen(), "You took "+up.Pretty()+" from the discard pile.") {
				t.Errorf("the take is not told:\n%s", d.screen())
			}
			continue
		}
		d.press("p")
		// the computer (the dealer) decides at once with no delay
		o := d.obs()
		if o.Phase != gin.DrawPhase && o.Phase != gin.DiscardPhase && !(o.Phase == gin.DrawPhase || o.Turn != 0) {
			t.Fatalf("after p: phase %s", o.Phase)
		}
		if !strings.Contains(d.screen(), "You passed on "+up.Pretty()+".") {
			t.Errorf("the pass is not told:\n%s", d.screen())
		}
	}
}

func TestDrawPhase(t *testing.T) {
	d := at(t, "normal", Options{}, myPhase(gin.DrawPhase))
	o := d.obs()
	s := d.screen()
	if !strings.Contains(s, "[s] draw from the stock") {
		t.Fatalf("draw screen lacks its keys:\n%s", s)
	}
	unchanged(t, d, "enter")
	unchanged(t, d, "a") // a discard before drawing: the engine's reason
	if !strings.Contains(d.m.status, "draw from the stock or the discard pile") {
		t.Errorf("status %q", d.m.status)
	}
	unchanged(t, d, "k")
	unchanged(t, d, "left")
	stock := o.StockLen
	d.press("s")
	o2 := d.obs()
	if o2.Hand.Len() != 11 || o2.StockLen != stock-1 || o2.Phase != gin.DiscardPhase {
		t.Fatalf("after s: %d cards, stock %d, phase %s", o2.Hand.Len(), o2.StockLen, o2.Phase)
	}
	drawn := o2.Drawn
	if d.m.sel != drawn {
		t.Errorf("the card drawn, %s, is not selected (%s is)", drawn, d.m.sel)
	}
	if !strings.Contains(d.screen(), "You drew "+drawn.Pretty()+" from the stock.") {
		t.Errorf("the draw is not told:\n%s", d.screen())
	}
}

func TestTakeDiscardThenJustTakenRefused(t *testing.T) {
	d := at(t, "normal", Options{}, func(d *driver) bool {
		o := d.obs()
		return myPhase(gin.DrawPhase)(d) && !o.MustStock && o.Pile.Len() > 0
	})
	o0 := d.obs()
	top := o0.Pile.Top()
	d.press("t")
	o := d.obs()
	if o.JustTaken != top || !o.Hand.Has(top) {
		t.Fatalf("take: just taken %s, want %s", o.JustTaken, top)
	}
	if d.m.sel == top {
		t.Fatalf("the card just taken is selected")
	}
	d.press(d.letterOf(top)) // select it: allowed
	if d.m.sel != top {
		t.Fatalf("letter did not select %s", top)
	}
	if !strings.Contains(d.screen(), "you can't discard it this turn") {
		t.Errorf("the note under the hand does not warn:\n%s", d.screen())
	}
	unchanged(t, d, "enter")
	want := "you can't discard " + top.Pretty() + ": you just took it from the discard pile"
	if d.m.status != want {
		t.Errorf("status %q, want %q", d.m.status, want)
	}
	if got := strings.Count(d.screen(), want); got != 1 {
		t.Errorf("the reason shows %d times:\n%s", got, d.screen())
	}
}

func TestDiscardPhaseKeysAndMouse(t *testing.T) {
	d := at(t, "normal", Options{}, myPhase(gin.DiscardPhase))
	o := d.obs()
	order := displayOrder(o.Hand)
	d.press("home")
	if d.m.sel != order[0] {
		t.Fatalf("home selects %s, want %s", d.m.sel, order[0])
	}
	d.press("right", "right")
	if d.m.sel != order[2] {
		t.Fatalf("right right selects %s, want %s", d.m.sel, order[2])
	}
	d.press("left")
	if d.m.sel != order[1] {
		t.Fatalf("left selects %s", d.m.sel)
	}
	d.press("left", "left")
	if d.m.sel != order[len(order)-1] {
		t.Fatalf("left wraps to %s", d.m.sel)
	}
	d.press("c")
	if d.m.sel != order[2] {
		t.Fatalf("c selects %s, want %s", d.m.sel, order[2])
	}
	if !strings.Contains(d.screen(), "[enter] discard "+order[2].Pretty()) {
		t.Errorf("key bar does not name the selection:\n%s", d.screen())
	}
	unchanged(t, d, "z")
	unchanged(t, d, "o") // a letter past the hand... o is not a card letter
	// a click on a card selects it, a second click discards it
	f := d.m.frame()
	var x, y = -1, -1
	for _, z := range f.zones {
		if z.key == "card:4" {
			x, y = z.x0+1, z.y
		}
	}
	if x < 0 {
		t.Fatal("no zone for card 4")
	}
	c := order[4]
	if c == o.JustTaken {
		return
	}
	d.send(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft})
	if d.m.sel != c {
		t.Fatalf("click selects %s, want %s", d.m.sel, c)
	}
	seq := d.moves()
	d.send(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft})
	if d.moves() == seq || d.obs().Hand.Has(c) {
		t.Fatalf("second click did not discard %s", c)
	}
	if !strings.Contains(d.screen(), "You discarded "+c.Pretty()+".") {
		t.Errorf("the discard is not told:\n%s", d.screen())
	}
}

func TestLettersOnlyPick(t *testing.T) {
	d := at(t, "normal", Options{}, func(d *driver) bool {
		return myPhase(gin.DiscardPhase)(d) && d.obs().JustTaken == 0
	})
	c := displayOrder(d.obs().Hand)[0]
	d.press("a", "a", "a")
	if d.obs().Hand.Len() != 11 || d.m.sel != c {
		t.Fatal("pressing a letter again discarded")
	}
	d.press("enter")
	if d.obs().Hand.Has(c) {
		t.Fatalf("a then enter did not discard %s", c)
	}
}

func TestMouseOnStockAndKeyBar(t *testing.T) {
	d := at(t, "normal", Options{}, myPhase(gin.DrawPhase))
	f := d.m.frame()
	var stock, help zone
	for _, z := range f.zones {
		switch z.key {
		case "s":
			if stock.key == "" {
				stock = z
			}
		case "?":
			help = z
		}
	}
	if stock.key == "" || help.key == "" {
		t.Fatal("no zones for the stock and the help key")
	}
	d.send(tea.MouseClickMsg{X: stock.x0, Y: stock.y, Button: tea.MouseLeft})
	if d.obs().Phase != gin.DiscardPhase {
		t.Fatalf("click on the stock did not draw")
	}
	d.send(tea.MouseClickMsg{X: help.x0, Y: help.y, Button: tea.MouseLeft})
	if !d.m.help || !strings.Contains(d.screen(), "How to play Gin Rummy") {
		t.Fatalf("click on [?] did not open the help")
	}
	d.send(tea.MouseClickMsg{X: 0, Y: 0, Button: tea.MouseRight}) // ignored
	d.press("esc")
	if d.m.help {
		t.Fatal("esc did not close the help")
	}
}

// knockChoice is a condition: the person may knock with a discard that
// leaves several optimal arrangements and some deadwood.
func knockChoicePos(d *driver) (card.Card, []gin.Arrangement, bool) {
	if !myPhase(gin.DiscardPhase)(d) {
		return 0, nil, false
	}
	o := d.obs()
	for c := range o.Hand.All {
		k := o.Hand.Remove(c)
		dw := gin.Deadwood(k)
		if c != o.JustTaken && dw > 0 && dw <= o.KnockLimit {
			if a, _ := gin.AllMelds(k); len(a) > 1 {
				return c, a, true
			}
		}
	}
	return 0, nil, false
}

func TestKnockChoosingTheArrangement(t *testing.T) {
	d := at(t, "simple", Options{}, func(d *driver) bool { _, _, ok := knockChoicePos(d); return ok })
	c, arrs, _ := knockChoicePos(d)
	d.press(d.letterOf(c), "k")
	if d.m.knock == nil || len(d.m.knock.arrs) != len(arrs) {
		t.Fatalf("k did not open the choice of %d arrangements", len(arrs))
	}
	s := d.screen()
	for _, want := range []string{"Knock: discard " + c.Pretty() + " face down", "ways to lay out your melds", "1. ", "2. ", "[enter] knock", "[esc] cancel"} {
		if !strings.Contains(s, want) {
			t.Fatalf("knock panel lacks %q:\n%s", want, s)
		}
	}
	d.press("esc")
	if d.m.knock != nil || d.obs().Phase == gin.OverPhase {
		t.Fatal("esc did not cancel the knock")
	}
	d.press("k", "down")
	if d.m.knock.idx != 1 {
		t.Fatalf("down: choice %d", d.m.knock.idx)
	}
	d.press("up", "up")
	if d.m.knock.idx != len(arrs)-1 {
		t.Fatalf("up wraps to %d", d.m.knock.idx)
	}
	d.press("x")
	if !d.m.statusBad || d.m.knock == nil {
		t.Fatal("a stray key during the choice is not refused")
	}
	d.press("2")
	if d.m.knock.idx != 1 {
		t.Fatalf("2: choice %d", d.m.knock.idx)
	}
	d.press("enter")
	if d.obs().Result == nil {
		t.Fatal("enter did not knock")
	}
	res := *d.obs().Result
	if res.Showdown.Knocker != arrs[1] {
		t.Fatalf("shown %s, want the second arrangement %s", res.Showdown.Knocker, arrs[1])
	}
	if d.m.screen != showdownScreen {
		t.Fatal("no showdown after the knock")
	}
	// the log records the melds shown
	if _, err := table.Recover(bytes.NewReader(d.log.Bytes()), gingame.Spec); err != nil {
		t.Fatal(err)
	}
	var last struct {
		Move struct {
			Kind  string
			Card  card.Card
			Melds [][]card.Card
		}
	}
	for _, l := range strings.Split(strings.TrimSpace(d.log.String()), "\n") {
		if strings.Contains(l, `"type":"move"`) {
			if err := json.Unmarshal([]byte(l), &last); err != nil {
				t.Fatal(err)
			}
		}
	}
	if last.Move.Kind != "knock" || last.Move.Card != c || len(last.Move.Melds) != arrs[1].Len() {
		t.Fatalf("last logged move %+v", last)
	}
}

func TestKnockOverTheLimitRefused(t *testing.T) {
	d := at(t, "normal", Options{}, func(d *driver) bool {
		o := d.obs()
		return myPhase(gin.DiscardPhase)(d) && gin.Deadwood(o.Hand.Remove(d.m.sel)) > o.KnockLimit
	})
	o := d.obs()
	dw := gin.Deadwood(o.Hand.Remove(d.m.sel))
	unchanged(t, d, "k")
	if !strings.Contains(d.m.status, "over the knock limit") || !strings.Contains(d.m.status, "knock") {
		t.Errorf("status %q", d.m.status)
	}
	if !strings.Contains(d.m.status, "deadwood "+itoa(dw)) {
		t.Errorf("status %q lacks the deadwood %d", d.m.status, dw)
	}
	unchanged(t, d, "g") // big gin without it
	if !strings.Contains(d.m.status, "big gin") {
		t.Errorf("status %q", d.m.status)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestShowdownAndNextHand(t *testing.T) {
	d := at(t, "normal", Options{}, func(d *driver) bool {
		r := d.obs().Result
		return d.m.screen == showdownScreen && r != nil && r.Kind != gin.DrawResult && r.Showdown.Layoffs != nil
	})
	o := d.obs()
	sd := o.Result.Showdown
	s := d.screen()
	for _, want := range []string{
		"laid out · deadwood " + itoa(sd.KnockerDeadwood),
		"deadwood " + itoa(sd.DefenderDeadwood) + " after laying off",
		"score", itoa(o.Result.Points) + " point",
		"[enter] next hand",
	} {
		if !strings.Contains(s, want) {
			t.Fatalf("showdown lacks %q:\n%s", want, s)
		}
	}
	for c := range (sd.KnockerCards | sd.DefenderCards).All {
		if !strings.Contains(s, "["+c.Pretty()+"]") {
			t.Errorf("showdown lacks %s:\n%s", c.Pretty(), s)
		}
	}
	checkFits(t, "showdown", d.m.Render(), 80, 24)
	n := o.HandNumber
	unchanged2 := d.moves()
	d.press("x")
	if d.m.screen != showdownScreen || d.moves() != unchanged2 || !strings.Contains(d.m.status, "enter") {
		t.Fatal("a stray key at the showdown did something")
	}
	d.press("enter")
	if d.m.GameOver() {
		return
	}
	if d.obs().HandNumber != n+1 || d.m.screen != tableScreen {
		t.Fatalf("enter did not deal hand %d", n+1)
	}
	if !strings.Contains(d.screen(), "Hand "+itoa(n+1)+":") {
		t.Errorf("new hand not told:\n%s", d.screen())
	}
}

func TestGameOverScreen(t *testing.T) {
	r := gin.Standard()
	r.TargetScore = 40
	d := newDriverRules(t, 11, "normal", r, Options{SavePath: "/tmp/x.jsonl", Look: Look{NoColor: true}})
	d.playTo(func(d *driver) bool { return d.m.screen == gameOverScreen })
	if d.m.seen.Game == nil {
		t.Fatal("the game is not over")
	}
	res := *d.m.seen.Game
	s := d.screen()
	for _, want := range []string{"Game over", "Points from the hands", "Box bonus", "Game bonus", "Final score", itoa(res.Final[0]), itoa(res.Final[1]), "felt replay view /tmp/x.jsonl", "[q] quit"} {
		if !strings.Contains(s, want) {
			t.Fatalf("game over screen lacks %q:\n%s", want, s)
		}
	}
	checkFits(t, "game over", d.m.Render(), 80, 24)
	d.press("x")
	if d.quit {
		t.Fatal("x quit")
	}
	d.press("enter")
	if !d.quit {
		t.Fatal("enter did not quit at the end")
	}
}

func TestHint(t *testing.T) {
	d := at(t, "normal", Options{}, myPhase(gin.DiscardPhase))
	o := d.obs()
	d.press("h")
	if d.m.hint == nil || !d.m.hintOn {
		t.Fatal("no hint")
	}
	want := ComputeHint(o, d.m.hintSeed())
	if d.m.hint.Action != want.Action {
		t.Fatalf("hint %s, recomputed %s: not deterministic", d.m.hint.Action, want.Action)
	}
	all, _ := gin.AllMelds(o.Hand)
	if len(d.m.hint.Arrangements) != len(all) {
		t.Fatalf("%d arrangements, want %d", len(d.m.hint.Arrangements), len(all))
	}
	// the hard player's own choice in the same position, with the same seed
	o2 := o
	if a := ginbot.NewHard(gin.NewRand(d.m.hintSeed())).Act(&o2); a != d.m.hint.Action {
		t.Fatalf("hint says %s, hard plays %s", d.m.hint.Action, a)
	}
	s := d.screen()
	if !strings.Contains(s, "Hint") || !strings.Contains(s, "Hard would") {
		t.Fatalf("hint not shown:\n%s", s)
	}
	if k := d.m.hint.Action.Kind; k == gin.Discard {
		if !strings.Contains(s, "deadwood after") || !strings.Contains(s, "could meld it is") {
			t.Fatalf("the hint does not say why:\n%s", s)
		}
	}
	checkFits(t, "hint", d.m.Render(), 80, 24)
	d.press("h")
	if d.m.hintOn {
		t.Fatal("h did not hide the hint")
	}
	// a hint for the previous position is dropped
	d.press("enter")
	d.send(hintMsg{seq: 0, hint: Hint{Deadwood: 99}})
	if d.m.hint != nil && d.m.hint.Deadwood == 99 {
		t.Fatal("a stale hint was kept")
	}
}

func TestHintForEveryDecision(t *testing.T) {
	for _, p := range []gin.Phase{gin.UpcardPhase, gin.DrawPhase} {
		d := at(t, "normal", Options{}, myPhase(p))
		d.press("h")
		s := d.screen()
		if !strings.Contains(s, "Hard would") {
			t.Fatalf("%s: no advice:\n%s", p, s)
		}
		checkFits(t, "hint "+p.String(), d.m.Render(), 80, 24)
	}
}

func TestHintRefusedOnTheComputersTurn(t *testing.T) {
	// A game whose first move is the computer's, with that move not yet
	// shown (the screen does not read the table after the deal): always
	// the computer's turn.
	d := computerFirst(t, Options{})
	if d.m.myDecision() || d.obs().Turn == d.m.seat {
		t.Fatal("the position is not the computer's turn")
	}
	nm, cmd := d.m.Update(key("h"))
	m := nm.(Model)
	if cmd != nil || m.hintOn || !strings.Contains(m.status, "Hints are for your turn") {
		t.Fatalf("hint on the computer's turn: %q", m.status)
	}
}

// computerFirst returns a driver on a new game, the person in seat 0,
// whose hand starts with the computer to move: the screen has taken the
// deal and the read of the computer's move is not run.
func computerFirst(t *testing.T, opt Options) *driver {
	t.Helper()
	for seed := uint64(1); seed <= 64; seed++ {
		comp, _ := gingame.Level("normal", gin.NewRand(1))
		d := startDriver(t, Setup{Computer: comp, Fallback: normalFallback, Seed: seed}, opt)
		d.m.waiting = true
		nm, cmd := d.m.Update(d.b.Next()) // the deal
		d.m = nm.(Model)
		if cmd == nil {
			t.Fatal("no read of the table after the deal")
		}
		if d.obs().HandNumber == 1 && d.obs().Turn == 1 {
			d.pendingRead = cmd
			return d
		}
		d.stop()
	}
	t.Fatal("no seed up to 64 gives the computer the first move")
	return nil
}

// TestComputerMovesArriveAfterTheDelay: the computer's move is read from
// the table (the engine's event, as the person's seat sees it) no sooner
// than the delay, and told; a reply to a decision no longer pending
// changes nothing.
func TestComputerMovesArriveAfterTheDelay(t *testing.T) {
	d := computerFirst(t, Options{Delay: 20 * time.Millisecond})
	if !strings.Contains(ansi.Strip(d.m.Render()), "Normal is thinking") {
		t.Fatalf("no thinking shown:\n%s", ansi.Strip(d.m.Render()))
	}
	start := time.Now()
	msg := d.pendingRead()
	if time.Since(start) < 20*time.Millisecond {
		t.Errorf("the move came before the delay")
	}
	em, ok := msg.(EventMsg)
	if !ok || em.Event.Seat != 1 || (em.Event.Kind != gin.Pass && em.Event.Kind != gin.TakeDiscard) {
		t.Fatalf("read gave %T %+v, want the computer's first move", msg, msg)
	}
	if em.Event.Card != d.obs().Upcard {
		t.Errorf("the event shows %s, want the upcard %s", em.Event.Card, d.obs().Upcard)
	}
	d.send(msg)
	s := ansi.Strip(d.m.Render())
	if !strings.Contains(s, "Normal passed on") && !strings.Contains(s, "Normal took") {
		t.Fatalf("the computer's move is not told:\n%s", s)
	}
	if !d.m.myDecision() {
		t.Fatal("no decision for the person after the computer's move")
	}
	// a reply to another decision is stale and changes nothing
	n := d.moves()
	if err := d.b.Submit(d.m.seq()+5, gin.PassAction()); !errors.Is(err, table.ErrStale) {
		t.Fatalf("a stale reply: %v", err)
	}
	if err := d.b.Check(d.m.seq()+5, gin.PassAction()); !errors.Is(err, table.ErrStale) {
		t.Fatalf("a stale check: %v", err)
	}
	if d.moves() != n || !d.m.myDecision() {
		t.Fatal("a stale reply changed the game")
	}
}

// illegal plays an illegal move (a discard of a card it does not hold)
// at its first decision.
type illegal struct{}

func (illegal) Decide(context.Context, table.Decision[gin.Observation]) (gin.Action, bool, error) {
	return gin.DiscardAction(card.MustParse("7H")), true, nil
}

// TestIllegalComputerMoveIsReplaced: a computer player's move the rules
// refuse hands its seat to the normal player, which moves instead; the
// screen says so.
func TestIllegalComputerMoveIsReplaced(t *testing.T) {
	for seed := uint64(1); seed <= 64; seed++ {
		d := newDriverSetup(t, Setup{Computer: table.Player[gin.Action, gin.Observation]{Name: "easy", Kind: table.Level, Control: illegal{}},
			Fallback: normalFallback, Seed: seed}, Options{Look: Look{NoColor: true}})
		if !d.m.tookOver {
			d.stop()
			continue // the person moved first
		}
		if !strings.Contains(d.m.status, "Normal took over: Easy failed (illegal move") {
			t.Fatalf("status %q", d.m.status)
		}
		if d.moves() < 1 || !strings.Contains(d.log.String(), `"type":"control"`) {
			t.Fatalf("no move by the player that took over, or no control line:\n%s", d.log.String())
		}
		return
	}
	t.Fatal("no seed up to 64 gives the computer the first move")
}

func TestQuitSavesAndResumes(t *testing.T) {
	for _, k := range []string{"q", "ctrl+c"} {
		d := at(t, "normal", Options{}, myPhase(gin.DiscardPhase))
		d.press("enter") // one more move, then quit on the next decision
		d.playTo(func(d *driver) bool { return d.m.myDecision() })
		o := d.obs()
		moves := d.moves()
		nm, cmd := d.m.Update(key(k))
		m := nm.(Model)
		if cmd == nil {
			t.Fatal("no command on quit")
		}
		if _, ok := cmd().(tea.QuitMsg); !ok {
			t.Fatalf("%s does not quit", k)
		}
		if !m.Quitting() || m.Render() != "" {
			t.Fatal("the model does not know it quit")
		}
		d.stop() // what felt play does after the screen quits
		// everything played is in the log, which resumes to the same place
		rec, err := table.Recover(bytes.NewReader(d.log.Bytes()), gingame.Spec)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Moves != moves || rec.Engine.Over() || !rec.Abandoned {
			t.Fatalf("log holds %d moves, want %d (abandoned %v)", rec.Moves, moves, rec.Abandoned)
		}
		var o2 gin.Observation
		rec.Engine.Observe(0, &o2)
		if o2.Hand != o.Hand || o2.Phase != o.Phase || o2.StockLen != o.StockLen || o2.Scores != o.Scores {
			t.Fatalf("resumed at another position")
		}
		comp, _ := gingame.Level("normal", gin.NewRand(ComputerSeed(rec.Header.Seed, rec.Moves)))
		r := startDriver(t, Setup{Computer: comp, Fallback: normalFallback, Resume: rec, Log: &testenv.Buffer{}}, Options{})
		if a, b := ansi.Strip(r.m.Render()), d.screen(); handLine(a) != handLine(b) {
			t.Fatalf("resumed screen shows another hand:\n%s\n---\n%s", a, b)
		}
		r.run(r.m.Init())
		if !r.m.myDecision() || r.obs().Hand != o.Hand {
			t.Fatal("the resumed table does not ask the person for the same decision")
		}
	}
}

// handLine is the screen's line with the person's cards.
func handLine(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if strings.Contains(l, "Your hand") && i+1 < len(lines) {
			return strings.TrimSpace(strings.Split(lines[i+1], "│")[0])
		}
	}
	return ""
}

func TestResize(t *testing.T) {
	d := at(t, "normal", Options{}, myPhase(gin.DiscardPhase))
	for _, sz := range [][2]int{{80, 24}, {120, 40}, {100, 30}, {79, 23}, {60, 20}, {56, 18}, {55, 30}, {80, 10}, {1, 1}, {0, 0}, {300, 200}} {
		d.send(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
		if d.m.width != sz[0] || d.m.height != sz[1] {
			t.Fatalf("size %v not taken", sz)
		}
		r := d.m.Render()
		checkFits(t, "resize", r, max(sz[0], 1), max(sz[1], 1))
		s := ansi.Strip(r)
		if sz[0] >= MinWidth && sz[1] >= MinHeight {
			if !strings.Contains(s, "Your hand") || !strings.Contains(s, "save & quit") {
				t.Fatalf("%v: the table is not drawn:\n%s", sz, s)
			}
		} else if sz[0] >= 20 && sz[1] >= 3 && !strings.Contains(s, "at least") {
			t.Fatalf("%v: no note about the size:\n%s", sz, s)
		}
	}
	// clicks land on the same cards when the table is centred
	d.send(tea.WindowSizeMsg{Width: 120, Height: 40})
	f := d.m.frame()
	for _, z := range f.zones {
		if z.key == "card:0" {
			if z.x0 < 20 {
				t.Fatalf("zone not moved with the centred table: %+v", z)
			}
			d.send(tea.MouseClickMsg{X: z.x0, Y: z.y, Button: tea.MouseLeft})
			if d.m.sel != displayOrder(d.obs().Hand)[0] {
				t.Fatal("click on the centred card missed")
			}
			return
		}
	}
	t.Fatal("no zone for the first card")
}

func TestHelpScreen(t *testing.T) {
	d := at(t, "normal", Options{SavePath: "/x/y.jsonl"}, myPhase(gin.DrawPhase))
	d.press("?")
	s := d.screen()
	for _, want := range []string{"How to play Gin Rummy", "Knock", "deadwood", "/x/y.jsonl", "[esc] back to the game"} {
		if !strings.Contains(s, want) {
			t.Fatalf("help lacks %q:\n%s", want, s)
		}
	}
	checkFits(t, "help", d.m.Render(), 80, 24)
	seq := d.moves()
	d.press("s")
	if d.moves() != seq {
		t.Fatal("a key under the help played")
	}
	d.press("?")
	if d.m.help {
		t.Fatal("? did not close the help")
	}
}

// TestEveryScreenFits80x24 plays whole games and checks every screen
// drawn, in every look.
func TestEveryScreenFits80x24(t *testing.T) {
	for _, l := range []Look{{}, {NoColor: true}, {ASCII: true}} {
		r := gin.Standard()
		r.TargetScore = 60
		d := newDriverRules(t, 4, "normal", r, Options{Look: l, SavePath: "/home/someone/.local/state/felt/gin-20260101-120000-4.jsonl"})
		n := 0
		d.seen = func(d *driver) {
			n++
			checkFits(t, "screen", d.m.Render(), 80, 24)
		}
		d.playTo(func(d *driver) bool {
			if d.m.myDecision() && d.m.hint == nil && n%3 == 0 {
				d.press("h")
			}
			return d.m.screen == gameOverScreen
		})
		d.press("?")
		if n < 50 {
			t.Fatalf("only %d screens", n)
		}
	}
}

// TestNoColourWithoutColour checks that NO_COLOR and --ascii screens hold
// no colour escape codes, and that ASCII ones hold nothing but ASCII.
func TestNoColourWithoutColour(t *testing.T) {
	for _, l := range []Look{{NoColor: true}, {ASCII: true}, {ASCII: true, NoColor: true}} {
		r := gin.Standard()
		r.TargetScore = 50
		d := newDriverRules(t, 9, "simple", r, Options{Look: l})
		d.seen = func(d *driver) {
			s := d.m.Render()
			if cc := colourCodes(s); len(cc) > 0 {
				t.Fatalf("%+v: colour codes %q in\n%s", l, cc[0], s)
			}
			if l.ASCII {
				for i := 0; i < len(s); i++ {
					if s[i] >= 0x80 || s[i] == 0x1b {
						t.Fatalf("ASCII screen has byte %#x at %d:\n%s", s[i], i, s)
					}
				}
			}
		}
		d.playTo(func(d *driver) bool {
			if d.m.myDecision() && d.m.hint == nil {
				d.press("h")
			}
			return d.m.screen == gameOverScreen
		})
		d.press("?")
	}
	// and the colour look does use colour, red for hearts
	d := newDriver(t, 9, "simple", Options{})
	if len(colourCodes(d.m.Render())) == 0 {
		t.Fatal("the colour look has no colour")
	}
	red := newTheme(Look{}).card(card.MustParse("7H"), plainCard)
	black := newTheme(Look{}).card(card.MustParse("7S"), plainCard)
	if red == black || !strings.Contains(red, "31") {
		t.Fatalf("hearts not red: %q vs %q", red, black)
	}
}

// TestHiddenCardsNeverDrawn renders every screen of several games, hints
// and help included, and checks that no card of the computer's hand that
// it has not shown appears before the showdown.
func TestHiddenCardsNeverDrawn(t *testing.T) {
	for i, tc := range []struct {
		level string
		look  Look
		seed  uint64
	}{{"normal", Look{NoColor: true}, 21}, {"simple", Look{ASCII: true}, 22}, {"easy", Look{}, 23}} {
		r := gin.Standard()
		r.TargetScore = 80
		comp, _ := gingame.Level(tc.level, gin.NewRand(tc.seed))
		spy := &handSpy{inner: comp.Control}
		comp.Control = spy
		rules, _ := json.Marshal(r)
		d := newDriverSetup(t, Setup{Computer: comp, Fallback: normalFallback, Seed: tc.seed, Options: rules}, Options{Look: tc.look})
		th := newTheme(tc.look)
		screens := 0
		d.seen = func(d *driver) {
			if d.m.screen != tableScreen || d.obs().Phase == gin.OverPhase || d.m.help || d.obs().HandNumber == 0 {
				return // the help's example cards are not the game's
			}
			screens++
			s := ansi.Strip(d.m.Render())
			o := d.obs()
			hidden := spy.hidden(o.HandNumber) & o.Unseen()
			for c := range hidden.All {
				name := th.name(c)
				if containsCard(s, name) {
					t.Fatalf("game %d: hidden card %s drawn:\n%s", i, name, s)
				}
			}
		}
		turn := 0
		d.playTo(func(d *driver) bool {
			turn++
			if d.m.myDecision() {
				switch turn % 4 {
				case 0:
					d.press("h")
				case 1:
					d.press("?", "esc")
				}
			}
			return d.m.screen == gameOverScreen
		})
		if screens < 40 {
			t.Fatalf("game %d: only %d screens checked", i, screens)
		}
	}
}

// handSpy is the computer's controller noting the cards it holds at each
// decision, which it has not shown: the truth the screen must not draw.
type handSpy struct {
	inner table.Controller[gin.Action, gin.Observation]
	mu    sync.Mutex
	hand  int
	held  card.Set
}

func (h *handSpy) Decide(ctx context.Context, d table.Decision[gin.Observation]) (gin.Action, bool, error) {
	h.mu.Lock()
	if d.Obs.HandNumber != h.hand {
		h.hand, h.held = d.Obs.HandNumber, 0
	}
	h.held |= d.Obs.Hand
	h.mu.Unlock()
	return h.inner.Decide(ctx, d)
}

// hidden is the cards the computer held in hand at its decisions and has
// not shown (discarded, or taken from the pile in view).
func (h *handSpy) hidden(hand int) card.Set {
	h.mu.Lock()
	defer h.mu.Unlock()
	if hand != h.hand {
		return 0
	}
	return h.held
}

// containsCard reports whether a card's name appears in s as a card (not
// inside a longer word).
func containsCard(s, name string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], name)
		if j < 0 {
			return false
		}
		j += i
		before := byte(' ')
		if j > 0 {
			before = s[j-1]
		}
		after := byte(' ')
		if k := j + len(name); k < len(s) {
			after = s[k]
		}
		isWord := func(b byte) bool { return b >= 'A' && b <= 'Z' || b >= 'a' && b <= 'z' || b >= '0' && b <= '9' }
		if !isWord(before) && !isWord(after) {
			return true
		}
		i = j + 1
	}
}

// TestNoInputCrashes throws random keys, clicks and sizes at the game.
func TestNoInputCrashes(t *testing.T) {
	keys := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "s", "t", "x", "z",
		"1", "2", "9", "0", "?", "enter", "esc", "left", "right", "up", "down", "home", "end", "tab", "space", "backspace", "f1", "K", "Q", "é"}
	rng := rand.New(rand.NewPCG(1, 2))
	for game := 0; game < 3; game++ {
		d := newDriver(t, uint64(100+game), []string{"simple", "normal", "easy"}[game], Options{Look: Look{ASCII: game == 1}})
		for i := 0; i < 1500 && !d.quit; i++ {
			switch rng.IntN(10) {
			case 0:
				d.send(tea.MouseClickMsg{X: rng.IntN(90), Y: rng.IntN(30), Button: tea.MouseLeft})
			case 1:
				if rng.IntN(5) == 0 {
					d.send(tea.WindowSizeMsg{Width: rng.IntN(150), Height: rng.IntN(50)})
				} else {
					d.send(tea.WindowSizeMsg{Width: 80, Height: 24})
				}
			case 2:
				d.playTurn()
			default:
				d.press(keys[rng.IntN(len(keys))])
			}
			_ = d.m.View()
		}
		if _, err := table.Recover(bytes.NewReader(d.log.Bytes()), gingame.Spec); err != nil {
			t.Fatalf("the log of a random session does not replay: %v", err)
		}
	}
}

type failingWriter struct{ n int }

func (w *failingWriter) Write(p []byte) (int, error) {
	w.n++
	if w.n > 2 {
		return 0, errors.New("disk full")
	}
	return len(p), nil
}

func TestSaveErrorIsShownAndPlayGoesOn(t *testing.T) {
	comp, _ := gingame.Level("normal", gin.NewRand(1))
	d := newDriverSetup(t, Setup{Computer: comp, Fallback: normalFallback, Seed: 3, Log: &failingWriter{}}, Options{Look: Look{NoColor: true}})
	moves := 0
	d.seen = func(d *driver) { moves++ }
	d.playTo(func(d *driver) bool { return moves > 30 })
	if !strings.Contains(d.m.SaveError(), "disk full") {
		t.Fatalf("save error %q", d.m.SaveError())
	}
	if !strings.Contains(d.screen(), "could not be saved: disk full") {
		t.Fatalf("the save error is not on the screen:\n%s", d.screen())
	}
}

func TestExplain(t *testing.T) {
	comp, _ := gingame.Level("hard", gin.NewRand(1))
	d := startDriver(t, Setup{Computer: comp, Seed: 1}, Options{})
	m := d.m
	for _, tc := range []struct {
		err  error
		want string
	}{
		{&gin.KnockLimitError{Deadwood: 14, Limit: 10}, "deadwood 14 is over the knock limit 10"},
		{errors.New("gin: seat 0 cannot draw_stock: not your turn (seat 1 is to move)"), "you cannot draw from the stock: not your turn (it is Hard's move)"},
		{errors.New("gin: cannot take_discard now: wrong (take or pass the upcard 7H)"), "cannot take the discard now: wrong (take or pass the upcard 7♥)"},
	} {
		if got := m.explain(tc.err); got != tc.want {
			t.Errorf("explain(%v) = %q, want %q", tc.err, got, tc.want)
		}
	}
}

// TestNewOnFinishedHandAndGame: a table resumed from a log that ends with
// a hand's last move shows that hand's showdown first, and reads the
// table (the next deal) only when the person leaves it; a finished game's
// log shows the final score.
func TestNewOnFinishedHandAndGame(t *testing.T) {
	d := newDriver(t, 5, "normal", Options{})
	d.playTo(func(d *driver) bool { return d.m.screen == showdownScreen && !d.m.GameOver() })
	data := d.log.Bytes()
	// the table may have logged the next deal already: cut it
	if i := bytes.LastIndex(data, []byte(`{"type":"deal"`)); i > 0 && bytes.Count(data[i:], []byte("\n")) == 1 {
		data = data[:i]
	}
	rec, err := table.Recover(bytes.NewReader(data), gingame.Spec)
	if err != nil {
		t.Fatal(err)
	}
	hand := rec.Engine.Outcome().Hands // the table goes on with this engine
	comp, _ := gingame.Level("normal", gin.NewRand(1))
	r := startDriver(t, Setup{Computer: comp, Resume: rec, Log: &testenv.Buffer{}}, Options{})
	if r.m.screen != showdownScreen || r.m.Init() != nil {
		t.Fatal("a model on a finished hand does not show its showdown")
	}
	r.press("enter")
	if r.m.screen != tableScreen || r.obs().HandNumber != hand+1 {
		t.Fatalf("enter on the resumed showdown: screen %d, hand %d", r.m.screen, r.obs().HandNumber)
	}
	d.playTo(func(d *driver) bool { return d.m.screen == gameOverScreen })
	d.stop()
	rec, err = table.Recover(bytes.NewReader(d.log.Bytes()), gingame.Spec)
	if err != nil {
		t.Fatal(err)
	}
	r = startDriver(t, Setup{Computer: comp, Resume: rec}, Options{})
	if r.m.screen != gameOverScreen || !r.m.GameOver() {
		t.Fatal("a model on a finished game does not show the end")
	}
}

func TestOklahomaHeader(t *testing.T) {
	r := gin.Standard()
	r.Oklahoma = true
	r.TargetScore = 500
	doubled := false
	for seed := uint64(1); seed < 40 && !doubled; seed++ {
		for _, l := range []Look{{NoColor: true}, {ASCII: true}} {
			d := newDriverRules(t, seed, "normal", r, Options{Look: l})
			o := d.obs()
			head := strings.Split(d.screen(), "\n")[0]
			if !strings.Contains(head, "game to 500") || !strings.Contains(head, "Hand 1") {
				t.Fatalf("header cut: %q", head)
			}
			if o.KnockLimit == 0 && !strings.Contains(head, "gin only") {
				t.Fatalf("header %q lacks gin only", head)
			}
			if o.Doubled {
				doubled = true
				if !strings.Contains(head, "points ×2") && !strings.Contains(head, "points x2") {
					t.Fatalf("header %q does not say the hand is doubled", head)
				}
			}
		}
	}
	if !doubled {
		t.Fatal("no spade upcard in 40 deals")
	}
}
