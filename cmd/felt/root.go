package main

import (
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
	root.AddCommand(e.ginCmd(), e.benchCmd(), e.demoCmd(), e.replayCmd())
	return root
}
