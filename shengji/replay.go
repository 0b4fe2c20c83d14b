package shengji

import (
	"errors"
	"fmt"
	"io"

	"felt/card"
	"felt/internal/jsonl"
)

// LogFormat is the replay log format version written in the header.
const LogFormat = 1

// GameName is the header's "game" for a Shengji log.
const GameName = "shengji"

// Record is one line of a replay log (JSON Lines). Type says which fields
// are used:
//
//	header  format, game ("shengji"), rules, seed, players (four names)
//	deal    hand, dealer, banker (absent in the first hand, where the
//	        bidding decides it), level, levels (each team's, before the
//	        hand), deck (top first)
//	bid     seq, hand, player, dealt (cards dealt when it was shown), cards
//	pass    seq, hand, player, dealt (declaring after the deal)
//	bury    seq, hand, player (the banker), trump, turned_up (kitty cards
//	        turned up to settle the trump), cards (the eight buried)
//	play    seq, hand, player, trick (from 1), cards (what the player put
//	        down), played (a failed throw's forced unit), and on a trick's
//	        fourth play its winner and points
//	result  hand, banker, trump, kitty (buried), trick_points,
//	        kitty_points, kitty_multiplier, penalty, failed_throws,
//	        attacker_points, bankers_keep, levels_up, levels (after the
//	        hand), next_banker
//	game    winning_team, levels, hands
//
// Dealing a card is not a line: the deck and the dealt count of each bid
// say where the cards were when it was shown, and every card is dealt
// before the bury.
type Record struct {
	Type    string      `json:"type"`
	Format  int         `json:"format,omitempty"`
	Game    string      `json:"game,omitempty"`
	Rules   *Rules      `json:"rules,omitempty"`
	Seed    *uint64     `json:"seed,omitempty"`
	Players []string    `json:"players,omitempty"`
	Seq     int         `json:"seq,omitempty"`
	Hand    int         `json:"hand,omitempty"`
	Dealer  *Seat       `json:"dealer,omitempty"`
	Banker  *Seat       `json:"banker,omitempty"`
	Level   string      `json:"level,omitempty"`
	Levels  *[2]string  `json:"levels,omitempty"`
	Deck    []card.Card `json:"deck,omitempty"`
	Player  *Seat       `json:"player,omitempty"`
	Dealt   *int        `json:"dealt,omitempty"`
	Trump   *Trump      `json:"trump,omitempty"`
	Turned  []card.Card `json:"turned_up,omitempty"`
	Trick   int         `json:"trick,omitempty"`
	Cards   *card.Multi `json:"cards,omitempty"`
	Played  *card.Multi `json:"played,omitempty"`
	Winner  *Seat       `json:"winner,omitempty"`
	Points  *int        `json:"points,omitempty"`

	Kitty           *card.Multi `json:"kitty,omitempty"`
	TrickPoints     *int        `json:"trick_points,omitempty"`
	KittyPoints     *int        `json:"kitty_points,omitempty"`
	KittyMultiplier *int        `json:"kitty_multiplier,omitempty"`
	Penalty         *int        `json:"penalty,omitempty"`
	FailedThrows    *int        `json:"failed_throws,omitempty"`
	AttackerPoints  *int        `json:"attacker_points,omitempty"`
	BankersKeep     *bool       `json:"bankers_keep,omitempty"`
	LevelsUp        *int        `json:"levels_up,omitempty"`
	NextBanker      *Seat       `json:"next_banker,omitempty"`

	WinningTeam *Team `json:"winning_team,omitempty"`
	Hands       int   `json:"hands,omitempty"`
}

func ptr[T any](v T) *T { return &v }

func levelStrings(l [2]card.Rank) *[2]string {
	return &[2]string{LevelString(l[0]), LevelString(l[1])}
}

// Header returns the log's header line for a game.
func Header(r Rules, seed uint64, players [NumSeats]string) Record {
	return Record{Type: "header", Format: LogFormat, Game: GameName, Rules: &r, Seed: &seed, Players: players[:]}
}

// dealRecord describes the current hand's deal, before any card is dealt.
func dealRecord(g *Game) Record {
	h := &g.hand
	rec := Record{Type: "deal", Hand: g.handNo, Dealer: ptr(h.dealer), Level: LevelString(h.level), Levels: levelStrings(g.levels), Deck: h.Deck()}
	if h.banker != NoSeat {
		rec.Banker = ptr(h.banker)
	}
	return rec
}

// actionRecord describes seat's action a just applied, as the seq-th.
func actionRecord(g *Game, seq int, seat Seat, a Action, dealt int) Record {
	h := &g.hand
	rec := Record{Type: a.Kind.String(), Seq: seq, Hand: g.handNo, Player: ptr(seat)}
	switch a.Kind {
	case Declare:
		rec.Dealt, rec.Cards = ptr(dealt), ptr(a.Cards)
	case Pass:
		rec.Dealt = ptr(dealt)
	case Bury:
		rec.Trump, rec.Cards = ptr(h.trump), ptr(a.Cards)
		rec.Turned = h.TurnedUp()
		if len(rec.Turned) == 0 {
			rec.Turned = nil
		}
	case Play:
		// the trick the play went to: the last one begun, or the one
		// before if this play finished a trick and began the next
		i := int(h.ntricks) - 1
		if h.tricks[i].Count == 0 && i > 0 {
			i--
		}
		t := &h.tricks[i]
		rec.Trick, rec.Cards = i+1, ptr(a.Cards)
		if t.Plays[seat] != a.Cards {
			rec.Played = ptr(t.Plays[seat])
		}
		if t.Done() && (t.Leader+NumSeats-1)%NumSeats == seat {
			rec.Winner, rec.Points = ptr(t.Winner), ptr(t.Points)
		}
	}
	return rec
}

func resultRecord(g *Game) Record {
	s := g.hand.score
	return Record{Type: "result", Hand: g.handNo, Banker: ptr(s.Banker), Trump: ptr(s.Trump), Kitty: ptr(g.hand.kitty),
		TrickPoints: ptr(s.TrickPoints), KittyPoints: ptr(s.KittyPoints), KittyMultiplier: ptr(s.KittyMultiplier),
		Penalty: ptr(s.Penalty), FailedThrows: ptr(s.FailedThrows), AttackerPoints: ptr(s.AttackerPoints),
		BankersKeep: ptr(s.BankersKeep), LevelsUp: ptr(s.LevelsUp), Levels: levelStrings(g.levels), NextBanker: ptr(g.nextBanker)}
}

func gameRecord(g *Game) Record {
	return Record{Type: "game", WinningTeam: ptr(g.winner), Levels: levelStrings(g.levels), Hands: g.handNo}
}

// Recorder plays a game and writes its replay log as it goes: a header, a
// deal line per hand, a line per declaration, pass, burial and play, a
// result line per hand and a game line at the end.
type Recorder struct {
	w   io.Writer
	g   *Game
	seq int
}

// NewRecordedGame starts a game seeded with seed (see NewRand) and writes
// its header and first deal to w. A nil w records nothing.
func NewRecordedGame(w io.Writer, r Rules, seed uint64, players [NumSeats]string) (*Recorder, error) {
	g, err := NewGame(r, NewRand(seed))
	if err != nil {
		return nil, err
	}
	rec := &Recorder{w: w, g: g}
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

// Deal deals the current hand's next card. It writes nothing: the next
// declaration's line says how many cards were dealt.
func (r *Recorder) Deal() error { return r.g.Deal() }

// Apply applies seat's action to the game and logs it, with the hand's
// result and the game's result when they come. A refused action is neither
// applied nor logged.
func (r *Recorder) Apply(seat Seat, a Action) error {
	dealt := r.g.hand.Dealt()
	if err := r.g.Apply(seat, a); err != nil {
		return err
	}
	r.seq++
	if r.w == nil {
		return nil
	}
	if err := r.write(actionRecord(r.g, r.seq, seat, a, dealt)); err != nil {
		return err
	}
	if r.g.hand.Over() {
		if err := r.write(resultRecord(r.g)); err != nil {
			return err
		}
		if r.g.Over() {
			return r.write(gameRecord(r.g))
		}
	}
	return nil
}

// NextHand deals the next hand's deck and logs its deal line.
func (r *Recorder) NextHand() error {
	if err := r.g.NextHand(); err != nil {
		return err
	}
	return r.write(dealRecord(r.g))
}

// PlayHand plays the current hand to its end with players, logging every
// action (see Game.PlayHand).
func (r *Recorder) PlayHand(players [NumSeats]Player) error {
	if r.g.over {
		return fmt.Errorf("shengji: play: %w", ErrGameOver)
	}
	if r.g.hand.Over() {
		return fmt.Errorf("shengji: play: %w (deal the next one with NextHand)", ErrHandOver)
	}
	return drive(r, &players)
}

func (r *Recorder) current() *Hand                 { return &r.g.hand }
func (r *Recorder) observe(s Seat, o *Observation) { r.g.observe(s, o) }

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

// MaxLogLine is the longest line a replay log may hold (as for Gin Rummy's
// logs).
const MaxLogLine = 64 << 10

// MaxLogSize is the largest replay log ReadLog reads (as for Gin Rummy's
// logs): a game of Shengji writes some 15 KB a hand, so a thousand hands
// fit, and a file of any size, /dev/zero included, is refused after a
// bounded read.
const MaxLogSize = 16 << 20

// maxLogSize is MaxLogSize, lowered by tests.
var maxLogSize int64 = MaxLogSize

// Replayed is a game rebuilt from its log.
type Replayed struct {
	Seed    uint64
	Players [NumSeats]string
	Rules   Rules
	Game    *Game
	Actions int // action lines replayed
	Lines   int // lines read
	Records []Record
}

// Complete reports whether the log recorded the game to its end.
func (r *Replayed) Complete() bool { return r.Game.Over() }

// ReadLog re-executes a replay log: it rebuilds the game from the header's
// seed and rules, deals each hand's cards up to where each declaration was
// shown, applies every action and checks every recorded figure (decks,
// trumps, tricks, points, results, levels). A log may stop anywhere between
// lines (a saved game); a malformed, edited or cut-off line is refused with
// a LogError naming the line. Reads are bounded: a line longer than
// MaxLogLine, or a log longer than MaxLogSize, is refused.
func ReadLog(rd io.Reader) (*Replayed, error) {
	lines := jsonl.NewReader(rd, MaxLogLine, maxLogSize)
	out := &Replayed{}
	line := 0
	fail := func(format string, args ...any) error {
		return &LogError{Line: line, Err: fmt.Errorf(format, args...)}
	}
	state := "header" // what may come next: header, deal, play, result, next, game, end
	for {
		var rec Record
		if !lines.Next(&rec) {
			break
		}
		line = lines.Line()
		out.Lines = line
		if state == "end" {
			return nil, fail("a line after the game's end")
		}
		g := out.Game
		switch rec.Type {
		case "header":
			if state != "header" {
				return nil, fail("a second header")
			}
			if rec.Format != LogFormat {
				return nil, fail("format %d, this Felt reads %d", rec.Format, LogFormat)
			}
			if rec.Game != GameName {
				return nil, fail("game %q, want %s", rec.Game, GameName)
			}
			if rec.Rules == nil || rec.Seed == nil {
				return nil, fail("header without rules or seed")
			}
			if err := rec.Rules.Validate(); err != nil {
				return nil, fail("%w", err)
			}
			if len(rec.Players) != NumSeats {
				return nil, fail("%d players, want %d", len(rec.Players), NumSeats)
			}
			ng, err := NewGame(*rec.Rules, NewRand(*rec.Seed))
			if err != nil {
				return nil, fail("%w", err)
			}
			out.Game, out.Seed, out.Rules = ng, *rec.Seed, *rec.Rules
			copy(out.Players[:], rec.Players)
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
			if err := sameRecord(rec, dealRecord(g)); err != nil {
				return nil, fail("%w", err)
			}
			state = "play"
		case "bid", "pass", "bury", "play":
			if state != "play" {
				return nil, fail("a %s line where a %s line belongs", rec.Type, state)
			}
			kind, _ := ParseActionKind(rec.Type)
			if rec.Player == nil {
				return nil, fail("%s without player", rec.Type)
			}
			a := Action{Kind: kind}
			if rec.Cards != nil {
				a.Cards = *rec.Cards
			}
			h := &g.hand
			switch kind {
			case Declare, Pass:
				if rec.Dealt == nil || *rec.Dealt < h.Dealt() || *rec.Dealt > DealSize {
					return nil, fail("%s with dealt %v: want %d to %d cards dealt", rec.Type, deref(rec.Dealt), h.Dealt(), DealSize)
				}
				for h.Dealt() < *rec.Dealt {
					if err := h.Deal(); err != nil {
						return nil, fail("%w", err)
					}
				}
			default:
				h.DealAll()
			}
			dealt := h.Dealt()
			if err := g.Apply(*rec.Player, a); err != nil {
				return nil, fail("%w", err)
			}
			out.Actions++
			if err := sameRecord(rec, actionRecord(g, out.Actions, *rec.Player, a, dealt)); err != nil {
				return nil, fail("%w", err)
			}
			if h.Over() {
				state = "result"
			}
		case "result":
			if state != "result" {
				return nil, fail("a result line where a %s line belongs", state)
			}
			if err := sameRecord(rec, resultRecord(g)); err != nil {
				return nil, fail("%w", err)
			}
			state = "next"
			if g.Over() {
				state = "game"
			}
		case "game":
			if state != "game" {
				return nil, fail("a game line where a %s line belongs", state)
			}
			if err := sameRecord(rec, gameRecord(g)); err != nil {
				return nil, fail("%w", err)
			}
			state = "end"
		default:
			return nil, fail("unknown record type %q", rec.Type)
		}
		out.Records = append(out.Records, rec)
	}
	if err := lines.Err(); err != nil {
		return nil, &LogError{Line: err.Line, Err: err.Err}
	}
	switch state {
	case "header":
		return nil, &LogError{Line: 1, Err: errors.New("empty log: no header")}
	case "deal":
		return nil, &LogError{Line: line + 1, Err: errors.New("cut off: no deal line after the header")}
	case "result":
		return nil, &LogError{Line: line + 1, Err: errors.New("cut off: the hand ended but its result line is missing")}
	case "game":
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

// Resume returns a Recorder that goes on with the replayed game, appending
// to w (normally the log's file, opened for appending). If the log ends
// after a finished hand, the next hand is dealt and logged first. The game
// is the Replayed's own: call Resume once.
func (r *Replayed) Resume(w io.Writer) (*Recorder, error) {
	rec := &Recorder{w: w, g: r.Game, seq: r.Actions}
	if r.Game.Over() {
		return rec, nil
	}
	if r.Game.hand.Over() {
		if err := rec.NextHand(); err != nil {
			return nil, err
		}
	}
	return rec, nil
}

// Resume rebuilds a game from its log and returns a Recorder that appends
// to w (see Replayed.Resume).
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
