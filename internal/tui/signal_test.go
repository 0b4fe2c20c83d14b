package tui

import (
	"bytes"
	gingame "felt/games/gin"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"felt/gin"
	"felt/gin/ginbot"
	"felt/internal/testenv"
	"felt/table"
)

// next reads the bridge's next message, failing the test if none comes in
// a generous time (a decision never signalled).
func next(t *testing.T, b *Bridge) tea.Msg {
	t.Helper()
	ch := make(chan tea.Msg, 1)
	go func() { ch <- b.Next() }()
	select {
	case m := <-ch:
		return m
	case <-time.After(testenv.Timeout(30 * time.Second)):
		t.Fatal("no message from the table: a decision not signalled?")
		return nil
	}
}

// TestDecisionSignalled: the person's decisions reach the screen as the
// seat's controller signals them (table.PersonController.Decisions), with
// nothing polling: each is pending when it arrives, numbered as the line
// its move will be, and taken from the signal. A key that moves does not
// check or submit inside Update (which must not wait for the table): it
// returns a command that does, and the decision stays pending, unanswered,
// until the command runs. The same holds for the knock's dry run.
func TestDecisionSignalled(t *testing.T) {
	d := startDriver(t, Setup{Seat: 0, Computer: mustLevel(t, "simple"), Fallback: normalFallback, Seed: 4}, Options{Look: Look{NoColor: true}})
	knocked := false
	for decisions := 0; decisions < 12 || !knocked; {
		msg := next(t, d.b)
		dm, ok := msg.(DecisionMsg)
		if !ok {
			if dm, done := msg.(DoneMsg); done {
				t.Fatalf("the table stopped after %d decisions, knocked %v: %+v", decisions, knocked, dm)
			}
			nm, _ := d.m.Update(msg)
			d.m = nm.(Model)
			continue
		}
		decisions++
		dec := dm.Decision
		pd, pending := d.b.person.Pending()
		lines := bytes.Count(d.log.Bytes(), []byte("\n"))
		if !pending || pd.Seq != dec.Seq || dec.Seq != lines || len(d.b.person.Decisions()) != 0 {
			t.Fatalf("decision %d signalled: pending %v (%d), the log has %d lines, %d still signalled", dec.Seq, pending, pd.Seq, lines, len(d.b.person.Decisions()))
		}
		nm, cmd := d.m.Update(dm)
		d.m = nm.(Model)
		if cmd != nil || !d.m.myDecision() {
			t.Fatalf("decision %d: the screen does not wait for the person", dec.Seq)
		}
		o := dec.Obs
		// the moves playTurn makes, each key by itself
		top := o.Pile.Top()
		keys := []string{"s"}
		switch o.Phase {
		case gin.UpcardPhase, gin.DealerUpcardPhase:
			keys = []string{"p"}
			if ginbot.WouldMeld(o.Hand, top) {
				keys = []string{"t"}
			}
		case gin.DrawPhase:
			if !o.MustStock && o.Pile.Len() > 0 && ginbot.WouldMeld(o.Hand, top) {
				keys = []string{"t"}
			}
		case gin.DiscardPhase:
			c, _ := bestDiscardExcept(o.Hand, o.JustTaken)
			// The knock's dry run is a command too: the engine's answer
			// (the choice of melds, or why not) comes with its message.
			d.press(d.letterOf(c))
			nm, cmd := d.m.Update(key("k"))
			d.m = nm.(Model)
			if cmd == nil || d.m.knock != nil || d.m.statusBad {
				t.Fatalf("decision %d: k checked the knock inside Update", dec.Seq)
			}
			d.run(cmd)
			if d.m.knock == nil && !d.m.statusBad {
				t.Fatalf("decision %d: the knock's check brought nothing", dec.Seq)
			}
			d.press("esc")
			knocked = true
			keys = []string{d.letterOf(c), "enter"}
		}
		for _, k := range keys[:len(keys)-1] {
			nm, _ := d.m.Update(key(k))
			d.m = nm.(Model)
		}
		n := d.moves()
		nm, cmd = d.m.Update(key(keys[len(keys)-1]))
		d.m = nm.(Model)
		if cmd == nil {
			t.Fatalf("decision %d: %q moved without a command", dec.Seq, keys)
		}
		if pd, ok := d.b.person.Pending(); !ok || pd.Seq != dec.Seq || d.m.pending == nil || d.moves() != n {
			t.Fatalf("decision %d: %q submitted inside Update", dec.Seq, keys)
		}
		// The command checks and submits; what it brings moves the screen
		// on (to the next read of the table).
		msg = d.call(cmd)
		am, ok := msg.(actedMsg)
		if !ok || am.err != nil || am.seq != dec.Seq {
			t.Fatalf("decision %d: the command brought %T %+v", dec.Seq, msg, msg)
		}
		nm, cmd = d.m.Update(msg)
		d.m = nm.(Model)
		if d.m.pending != nil || cmd == nil {
			t.Fatalf("decision %d: the screen did not go on after the move", dec.Seq)
		}
	}
}

// mustLevel is a built-in Gin Rummy level for the computer's seat.
func mustLevel(t *testing.T, name string) table.Player[gin.Action, gin.Observation] {
	t.Helper()
	p, err := gingame.Level(name, gin.NewRand(ComputerSeed(4, 0)))
	if err != nil {
		t.Fatal(err)
	}
	return p
}
