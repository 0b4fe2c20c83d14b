package main

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strings"

	"felt/arena"
	"felt/internal/bench"

	"github.com/spf13/cobra"
)

// measure is what felt bench measures. Tests replace it to see that bad
// flags are refused before any measuring starts.
var measure = bench.Run

func (e *env) benchCmd() *cobra.Command {
	var asJSON bool
	o := bench.DefaultOptions()
	c := &cobra.Command{
		Use:   "bench",
		Short: "Measure the engine's speed (hands per second on one core)",
		Long: `Measures the meld solver on one core over fresh random hands (generated from a
fixed seed before timing, each solved once): deadwood of 10 cards (melds10),
best discard of 11 (melds11), both on dense hands of ranks 3 to 9 only
(melds10_dense, melds11_dense), and the optimal arrangement of 10 (arrangement10).
Then whole Shengji hands (deal with declarations, kitty, tricks, scoring) by
four random legal players on one core, in whole games at a table keeping no
log (shengji_hands), the same for the Finding Friends presets friends-6 and
friends-8 (shengji_hands_friends6, shengji_hands_friends8), hands of whole Shengji games by four greedy players on
every core, played by the arena (shengji_selfplay_hands), whole
Gin Rummy games to 100 of simple against simple on every core through the
table driver the arena plays on (table_selfplay_games), and the hard
player's decision times. Last, each registered game's learning environment
(package env): environment steps per second from Go on one core with
random legal actions at batch 1 and 256 (env_GAME_steps_b1, _b256;
--env-steps sets the least steps each times).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := checkBenchFlags(o); err != nil {
				return err
			}
			r, err := measure(o)
			if err != nil {
				return err
			}
			if asJSON {
				out := map[string]any{}
				for _, f := range r.Melds {
					out[f.Name+"_per_sec"] = int64(f.PerSec)
					out[f.Name+"_ns_per_op"] = f.NsPerOp
					out[f.Name+"_allocs_per_op"] = f.AllocsPerOp
				}
				out["meld_hands"] = r.Hands
				out["table_selfplay_games_per_sec"] = int64(r.TableSelfPlay.PerSec)
				out["hard_decision_ms_median"] = r.HardMedMs
				out["hard_decision_ms_max"] = r.HardMaxMs
				out["shengji_hands_per_sec"] = int64(r.Shengji.PerSec)
				out["shengji_hands_ns_per_op"] = r.Shengji.NsPerOp
				out["shengji_hands_allocs_per_op"] = r.Shengji.AllocsPerOp
				for _, f := range r.ShengjiFriends {
					out[f.Name+"_per_sec"] = int64(f.PerSec)
					out[f.Name+"_ns_per_op"] = f.NsPerOp
					out[f.Name+"_allocs_per_op"] = f.AllocsPerOp
				}
				out["shengji_selfplay_hands_per_sec"] = int64(r.ShengjiSelfPlay.PerSec)
				for _, f := range r.Env {
					out[f.Name+"_per_sec"] = int64(f.PerSec)
				}
				out["env_cpu"] = bench.CPU()
				return json.NewEncoder(e.stdout).Encode(out)
			}
			fmt.Fprintf(e.stdout, "%-16s %16s %10s %10s\n", "benchmark", "per second", "ns/op", "allocs/op")
			for _, f := range r.Melds {
				fmt.Fprintf(e.stdout, "%-16s %16.0f %10.1f %10d\n", f.Name, f.PerSec, f.NsPerOp, f.AllocsPerOp)
			}
			fmt.Fprintf(e.stdout, "(meld solver: median of %d rounds of %d fresh hands each, one core; dense hands hold ranks 3 to 9 only)\n", bench.Rounds, r.Hands)
			fmt.Fprintf(e.stdout, "%-16s %16.0f %10.1f %10d   (whole hands, four random legal players, one core)\n", "shengji hands", r.Shengji.PerSec, r.Shengji.NsPerOp, r.Shengji.AllocsPerOp)
			for _, f := range r.ShengjiFriends {
				fmt.Fprintf(e.stdout, "%-16s %16.0f %10.1f %10d   (whole hands, Finding Friends, random legal players, one core)\n", strings.TrimPrefix(f.Name, "shengji_hands_"), f.PerSec, f.NsPerOp, f.AllocsPerOp)
			}
			fmt.Fprintf(e.stdout, "%-16s %16.0f   (whole Shengji games, four greedy players, %d games, %d cores)\n", "shengji selfplay", r.ShengjiSelfPlay.PerSec, o.ShengjiGames, runtime.NumCPU())
			fmt.Fprintf(e.stdout, "%-16s %16.0f   (simple vs simple, games to 100, %d cores, table driver)\n", "table selfplay", r.TableSelfPlay.PerSec, runtime.NumCPU())
			fmt.Fprintf(e.stdout, "hard decision    median %.2f ms, worst %.2f ms (%d games against simple, one core)\n", r.HardMedMs, r.HardMaxMs, o.HardGames)
			for _, f := range r.Env {
				fmt.Fprintf(e.stdout, "%-16s %16.0f %10.1f   (environment steps from Go, random legal actions, one core)\n", "env "+strings.Replace(strings.TrimPrefix(f.Name, "env_"), "_steps_", " ", 1), f.PerSec, f.NsPerOp)
			}
			if len(r.NoEnv) > 0 {
				fmt.Fprintf(e.stdout, "no learning environment yet: %s\n", strings.Join(r.NoEnv, ", "))
			}
			fmt.Fprintf(e.stdout, "(on %s, %d cores)\n", bench.CPU(), runtime.NumCPU())
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print one JSON object")
	c.Flags().IntVar(&o.Hands, "hands", o.Hands, "fresh hands in each round of a meld-solver figure")
	c.Flags().IntVar(&o.SelfPlayGames, "selfplay-games", o.SelfPlayGames, "games for the Gin Rummy self-play figure")
	c.Flags().IntVar(&o.HardGames, "hard-games", o.HardGames, "games for the hard decision-time figure")
	c.Flags().IntVar(&o.ShengjiGames, "shengji-games", o.ShengjiGames, "whole Shengji games for the Shengji self-play figure")
	c.Flags().IntVar(&o.EnvSteps, "env-steps", o.EnvSteps, "least environment steps each learning-environment figure times")
	return c
}

// checkBenchFlags refuses flag values that measure nothing, naming the
// flag, before anything is measured.
func checkBenchFlags(o bench.Options) error {
	if o.Hands < 1 || o.Hands > bench.MaxHands {
		return fmt.Errorf("--hands %d: want 1 to %d", o.Hands, bench.MaxHands)
	}
	if o.SelfPlayGames < 1 || o.SelfPlayGames > arena.MaxGames {
		return fmt.Errorf("--selfplay-games %d: want 1 to %d", o.SelfPlayGames, arena.MaxGames)
	}
	if o.HardGames < 1 || o.HardGames > arena.MaxGames {
		return fmt.Errorf("--hard-games %d: want 1 to %d", o.HardGames, arena.MaxGames)
	}
	if o.ShengjiGames < 1 || o.ShengjiGames > arena.MaxGames {
		return fmt.Errorf("--shengji-games %d: want 1 to %d", o.ShengjiGames, arena.MaxGames)
	}
	if o.EnvSteps < 1 || o.EnvSteps > bench.MaxEnvSteps {
		return fmt.Errorf("--env-steps %d: want 1 to %d", o.EnvSteps, bench.MaxEnvSteps)
	}
	return o.Check()
}
