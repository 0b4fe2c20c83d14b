package games

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// SettingKind is how a page asks for a setting's value. The zero value is
// NumberSetting.
type SettingKind uint8

// The kinds of settings.
const (
	// NumberSetting is a whole number from Min to Max in steps of Step (a
	// JSON number).
	NumberSetting SettingKind = iota
	// BoolSetting is yes or no (a JSON boolean).
	BoolSetting
	// ChoiceSetting is one of Choices (a JSON string: the choice's name).
	ChoiceSetting
	// RanksSetting is a set of card ranks (a JSON list of "2" … "10", "J",
	// "Q", "K", "A").
	RanksSetting
)

var settingKindNames = [...]string{"number", "bool", "choice", "ranks"}

// String returns "number", "bool", "choice" or "ranks".
func (k SettingKind) String() string {
	if int(k) < len(settingKindNames) {
		return settingKindNames[k]
	}
	return fmt.Sprintf("SettingKind(%d)", uint8(k))
}

// MarshalText writes the kind's name.
func (k SettingKind) MarshalText() ([]byte, error) {
	if int(k) >= len(settingKindNames) {
		return nil, fmt.Errorf("games: setting kind %d: no such kind", uint8(k))
	}
	return []byte(k.String()), nil
}

// UnmarshalText reads a kind's name.
func (k *SettingKind) UnmarshalText(b []byte) error {
	for i, n := range settingKindNames {
		if string(b) == n {
			*k = SettingKind(i)
			return nil
		}
	}
	return fmt.Errorf("games: setting kind %q is not number, bool, choice or ranks", b)
}

// Setting is one of a game's rules as a page lets people set it: the field
// of the game's options (a JSON object) it writes, and how it is asked.
type Setting struct {
	// Name is the options field.
	Name string `json:"name"`
	// Title is how a page labels it.
	Title string `json:"title"`
	// Help says what it does, in a sentence or two.
	Help string `json:"help,omitempty"`
	// Group gathers settings a page shows together ("Table", "Scoring").
	Group string `json:"group,omitempty"`
	// Kind is the kind of value.
	Kind SettingKind `json:"kind"`
	// Min, Max and Step bound a number.
	Min  int `json:"min,omitempty"`
	Max  int `json:"max,omitempty"`
	Step int `json:"step,omitempty"`
	// Choices are a choice's values (Name is the JSON string), or a
	// ranks setting's ranks.
	Choices []Choice `json:"choices,omitempty"`
	// Auto says the setting may be left unset: its value then follows
	// from the others (Mixed.Effective says what it comes to).
	Auto bool `json:"auto,omitempty"`
}

// Mixed is a table's rules as a page sets them: a preset with settings
// over it.
type Mixed struct {
	// Rules are the options the table is made with.
	Rules json.RawMessage `json:"rules"`
	// Effective is every setting's value in effect, the defaults worked
	// out, with the figures they give (a JSON object, the game's own);
	// empty for a game without settings.
	Effective json.RawMessage `json:"effective,omitempty"`
	// Summary says the table in a line.
	Summary string `json:"summary,omitempty"`
	// Seats is the number of seats the rules give.
	Seats int `json:"seats"`
}

// ErrNoSettings is wrapped by settings given to a game that takes its
// presets only.
var ErrNoSettings = errors.New("the game takes no settings beyond its presets")

// ErrBadSettings is wrapped by settings that are not one JSON object.
var ErrBadSettings = errors.New("settings must be one JSON object")

// noSettings reports whether settings set nothing (empty, null or {}), or
// fails if they are not a JSON object.
func noSettings(settings json.RawMessage) (bool, error) {
	s := bytes.TrimSpace(settings)
	if len(s) == 0 || string(s) == "null" {
		return true, nil
	}
	var fields map[string]json.RawMessage
	if s[0] != '{' || json.Unmarshal(s, &fields) != nil {
		return false, fmt.Errorf("games: settings %.100q: %w", s, ErrBadSettings)
	}
	return len(fields) == 0, nil
}

// mix returns the table of a preset with settings over it (see Def.Mix),
// its seats counted.
func (d *Def[M, O, E]) mix(preset string, settings json.RawMessage) (Mixed, error) {
	opts, err := d.rules(preset)
	if err != nil {
		return Mixed{}, err
	}
	none, err := noSettings(settings)
	if err != nil {
		return Mixed{}, fmt.Errorf("%s: %w", d.Name, err)
	}
	if none {
		settings = nil
	}
	m := Mixed{Rules: opts}
	switch {
	case d.Mix != nil:
		if m, err = d.Mix(opts, settings); err != nil {
			return Mixed{}, err
		}
	case !none:
		return Mixed{}, fmt.Errorf("%s: settings %.100s: %w", d.Name, settings, ErrNoSettings)
	}
	e, err := d.Spec.New(0, m.Rules)
	if err != nil {
		return Mixed{}, err
	}
	m.Seats = e.Seats()
	return m, nil
}
