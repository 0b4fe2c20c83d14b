// Package server is Felt's game server, `felt serve`: tables of Gin Rummy
// and Shengji played in a browser over websockets, against the computer or
// with friends, every move stored before anyone is told of it.
//
// # Rooms
//
// Each table runs in a room of the process that owns it (Owner; one
// process owns every table unless Config.Cluster makes it one of several,
// package cluster). What each part of the server needs of a room is an
// interface of its own (roles.go), all of them a roomer. The room runs the
// game with package table: a controller per seat — a computer seat's
// built-in level (games.GinLevel, games.ShengjiLevel, seeded from the
// table's seed), or a person's (table.PersonController), which waits for
// the person's move and, when the person is too slow (Config.MoveTimeout)
// or gone longer than the grace period (Config.Away), plays the seat with
// a stand-in level until the person is back. Both are logged as control
// lines (the controller hands the seat over, table.Handover) and told
// everyone as notices.
//
// The table's log writer is the store: each line is appended, committed,
// before the table applies it and tells anyone (Store.AppendLine). At
// start the server lists every table the store holds as active and, in the
// background (a table someone asks for first), recovers each from its
// stored lines (table.Walk, the table's recovery, which also gives what
// each seat saw of the hand so far) and resumes it (table.Resume); its people
// are away until they connect again. A table that ended (over, failed, or
// abandoned) leaves memory: a later connection gets a read-only room made
// from the store.
//
// # Limits on tables
//
// Creations are limited per client address (a token bucket,
// Config.CreateRate), and the live tables (waiting or being played) per
// creating player, per address, per process, and those with no person
// seated, which are for watching: paced (Config.ComputerPace) and paused
// while nobody watches. A table nobody touched for Config.IdleTimeout is
// abandoned. See limits.go.
//
// # What each connection sees
//
// A connection is a seat's (its hello carries the seat's secret token,
// of which the store keeps only the SHA-256) or a spectator's. It is sent
// only what the engine gives that seat or a spectator: the views of each
// round from the table's listener calls, the seat's observation, and the
// seat's pending decision, sent again when the person reconnects. The
// page's protocol is described in docs/serve.md.
//
// # Hostile input
//
// Client messages are at most MaxMessage bytes (the websocket's read
// limit), UTF-8 JSON text, decoded strictly (one object, its keys spelt
// exactly and given once, only the fields its type takes); binary
// messages, floods (a token bucket per connection) and a missing hello
// close the connection with an error; each remote address holds a bounded
// number of websockets; a websocket's Origin must be the server's host.
// Every HTTP response carries a Content-Security-Policy without inline
// script or style (CSP) and the other security headers.
package server
