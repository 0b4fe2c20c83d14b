package main

import (
	"bytes"
	"context"
	gingame "felt/games/gin"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"felt/internal/testenv"
	"felt/table"
)

// tmuxPlay drives the real felt binary in a tmux pane of 80×24.
type tmuxPlay struct {
	t    *testing.T
	tmux string
	sock string
	name string
}

// needTmux returns tmux's path. Without tmux the test fails under CI
// (whose .ci/run installs it) and is skipped elsewhere.
func needTmux(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("tmux")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("tmux is not installed: the end-to-end test of felt play drives the program in tmux (.ci/run installs it with apt-get)")
		}
		t.Skip("tmux is not installed: skipping the end-to-end test of felt play (CI=true makes this a failure)")
	}
	return p
}

// How long the end-to-end tests wait (before testenv's scaling) for a
// step's effect on the screen, for a program to start, and for go run to
// build and start felt. They are generous so that a slow, loaded machine
// passes; a screen that is ready ends the wait at once.
const (
	stepWait  = 30 * time.Second
	startWait = 60 * time.Second
	buildWait = 5 * time.Minute
)

// built is the felt command built once for the end-to-end tests.
var built struct {
	once sync.Once
	dir  string
	bin  string
	err  error
}

// TestMain removes the felt command the end-to-end tests built.
func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// buildFelt builds the felt command, once for the test binary, and
// returns its path. The build is an outside program: the caller holds a
// testenv slot.
func buildFelt(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "felt-e2e-"); built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "felt")
		ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(10*time.Minute))
		defer cancel()
		if out, err := exec.CommandContext(ctx, "go", "build", "-o", built.bin, ".").CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.bin
}

// e2eStart begins an end-to-end test: it needs tmux, is left out of -short
// runs, and holds a testenv slot for the programs it runs one after
// another (the build, felt in tmux).
func e2eStart(t *testing.T) string {
	t.Helper()
	tmux := needTmux(t)
	if testing.Short() {
		t.Skip("end-to-end test")
	}
	testenv.AcquireProc(t)
	return tmux
}

// start runs a shell command line in a new 80×24 session; when the command
// ends the pane says "[felt exited N]" and stays open.
func startTmux(t *testing.T, tmux, sock, name, line string) *tmuxPlay {
	t.Helper()
	tp := &tmuxPlay{t: t, tmux: tmux, sock: sock, name: name}
	tp.run("new-session", "-d", "-x", "80", "-y", "24", "-s", name, line+`; echo "[felt exited $?]"; sleep 600`)
	tp.run("set-option", "-t", name, "remain-on-exit", "on")
	return tp
}

func (tp *tmuxPlay) run(args ...string) string {
	tp.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(time.Minute))
	defer cancel()
	cmd := exec.CommandContext(ctx, tp.tmux, append([]string{"-u", "-S", tp.sock, "-f", "/dev/null"}, args...)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		tp.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// screen is the pane's text.
func (tp *tmuxPlay) screen() string { return tp.run("capture-pane", "-p", "-t", tp.name) }

// joined is the pane's text with lines the terminal wrapped joined again.
func (tp *tmuxPlay) joined() string { return tp.run("capture-pane", "-p", "-J", "-t", tp.name) }

// keys sends keys (tmux key names: "s", "Enter", "Left").
func (tp *tmuxPlay) keys(keys ...string) {
	tp.t.Helper()
	tp.run(append([]string{"send-keys", "-t", tp.name}, keys...)...)
}

// waitFor polls the screen until ok holds, and fails after timeout
// (scaled by testenv.Timeout).
func (tp *tmuxPlay) waitFor(what string, timeout time.Duration, ok func(s string) bool) string {
	tp.t.Helper()
	timeout = testenv.Timeout(timeout)
	deadline := time.Now().Add(timeout)
	var s string
	for time.Now().Before(deadline) {
		s = tp.screen()
		if ok(s) {
			return s
		}
		time.Sleep(40 * time.Millisecond)
	}
	tp.t.Fatalf("waited %v for %s; the screen is:\n%s", timeout, what, s)
	return ""
}

// yourDecision reports whether screen s waits for the person's move. The
// turn line alone is not enough: just after a move is sent, and before the
// table applies it, the screen still says "Your turn" but offers no moves
// (and no hint).
func yourDecision(s string) bool {
	return strings.Contains(s, "▸ Your turn") && strings.Contains(s, "[h] ")
}

// atShowdown reports whether screen s is a hand's showdown.
func atShowdown(s string) bool {
	return strings.Contains(s, "[enter] next hand") || strings.Contains(s, "[enter] final score")
}

func has(subs ...string) func(string) bool {
	return func(s string) bool {
		for _, x := range subs {
			if !strings.Contains(s, x) {
				return false
			}
		}
		return true
	}
}

// checkScreen checks that a captured screen fits 80×24.
func checkScreen(t *testing.T, s string) {
	t.Helper()
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > 24 {
		t.Fatalf("%d lines on a 24-line screen", len(lines))
	}
}

var (
	savedRE  = regexp.MustCompile(`Game saved in (\S+) \(hand (\d+)`)
	cardRE   = regexp.MustCompile(`\[[2-9TJQKA][♠♥♦♣]\]`)
	adviceRE = regexp.MustCompile(`Hard would (take|pass|draw from the stock|discard|knock, discarding|go gin, discarding|go big gin) ?([2-9TJQKA][♠♥♦♣])?`)
)

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

// letterUnder returns the letter shown under card c in the person's hand.
func letterUnder(t *testing.T, screen, c string) string {
	t.Helper()
	lines := strings.Split(screen, "\n")
	for i, l := range lines {
		if !strings.Contains(l, "Your hand") || i+2 >= len(lines) {
			continue
		}
		cards := []rune(strings.Split(lines[i+1], "│")[0])
		letters := []rune(lines[i+2])
		name := []rune(c)
		for k := 0; k+len(name) <= len(cards); k++ {
			if string(cards[k:k+len(name)]) == c && k < len(letters) && letters[k] != ' ' {
				return string(letters[k])
			}
		}
	}
	t.Fatalf("no letter under %s:\n%s", c, screen)
	return ""
}

// TestPlayEndToEnd plays the real program in a terminal: a new game,
// the upcard, draws and discards through a whole hand to a knock and its
// showdown, the next deal, quit with save; then resumes the saved game,
// plays on, quits again, and looks at it in the replay viewer.
func TestPlayEndToEnd(t *testing.T) {
	tmux := e2eStart(t)
	bin := buildFelt(t)
	dir := t.TempDir()
	saves := filepath.Join(dir, "saves")
	sock := filepath.Join(dir, "tmux.sock")
	defer exec.Command(tmux, "-S", sock, "kill-server").Run()

	env := "env NO_COLOR=1 TERM=xterm-256color LANG=C.UTF-8"
	tp := startTmux(t, tmux, sock, "play", fmt.Sprintf("%s %q play --seed %s --level simple --target 1000 --delay 0 --save-dir %q", env, bin, e2eSeed(), saves))
	s := tp.waitFor("the table", startWait, func(s string) bool {
		return strings.Contains(s, "Felt Gin Rummy") && strings.Contains(s, "save & quit") &&
			(strings.Contains(s, "Your hand") || strings.Contains(s, "next hand"))
	})
	checkScreen(t, s)
	if !strings.Contains(s, "Hand 1 ·") || !strings.Contains(s, "Score") {
		t.Fatalf("the table lacks the hand number or the score sheet:\n%s", s)
	}

	// Play hands to their showdown the way the hint says (which makes the
	// person knock now and then), until the person has knocked or a few
	// hands are done. Each hand: the upcard, draws, discards, a knock.
	var showdown, knocked string
	draws, discards, hints := 0, 0, 0
	for hand := 1; hand <= 4 && knocked == ""; hand++ {
		if hand > 1 {
			tp.keys("Enter")
			tp.waitFor(fmt.Sprintf("hand %d", hand), stepWait, has(fmt.Sprintf("Hand %d ·", hand)))
		}
		showdown = ""
		for turn := 0; turn < 200 && showdown == ""; turn++ {
			s = tp.waitFor("your turn or the showdown", startWait, func(s string) bool {
				return yourDecision(s) || atShowdown(s)
			})
			checkScreen(t, s)
			if atShowdown(s) {
				showdown = s
				break
			}
			tp.keys("h")
			// should the hand end first, the showdown answers for the hint
			s = tp.waitFor("the hint", stepWait, func(s string) bool {
				return strings.Contains(s, "Hard would") || atShowdown(s)
			})
			if atShowdown(s) {
				showdown = s
				break
			}
			hints++
			adv := adviceRE.FindStringSubmatch(strings.ReplaceAll(s, "\n", " "))
			if adv == nil {
				t.Fatalf("no advice in the hint:\n%s", s)
			}
			// each move waits for its own effect on the key bar, so that
			// no frame from before it is taken for the next decision
			gone := func(x ...string) func(string) bool {
				return func(s string) bool {
					for _, k := range x {
						if strings.Contains(s, k) {
							return false
						}
					}
					return true
				}
			}
			switch adv[1] {
			case "take", "draw from the stock":
				k := map[string]string{"take": "t", "draw from the stock": "s"}[adv[1]]
				tp.keys(k)
				tp.waitFor("the card in hand", stepWait, has("[enter] discard"))
				if k == "s" {
					draws++
				}
			case "pass":
				tp.keys("p")
				tp.waitFor("the pass", stepWait, gone("[p] pass"))
			case "discard", "knock, discarding", "go gin, discarding":
				tp.keys(letterUnder(t, s, adv[2])) // picks it; pressed again it stays picked
				tp.waitFor("the card picked", stepWait, has("[enter] discard "+adv[2]))
				if adv[1] != "discard" {
					tp.keys("k")
					tp.waitFor("the knock panel", stepWait, gone("[enter] discard"))
				}
				tp.keys("Enter")
				tp.waitFor("the discard", stepWait, gone("[enter] discard", "[enter] knock", "[enter] go gin"))
				discards++
			case "go big gin":
				tp.keys("g")
				tp.waitFor("big gin", stepWait, gone("[g] big gin"))
			}
		}
		if showdown == "" {
			t.Fatalf("hand %d: no showdown after 200 turns", hand)
		}
		m := regexp.MustCompile(`Hand \d+ · (You|Simple) (knocked with \d+|went gin|went big gin)|Hand \d+ is a draw`).FindString(showdown)
		if m == "" {
			t.Fatalf("the showdown does not say how the hand ended:\n%s", showdown)
		}
		t.Logf("%s", m)
		if strings.Contains(m, "draw") {
			continue
		}
		for _, want := range []string{"laid out · deadwood", "point", "[enter] "} {
			if !strings.Contains(showdown, want) {
				t.Fatalf("the showdown lacks %q:\n%s", want, showdown)
			}
		}
		if n := len(cardRE.FindAllString(showdown, -1)); n < 20 {
			t.Fatalf("the showdown shows %d cards, not both hands:\n%s", n, showdown)
		}
		if strings.Contains(m, "You") {
			knocked = m
		}
	}
	if draws == 0 || discards == 0 {
		t.Fatalf("%d draws and %d discards: not a whole hand", draws, discards)
	}
	t.Logf("%d draws, %d discards, %d hints; you knocked: %q", draws, discards, hints, knocked)
	hands := regexp.MustCompile(`Hand (\d+) ·`).FindStringSubmatch(showdown)

	// the next hand, then quit: the game is saved and the program says where
	next := fmt.Sprint(atoi(hands[1]) + 1)
	tp.keys("Enter")
	tp.waitFor("the next hand", stepWait, has("Hand "+next+" ·"))
	tp.keys("q")
	tp.waitFor("the exit", stepWait, has("[felt exited 0]"))
	s = tp.joined()
	sm := savedRE.FindStringSubmatch(s)
	if sm == nil || !strings.Contains(s, "Continue it with: felt play --resume") {
		t.Fatalf("quitting does not say where the game is saved:\n%s", s)
	}
	path := sm[1]
	if filepath.Dir(path) != saves {
		t.Fatalf("saved in %s, not in --save-dir %s", path, saves)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rp, err := table.Recover(bytes.NewReader(data), gingame.Spec)
	if err != nil {
		t.Fatalf("the saved game does not replay: %v", err)
	}
	if rp.Engine.Over() || fmt.Sprint(rp.Engine.Outcome().Hands) != next || !rp.Abandoned ||
		len(rp.Header.Seats) != 2 || rp.Header.Seats[0].Name != "human" || rp.Header.Seats[1].Name != "simple" {
		t.Fatalf("saved game: over %v, hand %d, abandoned %v, seats %v", rp.Engine.Over(), rp.Engine.Outcome().Hands, rp.Abandoned, rp.Header.Seats)
	}
	scores := rp.Engine.Outcome().Scores
	actions := rp.Moves

	// resume: the same game, hand 2, the same scores; play on, quit again
	tp2 := startTmux(t, tmux, sock, "resume", fmt.Sprintf("%s %q play --resume %q --delay 0", env, bin, path))
	s = tp2.waitFor("the resumed table", startWait, has("Hand "+next+" ·", "save & quit"))
	checkScreen(t, s)
	total := regexp.MustCompile(`Total\s+(\d+)\s+(\d+)`).FindStringSubmatch(s)
	if total == nil || total[1] != fmt.Sprint(scores[0]) || total[2] != fmt.Sprint(scores[1]) {
		t.Fatalf("resumed with totals %v, want %v:\n%s", total, scores, s)
	}
	s = tp2.waitFor("your turn", startWait, func(s string) bool {
		return yourDecision(s) || strings.Contains(s, "next hand")
	})
	switch {
	case strings.Contains(s, "[p] pass"):
		tp2.keys("p")
		tp2.waitFor("the pass", stepWait, func(s string) bool { return !strings.Contains(s, "[p] pass") })
	case strings.Contains(s, "[s] draw"):
		tp2.keys("s")
		tp2.waitFor("the draw", stepWait, has("[enter] discard"))
	case strings.Contains(s, "[enter] discard"):
		tp2.keys("Enter")
		tp2.waitFor("the discard", stepWait, func(s string) bool { return !strings.Contains(s, "[enter] discard") })
	}
	tp2.keys("q")
	tp2.waitFor("the exit", stepWait, has("[felt exited 0]"))
	if s = tp2.joined(); !strings.Contains(s, "Game saved in "+path) {
		t.Fatalf("the resumed game is not saved in the same file:\n%s", s)
	}
	data, _ = os.ReadFile(path)
	rp2, err := table.Recover(bytes.NewReader(data), gingame.Spec)
	if err != nil {
		t.Fatalf("the resumed game's log does not replay: %v", err)
	}
	if rp2.Moves <= actions {
		t.Fatalf("the resumed game logged no move: %d moves, %d before", rp2.Moves, actions)
	}

	// the replay viewer steps through it, back and forth
	tp3 := startTmux(t, tmux, sock, "view", fmt.Sprintf("%s %q replay view %q", env, bin, path))
	stepRE := regexp.MustCompile(`step (\d+) of (\d+)`)
	s = tp3.waitFor("the replay", startWait, has("Felt replay", "step "))
	checkScreen(t, s)
	st := stepRE.FindStringSubmatch(s)
	if st == nil || st[1] != "1" {
		t.Fatalf("the replay does not open at the start:\n%s", s)
	}
	tp3.keys("End")
	s = tp3.waitFor("the end", stepWait, func(s string) bool {
		x := stepRE.FindStringSubmatch(s)
		return x != nil && x[1] == x[2]
	})
	st = stepRE.FindStringSubmatch(s)
	tp3.keys("Left", "Left")
	s = tp3.waitFor("two steps back", stepWait, func(s string) bool {
		x := stepRE.FindStringSubmatch(s)
		return x != nil && x[1] != st[1]
	})
	checkScreen(t, s)
	tp3.keys("Home")
	tp3.waitFor("the start", stepWait, has("step 1 of", "Hand 1:"))
	tp3.keys("q")
	tp3.waitFor("the exit", stepWait, has("[felt exited 0]"))
}

// TestFeltAloneStartsAGame runs `felt` with no arguments, in colour, with
// the default save directory under XDG_STATE_HOME, and quits at once.
func TestFeltAloneStartsAGame(t *testing.T) {
	tmux := e2eStart(t)
	bin := buildFelt(t)
	dir := t.TempDir()
	sock := filepath.Join(dir, "tmux.sock")
	defer exec.Command(tmux, "-S", sock, "kill-server").Run()
	state := filepath.Join(dir, "state")
	tp := startTmux(t, tmux, sock, "bare", fmt.Sprintf("env -u NO_COLOR TERM=xterm-256color LANG=C.UTF-8 XDG_STATE_HOME=%q %q", state, bin))
	s := tp.waitFor("the table", startWait, has("Felt Gin Rummy", "Your hand"))
	checkScreen(t, s)
	tp.keys("?")
	tp.waitFor("the help", stepWait, has("How to play Gin Rummy"))
	tp.keys("Escape")
	tp.waitFor("the table again", stepWait, has("Your hand"))
	tp.keys("q")
	tp.waitFor("the exit", stepWait, has("[felt exited 0]", "Game saved in "+filepath.Join(state, "felt")+"/gin-"))
}

// e2eSeed is the seed of the end-to-end game: FELT_E2E_SEED, or 3.
func e2eSeed() string {
	if s := os.Getenv("FELT_E2E_SEED"); s != "" {
		return s
	}
	return "3" // the person knocks in the first hand
}

// TestGoRunResumeHint: someone who runs felt with go run is told, on
// quitting, a go run command to continue; run as printed, from the
// project's directory, it resumes the game.
func TestGoRunResumeHint(t *testing.T) {
	tmux := e2eStart(t)
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	saves := filepath.Join(dir, "saves")
	sock := filepath.Join(dir, "tmux.sock")
	defer exec.Command(tmux, "-S", sock, "kill-server").Run()
	env := "env NO_COLOR=1 TERM=xterm-256color LANG=C.UTF-8"
	tp := startTmux(t, tmux, sock, "gorun", fmt.Sprintf("cd %q && %s go run ./cmd/felt play --seed 3 --level simple --delay 0 --save-dir %q", root, env, saves))
	tp.waitFor("the table", buildWait, has("Felt Gin Rummy", "save & quit"))
	tp.keys("q")
	tp.waitFor("the exit", startWait, has("[felt exited 0]"))
	s := tp.joined()
	m := regexp.MustCompile(`Continue it with: (go run \./cmd/felt play --resume (\S+))`).FindStringSubmatch(s)
	if m == nil {
		t.Fatalf("quitting a game started with go run does not give a go run command:\n%s", s)
	}
	tp2 := startTmux(t, tmux, sock, "again", fmt.Sprintf("cd %q && %s %s", root, env, m[1]))
	tp2.waitFor("the resumed table", buildWait, has("Hand 1 ·", "save & quit"))
	tp2.keys("q")
	tp2.waitFor("the exit", startWait, has("[felt exited 0]"))
	if s := tp2.joined(); !strings.Contains(s, "Game saved in "+m[2]) {
		t.Fatalf("the printed command did not resume the game in %s:\n%s", m[2], s)
	}
}

// TestResumeNeverStartsTheSavedProgramEndToEnd: the real program, resuming
// a saved game whose header names a command (one that would create a
// marker file), says on the screen that the normal player plays instead,
// and on quitting how to name the program again; the command never runs.
func TestResumeNeverStartsTheSavedProgramEndToEnd(t *testing.T) {
	tmux := e2eStart(t)
	bin := buildFelt(t)
	dir := t.TempDir()
	sock := filepath.Join(dir, "tmux.sock")
	defer exec.Command(tmux, "-S", sock, "kill-server").Run()
	marker := filepath.Join(dir, "ran")
	path := outsideGame(t, 7, marker)
	env := "env NO_COLOR=1 TERM=xterm-256color LANG=C.UTF-8"
	tp := startTmux(t, tmux, sock, "resume", fmt.Sprintf("%s %q play --resume %q --delay 0", env, bin, path))
	s := tp.waitFor("the resumed table", startWait, has("Felt Gin Rummy", "save & quit"))
	checkScreen(t, s)
	if !strings.Contains(s, "Normal plays for touch ran (outside program)") || !strings.Contains(s, "Normal ·") {
		t.Fatalf("the screen does not say the normal player took the program's seat:\n%s", s)
	}
	tp.keys("q")
	tp.waitFor("the exit", stepWait, has("[felt exited 0]"))
	s = tp.joined()
	want := fmt.Sprintf("To play that program, name it again: felt play --resume %s --level 'exec:touch %s'", path, marker)
	if !strings.Contains(s, want) {
		t.Fatalf("quitting does not say how to play the program:\n%s", s)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("resuming ran the command the saved game names")
	}
}
