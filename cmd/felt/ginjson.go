package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"felt/card"
	"felt/gin"
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
		return meldReport{}, fmt.Errorf("gin: %d cards, want 10 or 11: %w", n, gin.ErrHandSize)
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

// showdownRequest is one input line of `felt gin showdown`.
type showdownRequest struct {
	Knocker  string          `json:"knocker"`
	Defender string          `json:"defender"`
	Rules    json.RawMessage `json:"rules,omitempty"`
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
	var req showdownRequest
	if err := decodeStrict(line, &req); err != nil {
		return showdownReport{}, err
	}
	r := gin.Standard()
	if len(req.Rules) > 0 && string(req.Rules) != "null" {
		var err error
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

// jsonProblem says what is wrong with a JSON value, without the package
// prefix of encoding/json's messages.
func jsonProblem(err error) string {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te) && te.Field == "":
		return fmt.Sprintf("want a JSON object, got %s", te.Value)
	case errors.As(err, &te):
		return fmt.Sprintf("field %s: want %s, got %s", te.Field, te.Type, te.Value)
	case errors.As(err, &se):
		return fmt.Sprintf("malformed JSON at byte %d: %v", se.Offset, err)
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}
