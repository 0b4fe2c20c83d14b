package table

import (
	"bytes"
	"context"
	"reflect"
	"testing"
)

// TestTeamsConstructors: the ways a game says its teams, and how they
// list and print.
func TestTeamsConstructors(t *testing.T) {
	for _, tc := range []struct {
		name string
		t    Teams
		n    int
		want string
	}{
		{"two seats alone (Gin Rummy)", SoloTeams(2), 2, "{0} {1}"},
		{"four seats by turn in two teams (Shengji)", TeamsByTurn(4, 2), 4, "{0,2} {1,3}"},
		{"six seats by turn in three teams", TeamsByTurn(6, 3), 6, "{0,3} {1,4} {2,5}"},
		{"a revealed friend: banker 0 with seat 3", TeamsOf(5, SeatsOf(0, 3)), 5, "{0,3} {1} {2} {4}"},
		{"two teams formed, the rest alone", TeamsOf(5, SeatsOf(0, 3), SeatsOf(1, 4)), 5, "{0,3} {1,4} {2}"},
		{"a seat named twice stays in the first", TeamsOf(3, SeatsOf(0, 1), SeatsOf(1, 2)), 3, "{0,1} {2}"},
		{"seats past n left out", TeamsOf(2, SeatsOf(0, 5)), 2, "{0} {1}"},
		{"all ten seats", SoloTeams(MaxSeats + 3), MaxSeats, "{0} {1} {2} {3} {4} {5} {6} {7} {8} {9}"},
	} {
		if got := tc.t.String(); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
		var all Seats
		for _, m := range tc.t.List(tc.n) {
			if m&all != 0 {
				t.Errorf("%s: team %s overlaps %s", tc.name, m, all)
			}
			all |= m
			for s := range m.All() {
				if tc.t.Of(s) != m {
					t.Errorf("%s: seat %d's team %s is not %s", tc.name, s, tc.t.Of(s), m)
				}
			}
		}
		if all != AllSeats(min(tc.n, MaxSeats)) {
			t.Errorf("%s: teams cover %s", tc.name, all)
		}
	}
	if SoloTeams(2).Of(MaxSeats) != 0 {
		t.Error("an invalid seat has a team")
	}
	if SoloTeams(2) == TeamsByTurn(2, 1) || SoloTeams(2) != TeamsByTurn(2, 2) {
		t.Error("teams do not compare by value")
	}
}

// TestTeamsChangeMidHand: the toy's teams form as seats bid during a
// hand and part at the next deal. Every seat and spectator is told each
// change once, right after the event that made it and never otherwise;
// the log walk finds the same teams after the same steps, and a table
// resumed from a cut log tells only the changes after the cut.
func TestTeamsChangeMidHand(t *testing.T) {
	var changes int
	for seed := uint64(1); seed <= 30; seed++ {
		ws := []*watcher{{}, {}, {}}
		spect := &watcher{}
		var log bytes.Buffer
		tb, err := New(toySpec, players(ws[0], ws[1], ws[2]), Options[toyMove, toyObs, toyEvent]{
			Seed: seed, Log: &log, Spectators: []Listener[toyEvent]{spect}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tb.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		for _, w := range append(ws, spect) {
			if !reflect.DeepEqual(w.teams, spect.teams) {
				t.Fatalf("seed %d: a seat was told %v, the spectator %v", seed, w.teams, spect.teams)
			}
		}
		// The walk: the teams after every step, and where they changed.
		var walked []teamsSeen
		var lines []int // the line of each change: the step's N
		last, events := SoloTeams(3), 0
		_, err = Walk(bytes.NewReader(log.Bytes()), toySpec, func(st Step[toyMove, toyObs, toyEvent]) error {
			if st.Views != nil {
				events++
			}
			if tm := st.Engine.Teams(); tm != last {
				walked = append(walked, teamsSeen{events, tm})
				lines = append(lines, st.N)
				last = tm
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(walked, spect.teams) {
			t.Fatalf("seed %d: the walk found teams %v, the table told %v", seed, walked, spect.teams)
		}
		for i, c := range spect.teams {
			if i > 0 && c.teams == spect.teams[i-1].teams {
				t.Fatalf("seed %d: told of teams %s twice in a row", seed, c.teams)
			}
			var all Seats
			for _, m := range c.teams.List(3) {
				all |= m
			}
			if all != AllSeats(3) || c.teams == SoloTeams(3) && i == 0 {
				t.Fatalf("seed %d: teams %s", seed, c.teams)
			}
		}
		changes += len(spect.teams)
		if seed == 1 {
			resumeTells(t, log.Bytes(), spect.teams, lines)
		}
	}
	if changes < 20 {
		t.Fatalf("only %d changes of teams in 30 games: the test shows nothing", changes)
	}
}

// resumeTells resumes the log cut at every line and checks that the
// resumed table starts with the teams of the cut and tells the changes
// made from there on (want, each made at a step of line lines[i]) and no
// other.
func resumeTells(t *testing.T, log []byte, want []teamsSeen, lines []int) {
	t.Helper()
	split := bytes.SplitAfter(log, []byte("\n"))
	for cut := 1; cut < len(split)-1; cut++ {
		prefix := bytes.Join(split[:cut], nil)
		rec, err := Recover(bytes.NewReader(prefix), toySpec)
		if err != nil {
			t.Fatal(err)
		}
		resumed := rec.Engine.Teams() // before the table plays on with the engine
		ws := []*watcher{{}, {}, {}}
		spect := &watcher{}
		var out bytes.Buffer
		out.Write(prefix)
		tb, err := Resume(rec, players(ws[0], ws[1], ws[2]), Options[toyMove, toyObs, toyEvent]{Log: &out, Spectators: []Listener[toyEvent]{spect}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tb.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out.Bytes(), log) {
			t.Fatalf("cut at line %d: the resumed game differs", cut)
		}
		before, after := SoloTeams(3), []Teams(nil)
		for i, c := range want {
			if lines[i] < cut {
				before = c.teams
			} else {
				after = append(after, c.teams)
			}
		}
		if resumed != before {
			t.Fatalf("cut at line %d: resumed with teams %s, the game had %s", cut, resumed, before)
		}
		var told []Teams
		for _, c := range spect.teams {
			told = append(told, c.teams)
		}
		if !reflect.DeepEqual(told, after) {
			t.Fatalf("cut at line %d: told %v, the game changed to %v", cut, told, after)
		}
	}
}
