package main

import (
	"encoding/json"
	"fmt"

	"felt/internal/bench"

	"github.com/spf13/cobra"
)

func (e *env) benchCmd() *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "bench",
		Short: "Measure the engine's speed (hands per second on one core)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			figs := []bench.Figure{bench.Melds10(), bench.Melds11(), bench.Arrangement10()}
			if asJSON {
				out := map[string]any{}
				for _, f := range figs {
					out[f.Name+"_per_sec"] = int64(f.PerSec)
					out[f.Name+"_ns_per_op"] = f.NsPerOp
					out[f.Name+"_allocs_per_op"] = f.AllocsPerOp
				}
				enc := json.NewEncoder(e.stdout)
				return enc.Encode(out)
			}
			fmt.Fprintf(e.stdout, "%-16s %16s %10s %10s\n", "benchmark", "per second", "ns/op", "allocs/op")
			for _, f := range figs {
				fmt.Fprintf(e.stdout, "%-16s %16.0f %10.1f %10d\n", f.Name, f.PerSec, f.NsPerOp, f.AllocsPerOp)
			}
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print one JSON object")
	return c
}
