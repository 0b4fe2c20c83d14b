// Package games is the registry of the games Felt plays. A game's own
// package (games/gin, games/shengji) adapts its rules engine to a table
// engine and registers a Def: its name, seats, levels, presets, the
// level that stands in for a person who is away, its hint, what each
// seat may see (the leak oracle), its wire forms and its table factory.
// Every layer above the rules (the server, the arena, the load test,
// replays, the bench, the web page through GET /api/games) finds games
// here and names none: a game the registry does not know is an error
// (ErrUnknownGame), never a fallback.
//
// Def.Any gives a game with its types erased, for layers that serve one
// table at a time; the game's own types stay with whoever knows them.
// Package games/all registers every game.
package games
