// Package ginv1test writes Gin Rummy logs of format 1, the format Felt
// saved games in before table logs, for the tests of their one reader and
// converter (package ginv1) and of felt replay convert. Nothing else
// writes that format.
package ginv1test

import (
	"fmt"
	"io"
	"unicode/utf8"

	"felt/gin"
	"felt/internal/ginv1"
	"felt/internal/jsonl"
)

// Recorder plays a game and writes its log of format 1 as it goes: a
// header, a deal line per hand, a line per action, a result line per hand
// and a game line at the end, and takeover lines when asked.
type Recorder struct {
	w       io.Writer
	g       *gin.Game
	seq     int
	players [2]string // who plays each seat now
}

// NewRecordedGame starts a game seeded with seed (gin.NewRand) and writes
// its header and first deal to w.
func NewRecordedGame(w io.Writer, r gin.Rules, seed uint64, players [2]string) (*Recorder, error) {
	g, err := gin.NewGame(r, gin.NewRand(seed))
	if err != nil {
		return nil, err
	}
	rec := &Recorder{w: w, g: g, players: players}
	if err := rec.write(ginv1.Header(r, seed, players)); err != nil {
		return nil, err
	}
	if err := rec.write(ginv1.DealRecord(g)); err != nil {
		return nil, err
	}
	return rec, nil
}

// Game returns the game being recorded. Change it only through the
// Recorder, or the log will not replay.
func (r *Recorder) Game() *gin.Game { return r.g }

// Playing returns the name of the player of seat now: the header's, or
// the last to take it over.
func (r *Recorder) Playing(seat gin.Seat) string { return r.players[seat&1] }

func (r *Recorder) write(rec ginv1.Record) error { return jsonl.Write(r.w, rec) }

// Apply applies seat's action to the game and logs it, with the hand's
// result and the game's result when they come. A refused action is neither
// applied nor logged.
func (r *Recorder) Apply(seat gin.Seat, a gin.Action) error {
	h := r.g.Hand()
	c := ginv1.ActionCard(h, seat, a)
	if err := r.g.Apply(seat, a); err != nil {
		return err
	}
	r.seq++
	if err := r.write(ginv1.ActionRecord(r.g, r.seq, seat, a, c)); err != nil {
		return err
	}
	if h.Over() {
		if err := r.write(ginv1.ResultRecord(r.g)); err != nil {
			return err
		}
		if r.g.Over() {
			return r.write(ginv1.GameRecord(r.g))
		}
	}
	return nil
}

// NextHand deals the next hand and logs the deal.
func (r *Recorder) NextHand() error {
	if err := r.g.NextHand(); err != nil {
		return err
	}
	return r.write(ginv1.DealRecord(r.g))
}

// Takeover logs that the player called name plays seat from now on, in
// place of the one before it, and why (cut to ginv1.MaxReason bytes). A
// game that is over takes no takeover.
func (r *Recorder) Takeover(seat gin.Seat, name, reason string) error {
	if seat > 1 {
		return fmt.Errorf("ginv1test: takeover of seat %d: %w", seat, gin.ErrInvalidSeat)
	}
	if name == "" || len(name) > ginv1.MaxPlayerName {
		return fmt.Errorf("ginv1test: takeover by a player named %d bytes, want 1 to %d", len(name), ginv1.MaxPlayerName)
	}
	if r.g.Over() {
		return fmt.Errorf("ginv1test: takeover: %w", gin.ErrGameOver)
	}
	seatp := seat
	if err := r.write(ginv1.Record{Type: "takeover", Hand: r.g.HandNumber(), Player: &seatp, Name: name, Reason: cutReason(reason)}); err != nil {
		return err
	}
	r.players[seat] = name
	return nil
}

// cutReason cuts s to ginv1.MaxReason bytes without splitting a character.
func cutReason(s string) string {
	if len(s) <= ginv1.MaxReason {
		return s
	}
	s = s[:ginv1.MaxReason]
	for len(s) > 0 && !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s
}
