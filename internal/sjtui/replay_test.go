package sjtui

import (
	"bytes"
	"context"
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
