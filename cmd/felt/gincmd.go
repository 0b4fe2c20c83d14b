package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
)

func (e *env) ginCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "gin",
		Short: "Gin Rummy rules tools (melds, showdown)",
		Args:  cobra.ArbitraryArgs,
		RunE:  groupRun,
	}
	var all bool
	melds := &cobra.Command{
		Use:   "melds",
		Short: "Read hands (10 or 11 cards a line) from stdin; write each one's best melds as JSON",
		Long: `Reads hands from standard input, one a line, 10 or 11 cards separated by spaces
("AS 2S 3S 7H 7D 7C KS QD 4C 9H"). For each line it writes one JSON object:
{"deadwood": 7, "melds": [["AS","2S","3S"], ...], "deadwood_cards": ["7D"]}
and for 11 cards also "discard" and "deadwood_after_discard". With --all,
"arrangements" lists every optimal arrangement. A bad line gets {"error": "..."}.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return answerLines(e.stdin, e.stdout, errEmptyHand, func(line string) (any, error) {
				return reportMelds(line, all)
			})
		},
	}
	melds.Flags().BoolVar(&all, "all", false, "also list every optimal arrangement")
	showdown := &cobra.Command{
		Use:   "showdown",
		Short: "Read showdowns as JSON lines from stdin; write each one's settlement",
		Long: `Reads one JSON object a line: {"knocker": "10 cards (11 for big gin)",
"defender": "10 cards", "rules": {...optional overrides}} and writes
{"result": "knock|gin|big_gin|undercut", "winner": "knocker|defender",
"points": 12, "knocker_deadwood": 4, "defender_deadwood": 16,
"knocker_melds": [[...]], "defender_melds": [[...]], "layoffs": ["8S", ...]}.
A bad line (or a knocker over the knock limit) gets {"error": "..."}.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return answerLines(e.stdin, e.stdout, errEmptyRequest, func(line string) (any, error) {
				return reportShowdown([]byte(line))
			})
		},
	}
	c.AddCommand(melds, showdown)
	return c
}

// maxLine is the longest input line eachLine reads; a longer one is
// answered with an error object, like any other bad line.
const maxLine = 1 << 20

// eachLine answers every input line with one JSON line: f's result or
// {"error": …}, errEmptyLine for a blank line. A bad line, an over-long one
// included, does not stop the run.
func eachLine(in io.Reader, out io.Writer, f func(string) (any, error)) error {
	return answerLines(in, out, errEmptyLine, f)
}

// answerLines is eachLine answering a blank line with empty.
func answerLines(in io.Reader, out io.Writer, empty error, f func(string) (any, error)) error {
	r := bufio.NewReader(in)
	w := bufio.NewWriter(out)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for {
		raw, tooLong, readErr := readLine(r, maxLine)
		if readErr != nil && readErr != io.EOF {
			return readErr
		}
		if readErr == io.EOF && len(raw) == 0 && !tooLong {
			return nil
		}
		line := strings.TrimSpace(string(raw))
		var v any
		var err error
		switch {
		case tooLong:
			err = fmt.Errorf("line longer than %d bytes", maxLine)
		case line == "":
			err = empty
		default:
			v, err = f(line)
		}
		if err != nil {
			v = map[string]string{"error": err.Error()}
		}
		if err := enc.Encode(v); err != nil {
			return err
		}
		// Flush per line so interactive callers see each answer at once.
		if err := w.Flush(); err != nil {
			return err
		}
		if readErr == io.EOF {
			return nil
		}
	}
}

// readLine reads one line, its end included, of at most limit bytes. A
// longer line is read to its end and dropped, and reported as tooLong. err
// is io.EOF when the input ends (after the returned line, if any).
func readLine(r *bufio.Reader, limit int) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := r.ReadSlice('\n')
		if !tooLong && len(line)+len(chunk) <= limit+2 { // +2: room for "\r\n"
			line = append(line, chunk...)
		} else {
			tooLong, line = true, nil
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		return line, tooLong, err
	}
}
