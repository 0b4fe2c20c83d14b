package tui

import (
	"bufio"
	"bytes"
	"encoding/json"
	gingame "felt/games/gin"
	"fmt"
	"io"
	"slices"
	"strings"

	"felt/gin"
	"felt/table"
)

// controlLine is a table log's control line, kept to show a takeover
// between the moves.
type controlLine struct {
	seat       int
	from, to   string
	reason     string
	deal, move bool // the line is a deal or a move (not a control line)
}

// replayEngine is Gin Rummy's table engine noting a replay step after
// every deal and move that Recover replays.
type replayEngine struct {
	*gingame.Engine
	v     *Replay
	lines []controlLine // the log's lines after the header, in order
	at    int           // the next of lines to show
	moves int
}

// flush shows the control lines up to the next deal or move.
func (r *replayEngine) flush() {
	for r.at < len(r.lines) && !r.lines[r.at].deal && !r.lines[r.at].move {
		c := r.lines[r.at]
		r.at++
		if c.seat < 0 || c.seat > 1 || r.Engine.Game().HandNumber() == 0 {
			continue
		}
		from := r.v.names[c.seat]
		text := fmt.Sprintf("%s took over from %s.", PlayerName(c.to), from)
		if c.reason != "" {
			why, _, _ := strings.Cut(c.reason, "\n")
			text = fmt.Sprintf("%s took over from %s, which failed (%s).", PlayerName(c.to), from, why)
		}
		r.v.add(r.Engine.Game(), 0, text)
	}
}

func (r *replayEngine) Redeal(rec json.RawMessage, v *table.Views[gin.Event]) error {
	r.flush()
	r.at++
	if err := r.Engine.Redeal(rec, v); err != nil {
		return err
	}
	g := r.Engine.Game()
	h := g.Hand()
	r.v.add(g, 0, fmt.Sprintf("Hand %d: %s dealt; the upcard is %s.", g.HandNumber(), r.v.names[h.Dealer()], r.v.th.ink(h.Upcard())))
	return nil
}

func (r *replayEngine) Apply(s table.Seat, a gin.Action, v *table.Views[gin.Event]) error {
	r.flush()
	r.at++
	g := r.Engine.Game()
	h := g.Hand()
	top := h.Pile().Top()
	if err := r.Engine.Apply(s, a, v); err != nil {
		return err
	}
	r.moves++
	seat := gin.Seat(s)
	// What the move showed is the engine's view: the mover's own (its
	// drawn card) unless its cards stay hidden, then a spectator's.
	ev := v.Seat[s]
	if r.v.hidden[seat] {
		ev = v.Spectator
	}
	t := r.v.th
	who := r.v.names[seat]
	var text string
	switch {
	case a.Kind == gin.NoAction && h.Over():
		// a defender's layout ends the hand: the knock's showdown
		text = r.v.describe(h.Result().Knocker, gin.Action{Kind: gin.Knock}, top, h)
	case (a.Kind == gin.Knock || a.Kind == gin.BigGin) && !h.Over():
		text = fmt.Sprintf("%s knocked; %s lays out.", who, r.v.names[seat.Other()])
	case ev.Kind == gin.Pass:
		text = fmt.Sprintf("%s passed on %s.", who, t.ink(ev.Card))
	case ev.Kind == gin.TakeDiscard:
		text = fmt.Sprintf("%s took %s from the discard pile.", who, t.ink(ev.Card))
	case ev.Kind == gin.DrawStock && ev.Card.IsValid():
		text = fmt.Sprintf("%s drew %s from the stock.", who, t.ink(ev.Card))
	case ev.Kind == gin.DrawStock:
		text = fmt.Sprintf("%s drew from the stock.", who)
	case ev.Kind == gin.Discard && ev.End == nil:
		text = fmt.Sprintf("%s discarded %s.", who, t.ink(ev.Card))
	default:
		// the hand's end: its showdown, or a drawn hand
		text = r.v.describe(seat, a, top, h)
	}
	r.v.add(g, r.moves, text)
	return nil
}

// NewTableReplay builds the viewer for a Gin Rummy table log (read to at
// most table.MaxLogSize bytes); title names it (the file's name). A torn
// last line is left out, as recovery does. In a game that is not over,
// the computer's cards stay hidden from the person who may still resume
// it; otherwise every card is shown.
func NewTableReplay(rd io.Reader, title string, l Look) (Replay, error) {
	v := Replay{th: newTheme(l), title: title, width: 80, height: 24}
	data, err := io.ReadAll(io.LimitReader(rd, table.MaxLogSize+1))
	if err != nil {
		return v, err
	}
	if len(data) > table.MaxLogSize {
		return v, fmt.Errorf("log longer than %d bytes", table.MaxLogSize)
	}
	re := &replayEngine{v: &v}
	// the lines, in order, for the control lines between the moves
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, table.MaxLogLine)
	first := true
	for sc.Scan() {
		if first {
			first = false
			var h struct {
				Seats []table.SeatInfo `json:"seats"`
			}
			if json.Unmarshal(sc.Bytes(), &h) == nil {
				for s, si := range h.Seats {
					if s < 2 {
						v.names[s] = PlayerName(si.Name)
						if si.Name == HumanName {
							v.names[s] = "You"
						}
					}
				}
			}
			continue
		}
		var ln struct {
			Type   string `json:"type"`
			Seat   *int   `json:"seat"`
			From   string `json:"from"`
			To     string `json:"to"`
			Reason string `json:"reason"`
		}
		_ = json.Unmarshal(sc.Bytes(), &ln) // Recover refuses a malformed line
		c := controlLine{seat: -1, from: ln.From, to: ln.To, reason: ln.Reason, deal: ln.Type == "deal", move: ln.Type == "move"}
		if ln.Seat != nil && ln.Type == "control" {
			c.seat = *ln.Seat
		}
		re.lines = append(re.lines, c)
	}
	if v.names[0] == v.names[1] {
		// two players of one level: the seats as felt demo calls them
		v.names[0] += " (A)"
		v.names[1] += " (B)"
	}
	spec := gingame.SpecWith(func(ge *gingame.Engine) (table.Engine[gin.Action, gin.Observation, gin.Event], error) {
		re.Engine = ge
		v.rules = ge.Game().Rules()
		return re, nil
	})
	// In a game that is not over, the computer's cards stay hidden: the
	// first pass says whether it is over.
	all, err := table.Recover(bytes.NewReader(data), gingame.Spec)
	if err != nil {
		return v, err
	}
	if !all.Engine.Over() {
		if i := slices.IndexFunc(all.Header.Seats, func(si table.SeatInfo) bool { return si.Name == HumanName }); i == 0 || i == 1 {
			v.hidden[1-i] = true
		}
	}
	rec, err := table.Recover(bytes.NewReader(data), spec)
	if err != nil {
		return v, err
	}
	// a torn last line is not one of the lines Recover replayed
	if n := rec.Lines - 1; n < len(re.lines) {
		re.lines = re.lines[:n]
	}
	re.flush()
	if len(v.steps) == 0 {
		return v, fmt.Errorf("the log holds no deal")
	}
	v.at = 0 // from the start, as a game is watched (end goes to the end)
	return v, nil
}
