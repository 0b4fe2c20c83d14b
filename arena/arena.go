package arena

import (
	"time"

	"felt/gin"
	"felt/internal/seed"
	"felt/table"
)

// Config describes a match.
type Config struct {
	A, B     string    // player names (built-in levels or exec:COMMAND)
	Rules    gin.Rules // the rules of every game
	Games    int       // games to play (1 to MaxGames); rounded up to an even number (mirrored pairs)
	Seed     uint64    // the match seed
	Parallel int       // games played at once (0 means 1)
	SaveDir  string    // if set, each game's table log is written there (game-NNNNNN.jsonl)
	Timeout  time.Duration
	// DefenderLaysOut lets the defender lay out its own melds after a
	// knock (games.GinLayOutOption).
	DefenderLaysOut bool
	// Progress, if set, is called after each game with the number done.
	Progress func(done int)
	// NewPlayer, if set, makes the players that are not exec:COMMAND
	// instead of games.GinLevel, from their name and seed (for experiments
	// with players that have no name).
	NewPlayer func(name string, seed uint64) (table.Player[gin.Action, gin.Observation], error)
}

// MaxGames is the most games a match may have.
const MaxGames = 10_000_000

// GameRecord is one game of a match, from A's side.
type GameRecord struct {
	Index     int      // game number, from 0
	ASeat     gin.Seat // the seat A sat in
	AWon      bool
	Forfeit   bool   // someone lost by forfeit
	ForfeitA  bool   // it was A
	Reason    string // why
	AScore    int    // final totals with bonuses (0 after a forfeit)
	BScore    int
	Hands     []HandRecord
	DecisionA []time.Duration
	DecisionB []time.Duration
	Err       error // the game could not be played (not a forfeit)
}

// HandRecord is one hand of a game.
type HandRecord struct {
	Kind   gin.ResultKind
	AWon   bool // A scored the hand (false for a draw)
	Points int
	Moves  int
}

// DealSeed returns the seed of the deal stream of game i of the match
// seeded with match: the same for both games of a mirrored pair.
func DealSeed(match uint64, i int) uint64 { return seed.Mix(match, uint64(i/2), 1) }

// PlayerSeed returns the seed of player slot (0 for A, 1 for B) in game i
// of the match seeded with match. It is a seed.Mix of the match seed,
// which can be undone: an outside program is given program.StartSeed of
// it, a one-way function, never PlayerSeed itself.
func PlayerSeed(match uint64, i int, slot int) uint64 {
	return seed.Mix(match, uint64(i), 2, uint64(slot))
}

// ASeat returns the seat A takes in game i: 0 in even games, 1 in odd.
func ASeat(i int) gin.Seat { return gin.Seat(i % 2) }
