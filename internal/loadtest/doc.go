// Package loadtest drives a felt serve with many tables at once over real
// websockets and measures it: each table's person seat is played by the
// load client (a quick legal move after a short think), the other seats by
// the server's computer levels. It reports the tables and moves played,
// every error, the time from sending a move to receiving its event
// (p50, p95, p99, max), and checks every card named in every message the
// client received against what the seat could see at that moment,
// replayed from the table's stored log.
package loadtest
