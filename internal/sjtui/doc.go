// Package sjtui is Felt's full-screen terminal Shengji: one person in one
// seat against three computer players (or four computers to watch), on
// the game-agnostic table (package table) with Shengji's table engine
// (package games).
//
// The table runs in a goroutine of its own; a Bridge carries what the
// person's seat sees of it (its events with its observation, the
// decisions put to it, refusals and notices) to the bubbletea Model as
// messages, one at a time, so the Model paces the table: the deal comes
// card by card and a finished trick stays on screen for a moment. The
// Model is pure state: every I/O (submitting a move, queueing a bid,
// waiting for the table, computing a hint) happens in a command. The
// screen shows only the seat's observation.
//
// The hand is drawn by suit-group, trumps first, each group's units
// (tractors, pairs, singles) from the highest, a pair's or a tractor's
// cards joined by '-'; a key or a left click selects a card. Every screen
// fits 80×24 and down to MinWidth×MinHeight (60×20): the keys wrap whole
// onto a second line, the table is drawn compact, the levels and points
// lines give way; a larger window shows the hand's tricks too. Below the
// minimum the screen says the window is too small.
//
// A hint names what the hint level (hard) would do and why, in the words
// of sjbot.Explain. Replay steps through a table log on the same screen
// as one seat saw it or as a spectator sees it, switching between them at
// the same step (LoadReplay; Frames walks the log with table.Walk and
// keeps each step's view for one viewer).
package sjtui
