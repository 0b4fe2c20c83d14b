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
	// Teams are the seats' teams as everyone knows them now (they may
	// form or change during a hand), absent for a table read from the
	// store alone.
	Teams   [][]int   `json:"teams,omitempty"`
	Created time.Time `json:"created"`
	// Host is the seat of the table's host, the person who made it (-1:
	// none); Preset the rules' preset it was made from; Lobby says it is
	// listed in the lobby while it waits.
	Host   int    `json:"host"`
	Preset string `json:"preset,omitempty"`
	Lobby  bool   `json:"lobby,omitempty"`
	// Undo says the person may take moves back (a table made so).
	Undo bool `json:"undo,omitempty"`
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
	Over bool `json:"over"`
	// Winner is the winning team's place in Teams (-1 when no one team
	// won): in Gin Rummy the seat.
	Winner int `json:"winner"`
	// Winners are the seats that won.
	Winners []int `json:"winners"`
	// Teams are the teams as the game ended, each team's seats, in the
	// order of their lowest seat.
	Teams [][]int `json:"teams"`
	// Scores are each team's score (Gin Rummy's points, Shengji's
	// levels), in the order of Teams.
	Scores    []int `json:"scores"`
	Hands     int   `json:"hands"`
	Forfeited bool  `json:"forfeited,omitempty"`
	Forfeiter int   `json:"forfeiter,omitempty"`
}

// outcomeWire says how a table of n seats with these teams stands.
func outcomeWire(o table.Outcome, teams table.Teams, n int, res *table.Result) OutcomeWire {
	w := OutcomeWire{Over: o.Over, Winner: -1, Winners: []int{}, Teams: teamList(teams, n), Scores: []int{}, Hands: o.Hands}
	for s := range o.Winners.All() {
		w.Winners = append(w.Winners, int(s))
	}
	for i, m := range teams.List(n) {
		first, _ := m.First(0)
		w.Scores = append(w.Scores, o.Scores[first])
		if !o.Winners.IsEmpty() && m == o.Winners {
			w.Winner = i
		}
	}
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
// hostSeat is the seat of table t's host, -1 for none.
func hostSeat(t store.Table) int {
	if t.Host == "" {
		return -1
	}
	for i, s := range t.Seats {
		if s.Kind == kindPerson && s.Player == t.Host {
			return i
		}
	}
	return -1
}

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
