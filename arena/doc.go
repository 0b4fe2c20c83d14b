// Package arena plays seeded matches of any registered game (package
// games) between two players and measures them: win rates with
// confidence intervals over mirrored pairs, scores in the game's terms,
// hands won, decision times, the game's own figures of how hands end, and
// Elo ratings from round robins. It names no game.
//
// Results are per player, since teams may form or change during a hand
// (Shengji's Finding Friends): A wins a game when a larger share of A's
// seats than of B's are among its winners, equal shares are a draw (half
// a win in the win rate, the interval and Elo), and the summary counts
// the teams the games ended with by who played them: A alone, B alone,
// or A and B together.
//
// Games are played in mirrored pairs: games 2k and 2k+1 use the same
// table seed with the sides swapped (A plays the even seats in even games
// and the odd seats in odd ones), so the luck of the deal cancels out.
// Every game is reproducible from the match seed and its game number.
// Each game is played by the registry with the game's own types
// (games.Game.Play); outside programs speak protocol version 2 (package
// program), each worker keeping them from game to game.
package arena
