package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	gingame "felt/games/gin"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"felt/gin"
	"felt/gin/ginbot"
	"felt/internal/ginv1/ginv1test"
	"felt/internal/testenv"
	"felt/internal/tui"
	"felt/program"
	"felt/table"
)

// resumeGame is env.resumeGame for a person who runs felt as felt.
func resumeGame(path, level string) (*game, error) {
	return (&env{self: "felt"}).resumeGame(path, level)
}

func TestPlayNeedsATerminal(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_STATE_HOME", dir)
	_, _, err := felt(t, "", "play", "--seed", "1", "--save-dir", dir)
	if err == nil || !strings.Contains(err.Error(), "needs a terminal") {
		t.Fatalf("felt play without a terminal: %v", err)
	}
	// felt alone plays at a terminal; elsewhere it says what it does
	out := mustFelt(t, "")
	if !strings.Contains(out, "Usage") || !strings.Contains(out, "play") {
		t.Fatalf("felt without a terminal: %q", out)
	}
	if files, _ := os.ReadDir(dir); len(files) != 0 {
		t.Fatalf("a save file was made without a game: %v", files)
	}
}

func TestPlayFlagErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"play", "--level", "grandmaster"}, `--level "grandmaster": want one of easy, normal, hard, simple`},
		{[]string{"play", "--knock-limit", "11"}, "knock_limit is 11"},
		{[]string{"play", "--target", "0"}, "target_score is 0"},
		{[]string{"play", "--rules", filepath.Join(dir, "nope.json")}, "not a preset"},
		{[]string{"play", "--resume", "x.jsonl", "--seed", "3"}, "--seed cannot be given with --resume"},
		{[]string{"play", "--resume", "x.jsonl", "--level", "grandmaster"}, `--level "grandmaster": want one of`},
		{[]string{"play", "--resume", "x.jsonl", "--level", "exec: "}, `--level "exec: ": want one of`},
		{[]string{"play", "extra"}, "unknown command"},
		{[]string{"frobnicate"}, "unknown command"},
	} {
		_, _, err := felt(t, "", tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("felt %v: %v, want an error with %q", tc.args, err, tc.want)
		}
	}
}

func TestHelpListsPlay(t *testing.T) {
	out := mustFelt(t, "", "--help")
	for _, want := range []string{"play", "Play Gin Rummy against the computer", "replay"} {
		if !strings.Contains(out, want) {
			t.Fatalf("felt --help lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(out, "docs/rules/gin-rummy.md") {
		t.Fatalf("felt --help does not say where the rules are:\n%s", out)
	}
	out = mustFelt(t, "", "play", "--help")
	for _, want := range []string{"--level", "--seed", "--rules", "--knock-limit", "--oklahoma", "--target", "--ascii", "--save-dir", "--resume", "NO_COLOR",
		"or exec:COMMAND for an outside program", "docs/rules/gin-rummy.md"} {
		if !strings.Contains(out, want) {
			t.Fatalf("felt play --help lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "--delay") {
		t.Fatal("the test-only --delay flag is not hidden")
	}
	out = mustFelt(t, "", "replay", "--help")
	if !strings.Contains(out, "view") {
		t.Fatalf("felt replay --help lacks view:\n%s", out)
	}
}

// savedGame writes the table log of a game between the players named,
// played n moves in by simple players (then abandoned, as quitting
// leaves it; the whole game when n is larger), to a file and returns its
// path.
func savedGame(t *testing.T, n int, players [2]string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "game.jsonl")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	moves := 0
	var ps []table.Player[gin.Action, gin.Observation]
	for s, name := range players {
		p, err := gingame.Level("simple", gin.NewRand(uint64(s+1)))
		if err != nil {
			t.Fatal(err)
		}
		inner := p.Control
		p.Name, p.Kind = name, table.Level
		switch {
		case name == humanName:
			p.Kind = table.Person
		case strings.HasPrefix(name, "exec:"):
			p.Kind = table.Program
		}
		p.Control = ctrlFunc(func(ctx context.Context, d table.Decision[gin.Observation]) (gin.Action, bool, error) {
			if moves >= n {
				cancel()
				return gin.Action{}, false, ctx.Err()
			}
			moves++
			return inner.Decide(ctx, d)
		})
		ps = append(ps, p)
	}
	rules, _ := json.Marshal(gin.Standard())
	tb, err := table.New(gingame.Spec, ps, table.Options[gin.Action, gin.Observation, gin.Event]{Seed: 5, GameOptions: rules, Log: f})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Run(ctx); err != nil && !errors.Is(err, context.Canceled) {
		t.Fatal(err)
	}
	return path
}

// ctrlFunc is a function as a table controller.
type ctrlFunc func(ctx context.Context, d table.Decision[gin.Observation]) (gin.Action, bool, error)

func (f ctrlFunc) Decide(ctx context.Context, d table.Decision[gin.Observation]) (gin.Action, bool, error) {
	return f(ctx, d)
}

// oldGame writes a log in the format before table logs (format 1, as
// ginv1test writes it), n actions in (n < 0: to the first hand's end), and
// returns its path.
func oldGame(t *testing.T, n int, players [2]string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "old.jsonl")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec, err := ginv1test.NewRecordedGame(f, gin.Standard(), 5, players)
	if err != nil {
		t.Fatal(err)
	}
	bots := [2]ginbot.Player{ginbot.NewSimple(gin.NewRand(1)), ginbot.NewSimple(gin.NewRand(2))}
	g := rec.Game()
	for i := 0; (i < n || n < 0 && !g.Hand().Over()) && !g.Over(); i++ {
		if g.Hand().Over() {
			if err := rec.NextHand(); err != nil {
				t.Fatal(err)
			}
		}
		s := g.Hand().Turn()
		o := g.Observe(s)
		if err := rec.Apply(s, bots[s].Act(&o)); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

// playOn runs the resumed game g's table, the person's decisions answered
// by a simple player, until more moves are logged or until the game is
// over; then it stops the table (an abandonment) and closes the log.
func playOn(t *testing.T, g *game, more int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	b, err := tui.Start(ctx, g.setup)
	if err != nil {
		t.Fatal(err)
	}
	me := ginbot.NewSimple(gin.NewRand(9))
	deadline := time.After(testenv.Timeout(60 * time.Second))
	for n := 0; n < more; {
		ch := make(chan any, 1)
		go func() { ch <- b.Next() }()
		var msg any
		select {
		case msg = <-ch:
		case <-deadline:
			t.Fatal("the resumed table did not go on")
		}
		switch msg := msg.(type) {
		case tui.DecisionMsg:
			o := msg.Decision.Obs
			if err := b.Submit(msg.Decision.Seq, me.Act(&o)); err != nil {
				t.Fatal(err)
			}
		case tui.EventMsg:
			if msg.Event.Kind != gin.NoAction {
				n++
			}
		case tui.DoneMsg:
			n = more
		}
	}
	cancel()
	b.Wait()
	g.close()
}

// controls returns the control lines of the log in path.
func controls(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if strings.Contains(l, `"type":"control"`) {
			out = append(out, l)
		}
	}
	return out
}

// recovered reads the table log in path.
func recovered(t *testing.T, path string) *table.Recovered[gin.Action, gin.Observation, gin.Event] {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec, err := table.Recover(f, gingame.Spec)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return rec
}

func TestResumeGame(t *testing.T) {
	path := savedGame(t, 9, [2]string{"normal", humanName})
	g, err := resumeGame(path, "")
	if err != nil {
		t.Fatal(err)
	}
	if g.seat != 1 || g.level != "normal" || g.setup.Resume.Moves != 9 || g.seed != 5 || g.setup.Computer.Name != "normal" {
		t.Fatalf("resumed seat %d level %s moves %d seed %d", g.seat, g.level, g.setup.Resume.Moves, g.seed)
	}
	// moves go on being appended to the same file
	playOn(t, g, 2)
	rec := recovered(t, path)
	if rec.Moves < 11 {
		t.Fatalf("after resumed moves the log has %d moves", rec.Moves)
	}
	g2, err := resumeGame(path, "")
	if err != nil {
		t.Fatal(err)
	}
	g2.close()
}

func TestResumeRefusals(t *testing.T) {
	done := savedGame(t, 100000, [2]string{humanName, "simple"})
	if _, err := resumeGame(done, ""); err == nil || !strings.Contains(err.Error(), "that game is over") || !strings.Contains(err.Error(), "felt replay view") {
		t.Errorf("resuming a finished game: %v", err)
	}
	bots := savedGame(t, 5, [2]string{"simple", "random"})
	if _, err := resumeGame(bots, ""); err == nil || !strings.Contains(err.Error(), "not a game against the computer") {
		t.Errorf("resuming a game between computers: %v", err)
	}
	if _, err := resumeGame(filepath.Join(t.TempDir(), "none.jsonl"), ""); err == nil {
		t.Error("resuming a missing file")
	}
	// a log cut inside its last line resumes at the line before
	cut := savedGame(t, 5, [2]string{humanName, "simple"})
	data, _ := os.ReadFile(cut)
	os.WriteFile(cut, data[:len(data)-7], 0o644)
	g, err := resumeGame(cut, "")
	if err != nil {
		t.Fatalf("resuming a log with a torn last line: %v", err)
	}
	g.close()
	if got, _ := os.ReadFile(cut); !bytes.Equal(got, data[:bytes.LastIndexByte(data[:len(data)-1], '\n')+1]) {
		t.Errorf("the torn line is not cut back:\n%s", got)
	}
	// a complete line the rules refuse is refused, naming the line
	bad := savedGame(t, 5, [2]string{humanName, "simple"})
	data, _ = os.ReadFile(bad)
	os.WriteFile(bad, bytes.Replace(data, []byte(`"kind":"discard","card":"`), []byte(`"kind":"discard","card":"X`), 1), 0o644)
	if _, err := resumeGame(bad, ""); err == nil || !strings.Contains(err.Error(), "line") {
		t.Errorf("resuming a log with a bad line: %v", err)
	}
	// a log of the format before table logs is pointed to felt replay
	// convert, and left as it was
	old := oldGame(t, 5, [2]string{humanName, "simple"})
	data, _ = os.ReadFile(old)
	if _, err := resumeGame(old, ""); !errors.Is(err, errNotTableLog) || !strings.Contains(err.Error(), "felt replay convert "+old) {
		t.Errorf("resuming an old game: %v", err)
	}
	if after, _ := os.ReadFile(old); !bytes.Equal(data, after) {
		t.Error("resuming an old game changed its file")
	}
	_, _, err = felt(t, "", "play", "--resume", filepath.Join(t.TempDir(), "none.jsonl"))
	if err == nil {
		t.Error("felt play --resume of a missing file succeeded")
	}
}

// TestResumeOldLog: a game saved before table logs resumes once felt
// replay convert has written it again as a table log beside it (the old
// file unchanged), at the same position (hand, cards, scores, whose turn),
// with its takeovers as control lines; the table goes on in the new file,
// and the old one is not converted twice over it.
func TestResumeOldLog(t *testing.T) {
	tried := 0
	for _, n := range []int{0, 1, 9, 20, 40, -1} {
		path := oldGame(t, n, [2]string{humanName, "exec:touch /nonexistent/marker"})
		rp0 := readOld(t, path)
		if rp0.Complete() {
			continue // a game over already: nothing to resume
		}
		tried++
		f, _ := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
		fmt.Fprintf(f, `{"type":"takeover","hand":%d,"player":1,"name":"hard","reason":"exited with status 1\nTraceback"}`+"\n", rp0.Game.HandNumber())
		f.Close()
		before, _ := os.ReadFile(path)
		rp := readOld(t, path)
		out := mustFelt(t, "", "replay", "convert", path)
		converted := strings.TrimSuffix(path, ".jsonl") + "-table.jsonl"
		if want := "go on with it with: felt play --resume " + converted; !strings.Contains(out, want) || !strings.Contains(out, "written as a table log in "+converted) {
			t.Fatalf("%d actions: felt replay convert says %q, want where it wrote and %q", n, out, want)
		}
		if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
			t.Fatal("the old log was changed")
		}
		g, err := resumeGame(converted, "")
		if err != nil {
			t.Fatalf("%d actions: %v", n, err)
		}
		if g.level != "hard" || g.setup.Computer.Name != "hard" || g.skipped != "" {
			t.Fatalf("%d actions: the computer is %s, want hard, which took over", n, g.level)
		}
		rec := recovered(t, g.path)
		if rec.Moves != rp.Actions || rec.Header.Seed != rp.Seed || rec.Names[1] != "hard" || rec.Header.Seats[1].Name != "exec:touch /nonexistent/marker" {
			t.Fatalf("%d actions: converted %d moves, seed %d, names %v, seats %v", n, rec.Moves, rec.Header.Seed, rec.Names, rec.Header.Seats)
		}
		for s := gin.Seat(0); s < 2; s++ {
			var o gin.Observation
			rec.Engine.Observe(table.Seat(s), &o)
			want := rp.Game.Observe(s)
			if rp.Game.Hand().Over() {
				// the table deals the next hand itself
				if o.Scores != want.Scores || o.Boxes != want.Boxes {
					t.Fatalf("%d actions: scores %v, want %v", n, o.Scores, want.Scores)
				}
				continue
			}
			if o.Hand != want.Hand || o.Phase != want.Phase || o.Turn != want.Turn || o.StockLen != want.StockLen || o.Scores != want.Scores || o.HandNumber != want.HandNumber {
				t.Fatalf("%d actions: seat %d resumes elsewhere:\n%+v\nwant\n%+v", n, s, o, want)
			}
		}
		if _, _, err := felt(t, "", "replay", "convert", path); !errors.Is(err, os.ErrExist) || !strings.Contains(err.Error(), "--out") {
			t.Fatalf("converting twice: %v", err)
		}
		playOn(t, g, 2)
		if rec := recovered(t, g.path); rec.Moves < rp.Actions+2 && !rec.Engine.Over() {
			t.Fatalf("the converted game did not go on: %d moves", rec.Moves)
		}
	}
	if tried < 4 {
		t.Fatalf("only %d old games to resume", tried)
	}
}

// TestResumeOldLogTakeoverMidGame: an old log's takeover between actions
// is a control line of the converted log before the next action of that
// seat, and the converted log replays to the old game's position.
func TestResumeOldLogTakeoverMidGame(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.jsonl")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := ginv1test.NewRecordedGame(f, gin.Standard(), 8, [2]string{"exec:bot", humanName})
	if err != nil {
		t.Fatal(err)
	}
	bot := ginbot.NewSimple(gin.NewRand(1))
	g := rec.Game()
	for i := 0; i < 30 && !g.Over(); i++ {
		if i == 7 {
			if err := rec.Takeover(0, "easy", "exited with status 2"); err != nil {
				t.Fatal(err)
			}
		}
		if g.Hand().Over() {
			if err := rec.NextHand(); err != nil {
				t.Fatal(err)
			}
		}
		s := g.Hand().Turn()
		o := g.Observe(s)
		if err := rec.Apply(s, bot.Act(&o)); err != nil {
			t.Fatal(err)
		}
	}
	f.Close()
	if g.Over() {
		t.Fatal("the game ended in 30 actions")
	}
	converted := filepath.Join(t.TempDir(), "new.jsonl")
	mustFelt(t, "", "replay", "convert", "--out", converted, path)
	gm, err := resumeGame(converted, "")
	if err != nil {
		t.Fatal(err)
	}
	gm.close()
	if gm.level != "easy" || gm.seat != 1 {
		t.Fatalf("resumed against %s in seat %d", gm.level, gm.seat)
	}
	l := controls(t, gm.path)
	if len(l) != 1 || !strings.Contains(l[0], `"from":"exec:bot","to":"easy","reason":"exited with status 2"`) {
		t.Fatalf("control lines %q", l)
	}
	tr := recovered(t, gm.path)
	var o gin.Observation
	tr.Engine.Observe(1, &o)
	if want := g.Observe(1); o.Hand != want.Hand || o.Phase != want.Phase || o.StockLen != want.StockLen || o.Scores != want.Scores {
		t.Fatal("the converted log resumes elsewhere")
	}
}

func TestReplayViewErrors(t *testing.T) {
	if _, _, err := felt(t, "", "replay", "view"); err == nil {
		t.Error("replay view without a file")
	}
	if _, _, err := felt(t, "", "replay", "view", filepath.Join(t.TempDir(), "none.jsonl")); err == nil {
		t.Error("replay view of a missing file")
	}
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	os.WriteFile(bad, []byte("{\"type\":\"header\"}\n"), 0o644)
	if _, _, err := felt(t, "", "replay", "view", bad); err == nil || !strings.Contains(err.Error(), "log line 0") || !strings.Contains(err.Error(), bad) {
		t.Errorf("replay view of a bad log: %v", err)
	}
	good := savedGame(t, 20, [2]string{humanName, "simple"})
	if _, _, err := felt(t, "", "replay", "view", good); err == nil || !strings.Contains(err.Error(), "needs a terminal") {
		t.Errorf("replay view of %s without a terminal: %v", good, err)
	}
	old := oldGame(t, 20, [2]string{humanName, "simple"})
	if _, _, err := felt(t, "", "replay", "view", old); !errors.Is(err, errNotTableLog) || !strings.Contains(err.Error(), "felt replay convert "+old) {
		t.Errorf("replay view of a log of the format before table logs: %v", err)
	}
	cut := savedGame(t, 20, [2]string{humanName, "simple"})
	data, _ := os.ReadFile(cut)
	os.WriteFile(cut, bytes.Replace(data, []byte(`"type":"move"`), []byte(`"type":"mover"`), 1), 0o644)
	if _, _, err := felt(t, "", "replay", "view", cut); err == nil || !strings.Contains(err.Error(), "line") || !strings.Contains(err.Error(), cut) {
		t.Errorf("replay view of a bad table log: %v", err)
	}
}

func TestDefaultSaveDir(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", "/state")
	if d, _ := defaultSaveDir(); d != "/state/felt" {
		t.Errorf("with XDG_STATE_HOME: %s", d)
	}
	t.Setenv("XDG_STATE_HOME", "")
	t.Setenv("HOME", "/home/someone")
	if d, _ := defaultSaveDir(); d != "/home/someone/.local/state/felt" {
		t.Errorf("without XDG_STATE_HOME: %s", d)
	}
}

func TestLook(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	if l := look(false); !l.NoColor || l.ASCII {
		t.Errorf("NO_COLOR=1: %+v", l)
	}
	t.Setenv("NO_COLOR", "")
	t.Setenv("TERM", "xterm-256color")
	if l := look(true); l.NoColor || !l.ASCII {
		t.Errorf("--ascii: %+v", l)
	}
}

func TestNewSaveFile(t *testing.T) {
	dir := t.TempDir()
	now := time.Date(2026, 1, 2, 15, 4, 5, 0, time.UTC)
	var paths []string
	for range 3 {
		p, f, err := newSaveFile(dir, now)
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
		paths = append(paths, filepath.Base(p))
	}
	want := []string{"gin-20260102-150405.jsonl", "gin-20260102-150405-2.jsonl", "gin-20260102-150405-3.jsonl"}
	for i := range want {
		if paths[i] != want[i] {
			t.Fatalf("save files %v, want %v", paths, want)
		}
	}
	if _, _, err := newSaveFile(filepath.Join(dir, "missing"), now); err == nil {
		t.Fatal("a save file in a missing directory")
	}
}

// bounded runs f and fails unless it returns within a generous time and
// allocates less than limit bytes: a file of any size must cost a bounded
// read.
func bounded(t *testing.T, what string, limit uint64, f func()) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(testenv.Timeout(30 * time.Second)):
		t.Fatalf("%s: still reading after %v", what, testenv.Timeout(30*time.Second))
	}
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > limit {
		t.Fatalf("%s: allocated %d bytes, want at most %d", what, got, limit)
	}
}

// sparse makes a file of size bytes of zeros that takes no disk space.
func sparse(t *testing.T, size int64) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "zeros.jsonl")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(size); err != nil {
		t.Fatal(err)
	}
	f.Close()
	return path
}

// TestLogReadsAreBounded: felt play --resume, felt replay view, verify and
// convert refuse a huge file and a log with one huge line with a
// clear error, after a bounded read, and a file of endless zeros
// (/dev/zero) as no regular file, before reading it.
func TestLogReadsAreBounded(t *testing.T) {
	huge := sparse(t, 256<<20)
	longLine := filepath.Join(t.TempDir(), "long.jsonl")
	good, _ := os.ReadFile(savedGame(t, 3, [2]string{humanName, "simple"}))
	os.WriteFile(longLine, append(good, append(bytes.Repeat([]byte(" "), 8<<20), '\n')...), 0o644)
	files := map[string]string{"a huge file": huge, "a huge line": longLine}
	if _, err := os.Stat("/dev/zero"); err == nil {
		files["/dev/zero"] = "/dev/zero"
	}
	const limit = 32 << 20
	for what, path := range files {
		tooLong := "longer than"
		if path == "/dev/zero" {
			tooLong = "not a regular file"
		}
		bounded(t, "resume "+what, limit, func() {
			_, err := resumeGame(path, "")
			if err == nil || !strings.Contains(err.Error(), tooLong) {
				t.Errorf("resume %s: %v, want an error saying it is too long", what, err)
			}
		})
		for _, cmd := range []string{"view", "verify", "convert"} {
			want := tooLong
			if cmd == "convert" && what == "a huge line" {
				want = "is a table log already" // its header says so, read bounded
			}
			bounded(t, "replay "+cmd+" "+what, limit, func() {
				_, _, err := felt(t, "", "replay", cmd, path)
				if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), path) {
					t.Errorf("replay %s of %s: %v, want an error naming the file and saying it is too long", cmd, what, err)
				}
			})
		}
		bounded(t, "rules "+what, limit, func() {
			_, _, err := felt(t, "", "demo", "--rules", path)
			if err == nil || !strings.Contains(err.Error(), tooLong) {
				t.Errorf("--rules %s: %v, want an error saying it is too long", what, err)
			}
		})
	}
}

// TestTakeoverInTheLog: a saved game whose outside program failed and was
// taken over goes on, on resume, with the player that took over (no
// program is started), and replay verify says who took over.
func TestTakeoverInTheLog(t *testing.T) {
	marker := filepath.Join(t.TempDir(), "ran")
	path := savedGame(t, 9, [2]string{humanName, "exec:touch " + marker})
	n := recovered(t, path).Lines
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(f, `{"type":"control","n":%d,"seat":1,"from":"exec:touch %s","to":"normal","reason":"exited with status 1\nTraceback"}`+"\n", n, marker)
	f.Close()
	g, err := resumeGame(path, "")
	if err != nil {
		t.Fatal(err)
	}
	g.close()
	if g.level != "normal" || g.setup.Computer.Name != "normal" || g.setup.Computer.Kind != table.Level || g.setup.Replaced != "" {
		t.Fatalf("resumed with %s (%s, %s), want the normal player that took over", g.level, g.setup.Computer.Name, g.setup.Computer.Kind)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("resuming started the outside program")
	}
	out := mustFelt(t, "", "replay", "verify", path)
	if !strings.Contains(out, "seat 1: normal took over from exec:touch "+marker) {
		t.Fatalf("replay verify does not report the takeover:\n%s", out)
	}
}

// outsideGame writes a game against an outside program whose command
// would create marker, n moves in, and returns its path.
func outsideGame(t *testing.T, n int, marker string) string {
	t.Helper()
	return savedGame(t, n, [2]string{humanName, "exec:touch " + marker})
}

// TestResumeNeverRunsTheLogsProgram: a saved game whose header names an
// outside program (a command that would create a marker file) resumes
// with the built-in normal player in that seat; the program is never
// started, the screen says who plays and why, and the log records the
// change (a control line) so that the next resume plays on with normal
// quietly.
func TestResumeNeverRunsTheLogsProgram(t *testing.T) {
	marker := filepath.Join(t.TempDir(), "ran")
	path := outsideGame(t, 9, marker)
	g, err := resumeGame(path, "")
	if err != nil {
		t.Fatal(err)
	}
	if g.prog != nil || g.level != "normal" || g.setup.Computer.Name != "normal" || g.setup.Computer.Kind != table.Level {
		t.Fatalf("resumed with %s (%s %s), want the built-in normal player", g.level, g.setup.Computer.Kind, g.setup.Computer.Name)
	}
	if g.skipped != "exec:touch "+marker {
		t.Fatalf("skipped %q", g.skipped)
	}
	ctx, cancel := context.WithCancel(context.Background())
	b, err := tui.Start(ctx, g.setup)
	if err != nil {
		t.Fatal(err)
	}
	m := tui.New(b, tui.Options{Note: g.note, Look: tui.Look{NoColor: true}})
	screen := ansi.Strip(m.Render())
	cancel()
	b.Wait()
	g.close()
	for _, want := range []string{"Normal plays for touch ran (outside program): a saved game never starts a program", "--level exec:COMMAND"} {
		if !strings.Contains(strings.Join(strings.Fields(screen), " "), want) {
			t.Fatalf("the screen lacks %q:\n%s", want, screen)
		}
	}
	if l := controls(t, path); len(l) != 1 || !strings.Contains(l[0], `"to":"normal"`) || !strings.Contains(l[0], `"from":"exec:touch `+marker+`"`) {
		t.Fatalf("control lines %q, want one from the program to normal", l)
	}
	// the next resume: normal plays on, nothing more is said or logged
	g, err = resumeGame(path, "")
	if err != nil {
		t.Fatal(err)
	}
	g.close()
	if g.level != "normal" || g.note != "" || g.skipped != "" || g.setup.Replaced != "" || len(controls(t, path)) != 1 {
		t.Fatalf("second resume: level %s, note %q, skipped %q, %d control lines", g.level, g.note, g.skipped, len(controls(t, path)))
	}
	time.Sleep(testenv.Timeout(200 * time.Millisecond)) // a started program would have run by now
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("resuming ran the command the saved game names")
	}
	// a level named with --level instead of the saved program: a control
	// line; --level on a game against a built-in player: refused
	path2 := outsideGame(t, 4, marker)
	g, err = resumeGame(path2, "hard")
	if err != nil {
		t.Fatal(err)
	}
	playOn(t, g, 0)
	if l := controls(t, path2); len(l) != 1 || !strings.Contains(l[0], `"to":"hard"`) {
		t.Fatalf("control lines %q, want one naming hard", l)
	}
	if _, err := resumeGame(path2, "easy"); err == nil || !strings.Contains(err.Error(), "--level cannot be given with --resume here") {
		t.Fatalf("--level on a game against a built-in player: %v", err)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("resuming ran the command the saved game names")
	}
}

// TestResumeRunsTheProgramNamedAgain: naming the program again with
// --level on resume plays it (it runs at its first decision), with no
// control line for the resume when it is the saved one and one when it
// replaces it.
func TestResumeRunsTheProgramNamedAgain(t *testing.T) {
	dir := t.TempDir()
	saved := filepath.Join(dir, "saved")
	other := filepath.Join(dir, "other")
	for _, tc := range []struct {
		level, marker string
		replaced      int
	}{
		{"exec:touch " + saved, saved, 0},
		{"exec:touch " + other, other, 1},
	} {
		t.Run(filepath.Base(tc.marker), func(t *testing.T) {
			testenv.AcquireProc(t)
			path := outsideGame(t, 6, saved)
			g, err := resumeGame(path, tc.level)
			if err != nil {
				t.Fatal(err)
			}
			if g.prog == nil || g.setup.Computer.Name != tc.level || g.setup.Computer.Kind != table.Program || g.note != "" || g.skipped != "" {
				t.Fatalf("--level %s: playing %s (%s), note %q", tc.level, g.setup.Computer.Name, g.setup.Computer.Kind, g.note)
			}
			// play until the program was asked (touch exits: it fails and
			// normal takes over)
			playOn(t, g, 3)
			if _, err := os.Stat(tc.marker); err != nil {
				t.Fatalf("--level %s: the program named again did not run", tc.level)
			}
			n := 0
			for _, l := range controls(t, path) {
				if strings.Contains(l, "named with --level on resume") {
					n++
				}
			}
			if n != tc.replaced {
				t.Fatalf("--level %s: %d control lines for the resume, want %d", tc.level, n, tc.replaced)
			}
		})
	}
}

// TestReplayVerifyNotesOutsidePrograms: replay verify says when a log
// names an outside program, in its header or a takeover, and only then;
// for table logs, written as such or converted from the format before
// them.
func TestReplayVerifyNotesOutsidePrograms(t *testing.T) {
	old := oldGame(t, 5, [2]string{humanName, "exec:touch /nonexistent/marker"})
	mustFelt(t, "", "replay", "convert", old)
	for _, path := range []string{outsideGame(t, 5, "/nonexistent/marker"), strings.TrimSuffix(old, ".jsonl") + "-table.jsonl"} {
		out := mustFelt(t, "", "replay", "verify", path)
		if !strings.Contains(out, "note: seat 1 is an outside program in this log, exec:touch /nonexistent/marker; felt play --resume never starts it") {
			t.Fatalf("replay verify does not note the outside program:\n%s", out)
		}
	}
	out := mustFelt(t, "", "replay", "verify", savedGame(t, 5, [2]string{humanName, "simple"}))
	if strings.Contains(out, "outside program") {
		t.Fatalf("replay verify notes an outside program in a game without one:\n%s", out)
	}
}

// TestInvocation: the commands felt suggests start with go run ./cmd/felt
// when felt was started by go run (its program is in the go-build cache),
// and with felt otherwise.
func TestInvocation(t *testing.T) {
	for _, tc := range []struct{ exe, gocache, want string }{
		{"/tmp/go-build3732169199/b001/exe/felt", "", "go run ./cmd/felt"},
		{"/root/.cache/go-build/41/414366335bf23485d290c7ffafca6fe6515ed1a85efbdae7a6b7fc047bf117c0-d/felt", "", "go run ./cmd/felt"},
		{"/var/cache/gocache/41/4143663-d/felt", "/var/cache/gocache", "go run ./cmd/felt"},
		{"/var/cache/gocache/41/4143663-d/felt", "/var/cache/gocache/", "go run ./cmd/felt"},
		{"/var/cache/gocache/41/4143663-d/felt", "", "felt"},
		{"/home/u/go/bin/felt", "", "felt"},
		{"/usr/local/bin/felt", "/var/cache/gocache", "felt"},
		{"/tmp/go-build3732169199/b001/felt.test", "", "felt"},
		{"/home/u/src/felt/exe/felt", "", "felt"},
	} {
		if got := invocationOf(tc.exe, tc.gocache); got != tc.want {
			t.Errorf("invocationOf(%q, GOCACHE=%q) = %q, want %q", tc.exe, tc.gocache, got, tc.want)
		}
	}
}

// TestFeltAloneTakesPlayFlags: felt with play's flags and no command is
// felt play (felt --seed 5), and is refused for the same reasons.
func TestFeltAloneTakesPlayFlags(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--seed", "5", "--save-dir", dir}, "needs a terminal"},
		{[]string{"--level", "hard", "--ascii", "--save-dir", dir}, "needs a terminal"},
		{[]string{"--level", "grandmaster"}, `--level "grandmaster": want one of`},
		{[]string{"--knock-limit", "11"}, "knock_limit is 11"},
		{[]string{"--resume", "x.jsonl", "--seed", "3"}, "--seed cannot be given with --resume"},
		{[]string{"--bogus"}, "unknown flag: --bogus"},
		{[]string{"extra"}, "unknown command"},
	} {
		_, _, err := felt(t, "", tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("felt %v: %v, want an error with %q", tc.args, err, tc.want)
		}
	}
	if files, _ := os.ReadDir(dir); len(files) != 0 {
		t.Fatalf("a save file was made without a game: %v", files)
	}
	// play's flags stay play's: felt demo --seed is demo's own flag
	if out := mustFelt(t, "", "demo", "--seed", "5", "--quiet"); !strings.Contains(out, "seed 5") {
		t.Fatalf("felt demo --seed 5: %q", out)
	}
}

// TestProgramSeatDeadlines: an outside program that never answers fails
// its first decision after the start-up time and a move's, with a reason
// that says so, and is stopped; the deadline is the seat's own.
func TestProgramSeatDeadlines(t *testing.T) {
	testenv.AcquireProc(t)
	pr := program.New("sleep 30", gingame.Wire, program.Options{Game: gingame.Spec.Kind, Seat: 1, Seed: 1})
	defer pr.Close()
	ps := &programSeat{Program: pr, move: 50 * time.Millisecond, start: 100 * time.Millisecond}
	start := time.Now()
	_, _, err := ps.Decide(context.Background(), table.Decision[gin.Observation]{Seat: 1, Seq: 3})
	if err == nil || !strings.Contains(err.Error(), "no move within 150ms: it has not answered start (no ready line)") {
		t.Fatalf("a silent program: %v", err)
	}
	if d := time.Since(start); d < 150*time.Millisecond || d > testenv.Timeout(20*time.Second) {
		t.Fatalf("failed after %v", d)
	}
	if _, _, err := ps.Decide(context.Background(), table.Decision[gin.Observation]{Seat: 1, Seq: 4}); err == nil {
		t.Fatal("a failed program decided")
	}
	if _, ok := any(ps).(table.Listener[gin.Event]); !ok {
		t.Fatal("the program's seat does not hear the seat's events")
	}
}

// TestResumeAtEveryByte: a saved game cut at any byte (a crash while a
// line was written) resumes at its last complete line, with the moves of
// the complete lines; cut inside its header it is refused, naming the
// file.
func TestResumeAtEveryByte(t *testing.T) {
	whole, err := os.ReadFile(savedGame(t, 12, [2]string{humanName, "simple"}))
	if err != nil {
		t.Fatal(err)
	}
	header := bytes.IndexByte(whole, '\n') + 1
	t.Logf("%d offsets of a log of %d lines", len(whole)+1, bytes.Count(whole, []byte("\n")))
	path := filepath.Join(t.TempDir(), "cut.jsonl")
	for cut := 0; cut <= len(whole); cut++ {
		if err := os.WriteFile(path, whole[:cut], 0o644); err != nil {
			t.Fatal(err)
		}
		g, err := resumeGame(path, "")
		if cut < header {
			if err == nil || !strings.Contains(err.Error(), path) {
				t.Fatalf("cut at %d, in the header: %v", cut, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("cut at %d: %v", cut, err)
		}
		g.close()
		complete := whole[:bytes.LastIndexByte(whole[:cut], '\n')+1]
		if got := g.setup.Resume.Moves; got != bytes.Count(complete, []byte(`"type":"move"`)) {
			t.Fatalf("cut at %d: %d moves recovered", cut, got)
		}
		if data, _ := os.ReadFile(path); !bytes.Equal(data, complete) {
			t.Fatalf("cut at %d: the torn line is not cut back", cut)
		}
	}
}
