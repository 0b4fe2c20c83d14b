package tui

import (
	gingame "felt/games/gin"
	"fmt"
	"io"
	"slices"
	"strings"

	"felt/card"
	"felt/gin"
	"felt/table"
)

// replayedMove is a move of a replayed log, told in words once the walk
// has said whether the game is over (which decides whose cards are shown).
type replayedMove struct {
	at          int // its step
	seat        gin.Seat
	a           gin.Action
	own, public gin.Event // what the mover saw of it, and a spectator
	top         card.Card // the discard pile's top before it
}

// NewTableReplay builds the viewer for a Gin Rummy table log, walked once
// (table.Walk: strict, as recovery is); title names it (the file's name).
// A torn last line is left out, as recovery does. In a game that is not
// over, the computer's cards stay hidden from the person who may still
// resume it; otherwise every card is shown.
func NewTableReplay(rd io.Reader, title string, l Look) (Replay, error) {
	v := Replay{th: newTheme(l), title: title, width: 80, height: 24}
	var moves []replayedMove
	var top card.Card
	rec, err := table.Walk(rd, gingame.Spec, func(st table.Step[gin.Action, gin.Observation, gin.Event]) error {
		if st.Redo {
			return nil // made again after an undo: shown where it was first played
		}
		ge, ok := st.Engine.(*gingame.Engine)
		if !ok {
			return fmt.Errorf("tui: the log's engine is not Gin Rummy's")
		}
		g := ge.Game()
		switch st.Type {
		case table.HeaderStep:
			v.rules = g.Rules()
			for s, si := range st.Header.Seats {
				v.names[s] = PlayerName(si.Name)
				if si.Name == HumanName {
					v.names[s] = "You"
				}
			}
			if v.names[0] == v.names[1] {
				// two players of one level: the seats as felt demo calls them
				v.names[0] += " (A)"
				v.names[1] += " (B)"
			}
		case table.DealStep:
			h := g.Hand()
			v.add(g, 0, fmt.Sprintf("Hand %d: %s dealt; the upcard is %s.", g.HandNumber(), v.names[h.Dealer()], v.th.ink(h.Upcard())))
		case table.MoveStep:
			s := st.Seat
			moves = append(moves, replayedMove{at: len(v.steps), seat: gin.Seat(s), a: st.Move, own: st.Views.Seat[s], public: st.Views.Spectator, top: top})
			v.add(g, len(moves), "")
		case table.ControlStep:
			if st.Seat > 1 || g.HandNumber() == 0 {
				break
			}
			text := fmt.Sprintf("%s took over from %s.", PlayerName(st.To), v.names[st.Seat])
			if st.Reason != "" {
				why, _, _ := strings.Cut(st.Reason, "\n")
				text = fmt.Sprintf("%s took over from %s, which failed (%s).", PlayerName(st.To), v.names[st.Seat], why)
			}
			v.add(g, 0, text)
		}
		if g.HandNumber() > 0 {
			top = g.Hand().Pile().Top()
		}
		return nil
	})
	if err != nil {
		return v, err
	}
	if len(v.steps) == 0 {
		return v, fmt.Errorf("the log holds no deal")
	}
	if !rec.Engine.Over() {
		if i := slices.IndexFunc(rec.Header.Seats, func(si table.SeatInfo) bool { return si.Name == HumanName }); i == 0 || i == 1 {
			v.hidden[1-i] = true
		}
	}
	for _, m := range moves {
		v.steps[m.at].text = v.tell(m, &v.steps[m.at].hand)
	}
	v.at = 0 // from the start, as a game is watched (end goes to the end)
	return v, nil
}

// tell says a replayed move in words; h is the hand after it.
func (v *Replay) tell(m replayedMove, h *gin.Hand) string {
	// What the move showed is the engine's view: the mover's own (its
	// drawn card) unless its cards stay hidden, then a spectator's.
	ev := m.own
	if v.hidden[m.seat] {
		ev = m.public
	}
	t := v.th
	who := v.names[m.seat]
	a := m.a
	switch {
	case a.Kind == gin.NoAction && h.Over():
		// a defender's layout ends the hand: the knock's showdown
		return v.describe(h.Result().Knocker, gin.Action{Kind: gin.Knock}, m.top, h)
	case (a.Kind == gin.Knock || a.Kind == gin.BigGin) && !h.Over():
		return fmt.Sprintf("%s knocked; %s lays out.", who, v.names[m.seat.Other()])
	case ev.Kind == gin.Pass:
		return fmt.Sprintf("%s passed on %s.", who, t.ink(ev.Card))
	case ev.Kind == gin.TakeDiscard:
		return fmt.Sprintf("%s took %s from the discard pile.", who, t.ink(ev.Card))
	case ev.Kind == gin.DrawStock && ev.Card.IsValid():
		return fmt.Sprintf("%s drew %s from the stock.", who, t.ink(ev.Card))
	case ev.Kind == gin.DrawStock:
		return fmt.Sprintf("%s drew from the stock.", who)
	case ev.Kind == gin.Discard && ev.End == nil:
		return fmt.Sprintf("%s discarded %s.", who, t.ink(ev.Card))
	}
	// the hand's end: its showdown, or a drawn hand
	return v.describe(m.seat, a, m.top, h)
}
