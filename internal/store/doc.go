// Package store keeps the server's tables and their logs in a database:
// an embedded SQLite file (the default, no cgo) or a PostgreSQL server that
// several `felt serve` processes share. Both run the same numbered schema
// migrations, embedded in the binary, and pass the same tests.
//
// A table's log lines are appended one at a time, each committed before
// the call returns: the server tells nobody of a move until its line is in
// the store. Lines that many goroutines append at once (many tables being
// played) are committed together, one transaction for the lot, so that
// a durable commit per line does not limit how many tables a store serves.
//
// A table is played by one process at a time, the holder of its lease; the
// others read its lines and pass their clients' moves to it. The processes
// tell each other of new lines and moves through the store's Notifier.
package store
