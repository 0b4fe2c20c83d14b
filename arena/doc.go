// Package arena plays seeded matches of Gin Rummy and Shengji between
// players and measures them: win rates with confidence intervals over
// mirrored pairs, points or levels, how hands end, decision times, and Elo
// ratings from round robins.
//
// Games are played in mirrored pairs: games 2k and 2k+1 use the same deal
// stream with the seats swapped, so the luck of the deal cancels out. Every
// game is reproducible from the match seed and its game number.
//
// Both games are played through the table driver (package table) by one
// match loop; outside programs speak protocol version 2 (package program),
// each worker keeping them from game to game, or for Gin Rummy version 1
// (package agent, Config.Protocol 1). Run plays Gin Rummy through the older
// agent driver (agent.Play), kept for comparison and for players built by
// Config.NewPlayer.
package arena
