// Package agent is what every Gin Rummy player implements — built-in
// computer players, outside programs, people at a terminal — and the driver
// that plays a game between two of them.
//
// A player sees only its seat's gin.Observation, the public events since
// its last decision and the legal actions. Outside programs speak the line
// protocol of docs/protocol.md through Exec ("exec:COMMAND" player names).
package agent
