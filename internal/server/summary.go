package server

import (
	"encoding/json"
	"time"

	"felt/internal/store"
	"felt/table"
)

// Summary is a table as GET /api/tables/{id} and the welcome message
// give it.
type Summary struct {
	ID      string          `json:"id"`
	Game    string          `json:"game"`
	Rules   json.RawMessage `json:"rules"`
	Status  string          `json:"status"` // waiting, playing, over, abandoned
	Seats   []SeatSummary   `json:"seats"`
	Outcome *OutcomeWire    `json:"outcome,omitempty"`
	Created time.Time       `json:"created"`
}

// SeatSummary is one seat of a table.
type SeatSummary struct {
	Seat  int    `json:"seat"`
	Name  string `json:"name"`
	Kind  string `json:"kind"`            // person or computer
	Level string `json:"level,omitempty"` // a computer seat's level, or the one standing in for its person
	// Open says nobody has taken the person's seat yet.
	Open bool `json:"open"`
	// Connected says the seat's person has a connection open.
	Connected bool `json:"connected"`
	// Computer says a computer plays the seat now: a computer seat, or a
	// person's seat while a level stands in.
	Computer bool `json:"computer"`
	// Status is computer, open, here, away or replaced (a level plays for
	// the person).
	Status string `json:"status"`
}

// OutcomeWire is how a game ended, as the server sends it.
type OutcomeWire struct {
	Over      bool  `json:"over"`
	Winner    int   `json:"winner"` // the winning team (-1 for none); in Gin Rummy the seat
	Scores    []int `json:"scores"` // each team's score: Gin Rummy's points, Shengji's levels
	Hands     int   `json:"hands"`
	Forfeited bool  `json:"forfeited,omitempty"`
	Forfeiter int   `json:"forfeiter,omitempty"`
}

func outcomeWire(o table.Outcome, teams int, res *table.Result) OutcomeWire {
	w := OutcomeWire{Over: o.Over, Winner: o.Winner, Scores: append([]int(nil), o.Scores[:teams]...), Hands: o.Hands}
	if res != nil && res.Forfeited {
		w.Forfeited, w.Forfeiter = true, int(res.Forfeiter)
	}
	return w
}

// GameSummary is one of a player's tables, as GET /api/tables?player=P
// lists them.
type GameSummary struct {
	ID      string          `json:"id"`
	Game    string          `json:"game"`
	Status  string          `json:"status"`
	Seats   []SeatSummary   `json:"seats"`
	Seat    int             `json:"seat"`
	Created time.Time       `json:"created"`
	Outcome json.RawMessage `json:"outcome,omitempty"`
}

// storedSeats summarises a stored table's seats, without presence.
func storedSeats(t store.Table) []SeatSummary {
	out := make([]SeatSummary, len(t.Seats))
	for i, s := range t.Seats {
		ss := SeatSummary{Seat: i, Name: s.Name, Kind: s.Kind}
		if s.Kind == kindComputer {
			ss.Level, ss.Computer, ss.Status = s.Level, true, "computer"
		} else if s.Player == "" {
			ss.Open, ss.Status = true, "open"
		} else {
			ss.Status = "away"
		}
		out[i] = ss
	}
	return out
}

// The kinds of seat in the store.
const (
	kindPerson   = "person"
	kindComputer = "computer"
)
