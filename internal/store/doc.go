// Package store keeps the server's tables and their logs in a database:
// an embedded SQLite file (the default, no cgo) or a PostgreSQL server that
// several `felt serve` processes share. Both run the same numbered schema
// migrations, embedded in the binary, and pass the same tests.
//
// A table's log lines are appended one at a time, each committed before
// the call returns: the server tells nobody of a move until its line is in
// the store. A table is played by one process at a time, the holder of its
// lease; the others read its lines and pass their clients' moves to it.
package store
