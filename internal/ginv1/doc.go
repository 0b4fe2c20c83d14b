// Package ginv1 reads the Gin Rummy games Felt saved before table logs, in
// the replay log format 1 (JSON Lines: a header, then per hand a deal line,
// an action line per move and a result line, a game line at the end, and
// takeover lines where a seat changed hands), and writes them again as
// table logs (Convert), the one log format Felt reads. It is the one
// reader of that format, behind felt replay convert; nothing writes it any
// more (ginv1test writes it for tests).
//
// ReadLog re-executes such a log: it rebuilds the game from the header's
// seed and rules with the rules package gin, applies every action, checks
// every recorded figure (deals, drawn cards, deadwood, stock sizes,
// results, scores, bonuses) and refuses a malformed, edited or cut-off
// line with a *LogError naming it. Reads are bounded (MaxLogLine,
// MaxLogSize), so a file of any size costs a bounded read.
package ginv1
