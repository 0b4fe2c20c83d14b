package main

import (
	"encoding/json"
	"fmt"
	"runtime"

	"felt/internal/bench"

	"github.com/spf13/cobra"
)

func (e *env) benchCmd() *cobra.Command {
	var asJSON bool
	var selfplayGames, hardGames int
	c := &cobra.Command{
		Use:   "bench",
		Short: "Measure the engine's speed (hands per second on one core)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			figs := []bench.Figure{bench.Melds10(), bench.Melds11(), bench.Arrangement10()}
			sp, err := bench.SelfPlay(selfplayGames)
			if err != nil {
				return err
			}
			hardMed, hardWorst, err := bench.HardDecision(hardGames)
			if err != nil {
				return err
			}
			if asJSON {
				out := map[string]any{}
				for _, f := range figs {
					out[f.Name+"_per_sec"] = int64(f.PerSec)
					out[f.Name+"_ns_per_op"] = f.NsPerOp
					out[f.Name+"_allocs_per_op"] = f.AllocsPerOp
				}
				out["selfplay_games_per_sec"] = int64(sp.PerSec)
				out["hard_decision_ms_median"] = hardMed
				out["hard_decision_ms_max"] = hardWorst
				enc := json.NewEncoder(e.stdout)
				return enc.Encode(out)
			}
			fmt.Fprintf(e.stdout, "%-16s %16s %10s %10s\n", "benchmark", "per second", "ns/op", "allocs/op")
			for _, f := range figs {
				fmt.Fprintf(e.stdout, "%-16s %16.0f %10.1f %10d\n", f.Name, f.PerSec, f.NsPerOp, f.AllocsPerOp)
			}
			fmt.Fprintf(e.stdout, "%-16s %16.0f   (simple vs simple, games to 100, %d cores)\n", "selfplay games", sp.PerSec, runtime.NumCPU())
			fmt.Fprintf(e.stdout, "hard decision    median %.2f ms, worst %.2f ms (%d games against simple, one core)\n", hardMed, hardWorst, hardGames)
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print one JSON object")
	c.Flags().IntVar(&selfplayGames, "selfplay-games", 20000, "games for the self-play figure")
	c.Flags().IntVar(&hardGames, "hard-games", 10, "games for the hard decision-time figure")
	return c
}
