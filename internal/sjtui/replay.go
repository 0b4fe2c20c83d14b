package sjtui

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"felt/games"
	"felt/shengji"
	"felt/table"
)

// Frame is one step of a replay: what the watched seat saw of a card or a
// move, and its observation after it.
type Frame struct {
	Event shengji.Event
	Obs   Obs
}

// recorder is Shengji's table engine noting every step's frame for one seat.
type recorder struct {
	table.Engine[shengji.Action, Obs, shengji.Event]
	seat   table.Seat
	frames *[]Frame
}

func (r *recorder) note(v *table.Views[shengji.Event]) {
	*r.frames = append(*r.frames, Frame{Event: v.Seat[r.seat], Obs: r.Observe(r.seat)})
}

func (r *recorder) Apply(s table.Seat, a shengji.Action, v *table.Views[shengji.Event]) error {
	if err := r.Engine.Apply(s, a, v); err != nil {
		return err
	}
	r.note(v)
	return nil
}

func (r *recorder) Advance(v *table.Views[shengji.Event]) (json.RawMessage, error) {
	rec, err := r.Engine.Advance(v)
	if err == nil && rec == nil {
		r.note(v)
	}
	return rec, err
}

func (r *recorder) Redeal(rec json.RawMessage, v *table.Views[shengji.Event]) error {
	if err := r.Engine.Redeal(rec, v); err != nil {
		return err
	}
	r.note(v)
	return nil
}

// Frames replays a Shengji table log and returns every step as the seat
// saw it; seat -1 watches the seat a person played ("human"), else seat 0.
func Frames(rd io.Reader, seat int) ([]Frame, shengji.Seat, error) {
	var frames []Frame
	rs := &recorder{frames: &frames}
	spec := table.Spec[shengji.Action, Obs, shengji.Event]{Kind: games.Shengji.Kind, Format: games.Shengji.Format,
		New: func(seed uint64, opts json.RawMessage) (table.Engine[shengji.Action, Obs, shengji.Event], error) {
			e, err := games.Shengji.New(seed, opts)
			rs.Engine = e
			return rs, err
		}}
	// the header names the seats: read it first for the person's seat
	data, err := io.ReadAll(io.LimitReader(rd, table.MaxLogSize+1))
	if err != nil {
		return nil, 0, err
	}
	if len(data) > table.MaxLogSize {
		return nil, 0, fmt.Errorf("sjtui: log longer than %d bytes", table.MaxLogSize)
	}
	if seat < 0 {
		seat = 0
		var h struct {
			Seats []table.SeatInfo `json:"seats"`
		}
		line, _, _ := strings.Cut(string(data), "\n")
		if json.Unmarshal([]byte(line), &h) == nil {
			if i := slices.IndexFunc(h.Seats, func(s table.SeatInfo) bool { return s.Kind == table.Person }); i >= 0 {
				seat = i
			}
		}
	}
	if seat >= shengji.NumSeats {
		return nil, 0, fmt.Errorf("sjtui: seat %d: want 0 to 3", seat)
	}
	rs.seat = table.Seat(seat)
	if _, err := table.Recover(strings.NewReader(string(data)), spec); err != nil {
		return nil, 0, err
	}
	return frames, shengji.Seat(seat), nil
}

// Replay steps through a game's frames on the game screen, forwards and
// back.
type Replay struct {
	frames []Frame
	pos    int // frames shown
	m      Model
	seat   shengji.Seat
	opt    Options
	name   string
}

// NewReplay returns the viewer of frames as seat saw them.
func NewReplay(frames []Frame, seat shengji.Seat, name string, look Look) Replay {
	opt := Options{Look: look, Autoplay: true, Watch: "replay of " + name}
	r := Replay{frames: frames, seat: seat, opt: opt, name: name}
	r.m = r.fresh()
	return r.to(min(1, len(frames)))
}

func (r Replay) fresh() Model {
	b := NewBridge(context.Background(), r.seat, nil, nil)
	m := New(b, r.seat, r.opt)
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
	r.m.keys = fmt.Sprintf("→ next  ← back  t trick  h hand  home/end  l last trick  q quit   step %d/%d", r.pos, len(r.frames))
	return r
}

// stepWhile moves forward (or back) while the frame reached is of no
// interest.
func (r Replay) step(dir int, stop func(f *Frame) bool) Replay {
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
		switch msg.String() {
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
			return r.to(len(r.frames)), nil
		case "l":
			r.m.showLast = !r.m.showLast
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

// Pos returns how many frames are shown, and how many there are.
func (r Replay) Pos() (int, int) { return r.pos, len(r.frames) }
