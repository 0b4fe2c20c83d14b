// Package table is the layer above every game's rules: seats and teams, the
// set of seats that may act now, controllers (a person, a built-in level or
// an outside program) with optional deadlines and a built-in level that
// takes over a seat whose controller fails, one driver, and the crash-safe
// game log. It imports no game: a game joins by implementing Engine.
//
// # The engine decides what a move shows
//
// Engine.Apply and Engine.Advance fill a Views value: what each seat, and a
// spectator, sees of the move. The driver, the log and every interface only
// pass those views on; no other code works out what a seat may see.
//
// # Who may act is a set
//
// Engine.ToAct is a Seats bitmask. Gin Rummy always has one seat in it.
// Shengji's deal puts every seat that holds a declaration it may show in it,
// and Engine.Optional says that those seats may also decline. The driver
// offers an optional decision to each seat in the set in seat order, starting
// after the last seat that acted at this point of the deal; a seat that acts
// (a bid from a seat that is not "next": during the deal there is no next)
// has its move checked, logged and applied like any other, the set is read
// again and the seats after it are still asked. When every seat in the set
// has declined, or the set is empty, the driver calls Engine.Advance (deal
// one card, start the next hand). A person's controller answers an optional
// decision at once with a bid the person has queued, or declines; a deadline
// on an optional decision is a decline, never a failure.
//
// # Controllers fail; a level takes over
//
// A controller that returns an error (ErrLeft when a person leaves), misses
// its deadline, declines a decision that is not optional, or gives a move
// the engine refuses has failed. With Options.Forfeit the seat forfeits and
// the table ends; otherwise Options.Fallback names a built-in level that
// takes the seat from then on, a control line is logged and every listener
// receives a Notice saying so. (A person's illegal move is not a failure:
// see People.)
//
// # People
//
// A person's seat is played by a PersonController. Each decision that is
// due is signalled on its Decisions channel as it becomes pending (an
// interface waits on it; nothing polls), stays pending until the
// interface submits a move for it, and is given again by Pending after a
// reconnect; Check asks the rules about a move for it, in the table's
// goroutine. The table refuses a person's illegal move and asks again.
// With a stand-in level, a person who is away or too slow has the seat
// played by the stand-in until they are back: the controller says so by
// returning a Handover from Decide, and the table logs a control line,
// tells everyone and asks the controller again under the seat's new
// player. Nothing calls into the table from inside Decide.
//
// # Every value handed out is its own
//
// A Decision carries the seat's observation by value, made for that
// decision alone; events are values filled for each seat separately. Engines
// must return observations and events that share no storage with the engine
// or with each other.
//
// # Check before apply; log before count
//
// A move is checked (Engine.Check changes nothing), written to the log as
// one self-contained JSON line, and only then applied. Recover reads a log
// cut at any byte: a last line without its newline is torn and cut back,
// and the table is exactly where the uninterrupted table was when its last
// complete line was written. See log.go for the line format.
//
// Walk is the one reader of a log: it replays it line by line, as
// strictly as recovery (Recover is Walk without a step function), and
// yields every line (the header, deals, moves, control, forfeit and
// abandon lines) and every advance a line counts, each with its number,
// seat and move, the engine after it and the views it produced for each
// seat and a spectator. Replays, histories and leak checks read logs
// with it, never by hand.
//
// A table that keeps no log (Options.Log nil) encodes no line, and when
// its engine is a Trier it checks and applies each move in one step
// (TryApply): nothing is written between the two.
//
// # Determinism
//
// The table has one seed, recorded in the log's header. Engines derive each
// hand's deal from the seed and the hand's number, and record the deck in
// the log. The seed decides: Recover draws every deal again from it and
// refuses a deal line that differs (ErrNotSeedDeal, naming the line and the
// first difference), whatever the game. The driver itself uses no
// randomness and no clock except for deadlines and Options.DecisionTime.
package table
