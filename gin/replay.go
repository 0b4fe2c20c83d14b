package gin

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"unicode/utf8"

	"felt/card"
	"felt/internal/jsonl"
)

// LogFormat is the replay log format version written in the header.
const LogFormat = 1

// Record is one line of a replay log. Type says which fields are used:
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
	Rules    *Rules        `json:"rules,omitempty"`
	Seed     *uint64       `json:"seed,omitempty"`
	Players  []string      `json:"players,omitempty"`
	Seq      int           `json:"seq,omitempty"`
	Hand     int           `json:"hand,omitempty"`
	Dealer   *Seat         `json:"dealer,omitempty"`
	Upcard   card.Card     `json:"upcard,omitempty"`
	Deck     []card.Card   `json:"deck,omitempty"`
	Player   *Seat         `json:"player,omitempty"`
	Action   string        `json:"action,omitempty"`
	Card     card.Card     `json:"card,omitempty"`
	Melds    [][]card.Card `json:"melds,omitempty"`
	Deadwood *int          `json:"deadwood,omitempty"`
	Stock    *int          `json:"stock,omitempty"`

	Result           string        `json:"result,omitempty"`
	Knocker          *Seat         `json:"knocker,omitempty"`
	Winner           *Seat         `json:"winner,omitempty"`
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

// MeldLists writes an arrangement as lists of cards, for JSON.
func MeldLists(a Arrangement) [][]card.Card {
	out := make([][]card.Card, 0, a.Len())
	for i := 0; i < a.Len(); i++ {
		out = append(out, a.Meld(i).Cards())
	}
	return out
}

// ArrangementOf reads lists of cards as an arrangement, checking each meld.
func ArrangementOf(lists [][]card.Card) (Arrangement, error) {
	ms := make([]Meld, len(lists))
	for i, l := range lists {
		if card.SetOf(l...).Len() != len(l) {
			return Arrangement{}, fmt.Errorf("gin: meld %s repeats or holds an invalid card: %w", card.Format(l), ErrInvalidMeld)
		}
		ms[i] = MeldOf(l...)
	}
	return NewArrangement(ms...)
}

// Recorder plays a game and writes its replay log as it goes: a header, a
// deal line per hand, a line per action, a result line per hand and a game
// line at the end.
type Recorder struct {
	w       io.Writer
	g       *Game
	seq     int
	players [2]string // who plays each seat now
}

// Playing returns the name of the player of seat now: the header's, or
// the last to take it over.
func (r *Recorder) Playing(seat Seat) string { return r.players[seat&1] }

// Header returns the log's header line for a game.
func Header(r Rules, seed uint64, players [2]string) Record {
	return Record{Type: "header", Format: LogFormat, Game: "gin", Rules: &r, Seed: &seed, Players: players[:]}
}

// NewRecordedGame starts a game seeded with seed (see NewRand) and writes
// its header and first deal to w. A nil w records nothing (the game is
// played the same, with no encoding cost).
func NewRecordedGame(w io.Writer, r Rules, seed uint64, players [2]string) (*Recorder, error) {
	g, err := NewGame(r, NewRand(seed))
	if err != nil {
		return nil, err
	}
	rec := &Recorder{w: w, g: g, players: players}
	if err := rec.write(Header(r, seed, players)); err != nil {
		return nil, err
	}
	if err := rec.write(dealRecord(g)); err != nil {
		return nil, err
	}
	return rec, nil
}

// Game returns the game being recorded. Change it only through the
// Recorder, or the log will not replay.
func (r *Recorder) Game() *Game { return r.g }

// Seq returns the number of actions logged.
func (r *Recorder) Seq() int { return r.seq }

func (r *Recorder) write(rec Record) error {
	if r.w == nil {
		return nil
	}
	return jsonl.Write(r.w, rec)
}

func dealRecord(g *Game) Record {
	h := g.Hand()
	return Record{Type: "deal", Hand: g.HandNumber(), Dealer: ptr(h.Dealer()), Upcard: h.Upcard(), Deck: h.Deck()}
}

// actionRecord describes an action just applied by seat.
func actionRecord(g *Game, seq int, seat Seat, a Action, c card.Card) Record {
	h := g.Hand()
	rec := Record{Type: "action", Seq: seq, Hand: g.HandNumber(), Player: ptr(seat), Action: a.Kind.String(),
		Card: c, Deadwood: ptr(Deadwood(h.Cards(seat))), Stock: ptr(h.StockLen())}
	if a.Show.Len() > 0 {
		rec.Melds = MeldLists(a.Show)
	}
	return rec
}

// actionCard is the card an action moved: drawn, taken, passed or
// discarded. Call it before applying the action (for discards and passes)
// and after (for draws).
func actionCard(h *Hand, seat Seat, a Action) card.Card {
	switch a.Kind {
	case Pass:
		return h.Upcard()
	case TakeDiscard:
		return h.Pile().Top()
	case DrawStock:
		if h.StockLen() > 0 {
			return h.deck[h.stockPos]
		}
	case Discard, Knock:
		return a.Card
	}
	return 0
}

func resultRecord(g *Game) Record {
	h := g.Hand()
	res := h.Result()
	rec := Record{Type: "result", Hand: g.HandNumber(), Result: res.Kind.String(), Points: ptr(res.Points), Scores: ptr(g.Scores())}
	if res.Kind != DrawResult {
		sd := res.Showdown
		rec.Knocker, rec.Winner = ptr(res.Knocker), ptr(res.Winner)
		rec.KnockerDeadwood, rec.DefenderDeadwood = ptr(sd.KnockerDeadwood), ptr(sd.DefenderDeadwood)
		rec.KnockerMelds, rec.DefenderMelds = MeldLists(sd.Knocker), MeldLists(sd.Defender)
		rec.Layoffs = sd.LaidOff().Cards()
		if len(rec.Layoffs) == 0 {
			rec.Layoffs = nil
		}
	}
	return rec
}

func gameRecord(g *Game) Record {
	r := g.Result()
	return Record{Type: "game", Winner: ptr(r.Winner), Scores: ptr(r.Scores), Boxes: ptr(r.Boxes),
		GameBonus: ptr(r.GameBonus), Shutout: ptr(r.Shutout), BoxBonus: ptr(r.BoxBonus), Final: ptr(r.Final)}
}

// Apply applies seat's action to the game and logs it, with the hand's
// result and the game's result when they come. A rejected action is neither
// applied nor logged.
func (r *Recorder) Apply(seat Seat, a Action) error {
	h := r.g.Hand()
	c := actionCard(h, seat, a)
	if err := r.g.Apply(seat, a); err != nil {
		return err
	}
	r.seq++
	if r.w == nil {
		return nil
	}
	if err := r.write(actionRecord(r.g, r.seq, seat, a, c)); err != nil {
		return err
	}
	if h.Over() {
		if err := r.write(resultRecord(r.g)); err != nil {
			return err
		}
		if r.g.Over() {
			return r.write(gameRecord(r.g))
		}
	}
	return nil
}

// NextHand deals the next hand and logs the deal.
func (r *Recorder) NextHand() error {
	if err := r.g.NextHand(); err != nil {
		return err
	}
	return r.write(dealRecord(r.g))
}

// MaxPlayerName is the longest player name a takeover line may hold.
const MaxPlayerName = 1024

// MaxReason is the longest reason a takeover line keeps: a longer one is
// cut.
const MaxReason = 512

// Takeover logs that the player called name plays seat from now on, in
// place of the one before it, and why (cut to MaxReason bytes). A game
// that is over takes no takeover.
func (r *Recorder) Takeover(seat Seat, name, reason string) error {
	if seat > 1 {
		return fmt.Errorf("gin: takeover of seat %d: %w", seat, ErrInvalidSeat)
	}
	if name == "" || len(name) > MaxPlayerName {
		return fmt.Errorf("gin: takeover by a player named %d bytes, want 1 to %d", len(name), MaxPlayerName)
	}
	if r.g.Over() {
		return fmt.Errorf("gin: takeover: %w", ErrGameOver)
	}
	if err := r.write(Record{Type: "takeover", Hand: r.g.HandNumber(), Player: ptr(seat), Name: name, Reason: cutReason(reason)}); err != nil {
		return err
	}
	r.players[seat] = name
	return nil
}

// cutReason cuts s to MaxReason bytes without splitting a character.
func cutReason(s string) string {
	if len(s) <= MaxReason {
		return s
	}
	s = s[:MaxReason]
	for len(s) > 0 && !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s
}

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

// Replayed is a game rebuilt from its log.
type Replayed struct {
	Seed    uint64
	Players [2]string // the players the header names
	// Playing are the players of each seat at the log's end: the header's,
	// changed by takeover lines.
	Playing [2]string
	Rules   Rules
	Game    *Game
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
			if rec.Format != LogFormat {
				return nil, fail("format %d, this Felt reads %d", rec.Format, LogFormat)
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
			ng, err := NewGame(*rec.Rules, NewRand(*rec.Seed))
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
			want := dealRecord(g)
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
			kind, err := ParseActionKind(rec.Action)
			if err != nil {
				return nil, fail("%w", err)
			}
			a := Action{Kind: kind}
			if kind == Discard || kind == Knock {
				a.Card = rec.Card
			}
			if rec.Melds != nil {
				if a.Show, err = ArrangementOf(rec.Melds); err != nil {
					return nil, fail("%w", err)
				}
			}
			h := g.Hand()
			c := actionCard(h, *rec.Player, a)
			if err := g.Apply(*rec.Player, a); err != nil {
				return nil, fail("%w", err)
			}
			want := actionRecord(g, seq, *rec.Player, a, c)
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
			want := resultRecord(g)
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
			if err := sameRecord(rec, gameRecord(g)); err != nil {
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

// Resume rebuilds a game from its log and returns a Recorder that appends
// to w (normally the same file, opened for appending). If the log ends after
// a finished hand, the next hand is dealt and logged first.
func Resume(rd io.Reader, w io.Writer) (*Recorder, *Replayed, error) {
	rp, err := ReadLog(rd)
	if err != nil {
		return nil, nil, err
	}
	rec, err := rp.Resume(w)
	if err != nil {
		return nil, nil, err
	}
	return rec, rp, nil
}

// Resume returns a Recorder that goes on with the replayed game, appending
// to w (normally the log's file, opened for appending). If the log ends
// after a finished hand, the next hand is dealt and logged first. The game
// is the Replayed's own: call Resume once.
func (r *Replayed) Resume(w io.Writer) (*Recorder, error) {
	rec := &Recorder{w: w, g: r.Game, seq: r.Actions, players: r.Playing}
	if r.Game.Over() {
		return rec, nil
	}
	if r.Game.Hand().Over() {
		if err := rec.NextHand(); err != nil {
			return nil, err
		}
	}
	return rec, nil
}
