package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestResumeRefusesEditedDealsEndToEnd: the real felt, at a terminal,
// refuses to resume the golden logs whose deal was edited (the saved logs
// they come from resume: the screen shows the table), for both games.
func TestResumeRefusesEditedDealsEndToEnd(t *testing.T) {
	tmux := e2eStart(t)
	bin := buildFelt(t)
	dir := t.TempDir()
	sock := filepath.Join(dir, "tmux.sock")
	defer tp0(t, tmux, sock).run("kill-server")
	for i, c := range editedDeals {
		cmd := map[string]string{"gin": "play", "shengji": "shengji"}[c.game]
		tp := startTmux(t, tmux, sock, fmt.Sprintf("edited%d", i), fmt.Sprintf("%s %s --resume %s", bin, cmd, copyTestdata(t, c.edited)))
		s := tp.waitFor("felt to refuse the log", stepWait, has("[felt exited 1]"))
		if !strings.Contains(strings.Join(strings.Fields(tp.joined()), " "), "log line 1: deal differs from the one dealt by the header's seed 18: "+c.differs) {
			t.Fatalf("%s --resume of an edited deal:\n%s", cmd, s)
		}
		extra := map[string]string{"gin": "", "shengji": " --deal-delay 5ms"}[c.game]
		tp = startTmux(t, tmux, sock, fmt.Sprintf("saved%d", i), fmt.Sprintf("%s %s --resume %s%s", bin, cmd, copyTestdata(t, c.saved), extra))
		tp.waitFor("the resumed table", stepWait, has("quit"))
		tp.keys("q")
		tp.waitFor("felt to exit", stepWait, has("[felt exited 0]"))
	}
}

// tp0 is a tmuxPlay for commands to the tmux server alone.
func tp0(t *testing.T, tmux, sock string) *tmuxPlay { return &tmuxPlay{t: t, tmux: tmux, sock: sock} }

// TestQuitIsLoggedInWords: quitting a game at the terminal logs an
// abandon line whose reason a person understands ("the player quit", not
// Go's "context canceled"), and a Shengji table log's header has its id
// (the file's name), as Gin Rummy's has.
func TestQuitIsLoggedInWords(t *testing.T) {
	tmux := e2eStart(t)
	bin := buildFelt(t)
	dir := t.TempDir()
	sock := filepath.Join(dir, "tmux.sock")
	defer tp0(t, tmux, sock).run("kill-server")
	for _, cmd := range []string{"play --level simple", "shengji --deal-delay 5ms"} {
		save := filepath.Join(dir, strings.Fields(cmd)[0])
		tp := startTmux(t, tmux, sock, strings.Fields(cmd)[0], fmt.Sprintf("%s %s --seed 18 --save-dir %s", bin, cmd, save))
		tp.waitFor("the table", stepWait, has("quit"))
		time.Sleep(settleWait)
		tp.keys("q")
		tp.waitFor("felt to exit", stepWait, has("[felt exited 0]"))
		files, _ := filepath.Glob(filepath.Join(save, "*.jsonl"))
		if len(files) != 1 {
			t.Fatalf("%s: logs %v", cmd, files)
		}
		data, err := os.ReadFile(files[0])
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(string(data)), "\n")
		var head, last struct{ Type, ID, Reason string }
		json.Unmarshal([]byte(lines[0]), &head)
		json.Unmarshal([]byte(lines[len(lines)-1]), &last)
		if want := strings.TrimSuffix(filepath.Base(files[0]), ".jsonl"); head.ID != want {
			t.Errorf("%s: the header's id is %q, want %q", cmd, head.ID, want)
		}
		if last.Type != "abandon" || last.Reason != "the player quit" {
			t.Errorf("%s: the last line is %s", cmd, lines[len(lines)-1])
		}
	}
}

// settleWait lets the table make its first moves before the quit.
const settleWait = 200 * time.Millisecond
