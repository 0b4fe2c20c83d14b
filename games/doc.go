// Package games is the one place that knows every game Felt plays: for
// each, the table engine (an adapter of its rules engine to
// table.Engine), the codec of its moves in the table log, and its built-in
// levels as table controllers.
//
// Gin names Gin Rummy's table Spec, Shengji Shengji's. Each hand's deck is
// drawn from a stream derived from the table's seed and the hand's number,
// so a table resumed from its log deals what the uninterrupted one would
// have; the log records every deck, and on replay the recorded deck is the
// one dealt.
package games
