// Package sjbot holds Felt's Shengji computer players: Random, Greedy and
// Hard. Every player sees only its seat's shengji.Observation (a value with
// no pointers into the game) and draws all its randomness from a *rand.Rand
// given by the caller, so the same seed gives the same game.
//
//   - Random plays uniformly random legal actions.
//   - Greedy looks one trick ahead: it declares with enough trumps, buries
//     cheap plain cards, leads its unbeatable units, wins cheaply, never
//     overtakes a winning partner and feeds it points when safe, and keeps
//     its pairs and tractors together.
//   - Hard searches Greedy's best few plays by playouts on deals of the
//     hidden cards consistent with what its seat has seen.
//
// The players play no games themselves: games/shengji seats them at a
// table as the levels of the registry's Shengji, and the arena (felt arena
// --game shengji) plays matches between them, whose figures the README
// gives. Timed in such a match (400 games against greedy from seed
// 20261130, one worker, on a shared two-core machine under a load of 4.5:
// the tails are the machine's as much as hard's), hard won 86.2% of the
// games, [80.8%, 90.3%] over the pairs, its play decisions taking a median
// 0.40 ms and a 99th percentile 5.7 ms, its burials a median 4.8 ms and a
// 99th percentile 36 ms. The measurement runs on demand:
//
//	SJBOT_GAMES=400 SJBOT_PAIR=hard,greedy GOMAXPROCS=1 go test -tags experiments -run Long -timeout 1h ./shengji/sjbot
package sjbot
