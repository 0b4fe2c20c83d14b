package strictjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"
	"sync"
)

// ErrMoreValues is returned by Object when the data holds something after
// the object.
var ErrMoreValues = errors.New("more than one JSON value")

// Object reads data as exactly one JSON object whose keys are all among
// known, spelled exactly and each given once, and returns its values by
// key. A null value is returned as given ("null"), for the caller to read
// as it means. The error names the problem: not an object ("want a JSON
// object, got array"), `unknown field "Action"`, "field card given twice",
// malformed JSON, or ErrMoreValues.
func Object(data []byte, known ...string) (map[string]json.RawMessage, error) {
	return object(data, known, false)
}

// ObjectNoNull is Object for an object in which null means nothing: a null
// value is refused too ("field card is null"), in the order the fields
// come.
func ObjectNoNull(data []byte, known ...string) (map[string]json.RawMessage, error) {
	return object(data, known, true)
}

// object is Object, refusing null values when noNull is set.
func object(data []byte, known []string, noNull bool) (map[string]json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return nil, errors.New(Problem(err))
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, fmt.Errorf("want a JSON object, got %s", tokenKind(tok))
	}
	fields := make(map[string]json.RawMessage, len(known))
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, errors.New(Problem(cutShort(err)))
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
			return nil, errors.New(Problem(cutShort(err)))
		}
		if noNull && string(v) == "null" {
			return nil, fmt.Errorf("field %s is null", key)
		}
		fields[key] = v
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return nil, errors.New(Problem(cutShort(err)))
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, ErrMoreValues
	}
	return fields, nil
}

// Field decodes raw, the value of the field key, into dst. want says what
// the field holds ("a string", "a card"), for the error when the value is
// of another kind: "field card: want a card, got number". Other errors are
// given as Problem words them, after the field's name.
func Field(key string, raw json.RawMessage, dst any, want string) error {
	err := json.Unmarshal(raw, dst)
	if err == nil {
		return nil
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Errorf("field %s: want %s, got %s", key, want, te.Value)
	}
	return fmt.Errorf("field %s: %s", key, Problem(err))
}

// Problem says what an error from encoding/json means, in words: where
// JSON is malformed, that it was cut short or missing, which field has a
// value of the wrong type, that a value decoded into a struct or map is
// not a JSON object. Other errors (a value's own UnmarshalJSON or
// UnmarshalText, say) keep their message, without a "json: " prefix.
func Problem(err error) string {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te) && te.Field == "" && te.Type != nil &&
		(te.Type.Kind() == reflect.Struct || te.Type.Kind() == reflect.Map):
		return fmt.Sprintf("want a JSON object, got %s", te.Value)
	case errors.As(err, &te) && te.Field == "":
		return fmt.Sprintf("want %s, got %s", te.Type, te.Value)
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

// Kind names the kind of a JSON value: null, boolean, number, string,
// array or object ("" for no value).
func Kind(raw json.RawMessage) string {
	raw = bytes.TrimLeft(raw, " \t\r\n")
	if len(raw) == 0 {
		return ""
	}
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

// tokenKind names the kind of the value a json.Token starts.
func tokenKind(tok json.Token) string {
	switch v := tok.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case float64, json.Number:
		return "number"
	case string:
		return "string"
	case json.Delim:
		if v == '[' {
			return "array"
		}
	}
	return fmt.Sprintf("%v", tok)
}

// cutShort turns the end of input inside a JSON value into
// io.ErrUnexpectedEOF.
func cutShort(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

// Decode decodes data, one JSON object, into v, a pointer to a struct, as
// strictly as Object reads: every key must be one of the struct's JSON
// field names, spelt exactly (encoding/json alone would match "Seq" to a
// field named "seq"), given once, and nothing may follow the object.
// Nested values decode as encoding/json decodes them, so a nested type
// that must be strict implements UnmarshalJSON with Object.
func Decode(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return errors.New(Problem(err))
	}
	// encoding/json has read one valid value: what it let through is a key
	// spelt otherwise, a key given twice, or something after the value.
	_, err := Object(data, structKeys(reflect.TypeOf(v))...)
	return err
}

// keysOf caches structKeys by type.
var keysOf sync.Map // reflect.Type → []string

// structKeys returns the JSON field names of the struct t points to (or
// is), embedded structs' fields included.
func structKeys(t reflect.Type) []string {
	if k, ok := keysOf.Load(t); ok {
		return k.([]string)
	}
	st := t
	for st.Kind() == reflect.Pointer {
		st = st.Elem()
	}
	var keys []string
	if st.Kind() == reflect.Struct {
		for i := range st.NumField() {
			f := st.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			switch {
			case name == "-":
			case f.Anonymous && name == "" && (f.Type.Kind() == reflect.Struct ||
				f.Type.Kind() == reflect.Pointer && f.Type.Elem().Kind() == reflect.Struct):
				keys = append(keys, structKeys(f.Type)...)
			case !f.IsExported():
			case name == "":
				keys = append(keys, f.Name)
			default:
				keys = append(keys, name)
			}
		}
	}
	keysOf.Store(t, keys)
	return keys
}

// Known decodes data, one JSON value, into v, refusing fields v does not
// have and anything after the value. It is encoding/json's strictness,
// without Decode's checks of spelling and repeated keys: for the table
// log's hot path of moves and deals, which Felt wrote itself.
func Known(data []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return err
	}
	if d.More() {
		return errors.New("more than one JSON value")
	}
	return nil
}
