package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	gingame "felt/games/gin"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"felt/games"
	"felt/gin"
	"felt/gin/ginbot"
	"felt/internal/plain"
	"felt/internal/tui"
	"felt/internal/userfile"
	"felt/program"
	"felt/table"
)

// humanName is the name a person's seat has in a replay log's header.
const humanName = "human"

// playLevels are the computer players `felt play` offers.
var playLevels = []string{"easy", "normal", "hard", "simple"}

// addPlay adds `felt play` and `felt replay view`, and makes `felt` with
// no arguments play.
func (e *env) addPlay(root *cobra.Command) {
	root.AddCommand(e.playCmd())
	// felt alone is felt play, with the same flags
	var o playOptions
	addPlayFlags(root, &o)
	root.Args = cobra.NoArgs
	root.RunE = func(cmd *cobra.Command, _ []string) error {
		if _, _, err := e.terminal("felt play"); err != nil && cmd.Flags().NFlag() == 0 {
			// Not at a terminal (a pipe, a script): say what felt does.
			return cmd.Help()
		}
		return e.play(cmd, &o)
	}
	for _, c := range root.Commands() {
		if c.Name() == "replay" {
			c.AddCommand(e.replayViewCmd())
		}
	}
}

// playOptions are the flags of `felt play`.
type playOptions struct {
	level, rules, saveDir, resume string
	seed                          uint64
	knockLimit, target            int
	oklahoma, ascii               bool
	delay                         time.Duration
}

func (e *env) playCmd() *cobra.Command {
	var o playOptions
	c := &cobra.Command{
		Use:   "play",
		Short: "Play Gin Rummy against the computer, full screen (what `felt` alone does)",
		Long: `Play Gin Rummy against the computer in the terminal, full screen.

The game is played at a table (docs/table.md) and its table log is written
as you play, a line per move synced to disk, in --save-dir (by default
$XDG_STATE_HOME/felt or ~/.local/state/felt); quitting says where, and
--resume FILE goes on with it (a log cut short by a crash resumes at its last
complete line). A game saved before table logs is written as a table log by
felt replay convert FILE, and goes on from that one. Colour is left out
when NO_COLOR is set; --ascii draws ASCII only.

--level exec:COMMAND plays against an outside program (run by /bin/sh -c,
speaking the protocol of docs/protocol.md); if it fails, the normal player
takes its seat and the screen says so. A saved game never starts a program:
to resume a game against one, give --level exec:COMMAND again.

The rules, the options and the presets are explained in ` + rulesDoc + `
in Felt's source.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return e.play(cmd, &o) },
	}
	addPlayFlags(c, &o)
	return c
}

// addPlayFlags gives c the flags of felt play, read into o.
func addPlayFlags(c *cobra.Command, o *playOptions) {
	f := c.Flags()
	f.StringVar(&o.level, "level", "normal", "the computer's level: "+strings.Join(playLevels, ", ")+", or exec:COMMAND for an outside program")
	f.Uint64Var(&o.seed, "seed", 0, "seed for the deal and the computer (default: from the clock)")
	f.StringVar(&o.rules, "rules", "standard", "rules: a preset ("+strings.Join(gin.Presets(), ", ")+") or a JSON file")
	f.IntVar(&o.knockLimit, "knock-limit", 10, "the most deadwood a knock may leave, 0 (gin only) to 10")
	f.BoolVar(&o.oklahoma, "oklahoma", false, "Oklahoma: the upcard sets the knock limit, a spade upcard doubles the hand")
	f.IntVar(&o.target, "target", 100, "the score that wins the game")
	f.BoolVar(&o.ascii, "ascii", false, "draw with ASCII characters only, without colour")
	f.StringVar(&o.saveDir, "save-dir", "", "where games are saved (default $XDG_STATE_HOME/felt or ~/.local/state/felt)")
	f.StringVar(&o.resume, "resume", "", "go on with the saved game in this file")
	f.DurationVar(&o.delay, "delay", tui.DefaultDelay, "pause before each computer move is shown")
	_ = f.MarkHidden("delay")
}

// look is how the screen is drawn: ASCII on request, no colour under
// NO_COLOR (or a dumb terminal).
func look(ascii bool) tui.Look {
	return tui.Look{ASCII: ascii, NoColor: os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb"}
}

// terminal returns the streams as files when both are terminals.
func (e *env) terminal(what string) (in, out *os.File, err error) {
	in, ok1 := e.stdin.(*os.File)
	out, ok2 := e.stdout.(*os.File)
	if !ok1 || !ok2 || !term.IsTerminal(in.Fd()) || !term.IsTerminal(out.Fd()) {
		return nil, nil, fmt.Errorf("%s is full screen and needs a terminal (try `%s demo` to watch two computer players)", what, e.self)
	}
	return in, out, nil
}

// errQuit is why a game the person left is abandoned: the reason its table
// log's abandon line gives.
var errQuit = errors.New("the player quit")

// defaultSaveDir is $XDG_STATE_HOME/felt, or ~/.local/state/felt.
func defaultSaveDir() (string, error) {
	if d := os.Getenv("XDG_STATE_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "felt"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("no directory to save games in (set --save-dir): %w", err)
	}
	return filepath.Join(home, ".local", "state", "felt"), nil
}

// game is a game ready to play: the table's setup, its log file, the
// seats.
type game struct {
	setup tui.Setup
	file  *os.File
	path  string
	seat  gin.Seat
	seed  uint64
	level string
	// note is said on the screen when the game opens.
	note string
	// skipped is the outside program (exec:COMMAND) a resumed game named
	// for the computer and that was not started.
	skipped string
	// prog is the outside program seated, to be stopped at the end.
	prog io.Closer
}

// close stops the outside program, if any, and closes the log.
func (g *game) close() error {
	if g.prog != nil {
		g.prog.Close()
		g.prog = nil
	}
	return g.file.Close()
}

// resumeLevel is the built-in player that takes a resumed game's seat when
// the game names an outside program that is not named again, and the
// seat of an outside program that fails.
const resumeLevel = "normal"

// programDeadline is how long an outside program has for each decision,
// and programStartup how much longer it has for its first (when it
// starts).
const (
	programDeadline = 10 * time.Second
	programStartup  = 30 * time.Second
)

// programSeat is an outside program at the table with a deadline of its
// own for each decision: its first decision has the start-up time too,
// so that a program that starts slowly is not taken over for it. It
// hears the seat's events and notices as the program does.
type programSeat struct {
	*program.Program[gin.Action, gin.Observation, gin.Event]
	move, start time.Duration
	started     bool
}

func (p *programSeat) Decide(ctx context.Context, d table.Decision[gin.Observation]) (gin.Action, bool, error) {
	limit := p.move
	if !p.started {
		limit, p.started = p.start+p.move, true
	}
	dctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	a, ok, err := p.Program.Decide(dctx, d)
	if err != nil && ctx.Err() == nil && errors.Is(dctx.Err(), context.DeadlineExceeded) {
		err = fmt.Errorf("no move within %s", limit)
		if w := p.Waiting(); w != "" {
			err = fmt.Errorf("no move within %s: %s", limit, w)
		}
	}
	return a, ok, err
}

// checkLevel checks a --level value.
func checkLevel(level string) error {
	if slices.Contains(playLevels, level) {
		return nil
	}
	if cmd, ok := strings.CutPrefix(level, "exec:"); ok && strings.TrimSpace(cmd) != "" {
		return nil
	}
	return fmt.Errorf("--level %q: want one of %s, or exec:COMMAND for an outside program", level, strings.Join(playLevels, ", "))
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:=@%+,", r))
	}) < 0 {
		return s
	}
	if plain.Text(s) != s {
		// a character a terminal acts on: written as an escape in the
		// shell's $'…' quoting, so the line is safe to print and to paste
		s = strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), "'", `\'`)
		return "$'" + plain.Text(s) + "'"
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func (e *env) play(cmd *cobra.Command, o *playOptions) error {
	ctx := cmd.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	var g *game
	var err error
	if o.resume != "" {
		for _, name := range []string{"seed", "rules", "knock-limit", "oklahoma", "target"} {
			if cmd.Flags().Changed(name) {
				return fmt.Errorf("--%s cannot be given with --resume: a saved game keeps its own", name)
			}
		}
		level := ""
		if cmd.Flags().Changed("level") {
			if err := checkLevel(o.level); err != nil {
				return err
			}
			level = o.level
		}
		if err := e.checkResumable(o.resume, gingame.Spec.Kind); err != nil {
			return err
		}
		if _, _, err := e.terminal("felt play"); err != nil {
			return err
		}
		g, err = e.resumeGame(o.resume, level)
	} else {
		g, err = e.newGame(cmd, o)
	}
	if err != nil {
		return err
	}
	defer g.close() // on the error paths; checked below otherwise
	in, out, _ := e.terminal("felt play")
	ctx, stop := context.WithCancelCause(ctx)
	cancel := func() { stop(errQuit) } // the person quit: the abandon line says so
	defer cancel()
	b, err := tui.Start(ctx, g.setup)
	if err != nil {
		return fmt.Errorf("%s: %w", g.path, err)
	}
	m := tui.New(b, tui.Options{Look: look(o.ascii), Delay: o.delay, SavePath: g.path, Seed: g.seed, Note: g.note, Command: e.self})
	p := tea.NewProgram(m, tea.WithContext(ctx), tea.WithInput(in), tea.WithOutput(out))
	final, runErr := p.Run()
	cancel()
	b.Wait() // the table has logged its end
	closeErr := g.close()
	if runErr != nil && !errors.Is(runErr, tea.ErrProgramKilled) && !errors.Is(runErr, tea.ErrInterrupted) {
		return fmt.Errorf("%w (the game so far is saved in %s)", runErr, g.path)
	}
	if closeErr != nil {
		return fmt.Errorf("saving the game in %s: %w", g.path, closeErr)
	}
	fm, _ := final.(tui.Model)
	if msg := fm.SaveError(); msg != "" {
		fmt.Fprintf(e.stderr, "felt: %s\n", msg)
	}
	if err := fm.Stopped(); err != nil {
		fmt.Fprintf(e.stderr, "felt: the game stopped: %v\n", err)
	}
	if g.skipped != "" {
		fmt.Fprintf(e.stderr, "felt: the saved game names an outside program, %s; a saved game never starts one, so %s played in its place.\n"+
			"  To play that program, name it again: %s play --resume %s --level %s\n", plain.Text(g.skipped), g.level, e.self, shellQuote(g.path), shellQuote(g.skipped))
	}
	if n, ok := b.Takeover(); ok && strings.HasPrefix(n.From, "exec:") {
		fmt.Fprintf(e.stderr, "felt: the outside player failed and the %s player took over: %s\n", n.To, n.Reason)
	}
	// the player in the computer's seat at the end (another may have
	// taken over)
	them := tui.PlayerName(b.Playing()[g.seat.Other()])
	seen := fm.Seen()
	if res := seen.Game; res != nil {
		me, opp := g.seat, g.seat.Other()
		if res.Winner == me {
			fmt.Fprintf(e.stdout, "You won the game against %s, %d to %d.\n", them, res.Final[me], res.Final[opp])
		} else {
			fmt.Fprintf(e.stdout, "%s won the game, %d to %d.\n", them, res.Final[opp], res.Final[me])
		}
		fmt.Fprintf(e.stdout, "The game is saved in %s\nWatch it again with: %s replay view %s\n", g.path, e.self, shellQuote(g.path))
		return nil
	}
	// where the table stopped (it may have dealt the next hand already)
	at := b.Outcome()
	sc := at.Scores
	fmt.Fprintf(e.stdout, "Game saved in %s (hand %d, you %d, %s %d).\nContinue it with: %s play --resume %s\n",
		g.path, max(at.Hands, 1), sc[g.seat], them, sc[g.seat.Other()], e.self, shellQuote(g.path))
	return nil
}

// newGame starts a game from the flags and opens its save file.
func (e *env) newGame(cmd *cobra.Command, o *playOptions) (*game, error) {
	if err := checkLevel(o.level); err != nil {
		return nil, err
	}
	r, err := loadRules(o.rules)
	if err != nil {
		return nil, err
	}
	fl := cmd.Flags()
	if fl.Changed("knock-limit") {
		r.KnockLimit = o.knockLimit
	}
	if fl.Changed("oklahoma") {
		r.Oklahoma = o.oklahoma
	}
	if fl.Changed("target") {
		r.TargetScore = o.target
	}
	if err := r.Validate(); err != nil {
		return nil, err
	}
	seed := o.seed
	if !fl.Changed("seed") {
		seed = uint64(time.Now().UnixNano())
	}
	if _, _, err := e.terminal("felt play"); err != nil {
		return nil, err
	}
	dir := o.saveDir
	if dir == "" {
		if dir, err = defaultSaveDir(); err != nil {
			return nil, err
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("cannot make the save directory: %w", err)
	}
	opts, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	path, f, err := newSaveFile(dir, time.Now())
	if err != nil {
		return nil, err
	}
	comp, prog, err := computer(o.level, tui.ComputerSeed(seed, 0), opts, 1)
	if err != nil {
		f.Close()
		return nil, err
	}
	g := &game{file: f, path: path, seat: 0, seed: seed, level: o.level, prog: prog}
	g.setup = tui.Setup{Seat: 0, Computer: comp, Fallback: fallback(seed, 0), Seed: seed, Options: opts,
		ID: strings.TrimSuffix(filepath.Base(path), ".jsonl"), Log: f}
	return g, nil
}

// computer returns the computer's player for a level: a built-in one, or
// an outside program (exec:COMMAND, protocol version 2) that the table
// replaces with the normal player if it fails. A program is started at
// its first decision; prog stops it.
func computer(level string, seed uint64, rules json.RawMessage, seat gin.Seat) (p table.Player[gin.Action, gin.Observation], prog io.Closer, err error) {
	if command, ok := strings.CutPrefix(level, "exec:"); ok {
		pr := program.New(command, gingame.Wire, program.Options{Game: gingame.Spec.Kind, Seat: table.Seat(seat), Seed: seed, Rules: rules, Startup: programStartup})
		ps := &programSeat{Program: pr, move: programDeadline, start: programStartup}
		return table.Player[gin.Action, gin.Observation]{Name: level, Kind: table.Program, Control: ps}, pr, nil
	}
	p, err = gingame.Level(level, gin.NewRand(seed))
	return p, nil, err
}

// fallback returns the built-in player that takes over from a computer
// player that fails, seeded from the game's seed and the moves made
// before the game (re)started.
func fallback(gameSeed uint64, moves int) func() table.Player[gin.Action, gin.Observation] {
	return func() table.Player[gin.Action, gin.Observation] {
		p, _ := gingame.Level(resumeLevel, gin.NewRand(tui.ComputerSeed(gameSeed^0xfa11, moves)))
		return p
	}
}

// newSaveFile makes a new file for a game started at now in dir, named by
// the time: gin-20260102-150405.jsonl (with -2, -3 … when taken).
func newSaveFile(dir string, now time.Time) (string, *os.File, error) {
	base := "gin-" + now.Format("20060102-150405")
	for i := 1; i < 100; i++ {
		name := base + ".jsonl"
		if i > 1 {
			name = fmt.Sprintf("%s-%d.jsonl", base, i)
		}
		path := filepath.Join(dir, name)
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			return path, f, nil
		}
		if !errors.Is(err, os.ErrExist) {
			return "", nil, fmt.Errorf("cannot make the save file: %w", err)
		}
	}
	return "", nil, fmt.Errorf("cannot make the save file: %s*.jsonl are all taken", filepath.Join(dir, base))
}

// resumeGame reads a saved game's table log and opens it to go on
// writing. A game file may come from anyone, so it never starts a
// program: when the computer's seat is an outside program (exec:COMMAND),
// that program plays only if level, the --level given with --resume,
// names it (or another program) again; otherwise the built-in
// resumeLevel takes the seat. A level that differs from the saved player
// is logged as a control line when the table starts. level may replace
// only an outside program: a built-in player stays. A game saved before
// table logs is refused, pointing to felt replay convert.
func (e *env) resumeGame(path, level string) (*game, error) {
	if err := e.checkResumable(path, gingame.Spec.Kind); err != nil {
		return nil, err
	}
	rec, f, err := table.OpenLog(path, gingame.Spec)
	if err != nil {
		return nil, err
	}
	g, err := e.resumeTable(path, level, rec)
	if err != nil {
		f.Close()
		return nil, err
	}
	g.file, g.setup.Log = f, f
	return g, nil
}

// checkLines reads the table log in path line by line, a line at a time
// in memory, and refuses one with a line longer than table.MaxLogLine or
// longer in all than table.MaxLogSize, before it is read whole.
func checkLines(path string) error {
	f, err := userfile.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	r := bufio.NewReaderSize(io.LimitReader(f, table.MaxLogSize+1), table.MaxLogLine)
	var total int64
	for n := 0; ; n++ {
		line, err := r.ReadSlice('\n')
		total += int64(len(line))
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			return fmt.Errorf("%s: line %d is longer than %d bytes: not a table log", path, n, table.MaxLogLine)
		case total > table.MaxLogSize:
			return fmt.Errorf("%s: longer than %d bytes: not a table log", path, table.MaxLogSize)
		case errors.Is(err, io.EOF):
			return nil
		case err != nil:
			return fmt.Errorf("%s: %w", path, err)
		}
	}
}

// resumeTable seats the players at a recovered table.
func (e *env) resumeTable(path, level string, rec *table.Recovered[gin.Action, gin.Observation, gin.Event]) (*game, error) {
	if rec.Engine.Over() || rec.Forfeited {
		return nil, fmt.Errorf("%s: that game is over; watch it with: %s replay view %s", path, e.self, shellQuote(path))
	}
	// who plays each seat now: the header's players, changed by takeovers
	seat := slices.Index(rec.Names, humanName)
	if seat < 0 || len(rec.Names) != 2 {
		return nil, fmt.Errorf("%s: not a game against the computer (players %s)", path, strings.Join(rec.Names, " and "))
	}
	saved := rec.Names[1-seat]
	outside := strings.HasPrefix(saved, "exec:")
	if !slices.Contains(ginbot.Levels(), saved) && !outside {
		return nil, fmt.Errorf("%s: the computer player %q is not one Felt knows (%s)", path, saved, strings.Join(ginbot.Levels(), ", "))
	}
	if level != "" && !outside {
		return nil, fmt.Errorf("--level cannot be given with --resume here: the saved game plays against %s and keeps it (--level only names an outside program's seat again)", saved)
	}
	g := &game{path: path, seat: gin.Seat(seat), seed: rec.Header.Seed, level: saved}
	var why string
	switch {
	case outside && level == "":
		g.level, g.skipped = resumeLevel, saved
		why = "the saved game's outside program is not started on resume"
		g.note = fmt.Sprintf("%s plays for %s: a saved game never starts a program. To play it, resume with --level exec:COMMAND (quitting shows the command).", tui.PlayerName(g.level), tui.PlayerName(saved))
	case level != "" && level != saved:
		g.level = level
		why = "named with --level on resume"
	}
	comp, prog, err := computer(g.level, tui.ComputerSeed(rec.Header.Seed, rec.Moves), rec.Header.Options, gin.Seat(1-seat))
	if err != nil {
		return nil, err
	}
	g.prog = prog
	g.setup = tui.Setup{Seat: gin.Seat(seat), Computer: comp, Fallback: fallback(rec.Header.Seed, rec.Moves), Resume: rec, Replaced: why}
	g.setup.Earlier = handSoFar(path, gin.Seat(seat))
	return g, nil
}

// handSoFar is what seat saw of the moves of the last hand of the table
// log at path, for the resumed screen's history. The log has just been
// recovered: should it fail now, the screen lists the deal alone.
func handSoFar(path string, seat gin.Seat) []gin.Event {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	evs, err := tui.HandSoFar(f, seat)
	if err != nil {
		return nil
	}
	return evs
}

// ginReplay builds the replay viewer of a Gin Rummy table log. Errors
// name the file.
func (e *env) ginReplay(path string, ascii bool) (tui.Replay, error) {
	if err := e.checkOldLog(path); err != nil {
		return tui.Replay{}, err
	}
	f, err := userfile.Open(path)
	if err != nil {
		return tui.Replay{}, err
	}
	defer f.Close()
	// a bounded, streaming check first: a log of any size costs a
	// bounded read before the viewer reads it whole
	if err := checkLines(path); err != nil {
		return tui.Replay{}, err
	}
	if _, err := games.Verify(f); err != nil {
		return tui.Replay{}, fmt.Errorf("%s: %w", path, err)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return tui.Replay{}, err
	}
	m, err := tui.NewTableReplay(f, filepath.Base(path), look(ascii))
	if err != nil {
		return m, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

func (e *env) replayViewCmd() *cobra.Command {
	var ascii bool
	c := &cobra.Command{
		Use:   "view FILE",
		Short: "Step through a finished or saved game, forwards and back, full screen",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			path := args[0]
			if ok, err := e.shengjiReplayView(cmd, path, ascii); ok {
				return err
			}
			m, err := e.ginReplay(path, ascii)
			if err != nil {
				return err
			}
			in, out, err := e.terminal("felt replay view")
			if err != nil {
				return err
			}
			ctx := cmd.Context()
			if ctx == nil {
				ctx = context.Background()
			}
			_, err = tea.NewProgram(m, tea.WithContext(ctx), tea.WithInput(in), tea.WithOutput(out)).Run()
			if err != nil && !errors.Is(err, tea.ErrProgramKilled) && !errors.Is(err, tea.ErrInterrupted) {
				return err
			}
			return nil
		},
	}
	c.Flags().BoolVar(&ascii, "ascii", false, "draw with ASCII characters only, without colour")
	return c
}

func init() {
	resumers[gingame.Game.Name] = resumer{command: "play --resume", outside: "never starts it (name it again with --level to play it)"}
}
