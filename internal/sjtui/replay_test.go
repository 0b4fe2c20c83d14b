package sjtui

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"felt/shengji"
)

// tableLog plays a game of four computers and returns its table log.
func tableLog(t *testing.T, seed uint64) []byte {
	t.Helper()
	var log bytes.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	b, err := Start(ctx, Setup{Seat: 0, Level: "greedy", Seed: seed, Rules: shengji.Standard(), Autoplay: true, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	for {
		if d, ok := b.Next().(DoneMsg); ok {
			if d.Err != nil {
				t.Fatal(d.Err)
			}
			break
		}
	}
	b.Wait()
	return log.Bytes()
}

func TestReplaySteps(t *testing.T) {
	log := tableLog(t, 21)
	frames, seat, err := Frames(bytes.NewReader(log), 1)
	if err != nil {
		t.Fatal(err)
	}
	if seat != 1 || len(frames) < 200 {
		t.Fatalf("seat %d, %d frames", seat, len(frames))
	}
	r := NewReplay(frames, seat, "game.jsonl", Look{})
	seen := map[int]string{}
	for range 100000 {
		n, total := r.Pos()
		s := r.Render()
		checkFits(t, "replay", s, 80, 24)
		checkNoHidden(t, r.m)
		seen[n] = s
		if n == total {
			break
		}
		k := "right"
		if r.m.obs.HandNumber > 1 {
			k = "t" // later hands a trick at a time
		}
		nr, _ := r.Update(key(k))
		r = nr.(Replay)
	}
	if n, total := r.Pos(); n != total || !strings.Contains(r.Render(), "is over") {
		t.Fatalf("not at the end (%d of %d):\n%s", n, total, r.Render())
	}
	// back again: each step shows what it showed going forward
	for range 50 {
		nr, _ := r.Update(key("left"))
		r = nr.(Replay)
		n, _ := r.Pos()
		if want, ok := seen[n]; ok && want != r.Render() {
			t.Fatalf("step %d differs going back:\n%s\nforward:\n%s", n, r.Render(), want)
		}
	}
	nr, _ := r.Update(key("home"))
	r = nr.(Replay)
	if n, _ := r.Pos(); n != 1 {
		t.Fatalf("home went to %d", n)
	}
	nr, _ = r.Update(key("h"))
	r = nr.(Replay)
	if !strings.Contains(r.Render(), "Hand 1 is over.") {
		t.Fatalf("h did not go to the end of the hand:\n%s", r.Render())
	}
	// the person's seat is found in the header: none here, so seat 0
	if _, s, err := Frames(bytes.NewReader(log), -1); err != nil || s != 0 {
		t.Fatalf("seat %d, %v", s, err)
	}
	if _, _, err := Frames(strings.NewReader("{}\n"), 0); err == nil {
		t.Fatal("a log without a header replayed")
	}
}

// TestReplaySwitchesSeats: s and 0 to 3 switch the replay between the four
// seats and a spectator at the same step; each view is the table
// engine's for that viewer (the seat's hand, the spectator's events with
// no hand), and no view shows a card its viewer may not see yet: through
// hand 1, each seat sees only its own cards and what the table showed,
// and the spectator no hand and no kitty before the hand's end.
func TestReplaySwitchesSeats(t *testing.T) {
	log := tableLog(t, 22)
	r, err := LoadReplay(bytes.NewReader(log), "g.jsonl", Look{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Viewer() != 0 {
		t.Fatalf("viewer %d, want seat 0 (nobody played in person)", r.Viewer())
	}
	views := map[int][]Frame{}
	for _, v := range []int{0, 1, 2, 3, Spectator} {
		if views[v], _, err = Frames(bytes.NewReader(log), v); err != nil {
			t.Fatal(err)
		}
		if len(views[v]) != len(views[0]) {
			t.Fatalf("viewer %d has %d frames, seat 0 %d", v, len(views[v]), len(views[0]))
		}
	}
	press := func(k string) {
		t.Helper()
		nr, _ := r.Update(key(k))
		r = nr.(Replay)
	}
	// a seat the table does not have is refused, naming the seats
	if _, _, err := Frames(bytes.NewReader(log), 4); err == nil || !strings.Contains(err.Error(), "seats 0 to 3") {
		t.Fatalf("seat 4 of four: %v", err)
	}
	// every step of hand 1 as each viewer saw it
	for v := range views {
		vr := NewReplay(views[v], shengji.Seat(v), "g.jsonl", Look{})
		for vr.m.over == nil {
			checkNoHidden(t, vr.m)
			if v == Spectator && (!vr.m.obs.Hand.IsEmpty() || !vr.m.obs.Kitty.IsEmpty() || !vr.m.obs.PickedUp.IsEmpty()) {
				t.Fatalf("the spectator sees hand %v, kitty %v", vr.m.obs.Hand, vr.m.obs.Kitty)
			}
			nr, _ := vr.Update(key("right"))
			vr = nr.(Replay)
		}
	}
	sawBury, sawSpectatorBury := false, false
	for n := 0; ; n++ {
		pos, _ := r.Pos()
		burial := views[0][pos-1].Event.Kind == shengji.BuryEvent
		if n%10 != 0 && !burial && r.m.over == nil {
			press("right")
			continue
		}
		for _, k := range []string{"s", "s", "s", "s", "s"} {
			press(k)
			v := r.Viewer()
			if p, _ := r.Pos(); p != pos {
				t.Fatalf("switching to viewer %d moved from step %d to %d", v, pos, p)
			}
			want := views[v][pos-1]
			if r.m.obs.Hand != want.Obs.Hand || r.m.lastKind != want.Event.Kind {
				t.Fatalf("viewer %d at step %d shows hand %v (event %v), want the engine's %v (%v)", v, pos, r.m.obs.Hand, r.m.lastKind, want.Obs.Hand, want.Event.Kind)
			}
			s := r.Render()
			checkNoHidden(t, r.m)
			checkFits(t, "replay", s, 80, 24)
			if v == Spectator {
				if !r.m.obs.Hand.IsEmpty() || !r.m.obs.Kitty.IsEmpty() && r.m.obs.Phase != shengji.OverPhase || !strings.Contains(s, "spectator's view") {
					t.Fatalf("the spectator sees hand %v, kitty %v:\n%s", r.m.obs.Hand, r.m.obs.Kitty, s)
				}
				if want.Event.Kind == shengji.BuryEvent {
					sawSpectatorBury = true
					if !want.Event.Cards.IsEmpty() {
						t.Fatalf("the spectator's bury event shows %v", want.Event.Cards)
					}
				}
			} else if !strings.Contains(s, fmt.Sprintf("seat %d's view", v)) {
				t.Fatalf("the title does not say seat %d:\n%s", v, s)
			}
			if v != Spectator && want.Event.Kind == shengji.BuryEvent && shengji.Seat(v) == want.Event.Seat {
				sawBury = true
				if want.Event.Cards.IsEmpty() {
					t.Fatal("the banker's own bury event does not show its cards")
				}
			}
		}
		if r.Viewer() != 0 {
			t.Fatalf("five presses of s came back to viewer %d, want 0", r.Viewer())
		}
		if r.m.over != nil {
			break
		}
		press("right")
	}
	if !sawBury || !sawSpectatorBury {
		t.Fatalf("never at the burial (banker %v, spectator %v)", sawBury, sawSpectatorBury)
	}
	// a digit goes straight to that seat
	press("3")
	if r.Viewer() != 3 || !strings.Contains(r.Render(), "seat 3's view") {
		t.Fatalf("3 went to viewer %d", r.Viewer())
	}
	// without its log a replay says it cannot switch
	nr, _ := NewReplay(views[1], 1, "g.jsonl", Look{}).Update(key("s"))
	if nr.(Replay).Viewer() != 1 || !strings.Contains(nr.(Replay).Render(), "cannot switch seats") {
		t.Fatalf("a replay without its log switched or said nothing:\n%s", nr.(Replay).Render())
	}
}

// TestReplayEndsOnTheScoreSheet: past the last hand of a finished game the
// replay shows the score sheet, as the game did; back returns to the
// hand's end.
func TestReplayEndsOnTheScoreSheet(t *testing.T) {
	r, err := LoadReplay(bytes.NewReader(tableLog(t, 23)), "g.jsonl", Look{})
	if err != nil {
		t.Fatal(err)
	}
	nr, _ := r.Update(key("end"))
	s := nr.(Replay).Render()
	if !strings.Contains(s, "The game is over:") || !strings.Contains(s, "Score sheet:") || !strings.Contains(s, "Levels at the end:") {
		t.Fatalf("no score sheet at the end:\n%s", s)
	}
	checkFits(t, "sheet", s, 80, 24)
	nr, _ = nr.Update(key("left"))
	if s := nr.(Replay).Render(); !strings.Contains(s, "is over.") || strings.Contains(s, "Score sheet:") {
		t.Fatalf("back from the sheet:\n%s", s)
	}
	nr, _ = nr.Update(key("right"))
	if s := nr.(Replay).Render(); !strings.Contains(s, "Score sheet:") {
		t.Fatalf("forward to the sheet:\n%s", s)
	}
}
