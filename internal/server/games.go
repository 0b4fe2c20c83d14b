package server

import (
	"felt/games"
	"felt/internal/seed"
	"felt/table"
)

// game is a game as the server runs it: the registry's Def. The server
// runs every game with its types erased (games.Def.Any), so it names
// none.
type game[M, O, E any] = games.Def[M, O, E]

// gameOf returns the registered game of this name, its types erased.
func gameOf(name string) (*game[any, any, any], error) {
	g, err := games.Lookup(name)
	if err != nil {
		return nil, err
	}
	return g.Any(), nil
}

// hintSeed is the seed of the hint for decision seq at a table of seed.
func hintSeed(seed uint64, seq int) uint64 { return seed ^ uint64(seq)*0x9e3779b97f4a7c15 }

// levelSeed is the seed of a built-in level at a table of seed, on one of
// the table's streams (a seat's computer, a person's stand-in).
func levelSeed(table, stream uint64) uint64 { return seed.Mix(table, stream) }

// teamCount is the number of teams at a table of engine e.
func teamCount[M, O, E any](e table.Engine[M, O, E]) int {
	n := 0
	for s := range e.Seats() {
		n = max(n, e.Team(table.Seat(s))+1)
	}
	return n
}
