package main

import (
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
)

// env carries the command's streams to the subcommands, and how the
// person runs felt.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// self is the command the person typed to run felt, for the commands
	// felt suggests: "felt", or "go run ./cmd/felt".
	self string
}

// rulesDoc is where Felt's source explains the rules, the options and the
// presets.
const rulesDoc = "docs/rules/gin-rummy.md"

// shengjiRulesDoc is Shengji's rules page, in Felt's source.
const shengjiRulesDoc = "docs/rules/shengji.md"

func newRoot(stdin io.Reader, stdout, stderr io.Writer) *cobra.Command {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr, self: invocation()}
	root := &cobra.Command{
		Use:   "felt",
		Short: "Felt plays Gin Rummy and Shengji: exact rules, computer players, replays",
		Long: `Felt plays Gin Rummy and Shengji: exact rules, computer players, replays.

With no command, felt plays Gin Rummy against the computer, full screen, and
takes the flags of felt play (felt --seed 5 --level hard); felt shengji plays
Shengji. The rules, the options and the presets are explained in
` + rulesDoc + ` and ` + shengjiRulesDoc + ` in Felt's source.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.AddCommand(e.ginCmd(), e.shengjiCmd(), e.benchCmd(), e.demoCmd(), e.replayCmd(), e.arenaCmd(), e.serveCmd(), e.loadtestCmd())
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

// invocation is how the person ran felt: "go run ./cmd/felt" when the
// running program is one that go run built, else "felt".
func invocation() string {
	exe, err := os.Executable()
	if err != nil {
		return "felt"
	}
	return invocationOf(exe, os.Getenv("GOCACHE"))
}

// invocationOf is invocation for the program at exe, with gocache the
// GOCACHE setting. go run leaves its program in a temporary build
// directory ($TMPDIR/go-buildN/b001/exe/felt) or, since Go 1.24, in the
// build cache ($GOCACHE/xx/HASH-d/felt; the cache is a go-build directory
// unless GOCACHE says otherwise).
func invocationOf(exe, gocache string) string {
	p := filepath.ToSlash(exe)
	dir := path.Dir(p)
	inTemp := strings.Contains(p, "/go-build") && path.Base(dir) == "exe"
	inCache := strings.HasSuffix(dir, "-d") &&
		(strings.Contains(dir, "/go-build/") || gocache != "" && strings.HasPrefix(p, strings.TrimSuffix(filepath.ToSlash(gocache), "/")+"/"))
	if inTemp || inCache {
		return "go run ./cmd/felt"
	}
	return "felt"
}
