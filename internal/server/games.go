package server

import (
	"strconv"
	"strings"

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

// teamList returns the teams of n seats as the wire says them: each
// team's seats, the teams in the order of their lowest seat.
func teamList(t table.Teams, n int) [][]int {
	var out [][]int
	for _, m := range t.List(n) {
		var team []int
		for s := range m.All() {
			team = append(team, int(s))
		}
		out = append(out, team)
	}
	return out
}

// teamsText says the teams of n seats in words: "seats 0 and 3 together;
// seats 1, 2 and 4 each alone".
func teamsText(t table.Teams, n int) string {
	var parts []string
	var alone []string
	for _, team := range teamList(t, n) {
		if len(team) == 1 {
			alone = append(alone, strconv.Itoa(team[0]))
			continue
		}
		parts = append(parts, seatWords(team)+" together")
	}
	switch len(alone) {
	case 0:
	case 1:
		parts = append(parts, "seat "+alone[0]+" alone")
	default:
		parts = append(parts, "seats "+andList(alone)+" each alone")
	}
	return strings.Join(parts, "; ")
}

// seatWords says seats as "seat 1" or "seats 0 and 3".
func seatWords(seats []int) string {
	ss := make([]string, len(seats))
	for i, s := range seats {
		ss[i] = strconv.Itoa(s)
	}
	if len(ss) == 1 {
		return "seat " + ss[0]
	}
	return "seats " + andList(ss)
}

// andList joins words as "a, b and c".
func andList(ws []string) string {
	if len(ws) < 2 {
		return strings.Join(ws, "")
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " and " + ws[len(ws)-1]
}
