package gin

import (
	"encoding/json"
	"fmt"
	"strings"

	"felt/internal/strictjson"
)

// UpcardRule says how a hand begins. The zero value is UpcardStandard.
type UpcardRule uint8

// The upcard rules.
const (
	// UpcardStandard: the non-dealer, then the dealer, may take the upcard.
	UpcardStandard UpcardRule = iota
	// NoUpcard: the non-dealer simply begins by drawing from the stock.
	NoUpcard
)

// String returns the rule's JSON name, "standard" or "no-upcard".
func (u UpcardRule) String() string {
	switch u {
	case UpcardStandard:
		return "standard"
	case NoUpcard:
		return "no-upcard"
	}
	return fmt.Sprintf("UpcardRule(%d)", uint8(u))
}

// MarshalText writes the rule's JSON name.
func (u UpcardRule) MarshalText() ([]byte, error) { return []byte(u.String()), nil }

// UnmarshalText reads "standard" or "no-upcard".
func (u *UpcardRule) UnmarshalText(b []byte) error {
	switch string(b) {
	case "standard":
		*u = UpcardStandard
	case "no-upcard":
		*u = NoUpcard
	default:
		return fmt.Errorf("upcard %q is not standard or no-upcard", b)
	}
	return nil
}

// DealerRule says who deals after a scored hand. The zero value is
// WinnerDeals. After a drawn hand the same dealer deals again, whatever the
// rule.
type DealerRule uint8

// The next-dealer rules.
const (
	WinnerDeals   DealerRule = iota // the winner of the hand deals next
	LoserDeals                      // the loser of the hand deals next
	AlternateDeal                   // the deal passes to the other player
)

// String returns the rule's JSON name: "winner", "loser" or "alternate".
func (d DealerRule) String() string {
	switch d {
	case WinnerDeals:
		return "winner"
	case LoserDeals:
		return "loser"
	case AlternateDeal:
		return "alternate"
	}
	return fmt.Sprintf("DealerRule(%d)", uint8(d))
}

// MarshalText writes the rule's JSON name.
func (d DealerRule) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText reads "winner", "loser" or "alternate".
func (d *DealerRule) UnmarshalText(b []byte) error {
	switch string(b) {
	case "winner":
		*d = WinnerDeals
	case "loser":
		*d = LoserDeals
	case "alternate":
		*d = AlternateDeal
	default:
		return fmt.Errorf("next_dealer %q is not winner, loser or alternate", b)
	}
	return nil
}

// Rules is a rules configuration. Its JSON field names are the rules page's.
// Use Standard or EAAI, or ParseRules, rather than the zero value (whose
// target score of 0 is invalid).
type Rules struct {
	KnockLimit    int        `json:"knock_limit"`    // most deadwood a knock may leave, 0–10
	GinBonus      int        `json:"gin_bonus"`      // bonus for gin
	UndercutBonus int        `json:"undercut_bonus"` // bonus for an undercut
	BigGinBonus   int        `json:"big_gin_bonus"`  // bonus for big gin; 0 turns big gin off
	TargetScore   int        `json:"target_score"`   // a game ends when a total reaches this
	GameBonus     int        `json:"game_bonus"`     // bonus to the game's winner
	BoxBonus      int        `json:"box_bonus"`      // bonus per hand won, to each player
	ShutoutDouble bool       `json:"shutout_double"` // double the game bonus when the loser won no hand
	Oklahoma      bool       `json:"oklahoma"`       // knock limit from the upcard; spade upcard doubles
	Upcard        UpcardRule `json:"upcard"`         // standard or no-upcard
	NextDealer    DealerRule `json:"next_dealer"`    // winner, loser or alternate
}

// ruleFields are the JSON field names of Rules, spelled exactly.
var ruleFields = []string{"knock_limit", "gin_bonus", "undercut_bonus", "big_gin_bonus", "target_score",
	"game_bonus", "box_bonus", "shutout_double", "oklahoma", "upcard", "next_dealer"}

// Standard returns the rules page's defaults.
func Standard() Rules {
	return Rules{
		KnockLimit:    10,
		GinBonus:      25,
		UndercutBonus: 25,
		BigGinBonus:   31,
		TargetScore:   100,
		GameBonus:     100,
		BoxBonus:      25,
		ShutoutDouble: true,
		Upcard:        UpcardStandard,
		NextDealer:    WinnerDeals,
	}
}

// EAAI returns the rules of the EAAI Gin Rummy research challenge: target
// 100, knock limit 10, gin and undercut bonuses 25, undercut on ties, no big
// gin, no game, box or shutout bonus, the deal alternating after a scored
// hand.
func EAAI() Rules {
	return Rules{
		KnockLimit:    10,
		GinBonus:      25,
		UndercutBonus: 25,
		TargetScore:   100,
		NextDealer:    AlternateDeal,
	}
}

// Presets lists the named rule presets.
func Presets() []string { return []string{"standard", "eaai"} }

// Preset returns the named preset ("standard" or "eaai").
func Preset(name string) (Rules, bool) {
	switch strings.ToLower(name) {
	case "standard":
		return Standard(), true
	case "eaai":
		return EAAI(), true
	}
	return Rules{}, false
}

// BigGinAllowed reports whether big gin is on.
func (r Rules) BigGinAllowed() bool { return r.BigGinBonus > 0 }

// Validate checks every field's range and names the first one out of range.
func (r Rules) Validate() error {
	check := func(field string, v, lo, hi int) error {
		if v < lo || v > hi {
			return fmt.Errorf("gin: rules field %s is %d, want %d to %d: %w", field, v, lo, hi, ErrInvalidRules)
		}
		return nil
	}
	for _, c := range []struct {
		f         string
		v, lo, hi int
	}{
		{"knock_limit", r.KnockLimit, 0, 10},
		{"gin_bonus", r.GinBonus, 0, 1000},
		{"undercut_bonus", r.UndercutBonus, 0, 1000},
		{"big_gin_bonus", r.BigGinBonus, 0, 1000},
		{"target_score", r.TargetScore, 1, 10000},
		{"game_bonus", r.GameBonus, 0, 10000},
		{"box_bonus", r.BoxBonus, 0, 1000},
	} {
		if err := check(c.f, c.v, c.lo, c.hi); err != nil {
			return err
		}
	}
	if r.Upcard > NoUpcard {
		return fmt.Errorf("gin: rules field upcard is %d: %w", r.Upcard, ErrInvalidRules)
	}
	if r.NextDealer > AlternateDeal {
		return fmt.Errorf("gin: rules field next_dealer is %d: %w", r.NextDealer, ErrInvalidRules)
	}
	return nil
}

// UnmarshalJSON reads a JSON rules object over r: fields given replace r's,
// the others keep r's values. Field names are matched exactly, case
// included. Anything but an object, an unknown field, a field given twice
// or as null, or a value of the wrong type is an error wrapping
// ErrInvalidRules that names the problem, and leaves r as it was. Ranges
// are Validate's to check.
func (r *Rules) UnmarshalJSON(data []byte) error {
	if _, err := strictjson.ObjectNoNull(data, ruleFields...); err != nil {
		return fmt.Errorf("gin: rules: %s: %w", err, ErrInvalidRules)
	}
	type plain Rules // without this method
	p := plain(*r)
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("gin: rules: %s: %w", strictjson.Problem(err), ErrInvalidRules)
	}
	*r = Rules(p)
	return nil
}

// ParseRules reads one JSON rules object over base, as Rules.UnmarshalJSON
// does, and checks the result with Validate. Every error names the problem
// and wraps ErrInvalidRules.
func ParseRules(base Rules, data []byte) (Rules, error) {
	r := base
	if err := r.UnmarshalJSON(data); err != nil {
		return Rules{}, err
	}
	if err := r.Validate(); err != nil {
		return Rules{}, err
	}
	return r, nil
}

// ResolveRules reads a preset name or, failing that, JSON rules over the
// standard defaults. It is what --rules flags accept (after reading a file).
func ResolveRules(nameOrJSON string) (Rules, error) {
	if r, ok := Preset(strings.TrimSpace(nameOrJSON)); ok {
		return r, nil
	}
	s := strings.TrimSpace(nameOrJSON)
	if !strings.HasPrefix(s, "{") {
		return Rules{}, fmt.Errorf("gin: rules %q: not a preset (%s) nor a JSON object: %w", nameOrJSON, strings.Join(Presets(), ", "), ErrInvalidRules)
	}
	return ParseRules(Standard(), []byte(s))
}
