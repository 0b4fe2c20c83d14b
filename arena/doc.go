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
// match loop (RunGinTable, RunShengji); outside programs speak protocol
// version 2 (package program), each worker keeping them from game to game.
package arena
