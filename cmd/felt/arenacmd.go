package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"felt/arena"
	"felt/games"
	"felt/internal/plain"
	"felt/table"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func (e *env) arenaCmd() *cobra.Command {
	var cfg arena.Config
	var rulesArg, roundRobin, gameArg string
	var asJSON bool
	var game int // --replay
	c := &cobra.Command{
		Use:   "arena",
		Short: "Play seeded matches between players and measure them",
		Long: `Plays games of one game (--game: ` + strings.Join(games.Names(), ", ") + `) in mirrored pairs
(the same deals with the sides swapped) between players A and B and reports
win rates with 95% intervals (each mirrored pair one sample), scores in the
game's terms, hands won, the game's own figures of how hands end, and decision
times. A plays the even seats in even games and the odd seats in odd ones (seat
0 of two, the team of seats 0 and 2 of four). Players are the game's built-in
levels or exec:COMMAND for an outside program speaking protocol version 2
(docs/protocol.md), each worker keeping its programs from game to game. Every
game is reproducible from --seed and its number (--replay N plays one).
--round-robin plays every pairing of several players and prints Elo ratings.

Levels:
` + arenaLevels(),
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			f := cmd.Flags()
			g, err := arenaGame(gameArg)
			if err != nil {
				return err
			}
			info := g.About()
			cfg.Game = g
			if !f.Changed("a") {
				cfg.A = cmp.Or(info.HintLevel, info.Default)
			}
			if !f.Changed("b") {
				cfg.B = cmp.Or(info.FastLevel, info.Default)
			}
			replay := f.Changed("replay")
			players, err := checkArenaFlags(info, cfg, game, replay, roundRobin, f.Changed("round-robin"))
			if err != nil {
				return err
			}
			if !f.Changed("rules") {
				rulesArg = info.MatchPreset
			}
			if cfg.Options, err = gameRules(g, rulesArg); err != nil {
				return fmt.Errorf("--rules: %w", err)
			}
			cfg.MaxHands = maxArenaHands
			if cfg.Parallel <= 0 {
				cfg.Parallel = runtime.NumCPU()
			}
			ctx := cmd.Context()
			if replay {
				if cfg.SaveDir != "" {
					if err := os.MkdirAll(cfg.SaveDir, 0o755); err != nil {
						return err
					}
				}
				rec := arena.PlayGame(ctx, cfg, game)
				if rec.Err != nil {
					return rec.Err
				}
				if asJSON {
					return json.NewEncoder(e.stdout).Encode(arena.Summarize(g, cfg.A, cfg.B, []arena.GameRecord{rec}))
				}
				won := map[bool]string{true: "A", false: "B"}[rec.AWon]
				if rec.Forfeit {
					fmt.Fprintf(e.stdout, "game %d (A in %s): %s won by forfeit: %s\n", game, seatsText(rec.ASeats), won, plain.Text(rec.Reason))
					return nil
				}
				result := won + " won"
				if rec.Draw {
					result = "drawn"
				}
				fmt.Fprintf(e.stdout, "game %d (A in %s): %s after %s; final %s A %g, B %g\n", game, seatsText(rec.ASeats), result,
					arena.Count(len(rec.Hands), "hand"), info.Score, rec.AScore, rec.BScore)
				return nil
			}
			if players != nil {
				return e.roundRobin(cmd, cfg, players, asJSON)
			}
			start := time.Now()
			recs, err := e.runMatch(cmd, cfg, "")
			if err != nil {
				return err
			}
			s := arena.Summarize(g, cfg.A, cfg.B, recs)
			if asJSON {
				return json.NewEncoder(e.stdout).Encode(s)
			}
			s.Print(e.stdout)
			fmt.Fprintf(e.stdout, "  %s\n", matchPace(len(recs), time.Since(start), cfg.Parallel))
			return nil
		},
	}
	f := c.Flags()
	f.StringVar(&cfg.A, "a", "", "player A (default the game's hint level: hard)")
	f.StringVar(&cfg.B, "b", "", "player B (default the game's quickest level: simple for Gin Rummy, greedy for Shengji)")
	f.IntVar(&cfg.Games, "games", 200, "games to play (rounded up to an even number)")
	f.Uint64Var(&cfg.Seed, "seed", 1, "match seed")
	f.IntVar(&cfg.Parallel, "parallel", 0, "games played at once (default: the number of CPUs)")
	f.StringVar(&rulesArg, "rules", "", "rules: a preset of the game, a JSON object, or a JSON file (default the game's match preset: eaai for Gin Rummy, standard for Shengji)")
	f.StringVar(&cfg.SaveDir, "save", "", "write each game's table log into this directory")
	f.BoolVar(&asJSON, "json", false, "print one JSON object")
	f.StringVar(&roundRobin, "round-robin", "", "comma-separated players: play every pairing, print a cross table and Elo ratings")
	f.DurationVar(&cfg.Timeout, "timeout", 10*time.Second, "how long an outside program may take to answer")
	f.StringVar(&gameArg, "game", "gin", "the game: "+strings.Join(games.Names(), ", "))
	f.IntVar(&game, "replay", 0, "play only this game of the match, numbered from 0, to reproduce it (its log with --save)")
	c.MarkFlagsMutuallyExclusive("a", "round-robin")
	c.MarkFlagsMutuallyExclusive("b", "round-robin")
	return c
}

// maxArenaHands ends a game of a match still going after so many hands
// (an error: a game that cannot end).
const maxArenaHands = 1000

// arenaGame reads --game: a registered game. A number was once a game of
// the match to play alone: that is --replay now, and the error says so.
func arenaGame(arg string) (games.Game, error) {
	g, err := games.Lookup(arg)
	if err == nil {
		return g, nil
	}
	if _, nerr := strconv.Atoi(arg); nerr == nil {
		return nil, fmt.Errorf("--game %s: --game names the game (%s); to play game %s of the match alone, give --replay %s", arg, strings.Join(games.Names(), " or "), arg, arg)
	}
	return nil, fmt.Errorf("--game: %w", err)
}

// gameRules returns a game's options from --rules: one of its presets, a
// JSON object, or a JSON file; the game's engine must accept them.
func gameRules(g games.Game, arg string) (json.RawMessage, error) {
	info := g.About()
	if arg == "" || slices.Contains(info.PresetNames(), arg) {
		return g.Rules(arg)
	}
	data := []byte(strings.TrimSpace(arg))
	if !bytes.HasPrefix(data, []byte("{")) {
		var err error
		if data, err = readRulesFile(arg, info.PresetNames()); err != nil {
			return nil, fmt.Errorf("rules %w", err)
		}
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, data); err != nil {
		return nil, fmt.Errorf("rules %q: not JSON: %w", clipArg(arg), err)
	}
	if _, err := g.Any().Spec.New(0, buf.Bytes()); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// clipArg shortens a long argument for a message.
func clipArg(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

// matchPace says how long a match of n games took and how fast it went:
// "12.5 s, 16 games a second on 2 workers", "1 game a second", "0.4 games
// a second on 1 worker".
func matchPace(n int, d time.Duration, workers int) string {
	rate := "0"
	if s := d.Seconds(); s > 0 {
		r := float64(n) / s
		rate = fmt.Sprintf("%.0f", r)
		if r < 9.95 {
			rate = strings.TrimSuffix(fmt.Sprintf("%.1f", r), ".0")
		}
	}
	games := "games"
	if rate == "1" {
		games = "game"
	}
	return fmt.Sprintf("%.1f s, %s %s a second on %s", d.Seconds(), rate, games, arena.Count(workers, "worker"))
}

// checkArenaFlags refuses flag values that make no match, before anything
// is played. It returns the round robin's players (nil without one).
func checkArenaFlags(info games.Info, cfg arena.Config, game int, gameSet bool, roundRobin string, rrSet bool) ([]string, error) {
	if cfg.Games < 1 || cfg.Games > arena.MaxGames {
		return nil, fmt.Errorf("--games %d: want 1 to %d", cfg.Games, arena.MaxGames)
	}
	games := cfg.Games + cfg.Games%2 // whole mirrored pairs
	if err := checkReplay(game, gameSet, games, cfg.Games, rrSet); err != nil {
		return nil, err
	}
	if cfg.Parallel < 0 {
		return nil, fmt.Errorf("--parallel %d: want 0 (one game per CPU) or more", cfg.Parallel)
	}
	if cfg.Timeout <= 0 {
		return nil, fmt.Errorf("--timeout %v: want a positive duration", cfg.Timeout)
	}
	if !rrSet {
		if err := arena.CheckPlayer(info, cfg.A); err != nil {
			return nil, fmt.Errorf("--a: %w", err)
		}
		if err := arena.CheckPlayer(info, cfg.B); err != nil {
			return nil, fmt.Errorf("--b: %w", err)
		}
		return nil, nil
	}
	players := strings.Split(roundRobin, ",")
	seen := map[string]bool{}
	for i, p := range players {
		p = strings.TrimSpace(p)
		if p == "" {
			return nil, fmt.Errorf("--round-robin %q: player %d has no name", roundRobin, i+1)
		}
		if err := arena.CheckPlayer(info, p); err != nil {
			return nil, fmt.Errorf("--round-robin: %w", err)
		}
		if seen[p] {
			return nil, fmt.Errorf("--round-robin %q: %q named twice", roundRobin, p)
		}
		seen[p] = true
		players[i] = p
	}
	if len(players) < 2 {
		return nil, fmt.Errorf("--round-robin %q: want at least two players", roundRobin)
	}
	return players, nil
}

// checkReplay refuses a --replay that names no game of the match (of
// games, asked as --games asked), or comes with a round robin.
func checkReplay(game int, set bool, games, asked int, rrSet bool) error {
	switch {
	case !set:
		return nil
	case rrSet:
		return fmt.Errorf("--replay %d: not with --round-robin (a round robin plays whole matches)", game)
	case game < 0 || game >= games:
		return fmt.Errorf("--replay %d: the match has games 0 to %d (--games %d)", game, games-1, asked)
	}
	return nil
}

// runMatch plays a match, reporting its progress on stderr.
func (e *env) runMatch(cmd *cobra.Command, cfg arena.Config, label string) ([]arena.GameRecord, error) {
	if cfg.Games%2 == 1 {
		cfg.Games++
	}
	desc := label
	if desc == "" {
		desc = cfg.A + " vs " + cfg.B
	}
	var finish func()
	cfg.Progress, finish = e.progress(cfg.Games, desc, desc)
	defer finish()
	return arena.Run(cmd.Context(), cfg)
}

func (e *env) roundRobin(cmd *cobra.Command, cfg arena.Config, players []string, asJSON bool) error {
	return roundRobinOf(e, players, cfg.SaveDir, asJSON, func(a, b, dir string) (arena.Summary, error) {
		c := cfg
		c.A, c.B, c.SaveDir = a, b, dir
		recs, err := e.runMatch(cmd, c, c.A+" vs "+c.B)
		return arena.Summarize(c.Game, c.A, c.B, recs), err
	}, func(s arena.Summary) string {
		return fmt.Sprintf("%s vs %s: %.1f%% [%.1f%%, %.1f%%] over %d games", s.A, s.B, 100*s.AWinRate, 100*s.CI95Low, 100*s.CI95High, s.Games)
	}, arena.NewRoundRobin)
}

// roundRobinOf plays a match for every pairing of players, A before B in
// players' order (each saved under saveDir/A-vs-B when saveDir is set),
// and prints a line for each and then the cross table and Elo ratings, or
// with asJSON one object holding the table, the ratings and every match's
// summary.
func roundRobinOf[S any](e *env, players []string, saveDir string, asJSON bool, match func(a, b, saveDir string) (S, error),
	line func(S) string, table func(players []string, sums []S) arena.RoundRobin) error {
	var sums []S
	for i := 0; i < len(players); i++ {
		for j := i + 1; j < len(players); j++ {
			a, b, dir := players[i], players[j], ""
			if saveDir != "" {
				dir = fmt.Sprintf("%s/%s-vs-%s", saveDir, sanitize(a), sanitize(b))
			}
			s, err := match(a, b, dir)
			if err != nil {
				return err
			}
			sums = append(sums, s)
			if !asJSON {
				fmt.Fprintln(e.stdout, line(s))
			}
		}
	}
	rr := table(players, sums)
	if asJSON {
		return json.NewEncoder(e.stdout).Encode(struct {
			arena.RoundRobin
			Matches []S `json:"matches"`
		}{rr, sums})
	}
	fmt.Fprintln(e.stdout)
	rr.Print(e.stdout)
	return nil
}

// progress reports a match of n games as it is played: a progress bar
// described by desc on a terminal, otherwise a line under label at every
// tenth of the games. Call finish when the match is over.
func (e *env) progress(n int, desc, label string) (progress func(done int), finish func()) {
	if !isTerminal(e.stderr) {
		return progressLines(e.stderr, label, "", n), func() {}
	}
	bar := progressbar.NewOptions(n, progressbar.OptionSetWriter(e.stderr), progressbar.OptionSetDescription(desc),
		progressbar.OptionShowCount(), progressbar.OptionSetPredictTime(true), progressbar.OptionClearOnFinish(),
		progressbar.OptionThrottle(100*time.Millisecond))
	return func(done int) { _ = bar.Set(done) }, func() { _ = bar.Finish() }
}

func sanitize(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			return r
		}
		return '_'
	}, s)
}

// progressLines returns a Progress that writes a line to w at every tenth
// of n games (for a match's output that is not a terminal: a log, a pipe).
func progressLines(w io.Writer, label, alt string, n int) func(done int) {
	if label == "" {
		label = alt
	}
	step := max(n/10, 1)
	return func(done int) {
		if done%step == 0 || done == n {
			fmt.Fprintf(w, "%s: %d of %d games\n", label, done, n)
		}
	}
}

// seatsText says a set of seats as a person would: "seat 1", "seats 1
// and 3", "seats 0, 2 and 4".
func seatsText(m table.Seats) string {
	var ss []string
	for s := range m.All() {
		ss = append(ss, strconv.Itoa(int(s)))
	}
	switch len(ss) {
	case 0:
		return "no seat"
	case 1:
		return "seat " + ss[0]
	}
	return "seats " + strings.Join(ss[:len(ss)-1], ", ") + " and " + ss[len(ss)-1]
}

// arenaLevels lists every registered game's built-in levels, one line a
// game, for the help.
func arenaLevels() string {
	var b strings.Builder
	for _, g := range games.All() {
		i := g.About()
		fmt.Fprintf(&b, "  %s: %s\n", i.Name, strings.Join(i.MatchLevelNames(), ", "))
	}
	return strings.TrimSuffix(b.String(), "\n")
}
