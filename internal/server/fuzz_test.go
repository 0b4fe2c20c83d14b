package server

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"felt/internal/store"
)

// FuzzDecodeClient: any bytes decode to a checked message or an error
// naming the problem, never a panic; a message taken is one of the
// protocol's, every field within its limits, and nothing it did not say.
func FuzzDecodeClient(f *testing.F) {
	for _, s := range []string{
		`{"type":"hello","table":"abc123","token":"tok_-9","player":"p1"}`,
		`{"type":"hello","table":"abc123"}`,
		`{"type":"move","seq":12,"move":{"kind":"discard","card":"QS"}}`,
		`{"type":"move","seq":0,"move":{"kind":"play","cards":"9H 9H"}}`,
		`{"type":"bid","move":{"kind":"declare","cards":"2S"}}`,
		`{"type":"hint"}`,
		`{"type":"back"}`,
		`{"type":"chat","text":"hello <b>there</b> ♠"}`,
		`{"type":"chat","text":"\u202e\u0007"}`,
		`{"type":"chat","text":""}`,
		`{"type":"chat","text":"a","seat":1}`,
		`{"type":"host","action":"move","seat":1,"to":2}`,
		`{"type":"host","action":"computer","seat":3}`,
		`{"type":"host","action":"end"}`,
		`{"type":"host","action":"end","to":1}`,
		`{"type":"host","action":"move","seat":-1,"to":99}`,
		`{"type":"host","action":"none"}`,
		`{"type":"hello","table":"x","table":"y"}`,
		`{"Type":"hint"}`,
		`{"type":"move","seq":-1,"move":{}}`,
		`{"type":"move","seq":1.5,"move":{}}`,
		`{"type":"move","seq":1,"move":null}`,
		`{"type":"hint","seq":3}`,
		`{"type":"hello","table":"a/b"}`,
		`{"type":"hello","table":"ok","token":""}`,
		`{"type":"zap"}`,
		`{} {}`,
		`[1,2]`,
		`"hello"`,
		"\x00\xff",
		``,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := decodeClient(b)
		if err != nil {
			if m.Type != noMsg {
				t.Fatalf("an error (%v) with a message %+v", err, m)
			}
			if !strings.HasPrefix(err.Error(), ErrBadMessage.Error()) {
				t.Fatalf("error %q does not start with %q", err, ErrBadMessage)
			}
			return
		}
		if len(b) > MaxMessage || !json.Valid(b) || !utf8.Valid(b) {
			t.Fatalf("took %q", b)
		}
		switch m.Type {
		case helloMsg:
			if !validID(m.Table) || m.Token != "" && !validToken(m.Token) || len(m.Token) > maxToken || m.Player != "" && !validID(m.Player) || m.Move != nil {
				t.Fatalf("hello %+v from %q", m, b)
			}
		case moveMsg, bidMsg, checkMsg:
			if m.Seq < 0 || m.Table != "" || m.Token != "" || m.Player != "" {
				t.Fatalf("%s %+v from %q", m.Type, m, b)
			}
			var obj map[string]json.RawMessage
			if err := json.Unmarshal(m.Move, &obj); err != nil {
				t.Fatalf("%s with a move that is not an object: %q", m.Type, m.Move)
			}
		case chatMsg:
			if n := utf8.RuneCountInString(m.Text); n == 0 || n > store.MaxChat || strings.TrimSpace(m.Text) != m.Text || m.Move != nil {
				t.Fatalf("chat %+v from %q", m, b)
			}
			for _, r := range m.Text {
				if r < ' ' || r == 0x7f || r >= 0x202a && r <= 0x202e {
					t.Fatalf("chat with %U from %q", r, b)
				}
			}
		case hostMsg:
			okSeat := func(s int, need bool) bool { return need && s >= 0 && s < maxSeatsMsg || !need && s == -1 }
			if !okSeat(m.Seat, m.Action != hostEnd) || !okSeat(m.To, m.Action == hostMove) || m.Action == noHostAction {
				t.Fatalf("host %+v from %q", m, b)
			}
		case hintMsg, backMsg:
			if m.Table != "" || m.Token != "" || m.Player != "" || m.Move != nil || m.Seq != 0 {
				t.Fatalf("%s %+v from %q", m.Type, m, b)
			}
		default:
			t.Fatalf("a message of type %v from %q", m.Type, b)
		}
	})
}

// TestDecodeClientLimits: the limits named in the protocol.
func TestDecodeClientLimits(t *testing.T) {
	long := strings.Repeat("a", maxID+1)
	for _, b := range []string{
		`{"type":"hello","table":"` + long + `"}`,
		`{"type":"hello","table":"t","player":"` + long + `"}`,
		`{"type":"hello","table":"t","token":"` + strings.Repeat("a", maxToken+1) + `","player":"p"}`,
		`{"type":"hint","move":` + strings.Repeat(" ", MaxMessage) + `{}}`,
		`{"type":"chat","text":"` + strings.Repeat("a", store.MaxChat+1) + `"}`,
		`{"type":"host","action":"move","seat":1,"to":` + "64" + `}`,
	} {
		if _, err := decodeClient([]byte(b)); err == nil {
			t.Errorf("took %.60s…", b)
		}
	}
}
