// Package tui is Felt's full-screen terminal interface: a game of Gin Rummy
// against a computer player (Model, made by New) and a replay viewer that
// steps through a saved or finished game (Replay, made by NewTableReplay
// from its table log).
// Both are Bubble Tea v2 models drawn with Lip Gloss v2.
//
// The game is played at a table (package table, Gin Rummy's engine from
// package games). Start seats the person and the computer's player (a
// built-in level, or an outside program speaking protocol version 2) and
// runs the table in a goroutine; the person's seat is played by a
// table.PersonController, and the Bridge Start returns passes to the
// Model what the table gives that seat: the engine's events (EventMsg,
// with the seat's observation and the score sheet after it), the
// decisions put to the person (DecisionMsg, as the controller signals
// them: nothing polls), the table's notices (NoticeMsg: a built-in level
// taking over a computer player that failed) and the table's end
// (DoneMsg). The screen never works out what a seat saw by itself: it
// shows the engine's views. The person's moves are checked by the engine
// (Bridge.Check, answered in the table's goroutine while the decision
// waits), so a refused move shows the engine's reason and changes
// nothing, then submitted, both from a command (Update never waits for
// the table); the table writes each move to its log, synced per line,
// before it counts, which is how a game is saved and resumed.
//
// The person's screen is drawn only from what their seat may know: the
// observation for that seat, the score sheet and, once a hand is over,
// its showdown. The computer's cards are never drawn before the showdown.
//
// The table waits for the screen: it shows each computer move a
// configurable delay after it began to wait for it (0 in tests), and
// holds a finished hand's showdown until the person goes on. The package
// reads no clock for seeds; its goroutines are the table's and the
// bridge's, which end with the context given to Start.
package tui
