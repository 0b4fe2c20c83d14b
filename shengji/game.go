package shengji

import (
	"fmt"
	"math/rand/v2"

	"felt/card"
)

// NewRand returns the random source Felt derives from a seed for Shengji:
// a PCG seeded with (seed, a fixed constant). The same seed gives the same
// games.
func NewRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0xBB67AE8584CAA73B))
}

// HandSummary is one finished hand on the score sheet.
type HandSummary struct {
	Number     int                 // 1 for the first hand
	Dealer     Seat                // who was dealt the first card
	Score      Score               // banker, trump, attackers' points and the level table's reading
	Levels     [2]card.Rank        // the levels of seats 0 and 1 after the hand (each team's with fixed partnerships)
	SeatLevels [MaxSeats]card.Rank // each seat's level after the hand
	Winners    Seats               // the side that won the hand (none for a redeal)
	NextBanker Seat                // the next hand's banker (meaningless once the game is won)
}

// Game is a game of Shengji: hands until a banker at the top level (A, or
// NT with Rules.NoTrumpRank) keeps the bank with its side. All its randomness (the shuffles) comes from the
// *rand.Rand given to NewGame. Every seat has its own level, from the
// rules' starting level; a hand is played at its banker's level. The first
// hand is dealt from seat 0, which is its banker unless someone's
// declaration stands; each later hand's banker, and dealer, follows from
// the hand before: the next seat after the banker in turn order on the
// side that won it (at four players with fixed partnerships: the banker's
// partner if the bankers kept the bank, else the next seat). The winners
// go up the levels won, stopping at the top level and at each level of
// Rules.Defends they have not yet defended (kept the bank on the banker's
// side while their own level was that one). A hand nobody declared in under the redeal rule changes nothing
// and is dealt again by the next seat.
type Game struct {
	rules      Rules
	rng        *rand.Rand
	hand       Hand
	handNo     int
	levels     [MaxSeats]card.Rank
	defended   [MaxSeats]RankSet // the must-defend ranks each seat has defended
	history    []HandSummary
	over       bool
	winner     Team
	winners    Seats
	nextBanker Seat
	nextDealer Seat
}

// startLevels returns every seat at the starting level.
func startLevels(r Rules) (l [MaxSeats]card.Rank) {
	for s := range r.NumPlayers() {
		l[s] = r.StartLevel
	}
	return l
}

// NewGame starts a game at the rules' starting level and deals the first
// hand's deck (no card dealt yet: see Deal).
func NewGame(r Rules, rng *rand.Rand) (*Game, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	g := &Game{rules: r, rng: rng, levels: startLevels(r)}
	if err := g.deal(0, NoSeat); err != nil {
		return nil, err
	}
	return g, nil
}

// deal shuffles a new deck and starts the next hand.
func (g *Game) deal(dealer, banker Seat) error {
	deck, err := card.ShuffledPacks(g.rng, g.rules.Packs(), true)
	if err != nil {
		return err
	}
	h, err := NewHand(g.rules, deck, dealer, banker, g.handLevel(banker))
	if err != nil {
		return err
	}
	g.hand = h
	g.handNo++
	return nil
}

// handLevel returns the level of a hand banked by banker: the banker's,
// or, while the first hand's bidding decides the banker, the starting
// level (every seat's then).
func (g *Game) handLevel(banker Seat) card.Rank {
	if banker == NoSeat {
		return g.levels[0]
	}
	return g.levels[banker]
}

// Rules returns the game's rules.
func (g *Game) Rules() Rules { return g.rules }

// Hand returns the current (or just finished) hand. It holds hidden
// information; players get Observe instead. Change it only through the
// Game.
func (g *Game) Hand() *Hand { return &g.hand }

// HandNumber returns the current hand's number, from 1.
func (g *Game) HandNumber() int { return g.handNo }

// Levels returns the levels of seats 0 and 1: each team's level with fixed
// partnerships.
func (g *Game) Levels() [2]card.Rank { return [2]card.Rank{g.levels[0], g.levels[1]} }

// SeatLevels returns each seat's level.
func (g *Game) SeatLevels() [MaxSeats]card.Rank { return g.levels }

// Defended returns the must-defend ranks (Rules.Defends) each seat has
// defended.
func (g *Game) Defended() [MaxSeats]RankSet { return g.defended }

// History returns the finished hands.
func (g *Game) History() []HandSummary { return append([]HandSummary(nil), g.history...) }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.over }

// Winner returns the team that won, once the game is over: the parity of
// the last banker's seat (its team with fixed partnerships).
func (g *Game) Winner() Team { return g.winner }

// Winners returns the seats that won, once the game is over: the last
// banker's side.
func (g *Game) Winners() Seats { return g.winners }

// NextBanker returns the next hand's banker once the current hand is over.
func (g *Game) NextBanker() Seat { return g.nextBanker }

// Deal deals the current hand's next card (see Hand.Deal). A hand that
// ends with its deal (nobody declared, under the redeal rule) is scored
// as Apply scores one: the next dealer deals it again.
func (g *Game) Deal() error {
	if g.over {
		return fmt.Errorf("shengji: deal: %w", ErrGameOver)
	}
	if err := g.hand.Deal(); err != nil {
		return err
	}
	if g.hand.Over() {
		g.score()
	}
	return nil
}

// Check says whether seat may take action a now (see Hand.Check).
func (g *Game) Check(seat Seat, a Action) error {
	if g.over {
		return refuse(seat, a, ErrGameOver, "seat %s cannot %s: the game is over", seat, a.Kind)
	}
	return g.hand.Check(seat, a)
}

// Apply carries out seat's action in the current hand. When the hand ends
// the levels move and the next banker is known; if the bankers kept the
// bank at level A the game is over. A refused action changes nothing.
func (g *Game) Apply(seat Seat, a Action) error {
	if g.over {
		return g.Check(seat, a) // the game's refusal, as Check gives it
	}
	// the hand checks the action (Check is the game's end, then the hand's)
	if err := g.hand.Apply(seat, a); err != nil {
		return err
	}
	if g.hand.Over() {
		g.score()
	}
	return nil
}

// score moves the levels after a finished hand.
func (g *Game) score() {
	s := g.hand.Score()
	n := g.rules.NumPlayers()
	var winners Seats
	if s.Redeal {
		g.nextBanker, g.nextDealer = s.Banker, g.hand.Dealer().NextOf(n)
	} else {
		winners = s.Winners(g.rules)
		if s.BankersKeep && g.levels[s.Banker] == g.rules.TopLevel() {
			g.over, g.winner, g.winners = true, s.Banker.Team(), winners
		}
		for w := range winners.All() {
			if s.BankersKeep && g.rules.Defends().Has(g.levels[w]) {
				g.defended[w] |= 1 << g.levels[w]
			}
			g.levels[w] = climb(g.levels[w], s.LevelsUp, g.rules.Defends()&^g.defended[w], g.rules.TopLevel())
		}
		g.nextBanker = s.NextBanker(g.rules)
		g.nextDealer = g.nextBanker
	}
	g.history = append(g.history, HandSummary{Number: g.handNo, Dealer: g.hand.Dealer(), Score: s, Levels: g.Levels(),
		SeatLevels: g.levels, Winners: winners, NextBanker: g.nextBanker})
}

// climb returns level r moved up n levels, stopping at top (A or NT) and
// at any level of stops (r itself included: a level held at a must-defend
// level stays there). Past A comes NT.
func climb(r card.Rank, n int, stops RankSet, top card.Rank) card.Rank {
	for range max(n, 0) {
		if r == top || stops.Has(r) {
			break
		}
		if r == card.Ace {
			r = LevelNT
			continue
		}
		r = raise(r, 1)
	}
	return r
}

// standing is where a game stands between hands.
type standing struct {
	levels     [2]card.Rank
	nextBanker Seat
	won        bool // the bankers kept the bank at level A
}

// advance applies a hand's result to the levels of a standard table's two
// teams: the side that holds the bank next goes up (levels stop at A); the
// bankers keeping the bank at level A win the game. It is the four-player
// rule the per-seat levels of Game reduce to there, kept as the tests'
// reference.
func advance(levels [2]card.Rank, banker Seat, res Result) standing {
	bt := banker.Team()
	if res.BankersKeep {
		if levels[bt] == card.Ace {
			return standing{levels, banker.Partner(), true}
		}
		levels[bt] = raise(levels[bt], res.LevelsUp)
		return standing{levels, banker.Partner(), false}
	}
	at := bt.Other()
	levels[at] = raise(levels[at], res.LevelsUp)
	return standing{levels, banker.Next(), false}
}

// raise returns level r moved up n levels, stopping at A.
func raise(r card.Rank, n int) card.Rank {
	p := min(power(r)+max(n, 0), 12)
	return card.Rank((p+1)%13 + 1)
}

// NextHand deals the next hand's deck once the current hand is over and the
// game is not: the next banker deals, at its own level.
func (g *Game) NextHand() error {
	if g.over {
		return fmt.Errorf("shengji: next hand: %w", ErrGameOver)
	}
	if !g.hand.Over() {
		return fmt.Errorf("shengji: next hand: the current hand is still being played: %w", ErrWrongPhase)
	}
	return g.deal(g.nextDealer, g.nextBanker)
}

// Observe writes what seat may know now to o, which it overwrites whole.
func (g *Game) Observe(seat Seat, o *Observation) {
	g.hand.Observe(seat, o)
	o.HandNumber, o.Levels, o.SeatLevels = g.handNo, g.Levels(), g.levels
}

// setTeamLevels sets the levels of a table of fixed partnerships by team:
// the even seats at l[0], the odd ones at l[1].
func (g *Game) setTeamLevels(l [2]card.Rank) {
	for s := range g.rules.NumPlayers() {
		g.levels[s] = l[s&1]
	}
}
