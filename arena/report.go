package arena

import (
	"fmt"
	"io"
	"strings"
	"time"

	"felt/gin"
	"felt/internal/plain"
)

// Summary is a match's measured result, from A's side.
type Summary struct {
	A            string   `json:"a"`
	B            string   `json:"b"`
	Games        int      `json:"games"`
	Pairs        int      `json:"pairs"`
	AWins        int      `json:"a_wins"`
	BWins        int      `json:"b_wins"`
	AWinRate     float64  `json:"a_win_rate"`
	CI95Low      float64  `json:"ci95_low"`
	CI95High     float64  `json:"ci95_high"`
	APointsGame  float64  `json:"a_points_per_game"`
	BPointsGame  float64  `json:"b_points_per_game"`
	Hands        int      `json:"hands"`
	AHandsWon    int      `json:"a_hands_won"`
	BHandsWon    int      `json:"b_hands_won"`
	GinRate      float64  `json:"gin_rate"`
	BigGinRate   float64  `json:"big_gin_rate"`
	KnockRate    float64  `json:"knock_rate"`
	UndercutRate float64  `json:"undercut_rate"`
	DrawRate     float64  `json:"draw_rate"`
	AGins        int      `json:"a_gins"`
	BGins        int      `json:"b_gins"`
	AUndercuts   int      `json:"a_undercuts"` // hands A won by undercutting B
	BUndercuts   int      `json:"b_undercuts"`
	HandMoves    float64  `json:"avg_hand_moves"`
	ADecMedian   float64  `json:"a_decision_ms_median"`
	ADecP99      float64  `json:"a_decision_ms_p99"`
	BDecMedian   float64  `json:"b_decision_ms_median"`
	BDecP99      float64  `json:"b_decision_ms_p99"`
	Forfeits     int      `json:"forfeits"`
	AForfeits    int      `json:"a_forfeits"`
	Reasons      []string `json:"forfeit_reasons,omitempty"`
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// Summarize measures a match's games. The win-rate interval treats each
// mirrored pair as one trial, won by A, lost, or split (half a win), and
// is Wilson's (see Wilson): all pairs won still leaves room below 100%.
func Summarize(a, b string, recs []GameRecord) Summary {
	s := Summary{A: a, B: b, Games: len(recs)}
	var pairs int
	var pairScore float64
	var decA, decB []time.Duration
	moves := 0
	kinds := map[gin.ResultKind]int{}
	for i, r := range recs {
		if r.AWon {
			s.AWins++
		} else {
			s.BWins++
		}
		if i%2 == 1 {
			pairs++
			if recs[i-1].AWon {
				pairScore += 0.5
			}
			if r.AWon {
				pairScore += 0.5
			}
		}
		s.APointsGame += float64(r.AScore)
		s.BPointsGame += float64(r.BScore)
		for _, h := range r.Hands {
			s.Hands++
			moves += h.Moves
			kinds[h.Kind]++
			if h.Kind == gin.DrawResult {
				continue
			}
			if h.AWon {
				s.AHandsWon++
			} else {
				s.BHandsWon++
			}
			switch h.Kind {
			case gin.GinResult, gin.BigGinResult:
				if h.AWon {
					s.AGins++
				} else {
					s.BGins++
				}
			case gin.UndercutResult:
				if h.AWon {
					s.AUndercuts++
				} else {
					s.BUndercuts++
				}
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
	s.Pairs = pairs
	if s.Games > 0 {
		s.AWinRate = float64(s.AWins) / float64(s.Games)
		s.APointsGame /= float64(s.Games)
		s.BPointsGame /= float64(s.Games)
	}
	ci := Wilson(pairScore, pairs)
	s.CI95Low, s.CI95High = ci.Low, ci.High
	if s.Hands > 0 {
		h := float64(s.Hands)
		s.GinRate = float64(kinds[gin.GinResult]) / h
		s.BigGinRate = float64(kinds[gin.BigGinResult]) / h
		s.KnockRate = float64(kinds[gin.KnockResult]) / h
		s.UndercutRate = float64(kinds[gin.UndercutResult]) / h
		s.DrawRate = float64(kinds[gin.DrawResult]) / h
		s.HandMoves = float64(moves) / h
	}
	s.ADecMedian, s.ADecP99 = ms(Percentile(decA, 50)), ms(Percentile(decA, 99))
	s.BDecMedian, s.BDecP99 = ms(Percentile(decB, 50)), ms(Percentile(decB, 99))
	return s
}

// Count says n things, the noun in the plural unless n is 1: "1 game",
// "2 games".
func Count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// Print writes the summary as text.
func (s Summary) Print(w io.Writer) {
	fmt.Fprintf(w, "%s (A) against %s (B): %s in %s\n", s.A, s.B, Count(s.Games, "game"), Count(s.Pairs, "mirrored pair"))
	width := max(len(s.A), len(s.B))
	fmt.Fprintf(w, "  A %-*s  won %5d games  %5.1f%%  95%% interval [%.1f%%, %.1f%%]\n", width, s.A, s.AWins, 100*s.AWinRate, 100*s.CI95Low, 100*s.CI95High)
	fmt.Fprintf(w, "  B %-*s  won %5d games  %5.1f%%\n", width, s.B, s.BWins, 100*(1-s.AWinRate))
	fmt.Fprintf(w, "  points a game: A %.1f, B %.1f\n", s.APointsGame, s.BPointsGame)
	fmt.Fprintf(w, "  hands: %d (A won %d, B won %d), %.1f moves a hand\n", s.Hands, s.AHandsWon, s.BHandsWon, s.HandMoves)
	fmt.Fprintf(w, "  hands ended by: knock %.1f%%, gin %.1f%%, big gin %.1f%%, undercut %.1f%%, draw %.1f%%\n",
		100*s.KnockRate, 100*s.GinRate, 100*s.BigGinRate, 100*s.UndercutRate, 100*s.DrawRate)
	fmt.Fprintf(w, "  gins: A %d, B %d; undercuts won: A %d, B %d\n", s.AGins, s.BGins, s.AUndercuts, s.BUndercuts)
	fmt.Fprintf(w, "  decision time: A median %.3f ms, p99 %.3f ms; B median %.3f ms, p99 %.3f ms\n", s.ADecMedian, s.ADecP99, s.BDecMedian, s.BDecP99)
	if s.Forfeits > 0 {
		fmt.Fprintf(w, "  forfeits: %d (A %d, B %d)\n", s.Forfeits, s.AForfeits, s.Forfeits-s.AForfeits)
		for _, r := range s.Reasons {
			fmt.Fprintf(w, "    %s\n", plain.Text(r)) // a program's words: escaped
		}
	}
}

// RoundRobin is the result of every pairing of several players.
type RoundRobin struct {
	Players []string    `json:"players"`
	WinRate [][]float64 `json:"win_rate"` // WinRate[i][j]: i's win rate against j
	Games   [][]int     `json:"games"`
	Elo     []float64   `json:"elo"`
}

// NewRoundRobin builds the cross table and Elo ratings from match
// summaries (one for each pair, A and B among players).
func NewRoundRobin(players []string, sums []Summary) RoundRobin {
	n := len(players)
	idx := map[string]int{}
	for i, p := range players {
		idx[p] = i
	}
	rr := RoundRobin{Players: players, WinRate: make([][]float64, n), Games: make([][]int, n)}
	wins := make([][]float64, n)
	for i := range wins {
		wins[i] = make([]float64, n)
		rr.WinRate[i] = make([]float64, n)
		rr.Games[i] = make([]int, n)
	}
	for _, s := range sums {
		a, b := idx[s.A], idx[s.B]
		wins[a][b] += float64(s.AWins)
		wins[b][a] += float64(s.BWins)
		rr.Games[a][b] += s.Games
		rr.Games[b][a] += s.Games
	}
	for i := range players {
		for j := range players {
			if g := rr.Games[i][j]; g > 0 {
				rr.WinRate[i][j] = wins[i][j] / float64(g)
			}
		}
	}
	rr.Elo = EloFit(wins)
	return rr
}

// Print writes the cross table and the ratings.
func (rr RoundRobin) Print(w io.Writer) {
	width := 6
	for _, p := range rr.Players {
		width = max(width, len(p))
	}
	fmt.Fprintf(w, "%-*s", width+2, "")
	for _, p := range rr.Players {
		fmt.Fprintf(w, " %*s", width, p)
	}
	fmt.Fprintf(w, " %*s\n", 6, "Elo")
	for i, p := range rr.Players {
		fmt.Fprintf(w, "%-*s", width+2, p)
		for j := range rr.Players {
			cell := strings.Repeat("-", 1)
			if i != j {
				cell = fmt.Sprintf("%.1f%%", 100*rr.WinRate[i][j])
			}
			fmt.Fprintf(w, " %*s", width, cell)
		}
		fmt.Fprintf(w, " %6.0f\n", rr.Elo[i])
	}
}
