package gin

import (
	"encoding/json"
	"fmt"
	"strings"

	"felt/card"
)

// MeldReport is the JSON object `felt gin melds` writes for one hand.
type MeldReport struct {
	Deadwood             int             `json:"deadwood"`
	Melds                [][]card.Card   `json:"melds"`
	DeadwoodCards        []card.Card     `json:"deadwood_cards"`
	Discard              card.Card       `json:"discard,omitempty"`
	DeadwoodAfterDiscard *int            `json:"deadwood_after_discard,omitempty"`
	Arrangements         [][][]card.Card `json:"arrangements,omitempty"`
}

// deadwoodList returns the cards of s in rank order, never nil.
func deadwoodList(s card.Set) []card.Card {
	cs := s.Cards()
	SortByRank(cs)
	return cs
}

// ReportMelds analyses a 10- or 11-card hand written as text ("7S 8S 9S
// …"): its least deadwood and canonical melds, for 11 cards the best discard
// and the deadwood after it, and with all every optimal arrangement.
func ReportMelds(line string, all bool) (MeldReport, error) {
	cards, err := card.ParseList(line)
	if err != nil {
		return MeldReport{}, err
	}
	if n := len(cards); n != 10 && n != 11 {
		return MeldReport{}, fmt.Errorf("gin: %d cards, want 10 or 11: %w", n, ErrHandSize)
	}
	hand := card.SetOf(cards...)
	a, err := Melds(hand)
	if err != nil {
		return MeldReport{}, err
	}
	dead, dv := a.Deadwood(hand)
	rep := MeldReport{Deadwood: dv, Melds: MeldLists(a), DeadwoodCards: deadwoodList(dead)}
	if len(cards) == 11 {
		d, after := BestDiscard(hand)
		rep.Discard, rep.DeadwoodAfterDiscard = d, &after
	}
	if all {
		arrs, _ := AllMelds(hand)
		for _, x := range arrs {
			rep.Arrangements = append(rep.Arrangements, MeldLists(x))
		}
	}
	return rep, nil
}

// ShowdownRequest is one input line of `felt gin showdown`.
type ShowdownRequest struct {
	Knocker  string          `json:"knocker"`
	Defender string          `json:"defender"`
	Rules    json.RawMessage `json:"rules,omitempty"`
}

// ShowdownReport is the JSON object `felt gin showdown` writes.
type ShowdownReport struct {
	Result           string        `json:"result"`
	Winner           string        `json:"winner"`
	Points           int           `json:"points"`
	KnockerDeadwood  int           `json:"knocker_deadwood"`
	DefenderDeadwood int           `json:"defender_deadwood"`
	KnockerMelds     [][]card.Card `json:"knocker_melds"`
	DefenderMelds    [][]card.Card `json:"defender_melds"`
	Layoffs          []card.Card   `json:"layoffs"`
}

// ReportShowdown settles a showdown request: the knocker's 10 cards (11 for
// big gin) against the defender's 10, under the standard rules with the
// request's overrides, the knocker choosing its arrangement automatically.
func ReportShowdown(line []byte) (ShowdownReport, error) {
	var req ShowdownRequest
	if err := decodeStrict(line, &req); err != nil {
		return ShowdownReport{}, err
	}
	r := Standard()
	if len(req.Rules) > 0 && string(req.Rules) != "null" {
		var err error
		if r, err = ParseRules(r, req.Rules); err != nil {
			return ShowdownReport{}, err
		}
	}
	kc, err := card.ParseList(req.Knocker)
	if err != nil {
		return ShowdownReport{}, fmt.Errorf("knocker: %w", err)
	}
	dc, err := card.ParseList(req.Defender)
	if err != nil {
		return ShowdownReport{}, fmt.Errorf("defender: %w", err)
	}
	sd, err := Settle(r, card.SetOf(kc...), Arrangement{}, card.SetOf(dc...), r.KnockLimit, false)
	if err != nil {
		return ShowdownReport{}, err
	}
	rep := ShowdownReport{
		Result: sd.Result.String(), Winner: "knocker", Points: sd.Points,
		KnockerDeadwood: sd.KnockerDeadwood, DefenderDeadwood: sd.DefenderDeadwood,
		KnockerMelds: MeldLists(sd.Knocker), DefenderMelds: MeldLists(sd.Defender),
		Layoffs: make([]card.Card, 0, len(sd.Layoffs)),
	}
	if !sd.KnockerWins {
		rep.Winner = "defender"
	}
	for _, l := range sd.Layoffs {
		rep.Layoffs = append(rep.Layoffs, l.Card)
	}
	return rep, nil
}

func decodeStrict(line []byte, v any) error {
	dec := json.NewDecoder(strings.NewReader(string(line)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("not a showdown request: %s", jsonProblem(err))
	}
	if dec.More() {
		return fmt.Errorf("not a showdown request: more than one JSON value on the line")
	}
	return nil
}
