package main

import (
	"encoding/json"
	"errors"
	"fmt"

	"felt/card"
	"felt/gin"
	"felt/internal/strictjson"
)

// meldReport is the JSON object `felt gin melds` writes for one hand.
type meldReport struct {
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
	gin.SortByRank(cs)
	return cs
}

// reportMelds analyses a 10- or 11-card hand written as text ("7S 8S 9S
// …"): its least deadwood and canonical melds, for 11 cards the best discard
// and the deadwood after it, and with all every optimal arrangement.
func reportMelds(line string, all bool) (meldReport, error) {
	cards, err := card.ParseList(line)
	if err != nil {
		return meldReport{}, err
	}
	if n := len(cards); n != 10 && n != 11 {
		return meldReport{}, fmt.Errorf("%d cards, want 10 or 11", n)
	}
	hand := card.SetOf(cards...)
	a, err := gin.Melds(hand)
	if err != nil {
		return meldReport{}, err
	}
	dead, dv := a.Deadwood(hand)
	rep := meldReport{Deadwood: dv, Melds: gin.MeldLists(a), DeadwoodCards: deadwoodList(dead)}
	if len(cards) == 11 {
		d, after := gin.BestDiscard(hand)
		rep.Discard, rep.DeadwoodAfterDiscard = d, &after
	}
	if all {
		arrs, _ := gin.AllMelds(hand)
		for _, x := range arrs {
			rep.Arrangements = append(rep.Arrangements, gin.MeldLists(x))
		}
	}
	return rep, nil
}

// showdownRequest is one input line of `felt gin showdown`:
// {"knocker": "…", "defender": "…", "rules": {…}}, rules optional.
type showdownRequest struct {
	Knocker  string
	Defender string
	Rules    json.RawMessage // nil when not given
}

// parseShowdownRequest reads one request line strictly: one JSON object,
// keys spelled exactly (case included) and each given once, knocker and
// defender present as strings, nothing after the object.
func parseShowdownRequest(line []byte) (showdownRequest, error) {
	var req showdownRequest
	fields, err := strictjson.Object(line, "knocker", "defender", "rules")
	if errors.Is(err, strictjson.ErrMoreValues) {
		return req, errors.New("not a showdown request: more than one JSON value on the line")
	}
	if err != nil {
		return req, fmt.Errorf("not a showdown request: %w", err)
	}
	for _, f := range []struct {
		name string
		dst  *string
	}{{"knocker", &req.Knocker}, {"defender", &req.Defender}} {
		raw, ok := fields[f.name]
		if !ok {
			return req, fmt.Errorf("not a showdown request: no %s field", f.name)
		}
		if raw[0] != '"' {
			return req, fmt.Errorf("not a showdown request: field %s: want a string of cards, got %s", f.name, strictjson.Kind(raw))
		}
		if err := json.Unmarshal(raw, f.dst); err != nil {
			return req, fmt.Errorf("not a showdown request: field %s: %s", f.name, strictjson.Problem(err))
		}
	}
	req.Rules = fields["rules"]
	return req, nil
}

// showdownReport is the JSON object `felt gin showdown` writes.
type showdownReport struct {
	Result           string        `json:"result"`
	Winner           string        `json:"winner"`
	Points           int           `json:"points"`
	KnockerDeadwood  int           `json:"knocker_deadwood"`
	DefenderDeadwood int           `json:"defender_deadwood"`
	KnockerMelds     [][]card.Card `json:"knocker_melds"`
	DefenderMelds    [][]card.Card `json:"defender_melds"`
	Layoffs          []card.Card   `json:"layoffs"`
}

// reportShowdown settles a showdown request: the knocker's 10 cards (11 for
// big gin) against the defender's 10, under the standard rules with the
// request's overrides, the knocker choosing its arrangement automatically.
func reportShowdown(line []byte) (showdownReport, error) {
	req, err := parseShowdownRequest(line)
	if err != nil {
		return showdownReport{}, err
	}
	r := gin.Standard()
	if req.Rules != nil {
		if r, err = gin.ParseRules(r, req.Rules); err != nil {
			return showdownReport{}, err
		}
	}
	kc, err := card.ParseList(req.Knocker)
	if err != nil {
		return showdownReport{}, fmt.Errorf("knocker: %w", err)
	}
	dc, err := card.ParseList(req.Defender)
	if err != nil {
		return showdownReport{}, fmt.Errorf("defender: %w", err)
	}
	sd, err := gin.Settle(r, card.SetOf(kc...), gin.Arrangement{}, card.SetOf(dc...), r.KnockLimit, false)
	if err != nil {
		return showdownReport{}, err
	}
	rep := showdownReport{
		Result: sd.Result.String(), Winner: "knocker", Points: sd.Points,
		KnockerDeadwood: sd.KnockerDeadwood, DefenderDeadwood: sd.DefenderDeadwood,
		KnockerMelds: gin.MeldLists(sd.Knocker), DefenderMelds: gin.MeldLists(sd.Defender),
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
