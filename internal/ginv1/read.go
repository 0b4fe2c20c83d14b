package ginv1

import (
	"errors"
	"fmt"
	"io"
	"slices"

	"felt/card"
	"felt/gin"
	"felt/internal/jsonl"
)

// Format is the format version the header of such a log holds.
const Format = 1

// Record is one line of a log of format 1. Type says which fields are used:
//
//	header  format, game, rules, seed, players
//	deal    hand, dealer, upcard, deck (top first)
//	action  seq, hand, player, action, card, melds (a knock's shown melds),
//	        deadwood (the player's deadwood after the action), stock
//	result  hand, result, knocker, winner, points, knocker_deadwood,
//	        defender_deadwood, knocker_melds, defender_melds, layoffs, scores
//	game    winner, scores, boxes, game_bonus, shutout, box_bonus, final
//	takeover hand, player (the seat), name (who plays it from now on),
//	        reason: a player stopped playing its seat (an outside program
//	        failed) and another took over; it may come between any two
//	        lines of a hand being played, or after a hand's result
type Record struct {
	Type     string        `json:"type"`
	Format   int           `json:"format,omitempty"`
	Game     string        `json:"game,omitempty"`
	Rules    *gin.Rules    `json:"rules,omitempty"`
	Seed     *uint64       `json:"seed,omitempty"`
	Players  []string      `json:"players,omitempty"`
	Seq      int           `json:"seq,omitempty"`
	Hand     int           `json:"hand,omitempty"`
	Dealer   *gin.Seat     `json:"dealer,omitempty"`
	Upcard   card.Card     `json:"upcard,omitempty"`
	Deck     []card.Card   `json:"deck,omitempty"`
	Player   *gin.Seat     `json:"player,omitempty"`
	Action   string        `json:"action,omitempty"`
	Card     card.Card     `json:"card,omitempty"`
	Melds    [][]card.Card `json:"melds,omitempty"`
	Deadwood *int          `json:"deadwood,omitempty"`
	Stock    *int          `json:"stock,omitempty"`

	Result           string        `json:"result,omitempty"`
	Knocker          *gin.Seat     `json:"knocker,omitempty"`
	Winner           *gin.Seat     `json:"winner,omitempty"`
	Points           *int          `json:"points,omitempty"`
	KnockerDeadwood  *int          `json:"knocker_deadwood,omitempty"`
	DefenderDeadwood *int          `json:"defender_deadwood,omitempty"`
	KnockerMelds     [][]card.Card `json:"knocker_melds,omitempty"`
	DefenderMelds    [][]card.Card `json:"defender_melds,omitempty"`
	Layoffs          []card.Card   `json:"layoffs,omitempty"`
	Scores           *[2]int       `json:"scores,omitempty"`
	Boxes            *[2]int       `json:"boxes,omitempty"`
	GameBonus        *int          `json:"game_bonus,omitempty"`
	Shutout          *bool         `json:"shutout,omitempty"`
	BoxBonus         *[2]int       `json:"box_bonus,omitempty"`
	Final            *[2]int       `json:"final,omitempty"`

	Name   string `json:"name,omitempty"`
	Reason string `json:"reason,omitempty"`
}

func ptr[T any](v T) *T { return &v }

// Header returns the header line of a game's log.
func Header(r gin.Rules, seed uint64, players [2]string) Record {
	return Record{Type: "header", Format: Format, Game: "gin", Rules: &r, Seed: &seed, Players: players[:]}
}

// DealRecord returns the deal line of g's current hand.
func DealRecord(g *gin.Game) Record {
	h := g.Hand()
	return Record{Type: "deal", Hand: g.HandNumber(), Dealer: ptr(h.Dealer()), Upcard: h.Upcard(), Deck: h.Deck()}
}

// ActionRecord returns the line of the seq-th action a, which seat has just
// applied to g, moving card c (ActionCard).
func ActionRecord(g *gin.Game, seq int, seat gin.Seat, a gin.Action, c card.Card) Record {
	h := g.Hand()
	rec := Record{Type: "action", Seq: seq, Hand: g.HandNumber(), Player: ptr(seat), Action: a.Kind.String(),
		Card: c, Deadwood: ptr(gin.Deadwood(h.Cards(seat))), Stock: ptr(h.StockLen())}
	if a.Show.Len() > 0 {
		rec.Melds = gin.MeldLists(a.Show)
	}
	return rec
}

// ActionCard is the card an action of seat moves in hand h: the upcard
// passed, the card taken, the card drawn from the stock, the card
// discarded. Call it before the action is applied.
func ActionCard(h *gin.Hand, seat gin.Seat, a gin.Action) card.Card {
	switch a.Kind {
	case gin.Pass:
		return h.Upcard()
	case gin.TakeDiscard:
		return h.Pile().Top()
	case gin.DrawStock:
		if n := h.StockLen(); n > 0 {
			return h.Deck()[card.PackSize-n]
		}
	case gin.Discard, gin.Knock:
		return a.Card
	}
	return 0
}

// ResultRecord returns the result line of g's hand, which is over.
func ResultRecord(g *gin.Game) Record {
	h := g.Hand()
	res := h.Result()
	rec := Record{Type: "result", Hand: g.HandNumber(), Result: res.Kind.String(), Points: ptr(res.Points), Scores: ptr(g.Scores())}
	if res.Kind != gin.DrawResult {
		sd := res.Showdown
		rec.Knocker, rec.Winner = ptr(res.Knocker), ptr(res.Winner)
		rec.KnockerDeadwood, rec.DefenderDeadwood = ptr(sd.KnockerDeadwood), ptr(sd.DefenderDeadwood)
		rec.KnockerMelds, rec.DefenderMelds = gin.MeldLists(sd.Knocker), gin.MeldLists(sd.Defender)
		rec.Layoffs = sd.LaidOff().Cards()
		if len(rec.Layoffs) == 0 {
			rec.Layoffs = nil
		}
	}
	return rec
}

// GameRecord returns the game line of g, which is over.
func GameRecord(g *gin.Game) Record {
	r := g.Result()
	return Record{Type: "game", Winner: ptr(r.Winner), Scores: ptr(r.Scores), Boxes: ptr(r.Boxes),
		GameBonus: ptr(r.GameBonus), Shutout: ptr(r.Shutout), BoxBonus: ptr(r.BoxBonus), Final: ptr(r.Final)}
}

// MaxPlayerName is the longest player name a takeover line may hold.
const MaxPlayerName = 1024

// MaxReason is the longest reason a takeover line may hold.
const MaxReason = 512

// LogError reports a replay log line that cannot be replayed.
type LogError struct {
	Line int   // 1-based line number
	Err  error // what is wrong with it
}

// Error names the line and the problem.
func (e *LogError) Error() string { return fmt.Sprintf("replay: line %d: %v", e.Line, e.Err) }

// Unwrap returns the underlying error.
func (e *LogError) Unwrap() error { return e.Err }

// ErrLogMismatch is wrapped by a LogError when a line's figure differs from
// what re-executing the game gives.
var ErrLogMismatch = errors.New("recorded figure does not match the replay")

// Replayed is a game rebuilt from its log of format 1.
type Replayed struct {
	Seed    uint64
	Players [2]string // the players the header names
	// Playing are the players of each seat at the log's end: the header's,
	// changed by takeover lines.
	Playing [2]string
	Rules   gin.Rules
	Game    *gin.Game
	Actions int // action lines replayed
	Lines   int // lines read
	Records []Record
}

// Complete reports whether the log recorded the game to its end.
func (r *Replayed) Complete() bool { return r.Game.Over() }

// MaxLogLine is the longest line a replay log may hold.
const MaxLogLine = 64 << 10

// MaxLogSize is the largest replay log ReadLog reads: far more than a long
// game writes (a hand is a few dozen lines of a few hundred bytes), so that
// a file of any size, /dev/zero included, is refused after a bounded read.
const MaxLogSize = 16 << 20

// maxLogSize is MaxLogSize, lowered by tests.
var maxLogSize int64 = MaxLogSize

// ReadLog re-executes a replay log: it rebuilds the game from the header's
// seed and rules, applies every action, and checks every recorded figure
// (deals, drawn cards, deadwood, stock sizes, results, scores, bonuses). A
// log may stop anywhere between lines (a saved game); a malformed, edited or
// cut-off line is refused with a LogError naming the line. Reads are
// bounded: a line longer than MaxLogLine, or a log longer than MaxLogSize,
// is refused.
func ReadLog(rd io.Reader) (*Replayed, error) {
	lines := jsonl.NewReader(rd, MaxLogLine, maxLogSize)
	out := &Replayed{}
	line := 0
	fail := func(format string, args ...any) error {
		return &LogError{Line: line, Err: fmt.Errorf(format, args...)}
	}
	mismatch := func(field string, got, want any) error {
		return &LogError{Line: line, Err: fmt.Errorf("%s is %v, replay gives %v: %w", field, got, want, ErrLogMismatch)}
	}
	seq := 0
	state := "header" // what may come next: header, deal, play, result, end
	for {
		var rec Record
		if !lines.Next(&rec) {
			break
		}
		line = lines.Line()
		out.Lines = line
		g := out.Game
		switch rec.Type {
		case "header":
			if state != "header" {
				return nil, fail("a second header")
			}
			if rec.Format != Format {
				return nil, fail("format %d, this Felt reads %d", rec.Format, Format)
			}
			if rec.Game != "gin" {
				return nil, fail("game %q, want gin", rec.Game)
			}
			if rec.Rules == nil || rec.Seed == nil {
				return nil, fail("header without rules or seed")
			}
			if err := rec.Rules.Validate(); err != nil {
				return nil, fail("%w", err)
			}
			if len(rec.Players) != 2 {
				return nil, fail("%d players, want 2", len(rec.Players))
			}
			ng, err := gin.NewGame(*rec.Rules, gin.NewRand(*rec.Seed))
			if err != nil {
				return nil, fail("%w", err)
			}
			out.Game, out.Seed, out.Rules = ng, *rec.Seed, *rec.Rules
			copy(out.Players[:], rec.Players)
			out.Playing = out.Players
			state = "deal"
		case "deal":
			switch state {
			case "deal":
			case "next":
				if err := g.NextHand(); err != nil {
					return nil, fail("%w", err)
				}
			default:
				return nil, fail("a deal line where a %s line belongs", state)
			}
			want := DealRecord(g)
			if rec.Hand != want.Hand {
				return nil, mismatch("hand", rec.Hand, want.Hand)
			}
			if rec.Dealer == nil || *rec.Dealer != *want.Dealer {
				return nil, mismatch("dealer", deref(rec.Dealer), *want.Dealer)
			}
			if rec.Upcard != want.Upcard {
				return nil, mismatch("upcard", rec.Upcard, want.Upcard)
			}
			if !slices.Equal(rec.Deck, want.Deck) {
				return nil, mismatch("deck", card.Format(rec.Deck), card.Format(want.Deck))
			}
			state = "play"
		case "action":
			if state != "play" {
				return nil, fail("an action line where a %s line belongs", state)
			}
			seq++
			if rec.Seq != seq {
				return nil, mismatch("seq", rec.Seq, seq)
			}
			if rec.Hand != g.HandNumber() {
				return nil, mismatch("hand", rec.Hand, g.HandNumber())
			}
			if rec.Player == nil {
				return nil, fail("action without player")
			}
			kind, err := gin.ParseActionKind(rec.Action)
			if err != nil {
				return nil, fail("%w", err)
			}
			a := gin.Action{Kind: kind}
			if kind == gin.Discard || kind == gin.Knock {
				a.Card = rec.Card
			}
			if rec.Melds != nil {
				if a.Show, err = gin.ArrangementOf(rec.Melds); err != nil {
					return nil, fail("%w", err)
				}
			}
			h := g.Hand()
			c := ActionCard(h, *rec.Player, a)
			if err := g.Apply(*rec.Player, a); err != nil {
				return nil, fail("%w", err)
			}
			want := ActionRecord(g, seq, *rec.Player, a, c)
			if rec.Card != want.Card {
				return nil, mismatch("card", rec.Card, want.Card)
			}
			if rec.Deadwood == nil || *rec.Deadwood != *want.Deadwood {
				return nil, mismatch("deadwood", deref(rec.Deadwood), *want.Deadwood)
			}
			if rec.Stock == nil || *rec.Stock != *want.Stock {
				return nil, mismatch("stock", deref(rec.Stock), *want.Stock)
			}
			out.Actions++
			if h.Over() {
				state = "result"
			}
		case "result":
			if state != "result" {
				return nil, fail("a result line where a %s line belongs", state)
			}
			want := ResultRecord(g)
			if err := sameRecord(rec, want); err != nil {
				return nil, fail("%w", err)
			}
			state = "next"
			if g.Over() {
				state = "game"
			}
		case "takeover":
			if state == "end" {
				return nil, fail("a line after the game's end")
			}
			if state != "play" && state != "next" {
				return nil, fail("a takeover line where a %s line belongs", state)
			}
			if rec.Hand != g.HandNumber() {
				return nil, mismatch("hand", rec.Hand, g.HandNumber())
			}
			if rec.Player == nil || *rec.Player > 1 {
				return nil, fail("takeover without a seat 0 or 1")
			}
			if rec.Name == "" || len(rec.Name) > MaxPlayerName {
				return nil, fail("takeover by a player named %d bytes, want 1 to %d", len(rec.Name), MaxPlayerName)
			}
			if len(rec.Reason) > MaxReason {
				return nil, fail("takeover reason of %d bytes, want at most %d", len(rec.Reason), MaxReason)
			}
			want := Record{Type: "takeover", Hand: rec.Hand, Player: rec.Player, Name: rec.Name, Reason: rec.Reason}
			if err := sameRecord(rec, want); err != nil {
				return nil, fail("takeover: %w", err)
			}
			out.Playing[*rec.Player] = rec.Name
		case "game":
			if state != "game" {
				return nil, fail("a game line where a %s line belongs", state)
			}
			if err := sameRecord(rec, GameRecord(g)); err != nil {
				return nil, fail("%w", err)
			}
			state = "end"
		default:
			if state == "end" {
				return nil, fail("a line after the game's end")
			}
			return nil, fail("unknown record type %q", rec.Type)
		}
		if state == "end" && rec.Type != "game" {
			return nil, fail("a line after the game's end")
		}
		out.Records = append(out.Records, rec)
	}
	if err := lines.Err(); err != nil {
		return nil, &LogError{Line: err.Line, Err: err.Err}
	}
	if out.Game == nil {
		return nil, &LogError{Line: 1, Err: errors.New("empty log: no header")}
	}
	if state == "deal" {
		return nil, &LogError{Line: line + 1, Err: errors.New("cut off: no deal line after the header")}
	}
	if state == "result" {
		return nil, &LogError{Line: line + 1, Err: errors.New("cut off: the hand ended but its result line is missing")}
	}
	if state == "game" {
		return nil, &LogError{Line: line + 1, Err: errors.New("cut off: the game ended but its game line is missing")}
	}
	return out, nil
}

func deref[T any](p *T) any {
	if p == nil {
		return "missing"
	}
	return *p
}

// sameRecord compares a recorded line with the one the replay produces and
// names the first field that differs.
func sameRecord(got, want Record) error { return jsonl.Compare(got, want, ErrLogMismatch) }
