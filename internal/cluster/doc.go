// Package cluster makes a felt serve process one of several sharing a
// database (PostgreSQL): the tables' leases in the store, and the relay of
// connections and joins between the processes over the store's
// notification bus (LISTEN/NOTIFY). It is the transport between the
// processes; what a table does with a relayed connection is the server's
// (package server, the Host of a Node).
//
// # Owners
//
// Each table is run by one process at a time, its owner: the process
// holding the table's lease in the database (store.Lease), renewed every
// third of its time to live and released when the table ends or the
// server closes. A process writes a line of a table's log only while it
// surely holds the lease (Node.Fence); one that loses a table's lease (it
// could not renew it in time) stops the table (Host.Lose) and writes no
// more of its log. Two processes can never both write a line of one log
// anyway (store.ErrConflict).
//
// # The relay
//
// A client connected to another process still plays the table: that
// process relays the connection (Node.Dial). It sends the client's hello
// and messages on the table's channel ("t.ID"), which the owner listens
// to; the owner attaches the relayed connection to the table's room as if
// the client were its own (Host.Attach), and sends everything the room
// queues for it on the relaying process's channels ("n.NODE.K"), cut into
// pieces that fit a notification (MaxPiece). So the owner's engine and
// room decide, as always, what each seat sees; the relaying process only
// passes bytes on. A seat's join, and a seat taken by the table's link,
// are relayed the same way (Node.Request, Host.Request): the owner
// answers with the request's body or its refusal.
//
// # Adoption
//
// Every process looks for tables without an owner (Store.Active, and a
// lease it can take) every half lease for two leases after a process
// stopped sending heartbeats or released tables, else every four or five,
// and adopts them (Host.Adopt): it recovers the table from its stored log,
// runs it, and says so on the cluster channel ("felt.cluster"), where
// every process closes the connections it relays to that table, so that
// their clients reconnect and find its new owner. A process whose relayed
// hello gets no answer adopts the table at once if its lease ran out
// (Node.Adopt).
//
// # Heartbeats and lost messages
//
// Every process sends a heartbeat on the cluster channel every third of a
// lease; an owner closes the connections relayed by a process it has not
// heard from for a lease's time. Lost notifications (a nil message from
// the bus) close what they could have concerned: the relayed connections,
// whose clients reconnect and are sent the table's state again.
//
// # The wire
//
// Each notification is a head line of space-separated words, then a body:
//
//	on t.ID:          hello NODE CID \n HELLO   msg NODE CID \n MSG
//	                  bye NODE CID              join|sit NODE RID \n REQUEST
//	on n.NODE.K:      ok CID \n BODY    err CID CODE \n TEXT
//	                  part CID \n PIECE         out CID \n LAST-PIECE
//	                  close CID CODE \n REASON
//	on felt.cluster:  alive NODE    released NODE    adopted ID NODE
//
// K is CID modulo the shards of a node's channels: each shard has a
// listener of its own, so that one slow moment does not make a process
// miss messages.
package cluster
