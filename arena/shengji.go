package arena

import (
	"context"
	"encoding/json"
	sjgame "felt/games/shengji"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"time"

	"felt/card"
	"felt/internal/plain"
	"felt/internal/seed"
	"felt/shengji"
	"felt/table"
)

// MaxShengjiHands bounds a Shengji game in a match: one that has not ended
// by then is an error.
const MaxShengjiHands = 1000

// ShengjiConfig describes a Shengji match between two teams of built-in
// players (each team is two copies of one level).
type ShengjiConfig struct {
	A, B     string        // level names (see sjbot.Levels) or exec:COMMAND
	Rules    shengji.Rules // the rules of every game
	Games    int           // games to play (1 to MaxGames); rounded up to an even number
	Seed     uint64        // the match seed
	Parallel int           // games played at once (0 means 1)
	// SaveDir, if set, receives each game's table log, game-NNNNNN.jsonl
	// (not synced line by line: a match is not a game to bring back).
	SaveDir string
	// Timeout is how long an outside program may take per decision (0:
	// 10s); a program that fails forfeits the game for its team.
	Timeout time.Duration
	// Progress, if set, is called after each game with the number done.
	Progress func(done int)
}

// ShengjiHand is one hand of a Shengji game, from A's side.
type ShengjiHand struct {
	ABanker        bool // A's team held the bank
	BankersKeep    bool // the bankers kept it
	AttackerPoints int
	LevelsUp       int  // levels gained by the team that went up
	AUp            bool // A's team went up (false: B's did, or nobody: LevelsUp 0)
	Moves          int
}

// ShengjiGame is one game of a Shengji match, from A's side. In even games
// A is the team of seats 0 and 2, in odd games seats 1 and 3, on the same
// deals.
type ShengjiGame struct {
	Index     int
	ATeam     int
	AWon      bool
	ALevel    int // final levels, 2 to 14 (the ace)
	BLevel    int
	Hands     []ShengjiHand
	DecisionA []time.Duration
	DecisionB []time.Duration
	Forfeit   bool   // a seat's outside program failed and its team lost
	ForfeitA  bool   // it was A's
	Reason    string // why
	Err       error
}

// shengjiMatch is cfg's match on the table driver.
func shengjiMatch(cfg ShengjiConfig) (*tableMatch[shengji.Action, shengji.Observation, shengji.Event], error) {
	rules, err := json.Marshal(cfg.Rules)
	if err != nil {
		return nil, err
	}
	return &tableMatch[shengji.Action, shengji.Observation, shengji.Event]{spec: sjgame.Spec, seats: shengji.NumSeats,
		program: sjgame.Wire, options: rules, a: cfg.A, b: cfg.B, games: cfg.Games, seed: cfg.Seed,
		parallel: cfg.Parallel, saveDir: cfg.SaveDir, timeout: cfg.Timeout, progress: cfg.Progress,
		playerSeed: func(i int, s table.Seat) uint64 { return seed.Mix(cfg.Seed, uint64(i), 2, uint64(s)) },
		player: func(name string, _ table.Seat, seed uint64) (table.Player[shengji.Action, shengji.Observation], error) {
			return sjgame.Level(name, rand.New(rand.NewPCG(seed, 0)))
		},
		tooLong: func(e table.Engine[shengji.Action, shengji.Observation, shengji.Event]) error {
			if e.Outcome().Hands > MaxShengjiHands {
				return fmt.Errorf("arena: shengji game did not end in %d hands", MaxShengjiHands)
			}
			return nil
		}}, nil
}

// PlayShengjiGame plays game i of the match through the table driver.
func PlayShengjiGame(ctx context.Context, cfg ShengjiConfig, i int) ShengjiGame {
	m, err := shengjiMatch(cfg)
	if err != nil {
		return ShengjiGame{Index: i, ATeam: i % 2, Err: err}
	}
	s := make(session[shengji.Action, shengji.Observation, shengji.Event], m.seats)
	defer s.close()
	return playShengji(ctx, m, i, s)
}

func playShengji(ctx context.Context, m *tableMatch[shengji.Action, shengji.Observation, shengji.Event], i int, sess session[shengji.Action, shengji.Observation, shengji.Event]) ShengjiGame {
	rec := ShengjiGame{Index: i, ATeam: i % 2}
	p := m.play(ctx, i, sess)
	rec.DecisionA, rec.DecisionB, rec.Err = p.decA, p.decB, p.err
	if p.err != nil {
		return rec
	}
	if p.res.Forfeited {
		rec.Forfeit, rec.ForfeitA = true, p.forfeitA
		rec.AWon, rec.Reason = !rec.ForfeitA, p.forfeit()
		return rec
	}
	rec.AWon = p.res.Winner == rec.ATeam
	rec.ALevel, rec.BLevel = p.res.Scores[rec.ATeam], p.res.Scores[1-rec.ATeam]
	g := p.engine.(*sjgame.Engine).Game()
	for _, h := range g.History() {
		sc := h.Score
		hr := ShengjiHand{ABanker: int(sc.Banker.Team()) == rec.ATeam, BankersKeep: sc.BankersKeep,
			AttackerPoints: sc.AttackerPoints, LevelsUp: sc.LevelsUp}
		hr.AUp = hr.LevelsUp > 0 && hr.ABanker == hr.BankersKeep
		rec.Hands = append(rec.Hands, hr)
	}
	return rec
}

// RunShengji plays a Shengji match: games in mirrored pairs, cfg.Parallel
// at once, each worker keeping its outside programs running from game to
// game (a session), so that each pays its start-up once.
func RunShengji(ctx context.Context, cfg ShengjiConfig) ([]ShengjiGame, error) {
	m, err := shengjiMatch(cfg)
	if err != nil {
		return nil, err
	}
	return run(ctx, m, func(i int, s session[shengji.Action, shengji.Observation, shengji.Event]) ShengjiGame {
		return playShengji(ctx, m, i, s)
	}, func(r ShengjiGame) error { return r.Err })
}

// AttackersTarget is the attackers' points that take the bank from the
// bankers: the share of hands where they reach it is attackers_80_rate.
const AttackersTarget = 80

// ShengjiSummary is a Shengji match's measured result, from A's side. Its
// keys shared with Summary mean the same: games won, the win rate with its
// interval over mirrored pairs, hands won (a hand is won by the team that
// goes up, or by the bankers when they keep the bank without going up),
// decision times.
type ShengjiSummary struct {
	A              string   `json:"a"`
	B              string   `json:"b"`
	Games          int      `json:"games"`
	Pairs          int      `json:"pairs"`
	AWins          int      `json:"a_wins"`
	BWins          int      `json:"b_wins"`
	AWinRate       float64  `json:"a_win_rate"`
	CI95Low        float64  `json:"ci95_low"`
	CI95High       float64  `json:"ci95_high"`
	APointsGame    float64  `json:"a_points_per_game"` // A's final level (2 to 14), on average over LevelGames
	BPointsGame    float64  `json:"b_points_per_game"`
	LevelGames     int      `json:"level_games"` // games played to the end: a forfeited one has no final level
	Hands          int      `json:"hands"`
	AHandsWon      int      `json:"a_hands_won"`
	BHandsWon      int      `json:"b_hands_won"`
	HandsPerGame   float64  `json:"hands_per_game"`
	ALevelsHand    float64  `json:"a_levels_per_hand"` // levels A's team gained per hand
	BLevelsHand    float64  `json:"b_levels_per_hand"`
	BankKeptRate   float64  `json:"bank_kept_rate"`    // hands whose bankers kept the bank
	BankUpRate     float64  `json:"bank_up_rate"`      // hands whose bankers kept it and went up
	BankLostRate   float64  `json:"bank_lost_rate"`    // hands the attackers took the bank
	AttackersUp    float64  `json:"attackers_up_rate"` // hands the attackers took it and went up
	AttackerPoints float64  `json:"avg_attacker_points"`
	ABankRate      float64  `json:"a_bank_rate"`       // hands A's team held the bank
	BBankRate      float64  `json:"b_bank_rate"`       // hands B's team held the bank
	Attackers80    float64  `json:"attackers_80_rate"` // hands whose attackers reached 80 points
	ADecMedian     float64  `json:"a_decision_ms_median"`
	ADecP99        float64  `json:"a_decision_ms_p99"`
	BDecMedian     float64  `json:"b_decision_ms_median"`
	BDecP99        float64  `json:"b_decision_ms_p99"`
	Forfeits       int      `json:"forfeits"`
	AForfeits      int      `json:"a_forfeits"`
	Reasons        []string `json:"forfeit_reasons,omitempty"`
}

// SummarizeShengji measures a Shengji match from A's side.
func SummarizeShengji(a, b string, recs []ShengjiGame) ShengjiSummary {
	s := ShengjiSummary{A: a, B: b, Games: len(recs)}
	var pairScore float64
	var decA, decB []time.Duration
	var aUp, bUp, kept, keptUp, lost, lostUp, points, aBank, reached80 int
	for i, r := range recs {
		if r.AWon {
			s.AWins++
		} else {
			s.BWins++
		}
		if i%2 == 1 {
			s.Pairs++
			if recs[i-1].AWon {
				pairScore += 0.5
			}
			if r.AWon {
				pairScore += 0.5
			}
		}
		if !r.Forfeit && r.Err == nil {
			s.LevelGames++
			s.APointsGame += float64(r.ALevel)
			s.BPointsGame += float64(r.BLevel)
		}
		for _, h := range r.Hands {
			s.Hands++
			points += h.AttackerPoints
			if h.ABanker {
				aBank++
			}
			if h.AttackerPoints >= AttackersTarget {
				reached80++
			}
			aWon := h.AUp || h.LevelsUp == 0 && h.ABanker
			if aWon {
				s.AHandsWon++
			} else {
				s.BHandsWon++
			}
			if h.AUp {
				aUp += h.LevelsUp
			} else {
				bUp += h.LevelsUp
			}
			switch {
			case h.BankersKeep && h.LevelsUp > 0:
				kept++
				keptUp++
			case h.BankersKeep:
				kept++
			case h.LevelsUp > 0:
				lost++
				lostUp++
			default:
				lost++
			}
		}
		decA = append(decA, r.DecisionA...)
		decB = append(decB, r.DecisionB...)
		if r.Forfeit {
			s.Forfeits++
			if r.ForfeitA {
				s.AForfeits++
			}
			if len(s.Reasons) < 5 {
				s.Reasons = append(s.Reasons, fmt.Sprintf("game %d: %s", r.Index, r.Reason))
			}
		}
	}
	if s.Games > 0 {
		g := float64(s.Games)
		s.AWinRate = float64(s.AWins) / g
		s.HandsPerGame = float64(s.Hands) / g
	}
	if s.LevelGames > 0 {
		s.APointsGame /= float64(s.LevelGames)
		s.BPointsGame /= float64(s.LevelGames)
	}
	ci := Wilson(pairScore, s.Pairs)
	s.CI95Low, s.CI95High = ci.Low, ci.High
	if s.Hands > 0 {
		h := float64(s.Hands)
		s.ALevelsHand, s.BLevelsHand = float64(aUp)/h, float64(bUp)/h
		s.BankKeptRate, s.BankUpRate = float64(kept)/h, float64(keptUp)/h
		s.BankLostRate, s.AttackersUp = float64(lost)/h, float64(lostUp)/h
		s.AttackerPoints = float64(points) / h
		s.ABankRate, s.BBankRate = float64(aBank)/h, float64(s.Hands-aBank)/h
		s.Attackers80 = float64(reached80) / h
	}
	s.ADecMedian, s.ADecP99 = ms(Percentile(decA, 50)), ms(Percentile(decA, 99))
	s.BDecMedian, s.BDecP99 = ms(Percentile(decB, 50)), ms(Percentile(decB, 99))
	return s
}

// Print writes the summary as a few lines of text.
func (s ShengjiSummary) Print(w io.Writer) {
	fmt.Fprintf(w, "shengji: %s (A) vs %s (B): %s, %s\n", s.A, s.B, Count(s.Games, "game"), Count(s.Pairs, "mirrored pair"))
	fmt.Fprintf(w, "  A won %d (%.1f%%, 95%% interval %.1f%%-%.1f%%), B won %d\n", s.AWins, 100*s.AWinRate, 100*s.CI95Low, 100*s.CI95High, s.BWins)
	over := ""
	if s.LevelGames < s.Games {
		over = fmt.Sprintf(" (over the %s played to the end)", Count(s.LevelGames, "game"))
	}
	fmt.Fprintf(w, "  final level per game%s: A %.2f (%s), B %.2f (%s)\n", over, s.APointsGame, LevelName(s.APointsGame), s.BPointsGame, LevelName(s.BPointsGame))
	fmt.Fprintf(w, "  hands: %d (%.1f a game), A won %d, B won %d; levels gained per hand: A %.3f, B %.3f\n",
		s.Hands, s.HandsPerGame, s.AHandsWon, s.BHandsWon, s.ALevelsHand, s.BLevelsHand)
	fmt.Fprintf(w, "  hands ended: bank kept %.1f%% (going up %.1f%%), bank lost %.1f%% (attackers up %.1f%%); attacker points %.1f a hand\n",
		100*s.BankKeptRate, 100*s.BankUpRate, 100*s.BankLostRate, 100*s.AttackersUp, s.AttackerPoints)
	fmt.Fprintf(w, "  bank held: A %.1f%%, B %.1f%% of hands; attackers reached %d in %.1f%% of hands\n",
		100*s.ABankRate, 100*s.BBankRate, AttackersTarget, 100*s.Attackers80)
	fmt.Fprintf(w, "  decision ms: A median %.3f p99 %.3f, B median %.3f p99 %.3f\n", s.ADecMedian, s.ADecP99, s.BDecMedian, s.BDecP99)
	if s.Forfeits > 0 {
		fmt.Fprintf(w, "  forfeits: %d (A %d)\n", s.Forfeits, s.AForfeits)
		for _, r := range s.Reasons {
			fmt.Fprintf(w, "    %s\n", plain.Text(r)) // a program's words: escaped
		}
	}
}

// LevelName says an average level as ranks: "A" for 14, "7" for 7, and
// "between 7 and 8" for 7.25.
func LevelName(x float64) string {
	rank := func(n int) string {
		if n >= 14 {
			return "A"
		}
		return shengji.LevelString(card.Rank(max(n, 2)))
	}
	lo := int(math.Floor(x))
	if float64(lo) == x || lo >= 14 {
		return rank(lo)
	}
	return fmt.Sprintf("between %s and %s", rank(lo), rank(lo+1))
}

// NewShengjiRoundRobin builds the cross table and Elo ratings of a Shengji
// round robin from its matches' summaries (one for each pair of players,
// A and B among players), as NewRoundRobin does for Gin Rummy.
func NewShengjiRoundRobin(players []string, sums []ShengjiSummary) RoundRobin {
	gs := make([]Summary, len(sums))
	for i, s := range sums {
		gs[i] = Summary{A: s.A, B: s.B, Games: s.Games, AWins: s.AWins, BWins: s.BWins}
	}
	return NewRoundRobin(players, gs)
}
