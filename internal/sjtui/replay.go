package sjtui

import (
	"bytes"
	"context"
	sjgame "felt/games/shengji"
	"fmt"
	"io"
	"slices"

	tea "charm.land/bubbletea/v2"

	"felt/card"
	"felt/shengji"
	"felt/table"
)

// Frame is one step of a replay: what the watched seat (or a spectator)
// saw of a card or a move, and its observation after it.
type Frame struct {
	Event shengji.Event
	Obs   Obs
}

// Spectator is the viewer number of a spectator in Frames and the replay
// (the seats are 0 to the table's players less one, at most MaxSeats-1).
const Spectator = shengji.MaxSeats

// public is what a spectator may know of a hand: a seat's observation
// without what only that seat sees (its cards, the kitty it took up or
// buried until the hand is over, its own chance to declare). Everything
// left is shown to all four seats alike.
func public(o Obs) Obs {
	o.Hand, o.PickedUp = card.Multi{}, card.Multi{}
	if o.Phase != shengji.OverPhase {
		o.Kitty = card.Multi{}
	}
	if o.Phase == shengji.DealPhase {
		o.ToAct = 0
	}
	o.Seat = shengji.NoSeat
	return o
}

// Frames replays a Shengji table log (table.Walk: strict, as recovery
// is) and returns every step as the seat saw it; seat -1 watches the seat
// a person played ("human"), else seat 0; seat Spectator watches as a
// spectator. The views are the table engine's: each seat's events and
// observations, the spectator's events.
func Frames(rd io.Reader, seat int) ([]Frame, shengji.Seat, error) {
	if seat > Spectator {
		return nil, 0, fmt.Errorf("sjtui: seat %d: want a seat of the table, or %d for a spectator", seat, Spectator)
	}
	var frames []Frame
	_, err := table.Walk(rd, sjgame.Spec, func(st table.Step[shengji.Action, Obs, shengji.Event]) error {
		switch {
		case st.Type == table.HeaderStep && seat >= len(st.Header.Seats) && seat != Spectator:
			return fmt.Errorf("sjtui: seat %d: the table has seats 0 to %d, or %d for a spectator", seat, len(st.Header.Seats)-1, Spectator)
		case st.Type == table.HeaderStep && seat < 0:
			seat = personSeat(st.Header.Seats)
		case st.Views == nil, st.Redo: // a line that shows nothing, or one made again after an undo
		case seat == Spectator:
			var o Obs
			st.Engine.Observe(0, &o)
			frames = append(frames, Frame{Event: st.Views.Spectator, Obs: public(o)})
		default:
			var o Obs
			st.Engine.Observe(table.Seat(seat), &o)
			frames = append(frames, Frame{Event: st.Views.Seat[seat], Obs: o})
		}
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	return frames, shengji.Seat(seat), nil
}

// personSeat is the seat the log's header gives to a person, else 0.
func personSeat(seats []table.SeatInfo) int {
	if i := slices.IndexFunc(seats, func(s table.SeatInfo) bool { return s.Kind == table.Person }); i >= 0 && i < shengji.MaxSeats {
		return i
	}
	return 0
}

// Replay steps through a game's frames on the game screen, forwards and
// back, as one seat saw it or as a spectator; with the log (LoadReplay) it
// switches between them at the same step.
type Replay struct {
	frames []Frame
	pos    int // frames shown
	m      Model
	seat   shengji.Seat // the viewer: a seat, or Spectator
	opt    Options
	name   string
	data   []byte // the log, to replay for another viewer
	status string
}

// NewReplay returns the viewer of frames as seat saw them (seat Spectator:
// as a spectator). Without the log it cannot switch seats (LoadReplay
// can).
func NewReplay(frames []Frame, seat shengji.Seat, name string, look Look) Replay {
	r := Replay{frames: frames, seat: seat, name: name}
	r.opt = r.options(look)
	r.m = r.fresh()
	return r.to(min(1, len(frames)))
}

// LoadReplay reads a Shengji table log and returns its viewer, watching
// the seat a person played (else seat 0); s and 0 to 3 switch seats.
func LoadReplay(rd io.Reader, name string, look Look) (Replay, error) {
	data, err := io.ReadAll(io.LimitReader(rd, table.MaxLogSize+1))
	if err != nil {
		return Replay{}, err
	}
	// kept to replay the log for another viewer; a longer one is refused
	// by the walk
	frames, seat, err := Frames(bytes.NewReader(data), -1)
	if err != nil {
		return Replay{}, err
	}
	r := NewReplay(frames, seat, name, look)
	r.data = data
	return r.to(r.pos), nil
}

// options are the screen's options for the viewer.
func (r Replay) options(look Look) Options {
	watch := fmt.Sprintf("seat %d's view · replay of %s", r.seat, r.name)
	if r.seat == Spectator {
		watch = "spectator's view · replay of " + r.name
	}
	return Options{Look: look, Autoplay: true, Watch: watch, Spectator: r.seat == Spectator}
}

func (r Replay) fresh() Model {
	seat := r.seat
	if seat == Spectator {
		seat = 0
	}
	b := NewBridge(context.Background(), seat, nil)
	m := New(b, seat, r.opt)
	m.w, m.h = r.m.w, r.m.h
	return m
}

// to shows the first n frames.
func (r Replay) to(n int) Replay {
	n = max(0, min(n, len(r.frames)))
	if n < r.pos {
		r.m, r.pos = r.fresh(), 0
	}
	for ; r.pos < n; r.pos++ {
		nm, _ := r.m.Update(EventMsg{Event: r.frames[r.pos].Event, Obs: r.frames[r.pos].Obs})
		r.m = nm.(Model)
	}
	k := func(key, what string) keyPart { return keyPart{key, what} }
	r.m.keys = []keyPart{k("→", "next"), k("←", "back"), k("t", "trick"), k("h", "hand"), k("home/end", "first/last")}
	if r.data != nil {
		r.m.keys = append(r.m.keys, k("s", "seat/spectator"))
	}
	r.m.keys = append(r.m.keys, k("l", "last trick"), k("q", "quit"), k("", fmt.Sprintf("step %d/%d", r.pos, len(r.frames))))
	if r.status != "" {
		r.m.setStatus(r.status, true)
	}
	return r
}

// view switches to another viewer (a seat, or Spectator) at the same step.
func (r Replay) view(viewer int) Replay {
	r.status = ""
	if r.data == nil {
		r.status = "This replay cannot switch seats (it was opened without its log)."
		return r.to(r.pos)
	}
	frames, _, err := Frames(bytes.NewReader(r.data), viewer)
	if err != nil {
		r.status = "Cannot switch: " + err.Error()
		return r.to(r.pos)
	}
	pos, look := r.pos, r.opt.Look
	r.frames, r.seat = frames, shengji.Seat(viewer)
	r.opt = r.options(look)
	r.m, r.pos = r.fresh(), 0
	return r.to(pos)
}

// sheet shows the score sheet after the last frame of a finished game,
// as the game screen does; ok is false if the game did not finish.
func (r Replay) sheet() (Replay, bool) {
	if len(r.frames) == 0 || r.pos < len(r.frames) {
		return r, false
	}
	last := &r.frames[len(r.frames)-1]
	e := last.Event
	if !e.GameOver {
		return r, false
	}
	res := table.Result{Outcome: table.Outcome{Over: true, Winners: table.Seats(e.WinnerSeats), Hands: e.Hand}}
	for s := range last.Obs.Rules.NumPlayers() {
		res.Scores[s] = shengji.LevelNumber(last.Obs.SeatLevels[s])
	}
	r.m.over, r.m.done, r.m.result = nil, true, res
	return r, true
}

// step moves forward (or back) while the frame reached is of no interest.
func (r Replay) step(dir int, stop func(f *Frame) bool) Replay {
	switch {
	case dir > 0 && !r.m.done:
		if nr, ok := r.sheet(); ok {
			return nr
		}
	case dir < 0 && r.m.done:
		// from the score sheet back to the last hand's end
		r.m, r.pos = r.fresh(), 0
		return r.to(len(r.frames))
	}
	n := r.pos
	for {
		n += dir
		if n <= 1 || n >= len(r.frames) || stop(&r.frames[n-1]) {
			break
		}
	}
	return r.to(n)
}

// Init does nothing.
func (r Replay) Init() tea.Cmd { return nil }

// Update handles a key.
func (r Replay) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		r.m.w, r.m.h = msg.Width, msg.Height
	case tea.KeyPressMsg:
		notCard := func(f *Frame) bool { return f.Event.Kind != shengji.CardEvent }
		switch k := msg.String(); k {
		case "q", "ctrl+c", "esc":
			return r, tea.Quit
		case "right", "space", "n":
			return r.step(1, notCard), nil
		case "left", "p", "b":
			return r.step(-1, notCard), nil
		case "t":
			return r.step(1, func(f *Frame) bool { return f.Event.TrickDone || f.Event.HandOver }), nil
		case "h":
			return r.step(1, func(f *Frame) bool { return f.Event.HandOver }), nil
		case "home":
			return r.to(1), nil
		case "end":
			if nr, ok := r.to(len(r.frames)).sheet(); ok {
				return nr, nil
			}
			return r.to(len(r.frames)), nil
		case "l":
			r.m.showLast = !r.m.showLast
		case "up", "down":
			if r.m.done {
				nm, _ := r.m.press(msg.String())
				r.m = nm.(Model)
			}
		case "s":
			// the seats in turn, then the spectator, then seat 0 again
			next := int(r.seat) + 1
			switch {
			case r.seat == Spectator:
				next = 0
			case next >= r.players():
				next = Spectator
			}
			return r.view(next), nil
		case "0", "1", "2", "3", "4", "5", "6", "7", "8", "9":
			if s := int(k[0] - '0'); s < r.players() {
				return r.view(s), nil
			}
		}
	}
	return r, nil
}

// View draws the screen.
func (r Replay) View() tea.View {
	v := tea.NewView(r.Render())
	v.AltScreen = true
	return v
}

// Render draws the screen as text.
func (r Replay) Render() string { return r.m.Render() }

// players is the number of players at the table replayed.
func (r Replay) players() int {
	if len(r.frames) == 0 {
		return shengji.NumSeats
	}
	return r.frames[0].Obs.Rules.NumPlayers()
}

// Pos returns how many frames are shown, and how many there are.
func (r Replay) Pos() (int, int) { return r.pos, len(r.frames) }

// Viewer returns the seat watched, or Spectator.
func (r Replay) Viewer() int { return int(r.seat) }
