package main

import (
	"fmt"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"felt/internal/testenv"
)

// TestShengjiHelpAndPauseEndToEnd runs `felt shengji` in an 80×24 tmux
// pane at its own deal pace: w pauses the deal (the count stands still),
// ? shows the rules over the paused table and esc goes back, w goes on
// dealing; q quits.
func TestShengjiHelpAndPauseEndToEnd(t *testing.T) {
	tmux := e2eStart(t)
	bin := buildFelt(t)
	dir := t.TempDir()
	tp := startTmux(t, tmux, filepath.Join(dir, "tmux.sock"), "sjh", fmt.Sprintf("NO_COLOR=1 %s shengji --seed 1 --save-dir %s", bin, dir))
	defer tp.run("kill-server")
	dealt := regexp.MustCompile(`dealing (\d+)/100`)
	s := tp.waitFor("the deal", 60*time.Second, has("dealing", "w pause the deal", "? rules"))
	checkScreen(t, s)
	tp.keys("w")
	tp.waitFor("the pause", 30*time.Second, has("(paused)", "w go on dealing"))
	// the card the table had dealt as w was pressed is still shown
	time.Sleep(testenv.Timeout(500 * time.Millisecond))
	s = tp.screen()
	at := dealt.FindStringSubmatch(s)
	if at == nil {
		t.Fatalf("no deal count:\n%s", s)
	}
	time.Sleep(time.Second) // the deal pace is 150 ms a card: six cards, were it not paused
	if s = tp.screen(); dealt.FindStringSubmatch(s)[1] != at[1] {
		t.Fatalf("the deal went on while paused (%s then):\n%s", at[1], s)
	}
	tp.keys("?")
	s = tp.waitFor("the rules", 30*time.Second, has("How to play Shengji", "close the help"))
	checkScreen(t, s)
	tp.keys("Down", "Escape")
	tp.waitFor("the table again", 30*time.Second, has("(paused)", "Level "))
	tp.keys("w")
	tp.waitFor("the deal going on", 30*time.Second, func(s string) bool {
		m := dealt.FindStringSubmatch(s)
		return m != nil && m[1] != at[1] || !has("dealing")(s)
	})
	tp.keys("q")
	tp.waitFor("felt to exit", 30*time.Second, has("[felt exited 0]"))
}
