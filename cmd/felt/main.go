package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "felt:", err)
		os.Exit(1)
	}
}

// run is the whole command: it parses args and runs the subcommand, reading
// stdin and writing stdout and stderr.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	root := newRoot(stdin, stdout, stderr)
	root.SetArgs(args)
	return root.ExecuteContext(ctx)
}
