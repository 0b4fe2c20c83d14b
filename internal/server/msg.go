package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"felt/internal/store"
	"felt/internal/strictjson"
)

// MaxMessage is the largest websocket message a client may send, in bytes.
const MaxMessage = 8 << 10

// Limits of the fields of a client's messages.
const (
	maxID    = 64 // a table id or a player id
	maxToken = 128
)

// ErrBadMessage is a client message that is not one of the protocol's.
var ErrBadMessage = errors.New("bad message")

// msgType is what a client message asks.
type msgType uint8

// The client messages.
const (
	noMsg     msgType = iota
	helloMsg          // join a table as a seat (with its token) or a spectator
	moveMsg           // a move for the pending decision
	bidMsg            // Shengji: queue a declaration while the cards are dealt
	hintMsg           // the hint for the pending decision
	backMsg           // take the seat back from the computer standing in
	checkMsg          // is this move legal for the pending decision?
	undoMsg           // take back the seat's last move of the hand (a table that allows it)
	onwardMsg         // the person moved on from a hand's result: the computers need not wait
	chatMsg           // a line said at the table
	hostMsg           // the host's action: move seats, a computer for a seat, end the table
)

var msgNames = [...]string{"none", "hello", "move", "bid", "hint", "back", "check", "undo", "onward", "chat", "host"}

// maxHand bounds the hand number an onward message may name.
const maxHand = 1 << 20

// String returns the message's type as the protocol writes it.
func (t msgType) String() string {
	if int(t) < len(msgNames) {
		return msgNames[t]
	}
	return fmt.Sprintf("msgType(%d)", uint8(t))
}

// clientMsg is one message from a client, checked.
type clientMsg struct {
	Type   msgType
	Table  string
	Token  string
	Player string
	Seq    int
	Move   json.RawMessage // a move object, for the game's codec
	// Results: a hello from a client that shows each hand's result over
	// the table until the person moves on (onward); the computers wait.
	Results bool
	Hand    int        // onward: the hand whose result the person leaves
	Text    string     // a chat line, cleaned (chatText)
	Action  hostAction // a host's action
	Seat    int        // the seat a host's action is about
	To      int        // where a host moves the seat
}

// wireClient is a client message as it is sent.
type wireClient struct {
	Type    string          `json:"type"`
	Table   *string         `json:"table"`
	Token   *string         `json:"token"`
	Player  *string         `json:"player"`
	Seq     *int            `json:"seq"`
	Move    json.RawMessage `json:"move"`
	Results *bool           `json:"results"`
	Hand    *int            `json:"hand"`
	Text    *string         `json:"text"`
	Action  *string         `json:"action"`
	Seat    *int            `json:"seat"`
	To      *int            `json:"to"`
}

// decodeClient reads one client message strictly: one JSON object, its
// keys spelt exactly and given once, only the fields its type takes, each
// within its limits. The move itself is left to the game's codec.
func decodeClient(b []byte) (clientMsg, error) {
	var w wireClient
	if len(b) > MaxMessage {
		return clientMsg{}, fmt.Errorf("%w: %d bytes, at most %d", ErrBadMessage, len(b), MaxMessage)
	}
	if !utf8.Valid(b) {
		return clientMsg{}, fmt.Errorf("%w: not UTF-8 text", ErrBadMessage)
	}
	if err := strictjson.Decode(b, &w); err != nil {
		return clientMsg{}, fmt.Errorf("%w: %v", ErrBadMessage, err)
	}
	var m clientMsg
	allowed := map[string]bool{}
	switch w.Type {
	case "hello":
		m.Type = helloMsg
		allowed = map[string]bool{"table": true, "token": true, "player": true, "results": true}
	case "move":
		m.Type = moveMsg
		allowed = map[string]bool{"seq": true, "move": true}
	case "bid":
		m.Type = bidMsg
		allowed = map[string]bool{"move": true}
	case "check":
		m.Type = checkMsg
		allowed = map[string]bool{"seq": true, "move": true}
	case "chat":
		m.Type = chatMsg
		allowed = map[string]bool{"text": true}
	case "host":
		m.Type = hostMsg
		allowed = map[string]bool{"action": true, "seat": true, "to": true}
	case "hint":
		m.Type = hintMsg
	case "back":
		m.Type = backMsg
	case "undo":
		m.Type = undoMsg
		allowed = map[string]bool{"seq": true}
	case "onward":
		m.Type = onwardMsg
		allowed = map[string]bool{"hand": true}
	case "":
		return clientMsg{}, fmt.Errorf("%w: no type", ErrBadMessage)
	default:
		return clientMsg{}, fmt.Errorf("%w: unknown type %q", ErrBadMessage, clip(w.Type))
	}
	has := map[string]bool{"table": w.Table != nil, "token": w.Token != nil, "player": w.Player != nil,
		"seq": w.Seq != nil, "move": w.Move != nil, "results": w.Results != nil, "hand": w.Hand != nil,
		"text": w.Text != nil, "action": w.Action != nil, "seat": w.Seat != nil, "to": w.To != nil}
	for _, f := range []string{"table", "token", "player", "seq", "move", "results", "hand", "text", "action", "seat", "to"} {
		if has[f] && !allowed[f] {
			return clientMsg{}, fmt.Errorf("%w: %s takes no field %s", ErrBadMessage, m.Type, f)
		}
	}
	switch m.Type {
	case helloMsg:
		if w.Table == nil || !validID(*w.Table) {
			return clientMsg{}, fmt.Errorf("%w: hello needs a table id of 1 to %d letters, digits, - or _", ErrBadMessage, maxID)
		}
		m.Table = *w.Table
		if w.Token != nil {
			if *w.Token == "" || len(*w.Token) > maxToken || !validToken(*w.Token) {
				return clientMsg{}, fmt.Errorf("%w: a token is 1 to %d letters, digits, - or _", ErrBadMessage, maxToken)
			}
			m.Token = *w.Token
		}
		if w.Player != nil {
			if *w.Player != "" && !validID(*w.Player) {
				return clientMsg{}, fmt.Errorf("%w: a player id is 1 to %d letters, digits, - or _", ErrBadMessage, maxID)
			}
			m.Player = *w.Player
		}
		m.Results = w.Results != nil && *w.Results
	case onwardMsg:
		if w.Hand == nil || *w.Hand < 1 || *w.Hand > maxHand {
			return clientMsg{}, fmt.Errorf("%w: onward needs the hand whose result was shown, a number from 1 to %d", ErrBadMessage, maxHand)
		}
		m.Hand = *w.Hand
	case undoMsg:
		if w.Seq == nil || *w.Seq < 0 {
			return clientMsg{}, fmt.Errorf("%w: undo needs the pending decision's seq, a number from 0", ErrBadMessage)
		}
		m.Seq = *w.Seq
	case moveMsg, bidMsg, checkMsg:
		if m.Type != bidMsg {
			if w.Seq == nil || *w.Seq < 0 {
				return clientMsg{}, fmt.Errorf("%w: move needs the decision's seq, a number from 0", ErrBadMessage)
			}
			m.Seq = *w.Seq
		}
		if k := strictjson.Kind(w.Move); k != "object" {
			return clientMsg{}, fmt.Errorf("%w: %s needs a move object, got %s", ErrBadMessage, m.Type, orNone(k))
		}
		m.Move = w.Move
	case chatMsg:
		if w.Text == nil {
			return clientMsg{}, fmt.Errorf("%w: chat needs a text", ErrBadMessage)
		}
		text, err := chatText(*w.Text)
		if err != nil {
			return clientMsg{}, fmt.Errorf("%w: %v", ErrBadMessage, err)
		}
		m.Text = text
	case hostMsg:
		if w.Action == nil {
			return clientMsg{}, fmt.Errorf("%w: host needs an action: %s", ErrBadMessage, hostActionList)
		}
		a, ok := parseHostAction(*w.Action)
		if !ok {
			return clientMsg{}, fmt.Errorf("%w: no host action %q: %s", ErrBadMessage, clip(*w.Action), hostActionList)
		}
		m.Action, m.Seat, m.To = a, -1, -1
		needSeat, needTo := a == hostMove || a == hostComputer, a == hostMove
		for _, f := range []struct {
			name string
			v    *int
			need bool
			dst  *int
		}{{"seat", w.Seat, needSeat, &m.Seat}, {"to", w.To, needTo, &m.To}} {
			switch {
			case f.need && f.v == nil:
				return clientMsg{}, fmt.Errorf("%w: host %s needs a %s", ErrBadMessage, a, f.name)
			case !f.need && f.v != nil:
				return clientMsg{}, fmt.Errorf("%w: host %s takes no field %s", ErrBadMessage, a, f.name)
			case f.v != nil && (*f.v < 0 || *f.v >= maxSeatsMsg):
				return clientMsg{}, fmt.Errorf("%w: host %s: %s %d is no seat", ErrBadMessage, a, f.name, *f.v)
			case f.v != nil:
				*f.dst = *f.v
			}
		}
	}
	return m, nil
}

// maxSeatsMsg bounds a seat number in a message: no table has more seats.
const maxSeatsMsg = 64

// chatText checks and cleans a chat line: text only, 1 to store.MaxChat
// characters once the control characters are left out and the ends
// trimmed (it is shown as text, never as HTML).
func chatText(s string) (string, error) {
	var b strings.Builder
	for _, r := range s {
		if r < ' ' || r == 0x7f || r >= 0x80 && r < 0xa0 || r == '\u2028' || r == '\u2029' || r == '\ufffd' ||
			r >= '\u202a' && r <= '\u202e' || r >= '\u2066' && r <= '\u2069' {
			if r == '\t' || r == '\n' {
				b.WriteByte(' ')
			}
			continue
		}
		b.WriteRune(r)
	}
	out := strings.TrimSpace(b.String())
	switch k := utf8.RuneCountInString(out); {
	case k == 0:
		return "", errors.New("an empty chat line")
	case k > store.MaxChat:
		return "", fmt.Errorf("a chat line of %d characters, at most %d", k, store.MaxChat)
	}
	return out, nil
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// clip shortens a client's string for an error message.
func clip(s string) string {
	if len(s) > 32 {
		return s[:32] + "…"
	}
	return s
}

// validID reports whether s is a table or player id: 1 to maxID letters,
// digits, '-' or '_'.
func validID(s string) bool { return len(s) <= maxID && validToken(s) }

func validToken(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// cleanName makes a person's name fit to show: printable, trimmed, at
// most 32 characters; def when nothing is left.
func cleanName(s, def string) string {
	var b strings.Builder
	n := 0
	for _, r := range strings.TrimSpace(s) {
		if n == 32 {
			break
		}
		if r < ' ' || r == 0x7f || r >= 0x80 && r < 0xa0 || r == '\u2028' || r == '\u2029' || r == '\ufffd' {
			continue
		}
		b.WriteRune(r)
		n++
	}
	if out := strings.TrimSpace(b.String()); out != "" {
		return out
	}
	return def
}

// Server messages.

type welcomeMsg struct {
	Type  string  `json:"type"` // welcome
	Game  string  `json:"game"`
	Table Summary `json:"table"`
	Seat  int     `json:"seat"`
}

type histEvent struct {
	N     int `json:"n"`
	Adv   int `json:"adv,omitempty"`
	Event any `json:"event"`
}

type historyMsg struct {
	Type   string      `json:"type"` // history
	Events []histEvent `json:"events"`
}

type stateMsg struct {
	Type string `json:"type"` // state
	N    int    `json:"n"`
	Adv  int    `json:"adv,omitempty"`
	Obs  any    `json:"obs"`
}

type eventMsg struct {
	Type  string `json:"type"` // event
	N     int    `json:"n"`
	Adv   int    `json:"adv,omitempty"`
	Event any    `json:"event"`
	Obs   any    `json:"obs,omitempty"`
}

type decideMsg struct {
	Type     string            `json:"type"` // decide
	Seq      int               `json:"seq"`
	Adv      int               `json:"adv,omitempty"`
	Optional bool              `json:"optional"`
	Obs      any               `json:"obs"`
	Legal    []json.RawMessage `json:"legal"`
	More     int               `json:"more"`
}

type refusedMsg struct {
	Type  string          `json:"type"` // refused
	Seq   int             `json:"seq"`
	Move  json.RawMessage `json:"move"`
	Error string          `json:"error"`
}

// checkedMsg answers a check: whether the move is legal for the decision,
// and if not the rules' reason.
type checkedMsg struct {
	Type   string          `json:"type"` // checked
	Seq    int             `json:"seq"`
	Move   json.RawMessage `json:"move"`
	Legal  bool            `json:"legal"`
	Reason string          `json:"reason,omitempty"`
}

type hintReply struct {
	Type string          `json:"type"` // hint
	Seq  int             `json:"seq"`
	Move json.RawMessage `json:"move"`
	Text string          `json:"text"`
}

type noticeMsg struct {
	Type string `json:"type"` // notice
	Kind string `json:"kind"` // takeover, return, forfeit, abandon, teams
	Seat int    `json:"seat"`
	Text string `json:"text"`
	// Teams are the teams from now on, for a notice of kind teams.
	Teams [][]int `json:"teams,omitempty"`
}

type seatsMsg struct {
	Type  string        `json:"type"` // seats
	Seats []SeatSummary `json:"seats"`
}

type overMsg struct {
	Type    string      `json:"type"` // over
	Outcome OutcomeWire `json:"outcome"`
}

// chatWire is one chat line as the server sends it.
type chatWire struct {
	N    int       `json:"n"`
	Seat int       `json:"seat"`
	Name string    `json:"name"`
	Text string    `json:"text"`
	At   time.Time `json:"at"`
}

// chatOut is chat lines: the recent ones after a hello, then each new one.
type chatOut struct {
	Type  string     `json:"type"` // chat
	Lines []chatWire `json:"lines"`
}

type errorMsg struct {
	Type  string `json:"type"` // error
	Error string `json:"error"`
}

// encode marshals a server message; the messages are made of values that
// always marshal, so a failure is a bug worth a loud error message.
func encode(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(errorMsg{Type: "error", Error: fmt.Sprintf("server: encoding a message (%T): %v", v, err)})
	}
	return b
}
