// Package visible finds the cards a message names (JSONFaces), for the
// hidden-card checks of the server and the load test: each card a
// message to a seat names must be among those the game's leak oracle
// (games.Def.Visible, written apart from the engine's own views so that it
// can catch them wrong) says the seat may have seen by then.
package visible
