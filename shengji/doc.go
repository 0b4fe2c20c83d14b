// Package shengji is the rules of Shengji (升级, "Tractor"): four players in
// two fixed partnerships (seats 0 and 2 against 1 and 3), two 54-card packs,
// a trump suit and a level rank that change every hand, declarations during
// the deal, a kitty the banker buries, tricks led with singles, pairs,
// tractors and throws, and levels that climb from 2 to A. The rules Felt
// plays, in full, are docs/rules/shengji.md in Felt's source.
//
// The package has no I/O, no goroutines and no clocks; every shuffle comes
// from a *rand.Rand the caller seeds (NewRand derives one from a seed). It
// is built in layers.
//
// # Evaluation
//
// Pure functions on values, shared by everything above them:
//
//   - Trump is a hand's trump suit (or no trump) and level rank; Order is
//     what it implies: every card's suit-group (a plain suit or the trumps)
//     and its step, its position in that group's order from the lowest.
//     Off-suit level-rank cards share one step (they are equal); in the
//     trumps the trump-suit ace, the off-suit level cards, the trump-suit
//     level card and the two jokers are consecutive steps, so pairs of them
//     chain into tractors, except that two off-suit level pairs, being at the
//     same step, never chain with each other. Orders are computed once for
//     all 65 trumps and shared read-only (Trump.Order).
//   - Split divides a play into units: within each suit-group its longest
//     tractor (the highest on a tie), again and again, then its pairs, then
//     its singles.
//   - CheckFollow says whether a hand may follow a lead with a play, and if
//     not which Rule the play breaks, in plain words (a *FollowError).
//   - Winner, Points and KittyMultiplier settle a trick; Throw decides
//     whether a throw stands against the other hands and, if not, which unit
//     the leader must play; LevelUp reads the level table.
//   - The legal-play lists, for computer players and tests: CountFollows,
//     AppendFollows, EachFollow and NthFollow list every legal follow (NthFollow
//     draws the k-th without listing the others, so a uniformly random follow
//     costs no allocation); CountLeads, AppendLeads and NthLead list the leads
//     of one unit (throws are legal leads too, but not listed).
//
// Hands and plays are card.Multi values: each of the 54 faces at most twice.
//
// # Hands and games
//
// Hand is one deal from the first card to the scoring: NewHand takes a deck,
// Deal gives out one card at a time, and Check and Apply take each Action
// (declare, pass, bury, play) of any seat. While the cards are dealt several
// seats may be able to declare at once, so ToAct returns a set of Seats; after
// the deal one seat is in turn (Turn). Check explains every refusal with an
// *ActionError naming the rule broken and wrapping its sentinel error (or the
// *FollowError), and a refused action changes nothing. Apply plays a failed
// throw as its forced unit and, at the last trick, scores the hand (Score).
// A Hand is a comparable value without pointers: copying it copies the
// position.
//
// Game strings hands together: the levels of the two teams (from the Rules'
// starting level), each hand's banker and dealer from the one before, and
// the end of the game when the bankers keep the bank at level A. The
// package plays no games itself: the table (package table, through
// games/shengji) asks the seats for their actions, and the computer players
// are in package sjbot. The methods DealDeck, DealOne and ApplyShown serve
// that game-agnostic table layer: a deck dealt from outside, and what each
// seat and a spectator see (Event) of every card and move. A game's log is
// the table's.
//
// # What a seat may know
//
// Observation is what one seat may see: its own cards, the declarations
// shown, every card played and every failed throw shown, the counts of the
// other hands, the points so far, and the kitty only for the banker once it
// has taken it up (for everyone once the hand is over). It is a value with no
// slices, maps or pointers. Players and interfaces get only Observations;
// Observation.AppendPlays, CountPlays, NthPlay and AppendDeclarations list the
// seat's legal moves from it.
//
// # Rules
//
// Rules is a rules configuration: the table (players, packs, kitty, Finding
// Friends), the starting level, the declaring rules (after the deal, what
// happens when nobody declares, joker bids, overrides, reinforcing), the
// scoring (the throw penalty, the level step, the kitty multiplier, the
// ranks to defend), whether the level rank's cards make tractors and the
// no-trump top level NT (LevelNT: past A, the jokers the only trumps).
// Standard is the default; Preset names "standard", "simple", "penalty",
// "friends-5", "friends-6" and "friends-8"; ParseRules and ResolveRules read
// the JSON form, refusing an unknown field or a value out of range with an
// error that names the field.
package shengji
