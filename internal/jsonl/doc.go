// Package jsonl reads JSON Lines logs, one JSON object a line, within
// bounds: a line longer than the reader's limit, or a log longer than its
// limit, is refused after a bounded read, so that a file of any size
// (/dev/zero included) can be handed to it. Every error names the line it
// concerns. Gin Rummy logs of the format before table logs are read
// through it (package ginv1).
package jsonl
