package table

import "encoding/json"

// Views is what one applied move or advance shows: Seat[s] to seat s and
// Spectator to anyone watching. The engine fills it; a seat's value is its
// own and shares no storage with another's. Seats past the engine's number
// of seats are left zero.
type Views[E any] struct {
	Seat      [MaxSeats]E
	Spectator E
}

// Outcome is how a table stands: whether its game is over and, if so,
// which seats won, with each seat's score in the game's own terms (Gin
// Rummy's points, Shengji's levels: a seat has its team's) and the hands
// played. Winners are seats, not a team's number, since teams may form
// or change during a hand (Engine.Teams).
type Outcome struct {
	Over bool
	// Winners are the seats that won the game: none while it goes on, or
	// when nobody won.
	Winners Seats
	// Scores are each seat's score.
	Scores [MaxSeats]int
	Hands  int
}

// Engine is a game's rules as the table drives them. M is a move, O a
// seat's observation and E the event a seat sees of a move.
//
// Check must change nothing. Apply and Advance change the game and fill
// views (which the caller zeroes first); the views are nil when nobody is
// shown them (no seat's controller listens, nobody watches), and the
// engine then fills nothing. Advance is called when no seat is
// to act and the game is not over: it progresses the game on its own (deal
// a card, start the next hand). When the advance draws on chance (a new
// deck), Advance changes nothing and returns its record instead: the
// table logs the record, then applies it with Redeal. The record must
// follow from the seed and the game so far, and so must an advance
// without a record: replay calls Advance again at each deal line and
// refuses a logged record that is not the JSON value Advance returns
// (ErrNotSeedDeal), so no edited deal replays.
type Engine[M, O, E any] interface {
	// Seats is the number of seats, at most MaxSeats.
	Seats() int
	// Teams returns how the seats stand together now, as every seat may
	// know it (see Teams); it may change with a move or an advance.
	Teams() Teams
	// ToAct is the set of seats that may act now. It, and Optional,
	// change only with a move or an advance: the table asks them again
	// only after one.
	ToAct() Seats
	// Optional reports whether the seats in ToAct may decline to act.
	Optional() bool
	// Over reports whether the game is over.
	Over() bool
	// Check returns nil if seat s may make move m now; it changes nothing.
	Check(s Seat, m M) error
	// Apply makes the move; it is called only after Check accepted it.
	Apply(s Seat, m M, v *Views[E]) error
	// Advance progresses the game when nobody is to act, or returns the
	// record of an advance that draws on chance, to be logged and redealt.
	Advance(v *Views[E]) (record json.RawMessage, err error)
	// Redeal makes an advance from its record.
	Redeal(record json.RawMessage, v *Views[E]) error
	// Observe writes what seat s may know to o, overwriting it whole, in
	// place (an observation may be large: the table asks into its own).
	// What it writes is a value of its own: it shares no storage with
	// another seat's, nor with what o held before, which a controller may
	// have kept.
	Observe(s Seat, o *O)
	// Outcome says how the game stands.
	Outcome() Outcome
	// MarshalMove encodes a move for the log, self-contained.
	MarshalMove(m M) ([]byte, error)
	// UnmarshalMove decodes a logged move, refusing malformed ones, in
	// any state of the game (replay reads a line before making the
	// advances it counts).
	UnmarshalMove(b []byte) (M, error)
}

// Trier is an engine that can also check a move and make it in one step.
// A table that keeps no log uses it in place of Check then Apply: with a
// log, the move's line is written between the two. TryApply must accept
// exactly the moves Check accepts, make them as Apply does, and refuse the
// others with Check's error, changing nothing (v included).
type Trier[M, E any] interface {
	TryApply(s Seat, m M, v *Views[E]) error
}

// Spec names a game for the log: its kind, the engine's format version, and
// how to make a new engine from a seed and the game's options (its rules,
// as JSON; empty for the game's defaults).
type Spec[M, O, E any] struct {
	Kind   string
	Format int
	New    func(seed uint64, options json.RawMessage) (Engine[M, O, E], error)
}
