package main

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"felt/arena"
	"felt/shengji"
	"felt/shengji/sjbot"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

// parseArenaGame reads --game: a game number (Gin Rummy's game to replay),
// gin, or shengji.
func parseArenaGame(arg string) (n int, shengjiGame, numbered bool, err error) {
	switch arg {
	case "gin":
		return 0, false, false, nil
	case "shengji":
		return 0, true, false, nil
	}
	n, err = strconv.Atoi(arg)
	if err != nil {
		return 0, false, false, fmt.Errorf("--game %q: want a game number, gin or shengji", arg)
	}
	return n, false, true, nil
}

// shengjiArena plays a Shengji match between two built-in levels.
func (e *env) shengjiArena(cmd *cobra.Command, g arena.Config, rulesArg string, asJSON bool) error {
	f := cmd.Flags()
	for _, name := range []string{"round-robin"} {
		if f.Changed(name) {
			return fmt.Errorf("--%s: not yet for Shengji", name)
		}
	}
	cfg := arena.ShengjiConfig{A: g.A, B: g.B, Games: g.Games, Seed: g.Seed, Parallel: g.Parallel, Rules: shengji.Standard(), SaveDir: g.SaveDir}
	if !f.Changed("a") {
		cfg.A = "greedy"
	}
	if !f.Changed("b") {
		cfg.B = "random"
	}
	for flag, name := range map[string]string{"--a": cfg.A, "--b": cfg.B} {
		if command, ok := strings.CutPrefix(name, "exec:"); ok {
			if strings.TrimSpace(command) == "" {
				return fmt.Errorf("%s: player %q names no program", flag, name)
			}
			continue
		}
		if !slices.Contains(sjbot.Levels(), name) {
			return fmt.Errorf("%s: no Shengji player %q (have %s or exec:COMMAND)", flag, name, strings.Join(sjbot.Levels(), ", "))
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
	n := cfg.Games + cfg.Games%2
	if isTerminal(e.stderr) {
		bar := progressbar.NewOptions(n, progressbar.OptionSetWriter(e.stderr), progressbar.OptionSetDescription(cfg.A+" vs "+cfg.B),
			progressbar.OptionShowCount(), progressbar.OptionSetPredictTime(true), progressbar.OptionClearOnFinish(),
			progressbar.OptionThrottle(100*time.Millisecond))
		cfg.Progress = func(done int) { _ = bar.Set(done) }
		defer bar.Finish()
	} else {
		cfg.Progress = progressLines(e.stderr, "shengji", "", n)
	}
	start := time.Now()
	recs, err := arena.RunShengji(cmd.Context(), cfg)
	if err != nil {
		return err
	}
	s := arena.SummarizeShengji(cfg.A, cfg.B, recs)
	if asJSON {
		return json.NewEncoder(e.stdout).Encode(s)
	}
	s.Print(e.stdout)
	fmt.Fprintf(e.stdout, "  %.1f s, %.0f games a second on %d workers\n", time.Since(start).Seconds(), float64(len(recs))/time.Since(start).Seconds(), cfg.Parallel)
	return nil
}

// ginTableArena plays a Gin Rummy match of built-in levels through the
// table driver.
func (e *env) ginTableArena(cmd *cobra.Command, cfg arena.Config, gameSet, roundRobin, asJSON bool) error {
	switch {
	case gameSet:
		return fmt.Errorf("--table: not with --game N yet")
	case roundRobin:
		return fmt.Errorf("--table: not with --round-robin yet")
	case cfg.SaveDir != "":
		return fmt.Errorf("--table: not with --save yet")
	case strings.HasPrefix(cfg.A, "exec:") || strings.HasPrefix(cfg.B, "exec:"):
		return fmt.Errorf("--table: built-in levels only (outside programs are not on the table yet)")
	}
	if !isTerminal(e.stderr) {
		cfg.Progress = progressLines(e.stderr, "", cfg.A+" vs "+cfg.B, cfg.Games+cfg.Games%2)
	}
	start := time.Now()
	recs, err := arena.RunGinTable(cmd.Context(), cfg)
	if err != nil {
		return err
	}
	s := arena.Summarize(cfg.A, cfg.B, recs)
	if asJSON {
		return json.NewEncoder(e.stdout).Encode(s)
	}
	s.Print(e.stdout)
	fmt.Fprintf(e.stdout, "  %.1f s, %.0f games a second on %d workers, through the table driver\n", time.Since(start).Seconds(), float64(len(recs))/time.Since(start).Seconds(), cfg.Parallel)
	return nil
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
