package games

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"

	"felt/card"
	"felt/internal/seed"
	"felt/program"
	"felt/table"
)

// Info is what every layer may know of a game without its types: names,
// seats, levels and presets. A page, a command line or a server builds
// its choices from it.
type Info struct {
	// Name is the game's name in logs, URLs and flags ("gin").
	Name string `json:"name"`
	// Title is its name for people ("Gin Rummy").
	Title string `json:"title"`
	// Seats are the numbers of seats a table of the game may have, fewest
	// first.
	Seats []int `json:"seats"`
	// Teams says how the seats form teams, in words ("each seat plays for
	// itself", "seats 0 and 2 against 1 and 3").
	Teams string `json:"teams"`
	// Levels are the built-in computer players a seat may have, in the
	// order they are offered to people.
	Levels []Choice `json:"levels"`
	// MatchLevels are further levels only matches seat: players kept to
	// measure others against (a pinned older version, players of one
	// habit), never offered to people.
	MatchLevels []Choice `json:"-"`
	// Default is a computer seat's level when none is named.
	Default string `json:"default_level"`
	// StandIn is the level that plays for a person who is away or too slow.
	StandIn string `json:"stand_in"`
	// FastLevel is the quickest of the levels to play against, which a
	// load test seats.
	FastLevel string `json:"fast_level,omitempty"`
	// HintLevel is the level whose choice a hint gives.
	HintLevel string `json:"hint_level,omitempty"`
	// Presets are the game's rules presets, the default first.
	Presets []Choice `json:"presets"`
	// MatchPreset is the preset a match is measured under when none is
	// named (the arena's default), "" for the default preset.
	MatchPreset string `json:"match_preset,omitempty"`
	// Score says what Outcome.Scores count ("points", "level").
	Score string `json:"score"`
	// Doc names the game's rules for people, docs/rules/DOC.md, which
	// felt serve shows at /rules/NAME ("" for none).
	Doc string `json:"doc,omitempty"`
	// Settings are the rules a page lets people set over a preset, each
	// a field of the game's options (none: the presets only; see
	// Def.Mix).
	Settings []Setting `json:"settings,omitempty"`
}

// Choice is one of a game's levels or presets: its name, and how a page
// shows it.
type Choice struct {
	Name  string `json:"name"`
	Title string `json:"title"`
}

// names returns the choices' names.
func names(cs []Choice) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Name
	}
	return out
}

// LevelNames returns the names of the game's levels.
func (i Info) LevelNames() []string { return names(i.Levels) }

// MatchLevelNames returns the names of every level a match may seat: the
// game's levels, then its match levels.
func (i Info) MatchLevelNames() []string { return append(names(i.Levels), names(i.MatchLevels)...) }

// PresetNames returns the names of the game's presets, the default first.
func (i Info) PresetNames() []string { return names(i.Presets) }

// HasLevel reports whether name is one of the game's levels.
func (i Info) HasLevel(name string) bool { return slices.Contains(i.LevelNames(), name) }

// HasMatchLevel reports whether a match may seat level name (one of the
// game's levels or its match levels).
func (i Info) HasMatchLevel(name string) bool { return slices.Contains(i.MatchLevelNames(), name) }

// Def is a game as its package registers it: what Info says, and the
// parts that know its moves M, observations O and events E.
type Def[M, O, E any] struct {
	Info
	// Spec makes the game's table engines.
	Spec table.Spec[M, O, E]
	// Wire is the game as an outside program and a web page read it:
	// its move codec, legal moves, check, and the wire forms of
	// observations and events.
	Wire program.Game[M, O, E]
	// Rules returns the game's options (for the table's GameOptions) of a
	// preset; "" is the default.
	Rules func(preset string) (json.RawMessage, error)
	// Mix, if set, reads settings (a JSON object of fields Info.Settings
	// names; nil for none) over a preset's options and checks the result:
	// the table's options, each setting's value in effect and a line
	// saying the table (Seats is counted for it). An error names the
	// setting at fault. Nil: the game takes its presets only.
	Mix func(options, settings json.RawMessage) (Mixed, error)
	// Level returns the built-in level name as a table player, its
	// choices drawn from seed alone.
	Level func(name string, seed uint64) (table.Player[M, O], error)
	// Hint returns the hint level's move for a seat's decision, and says
	// it in words; seed makes it repeatable.
	Hint func(o *O, seed uint64) (M, string, error)
	// PlayerSeed, if set, is the seed of seat s's player in game i of a
	// match seeded with match, where side is 0 if side A plays the seat
	// and 1 if B does: a game keeps the seeds its matches were measured
	// with. Nil seeds each seat's player from the match, the game and the
	// seat (SeatSeed).
	PlayerSeed func(match uint64, i int, s table.Seat, side int) uint64
	// Tally, if set, returns a spectator that records each hand of a
	// game as it is played, for a match's report.
	Tally func() Tally[E]
	// Figures, if set, measures a match's hands from side A's view (one
	// Side a game): how hands ended, in the game's own terms.
	Figures func(games []Side) []Figure
	// Pick chooses a move for a client that reads only the wire (a load
	// test's player): from the decision's observation and legal moves in
	// their wire forms, a move in its wire form. Nil picks a legal move at
	// random, and refuses a decision that lists none.
	Pick func(obs json.RawMessage, legal []json.RawMessage, rng *rand.Rand) (json.RawMessage, error)
	// Visible returns the cards seat s may have seen by now at a table of
	// engine e (a seat past the engine's seats is a spectator): every
	// card the game sends that seat must be among them.
	Visible func(e table.Engine[M, O, E], s table.Seat) card.Set
	// Env, if set, makes a learning environment of the game with options
	// (nil: the default rules); nil: the game has none (ErrNoEnv).
	Env func(options json.RawMessage) (Env, error)
}

// Game is a registered game, whatever its types: the layers above the
// rules (the server, the arena, the load test, replays) use only this.
type Game interface {
	// About returns what the game is.
	About() Info
	// Rules returns the game's options of a preset ("" is the default).
	Rules(preset string) (json.RawMessage, error)
	// Mix returns the table of a preset ("" is the default) with settings
	// over it (see Def.Mix): its options, settings in effect and seats.
	// Settings given to a game without Info.Settings are an error
	// wrapping ErrNoSettings.
	Mix(preset string, settings json.RawMessage) (Mixed, error)
	// Any returns the game with its moves, observations and events as
	// values of type any (each holding the game's own type): a table of
	// it runs the game's engine, its levels play as they do.
	Any() *Def[any, any, any]
	// Play plays a game to its end with the game's own types (levels
	// decide on the engine's observations, nothing is converted): the
	// arena's path.
	Play(ctx context.Context, p Play) (Played, error)
	// Figures measures a match's hands from side A's view (nil if the
	// game measures none).
	Figures(games []Side) []Figure
	// SeatsFor returns the number of seats of a table of the game with
	// options (nil is the default rules).
	SeatsFor(options json.RawMessage) (int, error)
	// SeatSeed is the seed of seat s's player in game i of a match seeded
	// with match, side 0 if side A plays it and 1 if B does.
	SeatSeed(match uint64, i int, s table.Seat, side int) uint64
	// NewEnv returns a learning environment of the game with options
	// (nil: the default rules), or an error wrapping ErrNoEnv.
	NewEnv(options json.RawMessage) (Env, error)
	// verify replays a table log of the game (see Verify).
	verify(data []byte) (Verified, error)
}

// Rules returns the game's options of a preset; "" is the default.
func (d *Def[M, O, E]) rules(preset string) (json.RawMessage, error) {
	if preset == "" && len(d.Presets) > 0 {
		preset = d.Presets[0].Name
	}
	if d.Rules == nil {
		if preset == "" {
			return nil, nil
		}
		return nil, fmt.Errorf("%s: no rules preset %q (%v): %w", d.Name, preset, d.PresetNames(), ErrUnknownPreset)
	}
	return d.Rules(preset)
}

// ErrUnknownPreset is a rules preset a game does not have.
var ErrUnknownPreset = errors.New("no such rules preset")

// ErrUnknownLevel is a level a game does not have.
var ErrUnknownLevel = errors.New("no such level")

// Of returns a Def as a Game without registering it: for a variant of a
// game a test or an experiment plays (its own levels, say).
func Of[M, O, E any](d *Def[M, O, E]) Game { return registered[M, O, E]{d} }

// registered wraps a Def as a Game (Def's own Rules field and the
// interface's method would share a name).
type registered[M, O, E any] struct{ d *Def[M, O, E] }

func (r registered[M, O, E]) About() Info { return r.d.Info }
func (r registered[M, O, E]) Rules(preset string) (json.RawMessage, error) {
	return r.d.rules(preset)
}
func (r registered[M, O, E]) Any() *Def[any, any, any] { return r.d.Any() }
func (r registered[M, O, E]) Mix(preset string, settings json.RawMessage) (Mixed, error) {
	return r.d.mix(preset, settings)
}

func (r registered[M, O, E]) SeatsFor(options json.RawMessage) (int, error) {
	e, err := r.d.Spec.New(0, options)
	if err != nil {
		return 0, err
	}
	return e.Seats(), nil
}
func (r registered[M, O, E]) Play(ctx context.Context, p Play) (Played, error) {
	return r.d.play(ctx, p)
}
func (r registered[M, O, E]) SeatSeed(match uint64, i int, s table.Seat, side int) uint64 {
	if r.d.PlayerSeed != nil {
		return r.d.PlayerSeed(match, i, s, side)
	}
	return seed.Mix(match, uint64(i), 2, uint64(s))
}
func (r registered[M, O, E]) Figures(games []Side) []Figure {
	if r.d.Figures == nil {
		return nil
	}
	return r.d.Figures(games)
}
func (r registered[M, O, E]) NewEnv(options json.RawMessage) (Env, error) {
	if r.d.Env == nil {
		return nil, fmt.Errorf("%s: %w", r.d.Name, ErrNoEnv)
	}
	return r.d.Env(options)
}
func (r registered[M, O, E]) verify(data []byte) (Verified, error) {
	return verify(data, r.d.Spec)
}

// Any returns the game with its types erased to any: its Spec wraps the
// game's engines (a move is an M, an observation an O, an event an E,
// each held in an any), its levels, wire forms, hint and visible cards
// the game's own. Made once.
func (d *Def[M, O, E]) Any() *Def[any, any, any] {
	if e, ok := any(d).(*Def[any, any, any]); ok {
		return e
	}
	erasedMu.Lock()
	defer erasedMu.Unlock()
	if e, ok := erased[d]; ok {
		return e
	}
	e := &Def[any, any, any]{Info: d.Info, Rules: d.Rules, Mix: d.Mix, Pick: d.Pick, Figures: d.Figures, PlayerSeed: d.PlayerSeed}
	e.Spec = table.Spec[any, any, any]{Kind: d.Spec.Kind, Format: d.Spec.Format,
		New: func(seed uint64, options json.RawMessage) (table.Engine[any, any, any], error) {
			inner, err := d.Spec.New(seed, options)
			if err != nil {
				return nil, err
			}
			return &anyEngine[M, O, E]{e: inner}, nil
		}}
	e.Wire = eraseWire(d.Wire)
	if d.Level != nil {
		e.Level = func(name string, seed uint64) (table.Player[any, any], error) {
			p, err := d.Level(name, seed)
			if err != nil {
				return table.Player[any, any]{}, err
			}
			return table.Player[any, any]{Name: p.Name, Kind: p.Kind, Control: anyControl[M, O]{p.Control}, Deadline: p.Deadline}, nil
		}
	}
	if d.Hint != nil {
		e.Hint = func(o *any, seed uint64) (any, string, error) {
			ob, ok := (*o).(O)
			if !ok {
				return nil, "", fmt.Errorf("%s: hint: %w", d.Name, errNotOurs)
			}
			m, text, err := d.Hint(&ob, seed)
			return m, text, err
		}
	}
	if d.Visible != nil {
		e.Visible = func(en table.Engine[any, any, any], s table.Seat) card.Set {
			if ae, ok := en.(*anyEngine[M, O, E]); ok {
				return d.Visible(ae.e, s)
			}
			return 0
		}
	}
	erased[d] = e
	return e
}

// erased holds each Def's Any, made once (a Def copied is another).
var (
	erasedMu sync.Mutex
	erased   = map[any]*Def[any, any, any]{}
)

// errNotOurs is a value of another game's type handed to a game.
var errNotOurs = errors.New("a value of another game")

// Unwrap returns the game's own engine inside an engine of its erased
// Spec (Def.Any), or e itself.
func Unwrap[M, O, E any](e table.Engine[any, any, any]) (table.Engine[M, O, E], bool) {
	if ae, ok := e.(*anyEngine[M, O, E]); ok {
		return ae.e, true
	}
	return nil, false
}

// Inner returns the engine inside an erased engine as an any (the game's
// own engine value), or e itself when it is no erased engine.
func Inner(e table.Engine[any, any, any]) any {
	if u, ok := e.(interface{ inner() any }); ok {
		return u.inner()
	}
	return e
}

// anyEngine is a game's engine with its types erased.
type anyEngine[M, O, E any] struct {
	e table.Engine[M, O, E]
	v table.Views[E]
}

func (a *anyEngine[M, O, E]) inner() any         { return a.e }
func (a *anyEngine[M, O, E]) Seats() int         { return a.e.Seats() }
func (a *anyEngine[M, O, E]) Teams() table.Teams { return a.e.Teams() }
func (a *anyEngine[M, O, E]) ToAct() table.Seats { return a.e.ToAct() }
func (a *anyEngine[M, O, E]) Optional() bool     { return a.e.Optional() }
func (a *anyEngine[M, O, E]) Over() bool         { return a.e.Over() }
func (a *anyEngine[M, O, E]) Observe(s table.Seat, o *any) {
	var ob O
	a.e.Observe(s, &ob)
	*o = ob
}
func (a *anyEngine[M, O, E]) Outcome() table.Outcome { return a.e.Outcome() }
func (a *anyEngine[M, O, E]) MarshalMove(m any) ([]byte, error) {
	mv, ok := m.(M)
	if !ok {
		return nil, fmt.Errorf("table: move %T: %w", m, errNotOurs)
	}
	return a.e.MarshalMove(mv)
}
func (a *anyEngine[M, O, E]) UnmarshalMove(b []byte) (any, error) {
	m, err := a.e.UnmarshalMove(b)
	if err != nil {
		return nil, err
	}
	return m, nil
}
func (a *anyEngine[M, O, E]) Check(s table.Seat, m any) error {
	mv, ok := m.(M)
	if !ok {
		return fmt.Errorf("table: move %T: %w", m, errNotOurs)
	}
	return a.e.Check(s, mv)
}

// innerViews returns the views the inner engine fills: the erased engine's
// own, zeroed, or nil when v is (nobody is shown them).
func (a *anyEngine[M, O, E]) innerViews(v *table.Views[any]) *table.Views[E] {
	if v == nil {
		return nil
	}
	a.v = table.Views[E]{}
	return &a.v
}

// views copies the inner views out, each event in an any (nothing when
// v is nil).
func (a *anyEngine[M, O, E]) views(v *table.Views[any]) {
	if v == nil {
		return
	}
	for s := range a.e.Seats() {
		v.Seat[s] = a.v.Seat[s]
	}
	v.Spectator = a.v.Spectator
	a.v = table.Views[E]{}
}

func (a *anyEngine[M, O, E]) Apply(s table.Seat, m any, v *table.Views[any]) error {
	mv, ok := m.(M)
	if !ok {
		return fmt.Errorf("table: move %T: %w", m, errNotOurs)
	}
	err := a.e.Apply(s, mv, a.innerViews(v))
	a.views(v)
	return err
}

func (a *anyEngine[M, O, E]) Advance(v *table.Views[any]) (json.RawMessage, error) {
	rec, err := a.e.Advance(a.innerViews(v))
	a.views(v)
	return rec, err
}

func (a *anyEngine[M, O, E]) Redeal(rec json.RawMessage, v *table.Views[any]) error {
	err := a.e.Redeal(rec, a.innerViews(v))
	a.views(v)
	return err
}

// anyControl is a game's controller deciding on erased observations.
type anyControl[M, O any] struct{ c table.Controller[M, O] }

func (a anyControl[M, O]) Decide(ctx context.Context, d table.Decision[any]) (any, bool, error) {
	o, ok := d.Obs.(O)
	if !ok {
		return nil, false, fmt.Errorf("table: observation %T: %w", d.Obs, errNotOurs)
	}
	m, ok, err := a.c.Decide(ctx, table.Decision[O]{Seat: d.Seat, Seq: d.Seq, Optional: d.Optional, Obs: o})
	if !ok || err != nil {
		return nil, ok, err
	}
	return m, true, nil
}

// anyCodec is a game's move codec on erased moves.
type anyCodec[M any] struct{ c program.Codec[M] }

func (a anyCodec[M]) MarshalMove(m any) ([]byte, error) {
	mv, ok := m.(M)
	if !ok {
		return nil, fmt.Errorf("move %T: %w", m, errNotOurs)
	}
	return a.c.MarshalMove(mv)
}

func (a anyCodec[M]) UnmarshalMove(b []byte) (any, error) {
	m, err := a.c.UnmarshalMove(b)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// eraseWire is a game's wire forms on erased values.
func eraseWire[M, O, E any](w program.Game[M, O, E]) program.Game[any, any, any] {
	var e program.Game[any, any, any]
	if w.Codec != nil {
		e.Codec = anyCodec[M]{w.Codec}
	}
	if w.Legal != nil {
		e.Legal = func(o *any) ([]any, int) {
			ob, ok := (*o).(O)
			if !ok {
				return nil, 0
			}
			ms, more := w.Legal(&ob)
			out := make([]any, len(ms))
			for i, m := range ms {
				out[i] = m
			}
			return out, more
		}
	}
	if w.Check != nil {
		e.Check = func(o *any, m any) error {
			ob, ok := (*o).(O)
			mv, ok2 := m.(M)
			if !ok || !ok2 {
				return errNotOurs
			}
			return w.Check(&ob, mv)
		}
	}
	e.Obs = func(o any) any {
		ob, ok := o.(O)
		if !ok {
			return o
		}
		return w.WireObs(ob)
	}
	e.Event = func(ev any) any {
		x, ok := ev.(E)
		if !ok {
			return ev
		}
		return w.WireEvent(x)
	}
	return e
}

// ErrNoMove is a decision with no move a client could pick.
var ErrNoMove = errors.New("a decision with no legal move")

// PickMove chooses a wire client's move with the game's Pick, or at
// random among the legal moves.
func (d *Def[M, O, E]) PickMove(obs json.RawMessage, legal []json.RawMessage, rng *rand.Rand) (json.RawMessage, error) {
	if d.Pick != nil {
		return d.Pick(obs, legal, rng)
	}
	if len(legal) == 0 {
		return nil, fmt.Errorf("%s: %w", d.Name, ErrNoMove)
	}
	return legal[rng.IntN(len(legal))], nil
}

// PresetRules returns a game's Rules from its rules package's presets:
// preset(name) is the named preset's rules, as JSON for the table.
func PresetRules[R any](game string, names []string, preset func(name string) (R, bool)) func(string) (json.RawMessage, error) {
	return func(name string) (json.RawMessage, error) {
		r, ok := preset(name)
		if !ok {
			return nil, fmt.Errorf("%s: no rules preset %q (%v): %w", game, name, names, ErrUnknownPreset)
		}
		return json.Marshal(r)
	}
}
