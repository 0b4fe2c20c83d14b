package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"
)

// env carries the command's streams to the subcommands.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

func newRoot(stdin io.Reader, stdout, stderr io.Writer) *cobra.Command {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	root := &cobra.Command{
		Use:           "felt",
		Short:         "Felt plays Gin Rummy: exact rules, computer players, replays",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.AddCommand(e.ginCmd(), e.shengjiCmd(), e.benchCmd(), e.demoCmd(), e.replayCmd(), e.arenaCmd())
	e.addPlay(root) // `felt play`, `felt replay view`; `felt` alone plays
	return root
}

// groupRun is the RunE of a command that only groups subcommands (gin,
// replay). Without it cobra treats `felt gin frobnicate` as a request for
// the group's help and succeeds; with it an unknown subcommand is an error.
// The bare group still prints its help.
func groupRun(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return cmd.Help()
	}
	return fmt.Errorf("unknown command %q for %q", args[0], cmd.CommandPath())
}
