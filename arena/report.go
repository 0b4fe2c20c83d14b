package arena

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"felt/games"
	"felt/internal/plain"
	"felt/table"
)

// Summary is a match's measured result, from A's side: what every game's
// matches share, and the game's own Figures.
type Summary struct {
	Game         string   `json:"game"`
	A            string   `json:"a"`
	B            string   `json:"b"`
	Games        int      `json:"games"`
	Pairs        int      `json:"pairs"`
	AWins        int      `json:"a_wins"`
	BWins        int      `json:"b_wins"`
	Draws        int      `json:"draws"`
	AWinRate     float64  `json:"a_win_rate"` // a draw counts half a win
	CI95Low      float64  `json:"ci95_low"`
	CI95High     float64  `json:"ci95_high"`
	Score        string   `json:"score"` // what the scores count, in the game's terms
	AScoreGame   float64  `json:"a_points_per_game"`
	BScoreGame   float64  `json:"b_points_per_game"`
	ScoredGames  int      `json:"scored_games"` // games played to the end: a forfeited one has no score
	Hands        int      `json:"hands"`
	AHandsWon    int      `json:"a_hands_won"`
	BHandsWon    int      `json:"b_hands_won"`
	HandsPerGame float64  `json:"hands_per_game"`
	HandMoves    float64  `json:"avg_hand_moves"`
	ADecMedian   float64  `json:"a_decision_ms_median"`
	ADecP99      float64  `json:"a_decision_ms_p99"`
	BDecMedian   float64  `json:"b_decision_ms_median"`
	BDecP99      float64  `json:"b_decision_ms_p99"`
	Forfeits     int      `json:"forfeits"`
	AForfeits    int      `json:"a_forfeits"`
	Reasons      []string `json:"forfeit_reasons,omitempty"`
	// Teams are the teams the games ended with, by who played them: A's
	// seats alone, B's alone, or A's and B's together (teams that formed
	// during a hand, as in Finding Friends), each with how many formed
	// and won. A team is counted once a game.
	Teams []TeamResult `json:"teams"`
	// Figures are the game's own measures of the hands, each a key of
	// the JSON object beside the others.
	Figures []games.Figure `json:"-"`
}

// TeamResult is how the teams of one make-up did over a match.
type TeamResult struct {
	// Players says who played the team's seats: "A", "B" or "A+B".
	Players string `json:"players"`
	Formed  int    `json:"formed"`
	Won     int    `json:"won"`
}

// teamPlayers names who played a team's seats, A's seats being a.
func teamPlayers(team, a table.Seats) string {
	switch {
	case team&a == team:
		return "A"
	case team&a == 0:
		return "B"
	}
	return "A+B"
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// Summarize measures a match of game g. The win-rate interval treats each
// mirrored pair as one trial, won by A, lost, or split (half a win), and
// is Wilson's (see Wilson): all pairs won still leaves room below 100%.
func Summarize(g games.Game, a, b string, recs []GameRecord) Summary {
	info := g.About()
	s := Summary{Game: info.Name, A: a, B: b, Games: len(recs), Score: info.Score}
	var pairScore float64
	var decA, decB []time.Duration
	moves := 0
	sides := make([]games.Side, 0, len(recs))
	teams := map[string]*TeamResult{}
	for _, k := range []string{"A", "B", "A+B"} {
		s.Teams = append(s.Teams, TeamResult{Players: k})
	}
	for i := range s.Teams {
		teams[s.Teams[i].Players] = &s.Teams[i]
	}
	for i, r := range recs {
		switch {
		case r.AWon:
			s.AWins++
		case r.Draw:
			s.Draws++
		default:
			s.BWins++
		}
		if i%2 == 1 {
			s.Pairs++
			pairScore += (recs[i-1].Points() + r.Points()) / 2
		}
		if !r.Forfeit && r.Err == nil {
			s.ScoredGames++
			s.AScoreGame += r.AScore
			s.BScoreGame += r.BScore
		}
		for _, t := range r.Teams {
			tr := teams[teamPlayers(t, r.ASeats)]
			tr.Formed++
			if t&r.Winners == t {
				tr.Won++
			}
		}
		for _, h := range r.Hands {
			s.Hands++
			moves += h.Moves
			b := table.AllSeats(table.MaxSeats) &^ r.ASeats
			switch a, b := share(h.Winners, r.ASeats), share(h.Winners, b); {
			case a > b:
				s.AHandsWon++
			case b > a:
				s.BHandsWon++
			}
		}
		sides = append(sides, games.Side{Seats: r.ASeats, Hands: r.Hands})
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
		s.AWinRate = (float64(s.AWins) + float64(s.Draws)/2) / float64(s.Games)
		s.HandsPerGame = float64(s.Hands) / float64(s.Games)
	}
	if s.ScoredGames > 0 {
		s.AScoreGame /= float64(s.ScoredGames)
		s.BScoreGame /= float64(s.ScoredGames)
	}
	ci := Wilson(pairScore, s.Pairs)
	s.CI95Low, s.CI95High = ci.Low, ci.High
	if s.Hands > 0 {
		s.HandMoves = float64(moves) / float64(s.Hands)
	}
	s.ADecMedian, s.ADecP99 = ms(Percentile(decA, 50)), ms(Percentile(decA, 99))
	s.BDecMedian, s.BDecP99 = ms(Percentile(decB, 50)), ms(Percentile(decB, 99))
	s.Figures = g.Figures(sides)
	return s
}

// MarshalJSON writes the summary as one object: the shared keys, then the
// game's figures.
func (s Summary) MarshalJSON() ([]byte, error) {
	type plainSummary Summary
	b, err := json.Marshal(plainSummary(s))
	if err != nil || len(s.Figures) == 0 {
		return b, err
	}
	var buf bytes.Buffer
	buf.Write(b[:len(b)-1])
	for _, f := range s.Figures {
		k, _ := json.Marshal(f.Key)
		v, err := json.Marshal(f.Value)
		if err != nil {
			return nil, fmt.Errorf("arena: figure %s: %w", f.Key, err)
		}
		fmt.Fprintf(&buf, ",%s:%s", k, v)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// Figure returns the game's figure of this key, and whether there is one.
func (s Summary) Figure(key string) (float64, bool) {
	for _, f := range s.Figures {
		if f.Key == key {
			return f.Value, true
		}
	}
	return 0, false
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
	fmt.Fprintf(w, "%s: %s (A) against %s (B): %s in %s\n", s.Game, s.A, s.B, Count(s.Games, "game"), Count(s.Pairs, "mirrored pair"))
	width := max(len(s.A), len(s.B))
	fmt.Fprintf(w, "  A %-*s  won %5d games  %5.1f%%  95%% interval [%.1f%%, %.1f%%]\n", width, s.A, s.AWins, 100*s.AWinRate, 100*s.CI95Low, 100*s.CI95High)
	fmt.Fprintf(w, "  B %-*s  won %5d games  %5.1f%%\n", width, s.B, s.BWins, 100*(1-s.AWinRate))
	if s.Draws > 0 {
		fmt.Fprintf(w, "  drawn %s (half a win each)\n", Count(s.Draws, "game"))
	}
	over := ""
	if s.ScoredGames < s.Games {
		over = fmt.Sprintf(" (over the %s played to the end)", Count(s.ScoredGames, "game"))
	}
	fmt.Fprintf(w, "  %s a game%s: A %.2f, B %.2f\n", s.Score, over, s.AScoreGame, s.BScoreGame)
	fmt.Fprintf(w, "  hands: %d (%.1f a game; A won %d, B won %d), %.1f moves a hand\n", s.Hands, s.HandsPerGame, s.AHandsWon, s.BHandsWon, s.HandMoves)
	if mixed := s.Teams[2]; mixed.Formed > 0 {
		fmt.Fprintf(w, "  teams:")
		for i, t := range s.Teams {
			if i > 0 {
				fmt.Fprintf(w, ";")
			}
			fmt.Fprintf(w, " %s formed %d, won %d", t.Players, t.Formed, t.Won)
		}
		fmt.Fprintln(w)
	}
	for _, f := range s.Figures {
		if f.Text != "" {
			fmt.Fprintf(w, "  %s\n", f.Text)
		}
	}
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
		wins[a][b] += float64(s.AWins) + float64(s.Draws)/2
		wins[b][a] += float64(s.BWins) + float64(s.Draws)/2
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
