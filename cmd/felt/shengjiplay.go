package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	sjgame "felt/games/shengji"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/spf13/cobra"

	"felt/card"
	"felt/internal/plain"
	"felt/internal/sjtui"
	"felt/internal/userfile"
	"felt/shengji"
	"felt/shengji/sjbot"
	"felt/table"
)

// shengjiPlayOptions are the flags of `felt shengji`.
type shengjiPlayOptions struct {
	seat                                         int
	level, rules, startLevel, save, resume, note string
	seed                                         uint64
	ascii, autoplay                              bool
	delay, dealDelay                             time.Duration
}

// addShengjiPlay makes `felt shengji` with no subcommand play Shengji.
func (e *env) addShengjiPlay(c *cobra.Command) {
	var o shengjiPlayOptions
	c.Short = "Play Shengji in the terminal against computer players (and rules tools: check)"
	c.Long = `Play Shengji full screen: you in one seat (--seat, 0 to 3; your partner sits
across, in seat+2), three computer players of --level in the others. --rules
seats any other table, 4 to 10 players and 2 to 5 packs, with computers in
every seat but yours: friends-5, friends-6 and friends-8 are Finding Friends
(the banker calls its friends after burying), and a JSON rules file sets the
players, packs, kitty and friends (docs/rules/shengji.md). The deal
comes card by card; the keys at the bottom say which declarations you can make
as your cards arrive, then how to bury, select (a key, or a click on the card)
and play; h asks what hard would do and why. The screen fits 80x24 (60x20 at the
least) and shows more in a larger window. Colour is left out when NO_COLOR is
set; --ascii draws ASCII only.

--autoplay lets a computer play your seat too: at a terminal you watch the
game; otherwise the game is printed as text, trick by trick, ending with the
result (the same seed prints the same game).

The table log is written in --save-dir (by default $XDG_STATE_HOME/felt or
~/.local/state/felt) as you play; quit with q and --resume FILE goes on with
it (a log never starts an outside program). ` + "`felt replay verify FILE`" + ` checks it.

The rules are in docs/rules/shengji.md in Felt's source.`
	c.RunE = func(cmd *cobra.Command, args []string) error {
		if len(args) > 0 {
			return groupRun(cmd, args)
		}
		return e.shengjiPlay(cmd, &o)
	}
	f := c.Flags()
	f.IntVar(&o.seat, "seat", 0, "your seat, 0 to the players less one (seat 0 is dealt first in the first hand)")
	f.StringVar(&o.level, "level", "greedy", "the computers' level: "+strings.Join(sjbot.Levels(), ", ")+", or exec:COMMAND for an outside program (protocol version 2, docs/table.md)")
	f.Uint64Var(&o.seed, "seed", 0, "seed for the deals and the computers (default: from the clock)")
	f.StringVar(&o.rules, "rules", "standard", "rules: a preset ("+strings.Join(shengji.Presets(), ", ")+") or a JSON file")
	f.StringVar(&o.startLevel, "start-level", "", "both teams' starting level, 2 to A (default: the rules')")
	f.BoolVar(&o.ascii, "ascii", false, "draw with ASCII characters only, without colour")
	f.BoolVar(&o.autoplay, "autoplay", false, "a computer plays your seat too: watch, or without a terminal print the game")
	f.StringVar(&o.save, "save-dir", "", "where the table log is written (default $XDG_STATE_HOME/felt or ~/.local/state/felt)")
	f.StringVar(&o.resume, "resume", "", "go on with the game whose table log is this file (quitting leaves it ready to resume)")
	f.DurationVar(&o.delay, "delay", sjtui.DefaultDelay, "pause after each play is shown")
	f.DurationVar(&o.dealDelay, "deal-pace", sjtui.DefaultDealDelay, "pause after each card dealt, so that you can declare as your cards arrive (w pauses the deal); 0 deals at once")
	f.DurationVar(&o.dealDelay, "deal-delay", sjtui.DefaultDealDelay, "")
	_ = f.MarkHidden("delay")
	_ = f.MarkDeprecated("deal-delay", "use --deal-pace")
}

// shengjiRules reads --rules (a preset or a JSON file) and --start-level.
func shengjiRules(arg, start string) (shengji.Rules, error) {
	r, ok := shengji.Preset(arg)
	if !ok {
		data, err := readRulesFile(arg, shengji.Presets())
		if err != nil {
			return r, fmt.Errorf("--rules %w", err)
		}
		if r, err = shengji.ParseRules(shengji.Standard(), data); err != nil {
			return r, fmt.Errorf("--rules %q: %w", arg, err)
		}
	}
	if start != "" {
		l, err := shengji.ParseLevel(start)
		if err != nil {
			return r, fmt.Errorf("--start-level: %w", err)
		}
		r.StartLevel = l
	}
	return r, r.Validate()
}

func (e *env) shengjiPlay(cmd *cobra.Command, o *shengjiPlayOptions) error {
	if o.resume != "" {
		return e.shengjiResume(cmd, o)
	}
	if command, ok := strings.CutPrefix(o.level, "exec:"); ok {
		if strings.TrimSpace(command) == "" {
			return fmt.Errorf("--level %q: exec: needs a command", o.level)
		}
	} else if !slices.Contains(sjbot.Levels(), o.level) {
		return fmt.Errorf("--level %q: want one of %s, or exec:COMMAND for an outside program", o.level, strings.Join(sjbot.Levels(), ", "))
	}
	r, err := shengjiRules(o.rules, o.startLevel)
	if err != nil {
		return err
	}
	if n := r.NumPlayers(); o.seat < 0 || o.seat >= n {
		return fmt.Errorf("--seat %d: want 0 to %d (%d players)", o.seat, n-1, n)
	}
	seed := o.seed
	if !cmd.Flags().Changed("seed") {
		seed = uint64(time.Now().UnixNano())
	}
	ctx := cmd.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	in, out, termErr := e.terminal("felt shengji")
	if termErr != nil && !o.autoplay {
		return fmt.Errorf("felt shengji is full screen and needs a terminal (try `%s shengji --autoplay` to print a game of computer players)", e.self)
	}
	dir := o.save
	if dir == "" {
		if dir, err = defaultSaveDir(); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("cannot make the save directory: %w", err)
	}
	path, file, err := newShengjiFile(dir, time.Now())
	if err != nil {
		return err
	}
	defer file.Close()
	id := strings.TrimSuffix(filepath.Base(path), ".jsonl")
	if termErr != nil {
		return e.shengjiText(ctx, r, seed, o.level, id, path, file)
	}
	return e.shengjiScreen(ctx, o, sjtui.Setup{ID: id, Seat: shengji.Seat(o.seat), Level: o.level, Seed: seed, Rules: r, Autoplay: o.autoplay, Log: file}, in, out, path, file)
}

// shengjiResume goes on with a saved game.
func (e *env) shengjiResume(cmd *cobra.Command, o *shengjiPlayOptions) error {
	for _, name := range []string{"seed", "rules", "start-level", "seat", "level"} {
		if cmd.Flags().Changed(name) {
			return fmt.Errorf("--%s cannot be given with --resume: a saved game keeps its own", name)
		}
	}
	// the log is checked, reading only, before the terminal is taken
	if err := e.checkResumable(o.resume, sjgame.Spec.Kind); err != nil {
		return err
	}
	in, out, err := e.terminal("felt shengji --resume")
	if err != nil {
		return err
	}
	rec, file, err := table.OpenLog(o.resume, sjgame.Spec) // its errors name the file
	if err != nil {
		return err
	}
	defer file.Close()
	if rec.Engine.Over() || rec.Forfeited {
		return fmt.Errorf("%s: that game is over", o.resume)
	}
	seat := slices.Index(rec.Names, "human")
	if seat < 0 {
		if !o.autoplay {
			return fmt.Errorf("%s: nobody plays in person at that table (players %s); watch it go on with --autoplay", o.resume, plain.Text(strings.Join(rec.Names, ", ")))
		}
		seat = 0
	}
	ctx := cmd.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	var skipped []string
	for i, n := range rec.Names {
		if strings.HasPrefix(n, "exec:") && (i != seat || o.autoplay) {
			skipped = append(skipped, fmt.Sprint(i))
		}
	}
	o.note = ""
	if len(skipped) > 0 {
		o.note = fmt.Sprintf("A saved game never starts a program: %s plays seat(s) %s.", sjtui.Fallback, strings.Join(skipped, ", "))
	}
	return e.shengjiScreen(ctx, o, sjtui.Setup{Seat: shengji.Seat(seat), Level: sjtui.Fallback, Autoplay: o.autoplay, Log: file, Resume: rec}, in, out, o.resume, file)
}

// shengjiScreen runs the table and the screen until the person quits.
func (e *env) shengjiScreen(ctx context.Context, o *shengjiPlayOptions, setup sjtui.Setup, in, out *os.File, path string, file *os.File) error {
	ctx, stop := context.WithCancelCause(ctx)
	cancel := func() { stop(errQuit) } // the person quit: the abandon line says so
	defer cancel()
	seat, seed := setup.Seat, setup.Seed
	b, err := sjtui.Start(ctx, setup)
	if err != nil {
		return err
	}
	m := sjtui.New(b, seat, sjtui.Options{
		Note:  o.note,
		Look:  sjtui.Look{ASCII: o.ascii, NoColor: os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb"},
		Delay: o.delay, DealDelay: o.dealDelay, Autoplay: o.autoplay, Seed: seed,
	})
	p := tea.NewProgram(m, tea.WithContext(ctx), tea.WithInput(in), tea.WithOutput(out))
	final, runErr := p.Run()
	cancel()
	b.Wait()
	closeErr := file.Close()
	if runErr != nil && !errors.Is(runErr, tea.ErrProgramKilled) && !errors.Is(runErr, tea.ErrInterrupted) {
		return fmt.Errorf("%w (the table log is in %s)", runErr, path)
	}
	if closeErr != nil {
		return fmt.Errorf("writing the table log %s: %w", path, closeErr)
	}
	fm, _ := final.(sjtui.Model)
	res, _, done := fm.Done()
	if done && res.Over {
		fmt.Fprintf(e.stdout, "The game is over after %d hands: %s.\n", res.Hands, gameResult(fm.Observation().Rules, res.Outcome))
	} else {
		fmt.Fprintf(e.stdout, "Game left at hand %d. Go on with it: %s shengji --resume %s\n", fm.Observation().HandNumber, e.self, shellQuote(path))
	}
	fmt.Fprintf(e.stdout, "The table log is in %s (check it with: %s replay verify %s)\n", path, e.self, shellQuote(path))
	return nil
}

// levelName writes a team's level from the table's outcome (the ace 14).
func levelName(n int) string {
	switch {
	case n == 14 || n == 1:
		return "A"
	case n >= 2 && n <= 13:
		return shengji.LevelString(card.Rank(n))
	}
	return fmt.Sprint(n)
}

// newShengjiFile makes a new table log file in dir named by the time.
func newShengjiFile(dir string, now time.Time) (string, *os.File, error) {
	base := "shengji-" + now.Format("20060102-150405")
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
			return "", nil, fmt.Errorf("cannot make the table log: %w", err)
		}
	}
	return "", nil, fmt.Errorf("cannot make the table log: %s*.jsonl are all taken", filepath.Join(dir, base))
}

// gameResult says who won a finished game and the levels: by team at the
// standard table, by seat at any other.
func gameResult(r shengji.Rules, res table.Outcome) string {
	n := r.NumPlayers()
	if n == shengji.NumSeats && r.Calls() == 0 {
		w := winningTeam(res.Winners)
		return fmt.Sprintf("team %d (seats %d and %d) won; levels %s and %s", w, w, w+2, levelName(res.Scores[0]), levelName(res.Scores[1]))
	}
	var won, levels []string
	for s := range table.Seat(n) {
		if res.Winners.Has(s) {
			won = append(won, fmt.Sprint(s))
		}
		levels = append(levels, fmt.Sprintf("seat %d %s", s, levelName(res.Scores[s])))
	}
	return fmt.Sprintf("seats %s won; levels: %s", strings.Join(won, ", "), strings.Join(levels, ", "))
}

// shengjiText plays computers in every seat and prints the game trick by trick,
// writing its table log to file (at path): where it is goes to stderr, so
// that the same seed prints the same game.
func (e *env) shengjiText(ctx context.Context, r shengji.Rules, seed uint64, level, id, path string, file *os.File) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	pr := &textPrinter{w: e.stdout, rules: r}
	b, err := sjtui.Start(ctx, sjtui.Setup{ID: id, Seat: 0, Level: level, Seed: seed, Rules: r, Autoplay: true, Spectator: pr, Log: file})
	if err != nil {
		return err
	}
	if n := r.NumPlayers(); n == shengji.NumSeats && r.Calls() == 0 {
		fmt.Fprintf(e.stdout, "Shengji, four %s players, seed %d\n", level, seed)
	} else {
		fmt.Fprintf(e.stdout, "Shengji, %d %s players, %d packs, seed %d\n", n, level, r.Packs(), seed)
	}
	for {
		switch msg := b.Next().(type) {
		case sjtui.DoneMsg:
			b.Wait()
			if err := file.Close(); err != nil {
				return fmt.Errorf("writing the table log %s: %w", path, err)
			}
			fmt.Fprintf(e.stderr, "The table log is in %s (check it with: %s replay verify %s)\n", path, e.self, shellQuote(path))
			if msg.Err != nil {
				return msg.Err
			}
			fmt.Fprintf(e.stdout, "Game over after %d hands: %s.\n", msg.Result.Hands, gameResult(r, msg.Result.Outcome))
			return pr.err
		}
	}
}

// textPrinter writes what a spectator sees of a game as text.
type textPrinter struct {
	w     io.Writer
	rules shengji.Rules
	trick []string
	n     int
	err   error
}

func (p *textPrinter) printf(format string, a ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format, a...)
	}
}

// Event prints one event.
func (p *textPrinter) Event(_ table.Seat, ev shengji.Event) {
	switch ev.Kind {
	case shengji.HandEvent:
		p.n = 0
		if n := p.rules.NumPlayers(); n != shengji.NumSeats || p.rules.Calls() > 0 {
			var ls []string
			for s := range n {
				ls = append(ls, shengji.LevelString(ev.SeatLevels[s]))
			}
			p.printf("\nHand %d: dealer seat %d, level %s (seats at %s)\n", ev.Hand, ev.Seat, shengji.LevelString(ev.Level), strings.Join(ls, " "))
			break
		}
		p.printf("\nHand %d: dealer seat %d, level %s (team 0 at %s, team 1 at %s)\n", ev.Hand, ev.Seat,
			shengji.LevelString(ev.Level), shengji.LevelString(ev.Levels[0]), shengji.LevelString(ev.Levels[1]))
	case shengji.DeclareEvent:
		p.printf("  seat %d declares %s\n", ev.Seat, ev.Cards)
	case shengji.PassEvent:
		p.printf("  seat %d passes\n", ev.Seat)
	case shengji.BuryEvent:
		p.printf("  seat %d buries the kitty\n", ev.Seat)
	case shengji.CallEvent:
		var cs []string
		for _, c := range ev.Calls[:min(ev.NCalls, shengji.MaxCalls)] {
			cs = append(cs, c.String())
		}
		p.printf("  seat %d calls %s\n", ev.Seat, strings.Join(cs, ", "))
	case shengji.PlayEvent:
		s := fmt.Sprintf("%d: %s", ev.Seat, ev.Cards)
		if !ev.Attempt.IsEmpty() {
			s = fmt.Sprintf("%d: %s (failed throw of %s)", ev.Seat, ev.Cards, ev.Attempt)
		}
		p.trick = append(p.trick, s)
		if ev.TrickDone {
			p.n++
			p.printf("  trick %2d  %s  -> seat %d, %d points\n", p.n, strings.Join(p.trick, ", "), ev.Winner, ev.Points)
			p.trick = p.trick[:0]
		}
	}
	if ev.Settled {
		t := "no trump suit"
		if !ev.Trump.IsNoTrump() {
			t = ev.Trump.Suit.Name() + " (" + ev.Trump.Suit.String() + ") are trumps"
		}
		p.printf("  %s at level %s; seat %d is the banker\n", t, shengji.LevelString(ev.Trump.Level), ev.Banker)
	}
	if ev.HandOver {
		sc := ev.Score
		what := fmt.Sprintf("the bankers keep the bank, up %d", sc.LevelsUp)
		if !sc.BankersKeep {
			what = fmt.Sprintf("the attackers take the bank, up %d", sc.LevelsUp)
		}
		if p.rules.Calls() > 0 {
			what += fmt.Sprintf("; the banker's side %s", sc.Side(p.rules))
		}
		p.printf("  hand %d over: kitty %s (%d points, x%d); attackers %d points; %s\n", ev.Hand, ev.Kitty, sc.KittyPoints, sc.KittyMultiplier, sc.AttackerPoints, what)
	}
}

// Notice prints a table notice.
func (p *textPrinter) Notice(n table.Notice) { p.printf("  %s\n", n) }

// shengjiReplayView steps through a Shengji table log full screen; ok is
// false when path is not one (the caller shows a Gin Rummy log).
func (e *env) shengjiReplayView(cmd *cobra.Command, path string, ascii bool) (ok bool, err error) {
	if !isTableLogFile(path) {
		return false, nil
	}
	f, err := userfile.Open(path)
	if err != nil {
		return false, nil
	}
	defer f.Close()
	var h struct {
		Game string `json:"game"`
	}
	line, _ := bufio.NewReaderSize(io.LimitReader(f, table.MaxLogLine), 64<<10).ReadSlice('\n')
	if json.Unmarshal(line, &h) != nil || h.Game != sjgame.Spec.Kind {
		return false, nil
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return true, err
	}
	m, err := sjtui.LoadReplay(f, filepath.Base(path), sjtui.Look{ASCII: ascii, NoColor: os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb"})
	if err != nil {
		return true, fmt.Errorf("%s: %w", path, err)
	}
	in, out, err := e.terminal("felt replay view")
	if err != nil {
		return true, err
	}
	ctx := cmd.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	_, err = tea.NewProgram(m, tea.WithContext(ctx), tea.WithInput(in), tea.WithOutput(out)).Run()
	if err != nil && !errors.Is(err, tea.ErrProgramKilled) && !errors.Is(err, tea.ErrInterrupted) {
		return true, err
	}
	return true, nil
}

// winningTeam is the Shengji team (0 for seats 0 and 2, 1 for 1 and 3)
// of a game's winners.
func winningTeam(ws table.Seats) int {
	first, _ := ws.First(0)
	return int(first) & 1
}

func init() {
	resumers[sjgame.Game.Name] = resumer{command: "shengji --resume", outside: "never starts it (" + sjtui.Fallback + " plays it)"}
}
