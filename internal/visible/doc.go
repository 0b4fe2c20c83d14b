// Package visible works out, from a game's full state, which cards a seat
// (or a spectator) may have seen by now: the reference the hidden-card
// tests of the games, the server and the load test check every message
// against. It is written apart from the engines' own views on purpose, so
// that it can catch them wrong.
package visible
