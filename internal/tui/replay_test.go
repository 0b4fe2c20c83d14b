package tui

import (
	"bytes"
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	gingame "felt/games/gin"
	"felt/gin"
	"felt/gin/ginbot"
	"felt/table"
)

// replayOf reads a driver's table log into the viewer.
func replayOf(t *testing.T, d *driver, l Look) Replay {
	t.Helper()
	v, err := NewTableReplay(bytes.NewReader(d.log.Bytes()), "game.jsonl", l)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func rpress(t *testing.T, v Replay, keys ...string) Replay {
	t.Helper()
	for _, k := range keys {
		nm, _ := v.Update(key(k))
		v = nm.(Replay)
	}
	return v
}

func TestReplayStepsForwardAndBack(t *testing.T) {
	r := gin.Standard()
	r.TargetScore = 50
	d := newDriverRules(t, 12, "normal", r, Options{})
	d.playTo(func(d *driver) bool { return d.m.screen == gameOverScreen })
	v := replayOf(t, d, Look{NoColor: true})
	if want := d.m.seen.Obs.HandNumber + d.moves(); len(v.steps) != want {
		t.Fatalf("%d steps, want %d (deals and actions)", len(v.steps), want)
	}
	if v.at != 0 || !strings.Contains(ansi.Strip(v.Render()), "step 1 of") {
		t.Fatalf("the viewer does not open at the start (step %d)", v.at)
	}
	v = rpress(t, v, "end")
	if v.at != len(v.steps)-1 {
		t.Fatalf("end: step %d of %d", v.at, len(v.steps))
	}
	s := ansi.Strip(v.Render())
	if !strings.Contains(s, "game over") {
		t.Fatalf("the end does not say the game is over:\n%s", s)
	}
	v = rpress(t, v, "home")
	if v.at != 0 || !strings.Contains(ansi.Strip(v.Render()), "Hand 1:") {
		t.Fatalf("home: step %d\n%s", v.at, ansi.Strip(v.Render()))
	}
	v = rpress(t, v, "left")
	if v.at != 0 || !strings.Contains(v.message, "start") {
		t.Fatal("left at the start moved")
	}
	v = rpress(t, v, "right", "right", "right")
	if v.at != 3 {
		t.Fatalf("right ×3: step %d", v.at)
	}
	st := v.steps[v.at]
	s = ansi.Strip(v.Render())
	if !strings.Contains(s, st.text[:10]) {
		t.Fatalf("the step's move %q is not shown:\n%s", st.text, s)
	}
	// a finished game shows both hands
	for seat := gin.Seat(0); seat < 2; seat++ {
		for c := range st.hand.Cards(seat).All {
			if !strings.Contains(s, "["+c.Pretty()+"]") {
				t.Fatalf("card %s of seat %d not shown:\n%s", c.Pretty(), seat, s)
			}
		}
	}
	v = rpress(t, v, "left")
	if v.at != 2 {
		t.Fatalf("left: step %d", v.at)
	}
	v = rpress(t, v, "down")
	if v.steps[v.at].handNo != 2 || v.steps[v.at].move != 0 {
		t.Fatalf("down: step %d is not hand 2's deal", v.at)
	}
	v = rpress(t, v, "down", "up")
	if v.steps[v.at].handNo != 2 || v.steps[v.at].move != 0 {
		t.Fatalf("down up: step %d (hand %d) is not hand 2's deal", v.at, v.steps[v.at].handNo)
	}
	v = rpress(t, v, "up")
	if v.at != 0 {
		t.Fatalf("up to hand 1: step %d", v.at)
	}
	v = rpress(t, v, "end", "right")
	if v.at != len(v.steps)-1 || !strings.Contains(v.message, "end") {
		t.Fatal("right at the end moved")
	}
	v = rpress(t, v, "z")
	if !strings.Contains(v.message, "does nothing") {
		t.Fatal("a stray key is not answered")
	}
	for i := range v.steps {
		v.at = i
		checkFits(t, "replay", v.Render(), 80, 24)
	}
	nm, cmd := v.Update(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	if nm.(Replay).at != len(v.steps)-2 || cmd != nil {
		t.Fatal("wheel up did not step back")
	}
	nm, cmd = v.Update(key("q"))
	if cmd == nil || !nm.(Replay).quit || nm.(Replay).Render() != "" {
		t.Fatal("q does not quit")
	}
	if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Fatal("q does not quit")
	}
}

func TestReplayOfASavedGameHidesTheComputersCards(t *testing.T) {
	d := newDriver(t, 13, "normal", Options{})
	d.playTo(func(d *driver) bool { return d.moves() > 12 && d.m.myDecision() })
	v := replayOf(t, d, Look{ASCII: true})
	th := newTheme(Look{ASCII: true})
	for i := range v.steps {
		v.at = i
		s := v.Render()
		checkFits(t, "replay", s, 80, 24)
		if cc := colourCodes(s); len(cc) > 0 {
			t.Fatalf("colour in an ASCII replay: %q", cc)
		}
		h := &v.steps[i].hand
		if h.Over() {
			continue
		}
		for c := range (h.Cards(1) &^ h.Took(1)).All {
			if containsCard(s, th.name(c)) {
				t.Fatalf("step %d: the computer's hidden %s is shown:\n%s", i, th.name(c), s)
			}
		}
		for c := range h.Cards(0).All {
			if !containsCard(s, th.name(c)) {
				t.Fatalf("step %d: your %s is not shown:\n%s", i, th.name(c), s)
			}
		}
	}
	if !strings.Contains(v.Render(), "can be resumed") {
		t.Fatalf("the end of a saved game does not say it can be resumed:\n%s", v.Render())
	}
}

func TestReplayResize(t *testing.T) {
	d := newDriver(t, 14, "simple", Options{})
	d.playTo(func(d *driver) bool { return d.moves() > 30 })
	v := replayOf(t, d, Look{})
	for _, sz := range [][2]int{{120, 40}, {60, 20}, {30, 10}, {0, 0}} {
		nm, _ := v.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
		v = nm.(Replay)
		checkFits(t, "replay", v.Render(), max(sz[0], 1), max(sz[1], 1))
	}
	_ = v.View()
	if v.Init() != nil {
		t.Fatal("Init asks for something")
	}
}

// stopAtFirst is a controller that stops the table at its first
// decision.
type stopAtFirst struct{ stop context.CancelFunc }

func (c stopAtFirst) Decide(ctx context.Context, _ table.Decision[gin.Observation]) (gin.Action, bool, error) {
	c.stop()
	return gin.Action{}, false, ctx.Err()
}

// TestReplayTellsSeatsApart: two players of one level are told apart
// (Simple (A) and Simple (B), as felt demo calls the seats); an outside
// program is named by its program.
func TestReplayTellsSeatsApart(t *testing.T) {
	for _, tc := range []struct {
		players [2]string
		want    [2]string
	}{
		{[2]string{"simple", "simple"}, [2]string{"Simple (A)", "Simple (B)"}},
		{[2]string{"simple", "hard"}, [2]string{"Simple", "Hard"}},
		{[2]string{"human", "exec:python3 /x/bot.py"}, [2]string{"You", "python3 bot.py (outside program)"}},
	} {
		// a table log of these seats: its header, the first deal, and the
		// table stopped at the first decision
		var log bytes.Buffer
		ctx, cancel := context.WithCancel(context.Background())
		ps := []table.Player[gin.Action, gin.Observation]{
			{Name: tc.players[0], Kind: table.Level, Control: stopAtFirst{cancel}},
			{Name: tc.players[1], Kind: table.Level, Control: stopAtFirst{cancel}},
		}
		tb, err := table.New(gingame.Spec, ps, table.Options[gin.Action, gin.Observation, gin.Event]{Seed: 4, Log: &log})
		if err != nil {
			t.Fatal(err)
		}
		tb.Run(ctx)
		cancel()
		v, err := NewTableReplay(bytes.NewReader(log.Bytes()), "t.jsonl", Look{NoColor: true})
		if err != nil {
			t.Fatal(err)
		}
		s := ansi.Strip(v.Render())
		for _, n := range tc.want {
			if !strings.Contains(s, " "+n+" · ") {
				t.Errorf("%v: the replay does not name %q:\n%s", tc.players, n, s)
			}
		}
	}
}

// TestTableReplayShowsTakeover: in a table log, a control line is a step
// of its own saying who took over from whom and why, between the moves.
func TestTableReplayShowsTakeover(t *testing.T) {
	f := &failing{acts: 3, p: ginbot.NewSimple(gin.NewRand(1))}
	d := newDriverFailing(t, 2, f)
	d.playTo(func(d *driver) bool { return d.m.tookOver && d.m.myDecision() })
	v := replayOf(t, d, Look{NoColor: true})
	var at int
	for i, st := range v.steps {
		if strings.Contains(st.text, "took over") {
			at = i
		}
	}
	if at == 0 {
		t.Fatal("no step tells the takeover")
	}
	v.at = at
	s := strings.Join(strings.Fields(ansi.Strip(v.Render())), " ")
	if !strings.Contains(s, "Normal took over from python3 bot.py (outside program), which failed (exited with status 3).") {
		t.Fatalf("the replay does not show the takeover:\n%s", s)
	}
}

// TestTableReplayRefusesBadLogs: a table log that does not replay is
// refused with the line; a torn last line is left out.
func TestTableReplayRefusesBadLogs(t *testing.T) {
	d := newDriver(t, 14, "simple", Options{})
	d.playTo(func(d *driver) bool { return d.moves() > 10 })
	data := d.log.Bytes()
	v, err := NewTableReplay(bytes.NewReader(data[:len(data)-3]), "cut.jsonl", Look{})
	if err != nil {
		t.Fatalf("a torn last line: %v", err)
	}
	if full := replayOf(t, d, Look{}); len(v.steps) != len(full.steps)-1 {
		t.Fatalf("cut log: %d steps, the whole one %d", len(v.steps), len(full.steps))
	}
	bad := bytes.Replace(data, []byte(`"type":"move"`), []byte(`"type":"mover"`), 1)
	if _, err := NewTableReplay(bytes.NewReader(bad), "bad.jsonl", Look{}); err == nil || !strings.Contains(err.Error(), "line") {
		t.Fatalf("a bad line: %v", err)
	}
}
