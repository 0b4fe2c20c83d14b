package main

import "errors"

// The answers to an empty input line: errEmptyLine where the command
// names nothing better, then `felt gin melds`'s and `felt gin showdown`'s.
var (
	errEmptyLine    = errors.New("empty line")
	errEmptyHand    = errors.New("empty line: want 10 or 11 cards")
	errEmptyRequest = errors.New(`empty line: want a JSON object with "knocker" and "defender"`)
)
