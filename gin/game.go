package gin

import (
	"fmt"
	"math/rand/v2"

	"felt/card"
)

// NewRand returns the random source Felt derives from a seed: a PCG seeded
// with (seed, a fixed constant). The same seed gives the same games.
func NewRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x6A09E667F3BCC909))
}

// HandSummary is one finished hand on the score sheet.
type HandSummary struct {
	Number int        // 1 for the first hand
	Dealer Seat       // who dealt
	Kind   ResultKind // how it ended
	Winner Seat       // who scored (not meaningful for a draw)
	Points int        // points scored
	Scores [2]int     // running totals after the hand
}

// GameResult is a finished game with its bonuses.
type GameResult struct {
	Winner    Seat
	Scores    [2]int // totals from hands, before bonuses
	Boxes     [2]int // hands won by each player
	GameBonus int    // to the winner, doubled on a shutout when the rules say so
	Shutout   bool   // the loser won no hand
	BoxBonus  [2]int // box bonus to each player
	Final     [2]int // totals with every bonus
}

// Game is a game of Gin Rummy played to the target score. All its
// randomness (the first dealer, the shuffles) comes from the *rand.Rand
// given to NewGame.
type Game struct {
	rules   Rules
	rng     *rand.Rand
	hand    Hand
	handNo  int
	scores  [2]int
	boxes   [2]int
	history []HandSummary
	over    bool
	result  GameResult
}

// NewGame starts a game: it picks the first dealer with rng and deals the
// first hand.
func NewGame(r Rules, rng *rand.Rand) (*Game, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	g := &Game{rules: r, rng: rng}
	dealer := Seat(rng.IntN(2))
	if err := g.deal(dealer); err != nil {
		return nil, err
	}
	return g, nil
}

func (g *Game) deal(dealer Seat) error {
	deck := card.Shuffled(g.rng)
	h, err := NewHand(g.rules, deck, dealer)
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
// information; players get Observe instead.
func (g *Game) Hand() *Hand { return &g.hand }

// HandNumber returns the current hand's number, from 1.
func (g *Game) HandNumber() int { return g.handNo }

// Scores returns the running totals (without bonuses).
func (g *Game) Scores() [2]int { return g.scores }

// Boxes returns the number of hands each player has won.
func (g *Game) Boxes() [2]int { return g.boxes }

// History returns the finished hands.
func (g *Game) History() []HandSummary { return append([]HandSummary(nil), g.history...) }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.over }

// Result returns the game's result once it is over.
func (g *Game) Result() GameResult { return g.result }

// Apply carries out seat's action in the current hand. When the hand ends
// the scores are updated and, if a total reaches the target, the game ends
// with its bonuses. A rejected action changes nothing.
func (g *Game) Apply(seat Seat, a Action) error {
	if g.over {
		return fmt.Errorf("gin: %s: %w", a.Kind, ErrGameOver)
	}
	if err := g.hand.Apply(seat, a); err != nil {
		return err
	}
	if g.hand.Over() {
		g.score()
	}
	return nil
}

func (g *Game) score() {
	res := g.hand.result
	if res.Kind != DrawResult {
		g.scores[res.Winner] += res.Points
		g.boxes[res.Winner]++
	}
	g.history = append(g.history, HandSummary{
		Number: g.handNo, Dealer: g.hand.Dealer(), Kind: res.Kind,
		Winner: res.Winner, Points: res.Points, Scores: g.scores,
	})
	for s := Seat(0); s < 2; s++ {
		if g.scores[s] >= g.rules.TargetScore {
			g.finishGame(s)
			return
		}
	}
}

func (g *Game) finishGame(winner Seat) {
	loser := winner.Other()
	r := GameResult{Winner: winner, Scores: g.scores, Boxes: g.boxes, GameBonus: g.rules.GameBonus}
	if g.boxes[loser] == 0 {
		r.Shutout = true
		if g.rules.ShutoutDouble {
			r.GameBonus *= 2
		}
	}
	for s := range 2 {
		r.BoxBonus[s] = g.rules.BoxBonus * g.boxes[s]
		r.Final[s] = g.scores[s] + r.BoxBonus[s]
	}
	r.Final[winner] += r.GameBonus
	g.over = true
	g.result = r
}

// NextDealer returns who deals the next hand after the current one ended.
func (g *Game) NextDealer() Seat {
	res := g.hand.result
	d := g.hand.Dealer()
	if res.Kind == DrawResult {
		return d
	}
	switch g.rules.NextDealer {
	case LoserDeals:
		return res.Winner.Other()
	case AlternateDeal:
		return d.Other()
	}
	return res.Winner
}

// NextHand deals the next hand once the current one is over and the game
// is not.
func (g *Game) NextHand() error {
	if g.over {
		return fmt.Errorf("gin: next hand: %w", ErrGameOver)
	}
	if !g.hand.Over() {
		return fmt.Errorf("gin: next hand: the current hand is still being played: %w", ErrWrongPhase)
	}
	return g.deal(g.NextDealer())
}

// Observe returns what seat may know now.
func (g *Game) Observe(seat Seat) Observation {
	o := g.hand.Observe(seat)
	o.HandNumber = g.handNo
	o.Scores, o.Boxes = g.scores, g.boxes
	return o
}
