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
	Number     int          // 1 for the first hand
	Dealer     Seat         // who was dealt the first card
	Score      Score        // banker, trump, attackers' points and the level table's reading
	Levels     [2]card.Rank // each team's level after the hand
	NextBanker Seat         // the next hand's banker (meaningless once the game is won)
}

// Game is a game of Shengji: hands until a team, as bankers at level A,
// keeps the bank. All its randomness (the shuffles) comes from the
// *rand.Rand given to NewGame. The first hand is dealt from seat 0, which
// is its banker unless someone's declaration stands; each later hand's
// banker, and dealer, follows from the hand before: the banker's partner if
// the bankers kept the bank, else the next seat in turn order.
type Game struct {
	rules      Rules
	rng        *rand.Rand
	hand       Hand
	handNo     int
	levels     [2]card.Rank
	history    []HandSummary
	over       bool
	winner     Team
	nextBanker Seat
}

// NewGame starts a game at the rules' starting level and deals the first
// hand's deck (no card dealt yet: see Deal).
func NewGame(r Rules, rng *rand.Rand) (*Game, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	g := &Game{rules: r, rng: rng, levels: [2]card.Rank{r.StartLevel, r.StartLevel}}
	if err := g.deal(0, NoSeat); err != nil {
		return nil, err
	}
	return g, nil
}

// deal shuffles a new deck and starts the next hand.
func (g *Game) deal(dealer, banker Seat) error {
	deck, err := card.ShuffledPacks(g.rng, 2, true)
	if err != nil {
		return err
	}
	level := g.levels[0]
	if banker != NoSeat {
		level = g.levels[banker.Team()]
	}
	h, err := NewHand(g.rules, deck, dealer, banker, level)
	if err != nil {
		return err
	}
	g.hand = h
	g.handNo++
	return nil
}

// Rules returns the game's rules.
func (g *Game) Rules() Rules { return g.rules }

// Hand returns the current (or just finished) hand. It holds hidden
// information; players get Observe instead. Change it only through the
// Game.
func (g *Game) Hand() *Hand { return &g.hand }

// HandNumber returns the current hand's number, from 1.
func (g *Game) HandNumber() int { return g.handNo }

// Levels returns each team's level.
func (g *Game) Levels() [2]card.Rank { return g.levels }

// History returns the finished hands.
func (g *Game) History() []HandSummary { return append([]HandSummary(nil), g.history...) }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.over }

// Winner returns the team that won, once the game is over.
func (g *Game) Winner() Team { return g.winner }

// NextBanker returns the next hand's banker once the current hand is over.
func (g *Game) NextBanker() Seat { return g.nextBanker }

// Deal deals the current hand's next card (see Hand.Deal).
func (g *Game) Deal() error {
	if g.over {
		return fmt.Errorf("shengji: deal: %w", ErrGameOver)
	}
	return g.hand.Deal()
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
	if err := g.Check(seat, a); err != nil {
		return err
	}
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
	st := advance(g.levels, s.Banker, s.Result)
	g.levels, g.nextBanker = st.levels, st.nextBanker
	if st.won {
		g.over, g.winner = true, s.Banker.Team()
	}
	g.history = append(g.history, HandSummary{Number: g.handNo, Dealer: g.hand.Dealer(), Score: s, Levels: g.levels, NextBanker: g.nextBanker})
}

// standing is where a game stands between hands.
type standing struct {
	levels     [2]card.Rank
	nextBanker Seat
	won        bool // the bankers kept the bank at level A
}

// advance applies a hand's result to the levels: the side that holds the
// bank next goes up (levels stop at A); the bankers keeping the bank at
// level A win the game.
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
// game is not: the next banker deals, at its team's level.
func (g *Game) NextHand() error {
	if g.over {
		return fmt.Errorf("shengji: next hand: %w", ErrGameOver)
	}
	if !g.hand.Over() {
		return fmt.Errorf("shengji: next hand: the current hand is still being played: %w", ErrWrongPhase)
	}
	return g.deal(g.nextBanker, g.nextBanker)
}

// Observe returns what seat may know now.
func (g *Game) Observe(seat Seat) Observation {
	o := g.hand.Observe(seat)
	o.HandNumber, o.Levels = g.handNo, g.levels
	return o
}
