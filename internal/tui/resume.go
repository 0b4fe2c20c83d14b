package tui

import (
	gingame "felt/games/gin"
	"io"

	"felt/gin"
	"felt/table"
)

// HandSoFar reads a Gin Rummy table log (table.Walk) and returns what seat
// saw of the moves of its last hand, oldest first: the events the seat's
// screen was shown (its own draws with their card, the other's stock
// draws without), for a resumed screen to list them as they were played
// (Setup.Earlier).
func HandSoFar(rd io.Reader, seat gin.Seat) ([]gin.Event, error) {
	s := table.Seat(seat & 1)
	var events []gin.Event
	_, err := table.Walk(rd, gingame.Spec, func(st table.Step[gin.Action, gin.Observation, gin.Event]) error {
		switch st.Type {
		case table.DealStep, table.UndoStep:
			events = events[:0] // a new hand, or the game made again after an undo (its steps follow)
		case table.MoveStep:
			events = append(events, st.Views.Seat[s])
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return events, nil
}
