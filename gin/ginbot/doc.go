// Package ginbot holds Felt's Gin Rummy computer players. Every player sees
// only its seat's gin.Observation and draws all its randomness from a
// *rand.Rand seeded by the caller, so the same seed gives the same game.
package ginbot
