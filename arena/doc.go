// Package arena plays seeded Gin Rummy matches between players and
// measures them: win rates with confidence intervals over mirrored pairs,
// points, how hands end, decision times, and Elo ratings from round robins.
//
// Games are played in mirrored pairs: games 2k and 2k+1 use the same deal
// stream with the seats swapped, so the luck of the deal cancels out. Every
// game is reproducible from the match seed and its game number.
package arena
