// Package all registers every game Felt plays with the games registry:
// a command imports it for its effect. Adding a game is its package and
// one line here.
package all

import (
	_ "felt/games/gin"     // Gin Rummy
	_ "felt/games/shengji" // Shengji
)
