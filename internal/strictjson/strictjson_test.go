package strictjson

import (
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"testing"
)

func TestObject(t *testing.T) {
	known := []string{"action", "card", "melds"}
	tests := []struct {
		in   string
		keys []string // the keys returned, sorted
		err  string   // the whole message; "" for none
	}{
		{`{}`, nil, ""},
		{` {"action":"pass"} `, []string{"action"}, ""},
		{`{"action":"discard","card":null,"melds":[]}` + "\r\n", []string{"action", "card", "melds"}, ""},
		{`{"\u0061ction":"pass"}`, []string{"action"}, ""}, // the key as JSON spells it, decoded
		{`{"Action":"pass"}`, nil, `unknown field "Action"`},
		{`{"CARD":"7H","action":"discard"}`, nil, `unknown field "CARD"`},
		{`{"action":"pass","kind":"pass"}`, nil, `unknown field "kind"`},
		{`{"card":"7H","card":"8H"}`, nil, `field card given twice`},
		{`{"card":null,"card":"8H"}`, nil, `field card given twice`},
		{`{"action":"pass"} {}`, nil, `more than one JSON value`},
		{`{"action":"pass"} x`, nil, `more than one JSON value`},
		{`[]`, nil, `want a JSON object, got array`},
		{`"x"`, nil, `want a JSON object, got string`},
		{`7`, nil, `want a JSON object, got number`},
		{`true`, nil, `want a JSON object, got boolean`},
		{`null`, nil, `want a JSON object, got null`},
		{``, nil, `no JSON value`},
		{`{"action":"pass"`, nil, `malformed JSON: cut short`},
		{`{"action":`, nil, `malformed JSON: cut short`},
		{`{"action" "pass"}`, nil, `malformed JSON at byte 10: expected colon after object key`},
		{`{action:"pass"}`, nil, `malformed JSON at byte 1: invalid character 'a'`},
	}
	for _, tc := range tests {
		got, err := Object([]byte(tc.in), known...)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("Object(%s) = %v, %v; want the error %q", tc.in, got, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("Object(%s): %v", tc.in, err)
			continue
		}
		if keys := slices.Sorted(maps.Keys(got)); !slices.Equal(keys, tc.keys) {
			t.Errorf("Object(%s) has keys %v, want %v", tc.in, keys, tc.keys)
		}
	}
	if _, err := Object([]byte(`{} {}`)); !errors.Is(err, ErrMoreValues) {
		t.Errorf("two objects: %v is not ErrMoreValues", err)
	}
	got, err := Object([]byte(`{"card":null,"melds":[["AS", "2S"]]}`), known...)
	if err != nil || string(got["card"]) != "null" || string(got["melds"]) != `[["AS", "2S"]]` {
		t.Errorf("values %q, %v", got, err)
	}
}

func TestField(t *testing.T) {
	var s string
	var n []int
	tests := []struct {
		raw  string
		dst  any
		want string
		err  string
	}{
		{`"pass"`, &s, "a string", ""},
		{`7`, &s, "a string", "field f: want a string, got number"},
		{`[1,"x"]`, &n, "a list of numbers", "field f: want a list of numbers, got string"},
		{`{"a":1}`, &n, "a list of numbers", "field f: want a list of numbers, got object"},
	}
	for _, tc := range tests {
		err := Field("f", json.RawMessage(tc.raw), tc.dst, tc.want)
		if tc.err == "" && err != nil || tc.err != "" && (err == nil || err.Error() != tc.err) {
			t.Errorf("Field(%s) = %v, want %q", tc.raw, err, tc.err)
		}
	}
	if s != "pass" {
		t.Errorf("Field decoded %q", s)
	}
}

func TestKind(t *testing.T) {
	for raw, want := range map[string]string{`null`: "null", `true`: "boolean", `false`: "boolean", `-1`: "number",
		`2.5`: "number", `"x"`: "string", `[]`: "array", ` {}`: "object", ``: ""} {
		if got := Kind(json.RawMessage(raw)); got != want {
			t.Errorf("Kind(%s) = %q, want %q", raw, got, want)
		}
	}
}

// TestObjectNoNull: a null value is refused, naming the field, where it
// comes; the other problems are Object's.
func TestObjectNoNull(t *testing.T) {
	tests := []struct{ in, err string }{
		{`{"card":"7H","melds":[]}`, ""},
		{`{"card":null}`, "field card is null"},
		{`{"action":"pass","melds":null}`, "field melds is null"},
		{`{"melds":null,"Card":1}`, "field melds is null"},
		{`{"Card":1,"melds":null}`, `unknown field "Card"`},
		{`{"card":"7H","card":null}`, "field card given twice"},
		{`null`, "want a JSON object, got null"},
	}
	for _, tc := range tests {
		_, err := ObjectNoNull([]byte(tc.in), "action", "card", "melds")
		if tc.err == "" && err != nil || tc.err != "" && (err == nil || err.Error() != tc.err) {
			t.Errorf("ObjectNoNull(%s) = %v, want %q", tc.in, err, tc.err)
		}
	}
	if _, err := Object([]byte(`{"card":null}`), "card"); err != nil {
		t.Errorf("Object refuses null: %v", err)
	}
}

// TestProblem: encoding/json's errors in words, a value that should have
// been an object said to be one.
func TestProblem(t *testing.T) {
	var st struct {
		N int `json:"n"`
	}
	var m map[string]int
	var s string
	tests := []struct {
		in  string
		dst any
		err string
	}{
		{`[]`, &st, "want a JSON object, got array"},
		{`"x"`, &m, "want a JSON object, got string"},
		{`7`, &s, "want string, got number"},
		{`{"n":"7"}`, &st, "field n: want int, got string"},
		{`{"n":`, &st, "malformed JSON at byte 5: unexpected end of JSON input"},
		{`{"n" 7}`, &st, "malformed JSON at byte 6: invalid character '7' after object key"},
	}
	for _, tc := range tests {
		if got := Problem(json.Unmarshal([]byte(tc.in), tc.dst)); got != tc.err {
			t.Errorf("Problem(Unmarshal(%s)) = %q, want %q", tc.in, got, tc.err)
		}
	}
	if got := Problem(errors.New("json: cannot unmarshal")); got != "cannot unmarshal" {
		t.Errorf("Problem keeps the prefix: %q", got)
	}
}

// TestDecode: a record decodes only when its keys are its struct's JSON
// names spelt exactly, each once, with nothing after the object; an
// embedded struct's names count as the struct's own.
func TestDecode(t *testing.T) {
	type inner struct {
		Hand int `json:"hand"`
	}
	type record struct {
		inner
		Type string `json:"type"`
		Seq  int    `json:"seq,omitempty"`
		Skip int    `json:"-"`
		Bare int
	}
	for _, tc := range []struct {
		in, err string
	}{
		{`{"type":"a","seq":2,"hand":3,"Bare":4}`, ""},
		{`{"Type":"a"}`, `unknown field "Type"`},
		{`{"SEQ":1}`, `unknown field "SEQ"`},
		{`{"type":"a","type":"b"}`, "field type given twice"},
		{`{"type":"a"}}`, ErrMoreValues.Error()},
		{`{"type":"a"} {}`, ErrMoreValues.Error()},
		{`{"Skip":1}`, `unknown field "Skip"`},
		{`{"type":`, "malformed JSON: cut short"},
	} {
		var r record
		err := Decode([]byte(tc.in), &r)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%s: %v", tc.in, err)
		case tc.err == "" && (r.Type != "a" || r.Seq != 2 || r.Hand != 3 || r.Bare != 4):
			t.Errorf("%s: decoded %+v", tc.in, r)
		case tc.err != "" && (err == nil || err.Error() != tc.err):
			t.Errorf("%s: error %v, want %q", tc.in, err, tc.err)
		}
	}
}
