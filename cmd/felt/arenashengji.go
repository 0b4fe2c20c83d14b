package main

import (
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
	"felt/shengji"
	"felt/shengji/sjbot"

	"github.com/spf13/cobra"
)

// parseArenaGame reads --game: gin or shengji. A number was once a game
// of the match to play alone: that is --replay now, and the error says so.
func parseArenaGame(arg string) (shengjiGame bool, err error) {
	switch arg {
	case "gin":
		return false, nil
	case "shengji":
		return true, nil
	}
	if _, err := strconv.Atoi(arg); err == nil {
		return false, fmt.Errorf("--game %s: --game names the game (gin or shengji); to play game %s of the match alone, give --replay %s", arg, arg, arg)
	}
	return false, fmt.Errorf("--game %q: want gin or shengji", arg)
}

// checkShengjiPlayer refuses a name that is neither a Shengji level (see
// sjbot.Levels) nor exec:COMMAND, naming it.
func checkShengjiPlayer(name string) error {
	if command, ok := strings.CutPrefix(name, "exec:"); ok {
		if strings.TrimSpace(command) == "" {
			return fmt.Errorf("player %q names no program", name)
		}
		return nil
	}
	if !slices.Contains(sjbot.Levels(), name) {
		return fmt.Errorf("no Shengji player %q (have %s or exec:COMMAND)", name, strings.Join(sjbot.Levels(), ", "))
	}
	return nil
}

// shengjiRoundRobinPlayers reads --round-robin for Shengji: two or more
// distinct players, each a level or exec:COMMAND.
func shengjiRoundRobinPlayers(arg string) ([]string, error) {
	players := strings.Split(arg, ",")
	seen := map[string]bool{}
	for i, p := range players {
		p = strings.TrimSpace(p)
		if p == "" {
			return nil, fmt.Errorf("--round-robin %q: player %d has no name", arg, i+1)
		}
		if err := checkShengjiPlayer(p); err != nil {
			return nil, fmt.Errorf("--round-robin: %w", err)
		}
		if seen[p] {
			return nil, fmt.Errorf("--round-robin %q: %q named twice", arg, p)
		}
		seen[p] = true
		players[i] = p
	}
	if len(players) < 2 {
		return nil, fmt.Errorf("--round-robin %q: want at least two players", arg)
	}
	return players, nil
}

// shengjiArena plays a Shengji match between two teams, or with
// --round-robin every pairing of several.
func (e *env) shengjiArena(cmd *cobra.Command, g arena.Config, rulesArg, roundRobin string, asJSON bool, game int) error {
	f := cmd.Flags()
	var players []string
	if f.Changed("round-robin") {
		var err error
		if players, err = shengjiRoundRobinPlayers(roundRobin); err != nil {
			return err
		}
	}
	cfg := arena.ShengjiConfig{A: g.A, B: g.B, Games: g.Games, Seed: g.Seed, Parallel: g.Parallel, Rules: shengji.Standard(), SaveDir: g.SaveDir}
	if !f.Changed("a") {
		cfg.A = "greedy"
	}
	if !f.Changed("b") {
		cfg.B = "random"
	}
	for _, flag := range []string{"--a", "--b"} {
		name := map[string]string{"--a": cfg.A, "--b": cfg.B}[flag]
		if err := checkShengjiPlayer(name); err != nil {
			return fmt.Errorf("%s: %w", flag, err)
		}
	}
	if g.Timeout <= 0 {
		return fmt.Errorf("--timeout %v: want a positive duration", g.Timeout)
	}
	cfg.Timeout = g.Timeout
	if cfg.Games < 1 || cfg.Games > arena.MaxGames {
		return fmt.Errorf("--games %d: want 1 to %d", cfg.Games, arena.MaxGames)
	}
	if cfg.Parallel < 0 {
		return fmt.Errorf("--parallel %d: want 0 (one game per CPU) or more", cfg.Parallel)
	}
	if cfg.Parallel == 0 {
		cfg.Parallel = runtime.NumCPU()
	}
	if f.Changed("rules") {
		r, err := shengji.ResolveRules(rulesArg)
		if err != nil {
			return fmt.Errorf("--rules: %w", err)
		}
		cfg.Rules = r
	}
	if err := checkReplay(game, f.Changed("replay"), cfg.Games+cfg.Games%2, cfg.Games, players != nil); err != nil {
		return err
	}
	if f.Changed("replay") {
		return e.shengjiReplay(cmd, cfg, game, asJSON)
	}
	if players != nil {
		return e.shengjiRoundRobin(cmd, cfg, players, asJSON)
	}
	start := time.Now()
	recs, err := e.runShengjiMatch(cmd, cfg, "")
	if err != nil {
		return err
	}
	s := arena.SummarizeShengji(cfg.A, cfg.B, recs)
	if asJSON {
		return json.NewEncoder(e.stdout).Encode(s)
	}
	s.Print(e.stdout)
	fmt.Fprintf(e.stdout, "  %s\n", matchPace(len(recs), time.Since(start), cfg.Parallel))
	return nil
}

// shengjiReplay plays game alone, the same game as in the whole match.
func (e *env) shengjiReplay(cmd *cobra.Command, cfg arena.ShengjiConfig, game int, asJSON bool) error {
	if cfg.SaveDir != "" {
		if err := os.MkdirAll(cfg.SaveDir, 0o755); err != nil {
			return err
		}
	}
	rec := arena.PlayShengjiGame(cmd.Context(), cfg, game)
	if rec.Err != nil {
		return rec.Err
	}
	if asJSON {
		return json.NewEncoder(e.stdout).Encode(arena.SummarizeShengji(cfg.A, cfg.B, []arena.ShengjiGame{rec}))
	}
	won := map[bool]string{true: "A", false: "B"}[rec.AWon]
	if rec.Forfeit {
		fmt.Fprintf(e.stdout, "game %d (A in seats %d and %d): %s won by forfeit: %s\n", game, rec.ATeam, rec.ATeam+2, won, rec.Reason)
		return nil
	}
	fmt.Fprintf(e.stdout, "game %d (A in seats %d and %d): %s won after %s; final levels A %s, B %s\n", game, rec.ATeam, rec.ATeam+2, won,
		arena.Count(len(rec.Hands), "hand"), levelName(rec.ALevel), levelName(rec.BLevel))
	return nil
}

// runShengjiMatch plays one Shengji match with a progress bar on a
// terminal, progress lines otherwise.
func (e *env) runShengjiMatch(cmd *cobra.Command, cfg arena.ShengjiConfig, label string) ([]arena.ShengjiGame, error) {
	n := cfg.Games + cfg.Games%2
	if label == "" {
		label = "shengji"
	}
	var finish func()
	cfg.Progress, finish = e.progress(n, cfg.A+" vs "+cfg.B, label)
	defer finish()
	return arena.RunShengji(cmd.Context(), cfg)
}

// shengjiRoundRobin plays a Shengji match for every pairing of players
// and reports each, then the cross table and Elo ratings.
func (e *env) shengjiRoundRobin(cmd *cobra.Command, cfg arena.ShengjiConfig, players []string, asJSON bool) error {
	return roundRobinOf(e, players, cfg.SaveDir, asJSON, func(a, b, dir string) (arena.ShengjiSummary, error) {
		c := cfg
		c.A, c.B, c.SaveDir = a, b, dir
		recs, err := e.runShengjiMatch(cmd, c, "shengji "+c.A+" vs "+c.B)
		return arena.SummarizeShengji(c.A, c.B, recs), err
	}, func(s arena.ShengjiSummary) string {
		return fmt.Sprintf("%s vs %s: %.1f%% [%.1f%%, %.1f%%] over %d games; levels per hand %.3f to %.3f, bank held %.1f%% to %.1f%%, attackers reached %d in %.1f%% of hands",
			s.A, s.B, 100*s.AWinRate, 100*s.CI95Low, 100*s.CI95High, s.Games, s.ALevelsHand, s.BLevelsHand,
			100*s.ABankRate, 100*s.BBankRate, arena.AttackersTarget, 100*s.Attackers80)
	}, arena.NewShengjiRoundRobin)
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
