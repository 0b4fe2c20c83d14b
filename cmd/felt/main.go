package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	_ "felt/games/all" // every game Felt plays, in the registry
	"felt/internal/plain"
)

func main() {
	ctx := interruptible(os.Stderr, interruptGrace, func(code int) { os.Exit(code) })
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "felt:", errorText(err))
		os.Exit(1)
	}
}

// errInterrupted is why felt stopped at a Ctrl-C: the cause of the
// command's context, and the reason a table abandoned for it logs.
var errInterrupted = errors.New("interrupted (Ctrl-C)")

// interruptGrace is how long felt has, after a Ctrl-C, to end on its own
// (a table logs its abandonment, programs are stopped) before it exits.
const interruptGrace = 5 * time.Second

// interruptible returns a context that a Ctrl-C (SIGINT) cancels, with
// errInterrupted as its cause. A Ctrl-C ends any wait: from the first,
// signals have their default effect again (a second Ctrl-C ends felt at
// once), and if the command has not ended within grace, exit(130) ends it.
func interruptible(w io.Writer, grace time.Duration, exit func(int)) context.Context {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	ctx, cancel := context.WithCancelCause(context.Background())
	go func() {
		<-sig
		cancel(errInterrupted)
		signal.Reset(os.Interrupt)
		time.Sleep(grace)
		fmt.Fprintln(w, "felt: interrupted, and the command did not end within", grace)
		exit(130)
	}()
	return ctx
}

// run is the whole command: it parses args and runs the subcommand, reading
// stdin and writing stdout and stderr.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	root := newRoot(stdin, stdout, stderr)
	root.SetArgs(args)
	return root.ExecuteContext(ctx)
}

// errorText is an error as felt prints it: whatever a file or a program
// put in it, a terminal escape is written out (plain.Lines), never raw.
func errorText(err error) string { return plain.Lines(err.Error()) }
