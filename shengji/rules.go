package shengji

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"felt/card"
	"felt/internal/strictjson"
)

// NoBidRule says how the trump is settled when nobody declares. The zero
// value is NoBidNoTrump.
type NoBidRule uint8

// The rules for a hand nobody declares in.
const (
	// NoBidNoTrump: the hand is played without a trump suit (无主).
	NoBidNoTrump NoBidRule = iota
	// NoBidTurnUp: the kitty's cards are turned up one at a time; the first
	// level-rank card's suit is trump, or, with none among the eight, the
	// suit of the highest card (ace high, jokers passed over, the first
	// turned up on a tie).
	NoBidTurnUp
)

// String returns the rule's JSON name, "no-trump" or "turn-up-kitty".
func (r NoBidRule) String() string {
	switch r {
	case NoBidNoTrump:
		return "no-trump"
	case NoBidTurnUp:
		return "turn-up-kitty"
	}
	return fmt.Sprintf("NoBidRule(%d)", uint8(r))
}

// MarshalText writes the rule's JSON name.
func (r NoBidRule) MarshalText() ([]byte, error) {
	if r > NoBidTurnUp {
		return nil, fmt.Errorf("shengji: no_bid rule %d: %w", uint8(r), ErrInvalidRules)
	}
	return []byte(r.String()), nil
}

// UnmarshalText reads "no-trump" or "turn-up-kitty".
func (r *NoBidRule) UnmarshalText(b []byte) error {
	switch string(b) {
	case "no-trump":
		*r = NoBidNoTrump
	case "turn-up-kitty":
		*r = NoBidTurnUp
	default:
		return fmt.Errorf("no_bid %q is not no-trump or turn-up-kitty", b)
	}
	return nil
}

// ErrInvalidRules is wrapped by every error about a rules configuration.
var ErrInvalidRules = errors.New("invalid rules")

// MaxThrowPenalty is the largest throw penalty a rules configuration may
// set.
const MaxThrowPenalty = 100

// Rules is a rules configuration: every option of the rules page. Its JSON
// field names are start_level ("2" … "A", ten also "T"), bid_after_deal,
// no_bid ("no-trump" or "turn-up-kitty") and throw_penalty. The zero
// value is not valid (it has no starting level); use Standard, a preset or
// ParseRules.
type Rules struct {
	// StartLevel is both teams' level at the start of a game, two to ace.
	StartLevel card.Rank
	// BidAfterDeal: nobody declares during the deal; once the 100 cards
	// are dealt each seat, from the dealer in turn order, declares once or
	// passes, under the same ranking of declarations.
	BidAfterDeal bool
	// NoBid is what happens when nobody declares.
	NoBid NoBidRule
	// ThrowPenalty is given to the other team for each failed throw: the
	// attackers' points go up by it when a banker's throw fails, down by it
	// when an attacker's does. 0 (the default) is no penalty; the usual one
	// is 10.
	ThrowPenalty int
}

// Standard returns the rules page's defaults: level 2, declaring during
// the deal, no trump when nobody declares, no throw penalty.
func Standard() Rules { return Rules{StartLevel: card.Two} }

// Presets lists the named rule presets: "standard" (the defaults),
// "simple" (declaring after the whole deal) and "penalty" (a failed throw
// costs 10 points).
func Presets() []string { return []string{"standard", "simple", "penalty"} }

// Preset returns the named preset.
func Preset(name string) (Rules, bool) {
	r := Standard()
	switch strings.ToLower(name) {
	case "standard":
	case "simple":
		r.BidAfterDeal = true
	case "penalty":
		r.ThrowPenalty = 10
	default:
		return Rules{}, false
	}
	return r, true
}

// Validate checks every field and names the first one out of range.
func (r Rules) Validate() error {
	if r.StartLevel < card.Ace || r.StartLevel > card.King {
		return fmt.Errorf("shengji: rules field start_level is %d, want a rank 2 to A: %w", uint8(r.StartLevel), ErrInvalidRules)
	}
	if r.NoBid > NoBidTurnUp {
		return fmt.Errorf("shengji: rules field no_bid is %d: %w", uint8(r.NoBid), ErrInvalidRules)
	}
	if r.ThrowPenalty < 0 || r.ThrowPenalty > MaxThrowPenalty {
		return fmt.Errorf("shengji: rules field throw_penalty is %d, want 0 to %d: %w", r.ThrowPenalty, MaxThrowPenalty, ErrInvalidRules)
	}
	return nil
}

// rulesJSON is Rules' JSON form.
type rulesJSON struct {
	StartLevel   string    `json:"start_level"`
	BidAfterDeal bool      `json:"bid_after_deal"`
	NoBid        NoBidRule `json:"no_bid"`
	ThrowPenalty int       `json:"throw_penalty"`
}

// ruleFields are rulesJSON's field names, spelled exactly.
var ruleFields = []string{"start_level", "bid_after_deal", "no_bid", "throw_penalty"}

// MarshalJSON writes the rules with the rules page's field names.
func (r Rules) MarshalJSON() ([]byte, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	return json.Marshal(rulesJSON{LevelString(r.StartLevel), r.BidAfterDeal, r.NoBid, r.ThrowPenalty})
}

// UnmarshalJSON reads a rules object over r: fields given replace r's,
// the others keep r's values (as does a field given as null). Field names
// are matched exactly, case included. Anything but one object, an unknown
// field, a field given twice or a wrong type is an error wrapping
// ErrInvalidRules that names the problem; on an error r is unchanged. It
// does not validate ranges (ParseRules does).
func (r *Rules) UnmarshalJSON(b []byte) error {
	v := rulesJSON{StartLevel: "", BidAfterDeal: r.BidAfterDeal, NoBid: r.NoBid, ThrowPenalty: r.ThrowPenalty}
	if r.StartLevel >= card.Ace && r.StartLevel <= card.King {
		v.StartLevel = LevelString(r.StartLevel)
	}
	if _, err := strictjson.Object(b, ruleFields...); err != nil {
		return fmt.Errorf("shengji: rules: %s: %w", err, ErrInvalidRules)
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return fmt.Errorf("shengji: rules: %s: %w", strictjson.Problem(err), ErrInvalidRules)
	}
	n := Rules{BidAfterDeal: v.BidAfterDeal, NoBid: v.NoBid, ThrowPenalty: v.ThrowPenalty}
	if v.StartLevel != "" {
		l, err := ParseLevel(v.StartLevel)
		if err != nil {
			return fmt.Errorf("shengji: rules field start_level %q: want 2 to 10, J, Q, K or A: %w", v.StartLevel, ErrInvalidRules)
		}
		n.StartLevel = l
	}
	*r = n
	return nil
}

// ParseRules reads a JSON rules object over base: fields given replace
// base's, the others keep base's values. An unknown field, a wrong type or
// an out-of-range value is an error that names the field.
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

// ResolveRules reads a preset name or, failing that, a JSON rules object
// over the standard defaults.
func ResolveRules(nameOrJSON string) (Rules, error) {
	s := strings.TrimSpace(nameOrJSON)
	if r, ok := Preset(s); ok {
		return r, nil
	}
	if !strings.HasPrefix(s, "{") {
		return Rules{}, fmt.Errorf("shengji: rules %q: not a preset (%s) nor a JSON object: %w", nameOrJSON, strings.Join(Presets(), ", "), ErrInvalidRules)
	}
	return ParseRules(Standard(), []byte(s))
}
