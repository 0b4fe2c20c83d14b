package tui

import (
	"encoding/json"
	"io"

	"felt/games"
	"felt/gin"
	"felt/table"
)

// seatEvents is Gin Rummy's table engine noting what one seat sees of
// each move of the hand being replayed (its events since the last deal).
type seatEvents struct {
	*games.GinEngine
	seat   table.Seat
	events []gin.Event
}

func (s *seatEvents) Redeal(rec json.RawMessage, v *table.Views[gin.Event]) error {
	s.events = s.events[:0] // a new hand
	return s.GinEngine.Redeal(rec, v)
}

func (s *seatEvents) Apply(seat table.Seat, a gin.Action, v *table.Views[gin.Event]) error {
	if err := s.GinEngine.Apply(seat, a, v); err != nil {
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
	spec := games.GinSpecWith(func(ge *games.GinEngine) (table.Engine[gin.Action, gin.Observation, gin.Event], error) {
		se.GinEngine = ge
		return se, nil
	})
	if _, err := table.Recover(rd, spec); err != nil {
		return nil, err
	}
	return se.events, nil
}
