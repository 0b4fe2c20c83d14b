// Package tui is Felt's full-screen terminal interface: a game of Gin Rummy
// against a computer player (Model, made by New) and a replay viewer that
// steps through a saved or finished game (Replay, made by NewReplay). Both
// are Bubble Tea v2 models drawn with Lip Gloss v2.
//
// The game itself is the engine's: every move goes through a *gin.Recorder,
// so the rules are checked by package gin (a refused move shows the
// engine's reason and changes nothing) and every accepted move is written
// to the replay log as it is played, which is how a game is saved and
// resumed. The computer's choices are its ginbot.Player's.
//
// The person's screen is drawn only from what their seat may know: the
// gin.Observation for that seat, the score sheet and, once a hand is over,
// its showdown. The computer's cards are never drawn before the showdown.
//
// Update is a pure function of the model and the message apart from the
// moves it applies to the recorder: the computer's moves and the hint are
// computed in tea.Cmds and come back as messages, after a configurable
// delay that gives the computer a readable pace (0 in tests). The package
// reads no clock for seeds and starts no goroutines of its own.
package tui
