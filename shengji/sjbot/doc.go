// Package sjbot holds Felt's Shengji computer players: Random, Greedy,
// Hard (with a slower Expert setting) and HardV1. Every player sees only its seat's shengji.Observation (a value with
// no pointers into the game) and draws all its randomness from a *rand.Rand
// given by the caller, so the same seed gives the same game.
//
//   - Random plays uniformly random legal actions.
//   - Greedy looks one trick ahead: it declares with enough trumps, buries
//     cheap plain cards, leads its unbeatable units, wins cheaply, never
//     overtakes a winning partner and feeds it points when safe, and keeps
//     its pairs and tractors (and wider tuples) together.
//   - Hard searches Greedy's best few plays by playouts on deals of the
//     hidden cards consistent with everything its seat has seen (the
//     voids and missing pairs each seat has shown, declarations, failed
//     throws, its own kitty; drawn uniformly among the consistent deals
//     when random deals find one, then leaning to those that make the
//     other seats' throw-away plays and the declarations they did not
//     make likely: likely.go), a few tricks ahead early in the hand
//     and to its end late, valued by the levels and the bank the hand's
//     end gives, and solves the last tricks of each deal exactly
//     (endgame.go); it buries by whole-hand playouts and declares by the
//     worth of its hand under each trump (bid.go). Expert is Hard
//     searching more deals and solving the last four tricks.
//   - HardV1 (hard-v1) is Hard as it was before that search, frozen for
//     measuring.
//
// They all play every table: 4 to 10 players, 2 to 5 packs, fixed
// partnerships or Finding Friends. There a partner is any seat surely on
// the player's side: its view (see sides in view.go) works out, from the
// calls and every card played, the banker's side as it stands (the trick
// in progress included), the seats that may still meet an open call (a
// copy of its card unseen, its suit not shown void), and so who is surely
// with it, surely against it, or either. A seat holding enough copies of
// an open call's card means to join the banker (unless the attackers have
// already taken the bank), plays as its partner and shows itself with the
// called card; the banker's side leads low into a called suit for the
// friend, and keeps its own copies of a called card from spending a call
// a friend could meet. As banker, Greedy calls the top card the others
// may hold of the plain suits it is shortest in, each a different card,
// for the copy after its own (see callFriends); Hard calls as Greedy.
//
// Measured with felt arena --rules friends-6 (six players, three packs,
// seed 1, mirrored pairs, 95% intervals over the pairs): greedy beat
// random in 96.5% of 400 games [93.0%, 98.3%] (95.0% of the first 60
// [80.9%, 98.8%], where the simple legal policy it had before won 68.3%
// [50.4%, 82.1%]); hard-v1 (then hard) beat greedy in 66.0% of 100 games [52.2%, 77.6%],
// its play decisions a median 4.0 ms and a 99th percentile 128 ms on a
// loaded two-core machine. At friends-5 and friends-8 greedy beat random
// in 90.5% [83.2%, 94.8%] and 91.5% [84.4%, 95.5%] of 200 games. In
// paired hands (experiments_friends_test.go), a hard-v1 seat among greedy
// ones was on the winning side of 5.4% more of 800 friends-6 hands than a
// greedy one, ± 3.3.
//
// Measured in the arena at the standard table (seed 2026, mirrored pairs,
// 95% intervals over the pairs; tuned on seed 777): hard beat hard-v1 in
// 72.0% of 100 games [58.3%, 82.5%], gaining 0.432 levels a hand to its
// 0.309, and greedy in 98.0% of 100 games [89.5%, 99.6%] (0.546 levels a
// hand to 0.213), its decisions a median 8.3 ms and a 99th percentile
// 175 ms on a two-core machine under a load of 8 to 15 (on one core, at a
// load of 6: a median 4.1 ms, a 99th percentile 9.7 ms). At friends-6 it
// beat greedy in 60.0% of 10 games [23.1%, 88.2%] (seed 1) and 55.0% of 20
// [27.4%, 79.9%] (seed 2): too few to tell. Expert beat hard in 80.0% of
// 20 games [49.0%, 94.3%], its decisions a median 28 ms and a 99th
// percentile 254 ms under load (16 ms and 46 ms on one core).
//
// The players play no games themselves: games/shengji seats them at a
// table as the levels of the registry's Shengji, and the arena (felt arena
// --game shengji) plays matches between them, whose figures the README
// gives. Timed in such a match (400 games against greedy from seed
// 20261130, one worker, on a shared two-core machine under a load of 4.5:
// the tails are the machine's as much as hard's), hard-v1 (then hard) won 86.2% of the
// games, [80.8%, 90.3%] over the pairs, its play decisions taking a median
// 0.40 ms and a 99th percentile 5.7 ms, its burials a median 4.8 ms and a
// 99th percentile 36 ms. The measurement runs on demand:
//
//	SJBOT_GAMES=400 SJBOT_PAIR=hard,greedy GOMAXPROCS=1 go test -tags experiments -run Long -timeout 1h ./shengji/sjbot
package sjbot
