package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
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
	fields, err := objectFields(line, "knocker", "defender", "rules")
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
			return req, fmt.Errorf("not a showdown request: field %s: want a string of cards, got %s", f.name, rawKind(raw))
		}
		if err := json.Unmarshal(raw, f.dst); err != nil {
			return req, fmt.Errorf("not a showdown request: field %s: %s", f.name, jsonProblem(err))
		}
	}
	req.Rules = fields["rules"]
	return req, nil
}

// objectFields reads data as exactly one JSON object whose keys are among
// known, spelled exactly and each given once, and returns its values by
// key. (encoding/json alone matches keys without regard to case and lets a
// repeated key replace the first.)
func objectFields(data []byte, known ...string) (map[string]json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return nil, errors.New(jsonProblem(err))
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		kind := "array"
		if !ok {
			raw, _ := json.Marshal(tok)
			kind = rawKind(raw)
		}
		return nil, fmt.Errorf("want a JSON object, got %s", kind)
	}
	fields := make(map[string]json.RawMessage, len(known))
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, errors.New(jsonProblem(cutShort(err)))
		}
		key, _ := tok.(string) // the decoder allows only strings here
		if !slices.Contains(known, key) {
			return nil, fmt.Errorf("unknown field %q", key)
		}
		if _, dup := fields[key]; dup {
			return nil, fmt.Errorf("field %s given twice", key)
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, errors.New(jsonProblem(cutShort(err)))
		}
		fields[key] = v
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return nil, errors.New(jsonProblem(cutShort(err)))
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("more than one JSON value on the line")
	}
	return fields, nil
}

// cutShort turns the end of input inside a JSON value into
// io.ErrUnexpectedEOF.
func cutShort(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

// rawKind names the kind of a JSON value: null, boolean, number, string,
// array or object.
func rawKind(raw []byte) string {
	switch raw[0] {
	case 'n':
		return "null"
	case 't', 'f':
		return "boolean"
	case '"':
		return "string"
	case '[':
		return "array"
	case '{':
		return "object"
	}
	return "number"
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
	case errors.Is(err, io.EOF):
		return "no JSON value"
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "malformed JSON: cut short"
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}
