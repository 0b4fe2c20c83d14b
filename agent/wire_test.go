package agent

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"felt/card"
	"felt/gin"
)

func TestWireActionToAction(t *testing.T) {
	c := card.MustParse
	tests := []struct {
		name string
		w    WireAction
		want gin.Action
		err  string // in the error; "" for none
	}{
		{"draw", WireAction{Action: "draw_stock"}, gin.DrawStockAction(), ""},
		{"take", WireAction{Action: "take_discard"}, gin.TakeDiscardAction(), ""},
		{"pass", WireAction{Action: "pass"}, gin.PassAction(), ""},
		{"discard", WireAction{Action: "discard", Card: c("7H")}, gin.DiscardAction(c("7H")), ""},
		{"knock", WireAction{Action: "knock", Card: c("KS")}, gin.KnockAction(c("KS")), ""},
		{"big gin", WireAction{Action: "big_gin"}, gin.BigGinAction(), ""},
		{"unknown kind", WireAction{Action: "fold"}, gin.Action{}, "unknown action"},
		{"none is no kind", WireAction{Action: "none"}, gin.Action{}, "unknown action"},
		{"empty kind", WireAction{}, gin.Action{}, "unknown action"},
		{"wrong case", WireAction{Action: "Discard", Card: c("7H")}, gin.Action{}, "unknown action"},
		{"discard without card", WireAction{Action: "discard"}, gin.Action{}, "discard needs one of the 52 cards"},
		{"knock without card", WireAction{Action: "knock"}, gin.Action{}, "knock needs one of the 52 cards"},
		{"invalid card", WireAction{Action: "discard", Card: 0x0F}, gin.Action{}, "discard needs one of the 52 cards"},
		{"draw with card", WireAction{Action: "draw_stock", Card: c("2C")}, gin.Action{}, "draw_stock takes no card"},
		{"pass with card", WireAction{Action: "pass", Card: c("2C")}, gin.Action{}, "pass takes no card"},
		{"big gin with card", WireAction{Action: "big_gin", Card: c("2C")}, gin.Action{}, "big_gin takes no card"},
		{"melds on a discard", WireAction{Action: "discard", Card: c("7H"), Melds: [][]card.Card{{c("AS"), c("2S"), c("3S")}}},
			gin.Action{}, "discard takes no melds"},
		{"melds on a draw", WireAction{Action: "draw_stock", Melds: [][]card.Card{{c("AS"), c("2S"), c("3S")}}},
			gin.Action{}, "draw_stock takes no melds"},
		{"knock with a bad meld", WireAction{Action: "knock", Card: c("KS"), Melds: [][]card.Card{{c("AS"), c("2S"), c("4S")}}},
			gin.Action{}, "not a valid meld"},
		{"knock with a repeated card", WireAction{Action: "knock", Card: c("KS"), Melds: [][]card.Card{{c("AS"), c("AS"), c("AH"), c("AD")}}},
			gin.Action{}, "not a valid meld"},
		{"knock with an empty meld", WireAction{Action: "knock", Card: c("KS"), Melds: [][]card.Card{{}}},
			gin.Action{}, "meld"},
		{"knock with melds sharing a card", WireAction{Action: "knock", Card: c("KS"),
			Melds: [][]card.Card{{c("AS"), c("2S"), c("3S")}, {c("AS"), c("AH"), c("AD")}}}, gin.Action{}, "meld"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, err := tc.w.ToAction()
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("ToAction() = %v, %v; want an error saying %q", a, err, tc.err)
				}
				return
			}
			if err != nil || a != tc.want {
				t.Fatalf("ToAction() = %v, %v; want %v", a, err, tc.want)
			}
		})
	}
	if _, err := (WireAction{Action: "fold"}).ToAction(); !errors.Is(err, gin.ErrUnknownAction) {
		t.Errorf("unknown kind: %v does not wrap ErrUnknownAction", err)
	}
	// The form is gin.Action.Validate's: ToAction refuses what Validate
	// refuses, with its error.
	for _, w := range []WireAction{{Action: "discard"}, {Action: "pass", Card: c("2C")},
		{Action: "draw_stock", Melds: [][]card.Card{{c("AS"), c("2S"), c("3S")}}}} {
		_, err := w.ToAction()
		if !errors.Is(err, gin.ErrMalformedAction) {
			t.Errorf("ToAction(%+v) = %v, want an error wrapping ErrMalformedAction", w, err)
		}
	}
}

func TestWireKnockWithMelds(t *testing.T) {
	c := card.MustParse
	w := WireAction{Action: "knock", Card: c("KS"), Melds: [][]card.Card{{c("AS"), c("2S"), c("3S")}, {c("7H"), c("7D"), c("7C")}}}
	a, err := w.ToAction()
	if err != nil {
		t.Fatal(err)
	}
	if a.Kind != gin.Knock || a.Card != c("KS") || a.Show.Len() != 2 {
		t.Fatalf("ToAction() = %v", a)
	}
	back := ToWire(a)
	if back.Action != "knock" || back.Card != c("KS") || len(back.Melds) != 2 {
		t.Fatalf("ToWire(ToAction()) = %+v", back)
	}
}

func TestParseAction(t *testing.T) {
	tests := []struct {
		line string
		want gin.Action
		err  string
	}{
		{`{"action": "discard", "card": "7H"}`, gin.DiscardAction(card.MustParse("7H")), ""},
		{`{"action":"discard","card":"10h"}`, gin.DiscardAction(card.MustParse("TH")), ""},
		{`{"action":"discard","card":"7♥"}`, gin.DiscardAction(card.MustParse("7H")), ""},
		{`{"action":"knock","card":"KS","melds":[]}`, gin.KnockAction(card.MustParse("KS")), ""},
		{`{"action":"draw_stock","card":null}`, gin.DrawStockAction(), ""},
		{`{"action":"pass"} {"action":"pass"}`, gin.Action{}, "more than one JSON value"},
		{`{"action":"discard","card":"7H","why":"deadwood"}`, gin.Action{}, `unknown field "why"`},
		{`{"type":"ready"}`, gin.Action{}, `unknown field "type"`},
		{`{"card":"7H"}`, gin.Action{}, `no "action" field`},
		{`["discard","7H"]`, gin.Action{}, "not an action object"},
		{`discard 7H`, gin.Action{}, "not an action object"},
		{`{"action":"discard","card":"7X"}`, gin.Action{}, "unknown suit"},
		{`{"action":"discard","card":""}`, gin.Action{}, "discard needs one of the 52 cards"}, // "" is no card, as card.Card marshals it
		{`{"action":"discard","card":7}`, gin.Action{}, "not an action object"},
		{`{"action":"discard"}`, gin.Action{}, "discard needs one of the 52 cards"},
	}
	for _, tc := range tests {
		a, err := ParseAction([]byte(tc.line))
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseAction(%s) = %v, %v; want an error saying %q", tc.line, a, err, tc.err)
			}
			continue
		}
		if err != nil || a != tc.want {
			t.Errorf("ParseAction(%s) = %v, %v; want %v", tc.line, a, err, tc.want)
		}
	}
}

// spy is a built-in player that keeps a copy of everything it is told.
type spy struct {
	Bot
	seat      gin.Seat
	events    []Event
	decisions []Decision
}

func (s *spy) Act(ctx context.Context, d *Decision) (gin.Action, error) {
	c := Decision{Obs: d.Obs, Events: slices.Clone(d.Events)}
	s.decisions = append(s.decisions, c)
	s.events = append(s.events, c.Events...)
	return s.Bot.Act(ctx, d)
}

func (s *spy) Notify(_ context.Context, ev Event) error {
	s.events = append(s.events, ev)
	return nil
}

// keys returns the sorted field names of a JSON object, failing on nulls.
func keys(t *testing.T, v any) []string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	var ks []string
	for k, raw := range m {
		if string(raw) == "null" {
			t.Fatalf("%s is null in %s", k, b)
		}
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

func sorted(s string) []string {
	ks := strings.Fields(s)
	slices.Sort(ks)
	return ks
}

// The messages have the fields docs/protocol.md lists, no nulls, and the
// events are what the document says they are.
func TestWireMessages(t *testing.T) {
	var spies [2]*spy
	var players [2]Player
	for s := range spies {
		p, err := New("simple", uint64(s), Options{})
		if err != nil {
			t.Fatal(err)
		}
		spies[s] = &spy{Bot: p.(Bot), seat: gin.Seat(s)}
		players[s] = spies[s]
	}
	var log strings.Builder
	seen := map[string]bool{}
	wanted := []string{"hand_end knock", "hand_end gin", "hand_end draw", "hand_end undercut", "game_end", "empty pile",
		"event draw_stock own", "event draw_stock opponent", "event take_discard opponent",
		"event discard own", "event discard opponent", "event pass opponent"}
	all := func() bool {
		for _, k := range wanted {
			if !seen[k] {
				return false
			}
		}
		return true
	}
	for seed := uint64(1); seed <= 300 && !all(); seed++ {
		rec, err := gin.NewRecordedGame(&log, gin.Standard(), seed, [2]string{"simple", "simple"})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range spies {
			s.events, s.decisions = nil, nil
		}
		if _, err := Play(context.Background(), rec, players, nil); err != nil {
			t.Fatal(err)
		}
		for _, s := range spies {
			for _, ev := range s.events {
				switch ev.Kind {
				case HandStartEvent:
					want := sorted("type hand seat dealer cards upcard knock_limit doubled scores boxes")
					m := handStartMessage(ev.Obs)
					if got := keys(t, m); !slices.Equal(got, want) {
						t.Fatalf("hand_start fields %v, want %v", got, want)
					}
					if len(m.Cards) != 10 || m.Seat != s.seat {
						t.Fatalf("hand_start %+v for seat %d", m, s.seat)
					}
				case HandEndEvent:
					m := handEndMessage(ev.Obs)
					want := "type hand result points scores boxes"
					if m.Result != "draw" {
						want += " knocker winner knocker_cards knocker_melds knocker_deadwood defender_cards defender_melds layoffs defender_deadwood"
					}
					if got := keys(t, m); !slices.Equal(got, sorted(want)) {
						t.Fatalf("hand_end (%s) fields %v, want %v", m.Result, got, sorted(want))
					}
					seen["hand_end "+m.Result] = true
				case GameEndEvent:
					want := sorted("type winner scores boxes game_bonus shutout box_bonus final")
					if got := keys(t, gameEndMessage(ev.Game)); !slices.Equal(got, want) {
						t.Fatalf("game_end fields %v, want %v", got, want)
					}
					seen["game_end"] = true
				}
			}
			for i, d := range s.decisions {
				m := decideMessage(&d)
				// The events start with the seat's own previous move in the
				// hand, and only the opponent moves in between.
				if i > 0 && s.decisions[i-1].Obs.HandNumber == d.Obs.HandNumber {
					if len(m.Events) == 0 || m.Events[0].Seat != s.seat {
						t.Fatalf("seat %d: events %+v do not start with its previous move", s.seat, m.Events)
					}
					for _, e := range m.Events[1:] {
						if e.Seat == s.seat {
							t.Fatalf("seat %d: events %+v hold two of its moves", s.seat, m.Events)
						}
					}
				} else if slices.ContainsFunc(m.Events, func(e WireEvent) bool { return e.Seat == s.seat }) {
					t.Fatalf("seat %d: first decision of a hand with its own move in %+v", s.seat, m.Events)
				}
				// The JSON of the first games' decisions (the rest only look
				// for the rarer hand results).
				if seed <= 3 {
					if got, want := keys(t, m), sorted("type observation events legal"); !slices.Equal(got, want) {
						t.Fatalf("decide fields %v, want %v", got, want)
					}
					want := "seat phase turn dealer hand knock_limit doubled cards must_draw_stock upcard pile stock " +
						"opponent_cards opponent_took opponent_passed opponent_discarded discarded scores boxes"
					if d.Obs.JustTaken != 0 {
						want += " just_taken"
					}
					if d.Obs.Drawn != 0 {
						want += " drawn"
					}
					if got := keys(t, m.Obs); !slices.Equal(got, sorted(want)) {
						t.Fatalf("observation fields %v, want %v", got, sorted(want))
					}
				}
				if len(m.Obs.Pile) == 0 {
					seen["empty pile"] = true
				}
				if len(m.Legal) == 0 {
					t.Fatal("a decision without legal actions")
				}
				for _, a := range m.Legal {
					if a.Melds != nil {
						t.Fatalf("legal %+v carries melds", a)
					}
				}
				// Events: moves only; the opponent's stock draws show no card,
				// everything else shows one (own stock draws the card drawn).
				for _, e := range m.Events {
					own := e.Seat == s.seat
					switch {
					case e.Action == "draw_stock" && !own:
						if e.Card != 0 {
							t.Fatalf("seat %d saw the opponent's stock draw %s", s.seat, e.Card)
						}
					case e.Action == "knock":
						t.Fatalf("a knock among a decision's events")
					default:
						if !e.Card.IsValid() {
							t.Fatalf("event %+v shows no card", e)
						}
					}
					seen["event "+e.Action+map[bool]string{true: " own", false: " opponent"}[own]] = true
				}
			}
		}
	}
	for _, k := range wanted {
		if !seen[k] {
			t.Errorf("the games never showed %s", k)
		}
	}
}

// An answer's keys are matched exactly, each given once: encoding/json
// alone would read "Action" as "action" and let a repeated key replace the
// first, so a sloppy or hostile program's answer would mean something it
// does not say. Every refusal names the problem.
func TestParseAction_ExactMessages(t *testing.T) {
	c := card.MustParse
	tests := []struct {
		line string
		want gin.Action
		err  string // the whole message; "" for none
	}{
		{`{"action":"discard","card":"7H","melds":null}`, gin.DiscardAction(c("7H")), ""},
		{`  {"action":"pass","card":null}  `, gin.PassAction(), ""},
		{`{"Action":"pass"}`, gin.Action{}, `not an action object (unknown field "Action")`},
		{`{"ACTION":"pass"}`, gin.Action{}, `not an action object (unknown field "ACTION")`},
		{`{"Kind":"pass"}`, gin.Action{}, `not an action object (unknown field "Kind")`},
		{`{"action":"discard","Card":"7H"}`, gin.Action{}, `not an action object (unknown field "Card")`},
		{`{"action":"knock","card":"KS","Melds":[]}`, gin.Action{}, `not an action object (unknown field "Melds")`},
		{`{"action":"discard","card":"7H","action":"pass"}`, gin.Action{}, `not an action object (field action given twice)`},
		{`{"action":"discard","card":"7H","card":"8H"}`, gin.Action{}, `not an action object (field card given twice)`},
		{`{"action":"knock","card":"KS","melds":[],"melds":[]}`, gin.Action{}, `not an action object (field melds given twice)`},
		{`{"action":"pass"} {"action":"pass"}`, gin.Action{}, `more than one JSON value on the line`},
		{`{"action":"pass"}}`, gin.Action{}, `more than one JSON value on the line`},
		{`["discard","7H"]`, gin.Action{}, `not an action object (want a JSON object, got array)`},
		{`"pass"`, gin.Action{}, `not an action object (want a JSON object, got string)`},
		{`null`, gin.Action{}, `not an action object (want a JSON object, got null)`},
		{`{"action":"pass"`, gin.Action{}, `not an action object (malformed JSON: cut short)`},
		{`discard 7H`, gin.Action{}, `not an action object (malformed JSON at byte 1: invalid character 'd' looking for beginning of value)`},
		{`{"card":"7H"}`, gin.Action{}, `no "action" field`},
		{`{"action":null}`, gin.Action{}, `no "action" field`},
		{`{"action":7}`, gin.Action{}, `not an action object (field action: want a string, got number)`},
		{`{"action":"discard","card":7}`, gin.Action{}, `not an action object (field card: want a card, got number)`},
		{`{"action":"knock","card":"KS","melds":"AS 2S 3S"}`, gin.Action{}, `not an action object (field melds: want a list of melds, each a list of cards, got string)`},
		{`{"action":"discard","card":"7X"}`, gin.Action{}, `not an action object (field card: card: cannot parse "7X": unknown suit (want S H D C))`},
		{`{"action":""}`, gin.Action{}, `gin: "": unknown action (want draw_stock, take_discard, pass, discard, knock or big_gin)`},
		{`{"action":"discard"}`, gin.Action{}, `gin: discard needs one of the 52 cards: malformed action`},
		{`{"action":"discard","card":""}`, gin.Action{}, `gin: discard needs one of the 52 cards: malformed action`},
		{`{"action":"pass","card":"2C"}`, gin.Action{}, `gin: pass takes no card, got 2C: malformed action`},
		{`{"action":"discard","card":"7H","melds":[["AS","2S","3S"]]}`, gin.Action{}, `gin: discard takes no melds, got [AS 2S 3S]: malformed action`},
		{`{"action":"knock","card":"KS","melds":[["AS","2S","4S"]]}`, gin.Action{}, `gin: AS 2S 4S: not a valid meld`},
	}
	for _, tc := range tests {
		a, err := ParseAction([]byte(tc.line))
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("ParseAction(%s) = %v, %v;\nwant the error %s", tc.line, a, err, tc.err)
			}
			continue
		}
		if err != nil || a != tc.want {
			t.Errorf("ParseAction(%s) = %v, %v; want %v", tc.line, a, err, tc.want)
		}
	}
}

// FuzzParseAction: any line is either refused with a message or read as an
// action of the one form gin.Action.Validate accepts, which written back
// with ToWire reads as the same action.
func FuzzParseAction(f *testing.F) {
	for _, s := range []string{`{"action":"pass"}`, `{"action":"discard","card":"7H"}`, `{"Action":"pass"}`,
		`{"action":"knock","card":"KS","melds":[["AS","2S","3S"],["7H","7D","7C"]]}`, `{"card":"7H","card":"8H"}`,
		`{"action":"big_gin","melds":null}`, `[]`, `{"action":"pass"} 1`, "{\"action\":\"discard\",\"card\":\"10\u2665\"}"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		a, err := ParseAction(line)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("ParseAction(%q): an empty error", line)
			}
			return
		}
		if verr := a.Validate(); verr != nil {
			t.Fatalf("ParseAction(%q) = %v, which Validate refuses: %v", line, a, verr)
		}
		b, merr := json.Marshal(ToWire(a))
		if merr != nil {
			t.Fatal(merr)
		}
		back, err := ParseAction(b)
		if err != nil || back != a {
			t.Fatalf("ParseAction(%q) = %v; written back as %s it reads %v, %v", line, a, b, back, err)
		}
	})
}
