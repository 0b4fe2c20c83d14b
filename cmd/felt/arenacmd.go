package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"felt/arena"

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
	var rulesArg, roundRobin string
	var asJSON bool
	var game int
	c := &cobra.Command{
		Use:   "arena",
		Short: "Play seeded matches between players and measure them",
		Long: `Plays games in mirrored pairs (the same deals with the seats swapped) between
players A and B and reports win rates with 95% intervals (each mirrored pair one
sample), points, how hands end and decision times. Players are built-in levels
(random, simple, easy, normal, hard) or exec:COMMAND for an outside program.
Every game is reproducible from --seed and its number (--game N replays one).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			r, err := loadRules(rulesArg)
			if err != nil {
				return err
			}
			cfg.Rules = r
			if cfg.Parallel <= 0 {
				cfg.Parallel = runtime.NumCPU()
			}
			ctx := cmd.Context()
			if game >= 0 {
				rec := arena.PlayGame(ctx, cfg, game)
				if rec.Err != nil {
					return rec.Err
				}
				s := arena.Summarize(cfg.A, cfg.B, []arena.GameRecord{rec})
				if asJSON {
					return json.NewEncoder(e.stdout).Encode(s)
				}
				fmt.Fprintf(e.stdout, "game %d (A in seat %d): %s won %d-%d\n", game, rec.ASeat, map[bool]string{true: "A", false: "B"}[rec.AWon], rec.AScore, rec.BScore)
				if rec.Forfeit {
					fmt.Fprintf(e.stdout, "forfeit: %s\n", rec.Reason)
				}
				return nil
			}
			if roundRobin != "" {
				return e.roundRobin(cmd, cfg, strings.Split(roundRobin, ","), asJSON)
			}
			start := time.Now()
			recs, err := e.runMatch(cmd, cfg, "")
			if err != nil {
				return err
			}
			s := arena.Summarize(cfg.A, cfg.B, recs)
			if asJSON {
				return json.NewEncoder(e.stdout).Encode(s)
			}
			s.Print(e.stdout)
			fmt.Fprintf(e.stdout, "  %.1f s, %.0f games a second on %d workers\n", time.Since(start).Seconds(), float64(len(recs))/time.Since(start).Seconds(), cfg.Parallel)
			return nil
		},
	}
	f := c.Flags()
	f.StringVar(&cfg.A, "a", "hard", "player A")
	f.StringVar(&cfg.B, "b", "simple", "player B")
	f.IntVar(&cfg.Games, "games", 200, "games to play (rounded up to an even number)")
	f.Uint64Var(&cfg.Seed, "seed", 1, "match seed")
	f.IntVar(&cfg.Parallel, "parallel", 0, "games played at once (default: the number of CPUs)")
	f.StringVar(&rulesArg, "rules", "eaai", "rules: a preset (standard, eaai) or a JSON file")
	f.StringVar(&cfg.SaveDir, "save", "", "write each game's replay log into this directory")
	f.BoolVar(&asJSON, "json", false, "print one JSON object")
	f.StringVar(&roundRobin, "round-robin", "", "comma-separated players: play every pairing, print a cross table and Elo ratings")
	f.DurationVar(&cfg.Timeout, "timeout", 10*time.Second, "how long an outside program may take to answer")
	f.IntVar(&game, "game", -1, "play only this game number of the match (to reproduce it)")
	return c
}

func (e *env) runMatch(cmd *cobra.Command, cfg arena.Config, label string) ([]arena.GameRecord, error) {
	if cfg.Games%2 == 1 {
		cfg.Games++
	}
	if isTerminal(e.stderr) {
		desc := label
		if desc == "" {
			desc = cfg.A + " vs " + cfg.B
		}
		bar := progressbar.NewOptions(cfg.Games, progressbar.OptionSetWriter(e.stderr), progressbar.OptionSetDescription(desc),
			progressbar.OptionShowCount(), progressbar.OptionSetPredictTime(true), progressbar.OptionClearOnFinish(),
			progressbar.OptionThrottle(100*time.Millisecond))
		cfg.Progress = func(done int) { _ = bar.Set(done) }
		defer bar.Finish()
	}
	return arena.Run(cmd.Context(), cfg)
}

func (e *env) roundRobin(cmd *cobra.Command, cfg arena.Config, players []string, asJSON bool) error {
	for i := range players {
		players[i] = strings.TrimSpace(players[i])
	}
	if len(players) < 2 {
		return fmt.Errorf("--round-robin needs at least two players")
	}
	var sums []arena.Summary
	for i := 0; i < len(players); i++ {
		for j := i + 1; j < len(players); j++ {
			c := cfg
			c.A, c.B = players[i], players[j]
			if c.SaveDir != "" {
				c.SaveDir = fmt.Sprintf("%s/%s-vs-%s", cfg.SaveDir, sanitize(c.A), sanitize(c.B))
			}
			recs, err := e.runMatch(cmd, c, c.A+" vs "+c.B)
			if err != nil {
				return err
			}
			s := arena.Summarize(c.A, c.B, recs)
			sums = append(sums, s)
			if !asJSON {
				fmt.Fprintf(e.stdout, "%s vs %s: %.1f%% [%.1f%%, %.1f%%] over %d games\n", c.A, c.B, 100*s.AWinRate, 100*s.CI95Low, 100*s.CI95High, s.Games)
			}
		}
	}
	rr := arena.NewRoundRobin(players, sums)
	if asJSON {
		return json.NewEncoder(e.stdout).Encode(struct {
			arena.RoundRobin
			Matches []arena.Summary `json:"matches"`
		}{rr, sums})
	}
	fmt.Fprintln(e.stdout)
	rr.Print(e.stdout)
	return nil
}

func sanitize(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			return r
		}
		return '_'
	}, s)
}
