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
	// level-rank card's suit is trump, or, with none in the kitty, the suit
	// of the highest card (ace high, jokers passed over, the first turned up
	// on a tie).
	NoBidTurnUp
	// NoBidRedeal: the hand is thrown in unplayed and dealt again by the
	// next dealer, with the same bank and levels.
	NoBidRedeal
)

var noBidNames = [...]string{"no-trump", "turn-up-kitty", "redeal"}

// String returns the rule's JSON name: "no-trump", "turn-up-kitty" or
// "redeal".
func (r NoBidRule) String() string {
	if int(r) < len(noBidNames) {
		return noBidNames[r]
	}
	return fmt.Sprintf("NoBidRule(%d)", uint8(r))
}

// MarshalText writes the rule's JSON name.
func (r NoBidRule) MarshalText() ([]byte, error) {
	if int(r) >= len(noBidNames) {
		return nil, fmt.Errorf("shengji: no_bid rule %d: %w", uint8(r), ErrInvalidRules)
	}
	return []byte(r.String()), nil
}

// UnmarshalText reads "no-trump", "turn-up-kitty" or "redeal".
func (r *NoBidRule) UnmarshalText(b []byte) error {
	for i, n := range noBidNames {
		if string(b) == n {
			*r = NoBidRule(i)
			return nil
		}
	}
	return fmt.Errorf("no_bid %q is not no-trump, turn-up-kitty or redeal", b)
}

// KittyRule says what the kitty's points are multiplied by when the
// attackers win the last trick. The zero value is KittyByFormat.
type KittyRule uint8

// The kitty rules.
const (
	// KittyByFormat: 2 × the card count of the largest unit of the last
	// trick's winning play.
	KittyByFormat KittyRule = iota
	// KittyFixed: always 2.
	KittyFixed
)

var kittyRuleNames = [...]string{"format", "fixed"}

// String returns "format" or "fixed".
func (r KittyRule) String() string {
	if int(r) < len(kittyRuleNames) {
		return kittyRuleNames[r]
	}
	return fmt.Sprintf("KittyRule(%d)", uint8(r))
}

// MarshalText writes the rule's JSON name.
func (r KittyRule) MarshalText() ([]byte, error) {
	if int(r) >= len(kittyRuleNames) {
		return nil, fmt.Errorf("shengji: kitty_multiplier rule %d: %w", uint8(r), ErrInvalidRules)
	}
	return []byte(r.String()), nil
}

// UnmarshalText reads "format" or "fixed".
func (r *KittyRule) UnmarshalText(b []byte) error {
	for i, n := range kittyRuleNames {
		if string(b) == n {
			*r = KittyRule(i)
			return nil
		}
	}
	return fmt.Errorf("kitty_multiplier %q is not format or fixed", b)
}

// FriendsMode says whether the banker calls friends (找朋友) or the
// partnerships are fixed. The zero value, FriendsAuto, calls friends at
// five players or more.
type FriendsMode uint8

// The friends modes.
const (
	FriendsAuto FriendsMode = iota // friends at five players or more, fixed partnerships at four
	FriendsOn                      // the banker calls friends
	FriendsOff                     // fixed partnerships: every other seat (an even number of players)
)

// RankSet is a set of ranks as a bitmask, bit r for rank r (ace 1 … king
// 13). The zero RankSet is empty.
type RankSet uint16

// Has reports whether r (a rank, or LevelNT) is in the set.
func (s RankSet) Has(r card.Rank) bool { return r <= LevelNT && s&(1<<r) != 0 }

// Ranks returns the set's ranks from 2 up to A (ace last, as levels climb),
// then LevelNT if it is in the set.
func (s RankSet) Ranks() []card.Rank {
	var out []card.Rank
	for r := card.Two; r <= card.King; r++ {
		if s.Has(r) {
			out = append(out, r)
		}
	}
	if s.Has(card.Ace) {
		out = append(out, card.Ace)
	}
	if s.Has(LevelNT) {
		out = append(out, LevelNT)
	}
	return out
}

// ErrInvalidRules is wrapped by every error about a rules configuration.
var ErrInvalidRules = errors.New("invalid rules")

// The limits of a table.
const (
	// MaxThrowPenalty is the largest throw penalty a rules configuration
	// may set.
	MaxThrowPenalty = 100
	// MinPlayers and MaxPlayers bound the players at a table.
	MinPlayers, MaxPlayers = 4, 10
	// MinPacks and MaxPacks bound the packs dealt.
	MinPacks, MaxPacks = 2, card.MaxCopies
	// MaxLevelStep is the largest step of the level table a rules
	// configuration may set.
	MaxLevelStep = 200
)

// Rules is a rules configuration: every option of the rules page and every
// table setting. Its JSON field names are start_level ("2" … "A", ten also
// "T"), bid_after_deal, no_bid ("no-trump", "turn-up-kitty" or "redeal"),
// throw_penalty, players, packs, kitty, friends, level_step,
// kitty_multiplier ("format" or "fixed"), joker_bids, equal_override,
// reinforce, must_defend (a list of ranks), level_tractors and
// no_trump_rank. A field at
// its zero value takes the default, which for packs, kitty and level_step
// follows from the others (see Packs, KittySize, LevelStep); JSON leaves
// such fields out, so the four-player rules of two packs write exactly as
// they always have. The zero value is not valid (it has no starting
// level); use Standard, a preset or ParseRules. Rules is comparable.
type Rules struct {
	// StartLevel is every player's level at the start of a game, two to
	// ace.
	StartLevel card.Rank
	// BidAfterDeal: nobody declares during the deal; once the cards are
	// dealt each seat, from the dealer in turn order, declares once or
	// passes, under the same ranking of declarations.
	BidAfterDeal bool
	// NoBid is what happens when nobody declares.
	NoBid NoBidRule
	// ThrowPenalty is given to the other side for each failed throw: the
	// attackers' points go up by it when a banker's side's throw fails,
	// down by it when an attacker's does. 0 (the default) is no penalty;
	// the usual one is 10.
	ThrowPenalty int
	// Players is the number of players, 4 to 10; 0 means 4.
	Players int
	// NumPacks is the number of 54-card packs, 2 to 5; 0 means one pack
	// for every two players, at least two (see Packs).
	NumPacks int
	// Kitty is the kitty's size; 0 means the default (see KittySize).
	Kitty int
	// Friends says whether the banker calls friends.
	Friends FriendsMode
	// Step is the level table's step in points, a multiple of 5; 0 means
	// 20 a pack (see LevelStep).
	Step int
	// KittyMultiplier is what the kitty's points are multiplied by.
	KittyMultiplier KittyRule
	// NoJokerBids: jokers cannot be shown to declare no trump.
	NoJokerBids bool
	// EqualOverride: a declaration as strong as the standing one (another
	// player's) overrides it.
	EqualOverride bool
	// NoReinforce: a player cannot add cards to their own standing
	// declaration.
	NoReinforce bool
	// MustDefend are the ranks a player's level stops at until they have
	// been banker's side at that level and kept the bank; empty means A
	// only. A is always among them.
	MustDefend RankSet
	// NoLevelTractors: the level rank's cards (of the trump suit and the
	// others alike) make no tractor; they still make tuples, and keep
	// their places in the trumps' order (see Rules.Order). By default
	// they make tractors with the trump suit's ace, with each other and
	// with the jokers.
	NoLevelTractors bool
	// NoTrumpRank: the levels go on past A to NT (LevelNT), the top: a
	// hand played at NT has no trump suit and no level rank (the jokers
	// are its only trumps) and nobody declares in it. A must then be
	// defended to go on to NT, and a banker's side keeping the bank at NT
	// wins the game (instead of at A).
	NoTrumpRank bool
}

// Standard returns the rules page's defaults: four players, two packs,
// level 2, declaring during the deal, no trump when nobody declares, no
// throw penalty.
func Standard() Rules { return Rules{StartLevel: card.Two} }

// NumPlayers returns the number of players, 4 unless set.
func (r Rules) NumPlayers() int {
	if r.Players == 0 {
		return MinPlayers
	}
	return r.Players
}

// Packs returns the number of packs: as set, or one for every two players,
// at least two.
func (r Rules) Packs() int {
	if r.NumPacks != 0 {
		return r.NumPacks
	}
	return max(MinPacks, r.NumPlayers()/2)
}

// DeckSize returns the number of cards dealt: 54 a pack.
func (r Rules) DeckSize() int { return card.NumFaces * r.Packs() }

// KittySize returns the kitty's size: as set, or of the sizes the deal can
// leave (what remains after equal hands, and that plus the number of
// players, and so on) the largest from 4 to 8, or failing that the smallest
// above 8.
func (r Rules) KittySize() int {
	if r.Kitty != 0 {
		return r.Kitty
	}
	n, d := r.NumPlayers(), r.DeckSize()
	best := -1
	for k := d % n; k < d; k += n {
		if k >= 4 && k <= 8 {
			best = k
		}
		if k > 8 {
			if best < 0 {
				best = k
			}
			break
		}
	}
	return best
}

// HandSize returns the number of cards dealt to each player.
func (r Rules) HandSize() int { return (r.DeckSize() - r.KittySize()) / r.NumPlayers() }

// PlayFriends reports whether the banker calls friends: as set, or at five
// players and more.
func (r Rules) PlayFriends() bool {
	switch r.Friends {
	case FriendsOn:
		return true
	case FriendsOff:
		return false
	}
	return r.NumPlayers() >= 5
}

// Calls returns the number of friends the banker calls: one fewer than half
// the table, rounded down, or 0 with fixed partnerships.
func (r Rules) Calls() int {
	if !r.PlayFriends() {
		return 0
	}
	return r.NumPlayers()/2 - 1
}

// LevelStep returns the level table's step: as set, or 20 points a pack (40
// with two packs).
func (r Rules) LevelStep() int {
	if r.Step != 0 {
		return r.Step
	}
	return 20 * r.Packs()
}

// TopLevel returns the last level: A, or NT with the no-trump top rank.
// A banker's side keeping the bank at it wins the game.
func (r Rules) TopLevel() card.Rank {
	if r.NoTrumpRank {
		return LevelNT
	}
	return card.Ace
}

// Defends returns the levels a player's level stops at until defended:
// MustDefend with A always in it, and NT with the no-trump top rank.
func (r Rules) Defends() RankSet { return r.MustDefend | 1<<card.Ace | 1<<r.TopLevel() }

// TotalPoints returns the points in the deck: 100 a pack.
func (r Rules) TotalPoints() int { return 100 * r.Packs() }

// Presets lists the named rule presets: "standard" (the defaults),
// "simple" (declaring after the whole deal), "penalty" (a failed throw
// costs 10 points), and the Finding Friends tables "friends-5" (five
// players, two packs), "friends-6" (six players, three packs) and
// "friends-8" (eight players, four packs).
func Presets() []string {
	return []string{"standard", "simple", "penalty", "friends-5", "friends-6", "friends-8"}
}

// Preset returns the named preset.
func Preset(name string) (Rules, bool) {
	r := Standard()
	switch strings.ToLower(name) {
	case "standard":
	case "simple":
		r.BidAfterDeal = true
	case "penalty":
		r.ThrowPenalty = 10
	case "friends-5":
		r.Players, r.Friends = 5, FriendsOn
	case "friends-6":
		r.Players, r.NumPacks, r.Friends = 6, 3, FriendsOn
	case "friends-8":
		r.Players, r.NumPacks, r.Friends = 8, 4, FriendsOn
	default:
		return Rules{}, false
	}
	return r, true
}

// Validate checks every field and names the first one out of range.
func (r Rules) Validate() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("shengji: rules field "+format+": %w", append(args, ErrInvalidRules)...)
	}
	if r.StartLevel < card.Ace || r.StartLevel > card.King {
		return bad("start_level is %d, want a rank 2 to A", uint8(r.StartLevel))
	}
	if int(r.NoBid) >= len(noBidNames) {
		return bad("no_bid is %d", uint8(r.NoBid))
	}
	if r.ThrowPenalty < 0 || r.ThrowPenalty > MaxThrowPenalty {
		return bad("throw_penalty is %d, want 0 to %d", r.ThrowPenalty, MaxThrowPenalty)
	}
	if r.Players != 0 && (r.Players < MinPlayers || r.Players > MaxPlayers) {
		return bad("players is %d, want %d to %d", r.Players, MinPlayers, MaxPlayers)
	}
	if r.NumPacks != 0 && (r.NumPacks < MinPacks || r.NumPacks > MaxPacks) {
		return bad("packs is %d, want %d to %d", r.NumPacks, MinPacks, MaxPacks)
	}
	n, d := r.NumPlayers(), r.DeckSize()
	if k := r.Kitty; k != 0 && (k < 0 || k >= d-n || (d-k)%n != 0) {
		return bad("kitty is %d: %d cards less the kitty must deal out evenly to %d players, each getting some", k, d, n)
	}
	if k := r.Packs(); k > n/2+1 {
		return bad("packs is %d with %d players: at most one pack more than half the players (%d)", k, n, n/2+1)
	}
	if k := r.KittySize(); k > MaxKitty {
		return bad("kitty is %d, want at most %d", k, MaxKitty)
	}
	if r.Friends > FriendsOff {
		return bad("friends is %d", uint8(r.Friends))
	}
	if r.Friends == FriendsOff && n%2 != 0 {
		return bad("friends is false with %d players: fixed partnerships need an even number of players", n)
	}
	if s := r.Step; s != 0 && (s < 5 || s > MaxLevelStep || s%5 != 0) {
		return bad("level_step is %d, want a multiple of 5 from 5 to %d", s, MaxLevelStep)
	}
	if r.KittyMultiplier > KittyFixed {
		return bad("kitty_multiplier is %d", uint8(r.KittyMultiplier))
	}
	if r.MustDefend&^allRanks != 0 {
		return bad("must_defend holds a value that is not a rank")
	}
	return nil
}

// rulesJSON is Rules' JSON form; pointer fields are left out when they
// hold the default.
type rulesJSON struct {
	StartLevel      string     `json:"start_level"`
	BidAfterDeal    bool       `json:"bid_after_deal"`
	NoBid           NoBidRule  `json:"no_bid"`
	ThrowPenalty    int        `json:"throw_penalty"`
	Players         *int       `json:"players,omitempty"`
	Packs           *int       `json:"packs,omitempty"`
	Kitty           *int       `json:"kitty,omitempty"`
	Friends         *bool      `json:"friends,omitempty"`
	LevelStep       *int       `json:"level_step,omitempty"`
	KittyMultiplier *KittyRule `json:"kitty_multiplier,omitempty"`
	JokerBids       *bool      `json:"joker_bids,omitempty"`
	EqualOverride   *bool      `json:"equal_override,omitempty"`
	Reinforce       *bool      `json:"reinforce,omitempty"`
	MustDefend      *[]string  `json:"must_defend,omitempty"`
	LevelTractors   *bool      `json:"level_tractors,omitempty"`
	NoTrumpRank     *bool      `json:"no_trump_rank,omitempty"`
}

// ruleFields are rulesJSON's field names, spelled exactly.
var ruleFields = []string{"start_level", "bid_after_deal", "no_bid", "throw_penalty", "players", "packs", "kitty",
	"friends", "level_step", "kitty_multiplier", "joker_bids", "equal_override", "reinforce", "must_defend",
	"level_tractors", "no_trump_rank"}

func ptr[T any](v T) *T { return &v }

// MarshalJSON writes the rules with the rules page's field names, leaving
// out every table setting that holds its default.
func (r Rules) MarshalJSON() ([]byte, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	v := rulesJSON{StartLevel: LevelString(r.StartLevel), BidAfterDeal: r.BidAfterDeal, NoBid: r.NoBid, ThrowPenalty: r.ThrowPenalty}
	if r.Players != 0 {
		v.Players = ptr(r.Players)
	}
	if r.NumPacks != 0 {
		v.Packs = ptr(r.NumPacks)
	}
	if r.Kitty != 0 {
		v.Kitty = ptr(r.Kitty)
	}
	if r.Friends != FriendsAuto {
		v.Friends = ptr(r.Friends == FriendsOn)
	}
	if r.Step != 0 {
		v.LevelStep = ptr(r.Step)
	}
	if r.KittyMultiplier != KittyByFormat {
		v.KittyMultiplier = ptr(r.KittyMultiplier)
	}
	if r.NoJokerBids {
		v.JokerBids = ptr(false)
	}
	if r.EqualOverride {
		v.EqualOverride = ptr(true)
	}
	if r.NoReinforce {
		v.Reinforce = ptr(false)
	}
	if r.MustDefend != 0 {
		var ls []string
		for _, l := range r.MustDefend.Ranks() {
			ls = append(ls, LevelString(l))
		}
		v.MustDefend = &ls
	}
	if r.NoLevelTractors {
		v.LevelTractors = ptr(false)
	}
	if r.NoTrumpRank {
		v.NoTrumpRank = ptr(true)
	}
	return json.Marshal(v)
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
	n := *r
	n.StartLevel, n.BidAfterDeal, n.NoBid, n.ThrowPenalty = 0, v.BidAfterDeal, v.NoBid, v.ThrowPenalty
	if v.StartLevel != "" {
		l, err := ParseLevel(v.StartLevel)
		if err != nil || l == LevelNT {
			return fmt.Errorf("shengji: rules field start_level %q: want 2 to 10, J, Q, K or A: %w", v.StartLevel, ErrInvalidRules)
		}
		n.StartLevel = l
	}
	if v.Players != nil {
		n.Players = *v.Players
		if n.Players == 0 {
			return fmt.Errorf("shengji: rules field players is 0, want %d to %d: %w", MinPlayers, MaxPlayers, ErrInvalidRules)
		}
	}
	if v.Packs != nil {
		n.NumPacks = *v.Packs
		if n.NumPacks == 0 {
			return fmt.Errorf("shengji: rules field packs is 0, want %d to %d: %w", MinPacks, MaxPacks, ErrInvalidRules)
		}
	}
	if v.Kitty != nil {
		n.Kitty = *v.Kitty
		if n.Kitty <= 0 {
			return fmt.Errorf("shengji: rules field kitty is %d, want at least 1: %w", n.Kitty, ErrInvalidRules)
		}
	}
	if v.Friends != nil {
		n.Friends = FriendsOff
		if *v.Friends {
			n.Friends = FriendsOn
		}
	}
	if v.LevelStep != nil {
		n.Step = *v.LevelStep
		if n.Step == 0 {
			return fmt.Errorf("shengji: rules field level_step is 0, want a multiple of 5 from 5 to %d: %w", MaxLevelStep, ErrInvalidRules)
		}
	}
	if v.KittyMultiplier != nil {
		n.KittyMultiplier = *v.KittyMultiplier
	}
	if v.JokerBids != nil {
		n.NoJokerBids = !*v.JokerBids
	}
	if v.EqualOverride != nil {
		n.EqualOverride = *v.EqualOverride
	}
	if v.Reinforce != nil {
		n.NoReinforce = !*v.Reinforce
	}
	if v.MustDefend != nil {
		n.MustDefend = 0
		for _, s := range *v.MustDefend {
			l, err := ParseLevel(s)
			if err != nil || l == LevelNT {
				return fmt.Errorf("shengji: rules field must_defend: %q is not a rank 2 to A: %w", s, ErrInvalidRules)
			}
			n.MustDefend |= 1 << l
		}
	}
	if v.LevelTractors != nil {
		n.NoLevelTractors = !*v.LevelTractors
	}
	if v.NoTrumpRank != nil {
		n.NoTrumpRank = *v.NoTrumpRank
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

// allRanks is the RankSet of the thirteen ranks.
const allRanks RankSet = (1<<card.NumRanks - 1) << 1
