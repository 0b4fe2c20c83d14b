package tui

import (
	"encoding/json"
	gingame "felt/games/gin"
	"io"

	"felt/gin"
	"felt/table"
)

// seatEvents is Gin Rummy's table engine noting what one seat sees of
// each move of the hand being replayed (its events since the last deal).
type seatEvents struct {
	*gingame.Engine
	seat   table.Seat
	events []gin.Event
}

func (s *seatEvents) Redeal(rec json.RawMessage, v *table.Views[gin.Event]) error {
	s.events = s.events[:0] // a new hand
	return s.Engine.Redeal(rec, v)
}

func (s *seatEvents) Apply(seat table.Seat, a gin.Action, v *table.Views[gin.Event]) error {
	if err := s.Engine.Apply(seat, a, v); err != nil {
		return err
	}
	s.events = append(s.events, v.Seat[s.seat])
	return nil
}

// HandSoFar reads a Gin Rummy table log and returns what seat saw of the
// moves of its last hand, oldest first: the events the seat's screen was
// shown (its own draws with their card, the other's stock draws without),
// for a resumed screen to list them as they were played (Setup.Earlier).
func HandSoFar(rd io.Reader, seat gin.Seat) ([]gin.Event, error) {
	se := &seatEvents{seat: table.Seat(seat & 1)}
	spec := gingame.SpecWith(func(ge *gingame.Engine) (table.Engine[gin.Action, gin.Observation, gin.Event], error) {
		se.Engine = ge
		return se, nil
	})
	if _, err := table.Recover(rd, spec); err != nil {
		return nil, err
	}
	return se.events, nil
}
