package tui

import (
	"fmt"
	"regexp"
	"strings"

	"felt/card"
	"felt/gin"
)

// cardToken matches a card in the engine's two-letter notation.
var cardToken = regexp.MustCompile(`\b([A2-9TJQK])([SHDC])\b`)

// seatToken matches the engine's "seat 0" and "seat 1".
var seatToken = regexp.MustCompile(`\bseat ([01])\b`)

// actionWords are the engine's action names said in words.
var actionWords = strings.NewReplacer(
	"draw_stock", "draw from the stock",
	"take_discard", "take the discard",
	"big_gin", "go big gin",
)

// explain turns an engine error into one line for the person: cards in
// the screen's notation, seats by name, action names in words. The rule
// is the engine's; only its wording is touched.
func (m Model) explain(err error) string {
	if err == nil {
		return ""
	}
	// Only the engine's package prefix goes: "gin: " inside the message
	// is part of it ("gin: big_gin: the hand is over").
	msg, _ := strings.CutPrefix(err.Error(), "gin: ")
	msg = actionWords.Replace(msg)
	msg = seatToken.ReplaceAllStringFunc(msg, func(s string) string {
		if s[len(s)-1]-'0' == byte(m.seat) {
			return "you"
		}
		return m.names[m.seat.Other()]
	})
	msg = strings.ReplaceAll(msg, "you is to move", "it is your move")
	msg = strings.ReplaceAll(msg, m.names[m.seat.Other()]+" is to move", "it is "+m.names[m.seat.Other()]+"'s move")
	msg = cardToken.ReplaceAllStringFunc(msg, func(s string) string {
		c, perr := card.Parse(s)
		if perr != nil {
			return s
		}
		return m.th.name(c)
	})
	return msg
}

// subject names a seat at the start of a sentence: "You" or "Normal".
func (m Model) subject(s gin.Seat) string { return m.names[s] }

// object names a seat inside a sentence: "you" or "Normal".
func (m Model) object(s gin.Seat) string {
	if s == m.seat {
		return "you"
	}
	return m.names[s]
}

// possessive is "your" or "Normal's".
func (m Model) possessive(s gin.Seat) string {
	if s == m.seat {
		return "your"
	}
	return m.names[s] + "'s"
}

// describe says a move in words, in the past tense. shown is the card the
// move showed: the card taken or passed, the card discarded, and for the
// person's own stock draw the card drawn (never the computer's).
func (m Model) describe(seat gin.Seat, a gin.Action, shown card.Card, res *gin.Result) string {
	who := m.subject(seat)
	c := m.th.ink(shown)
	switch a.Kind {
	case gin.Pass:
		return fmt.Sprintf("%s passed on %s.", who, c)
	case gin.TakeDiscard:
		return fmt.Sprintf("%s took %s from the discard pile.", who, c)
	case gin.DrawStock:
		if seat == m.seat && shown.IsValid() {
			return fmt.Sprintf("%s drew %s from the stock.", who, c)
		}
		return fmt.Sprintf("%s drew from the stock.", who)
	case gin.Discard:
		return fmt.Sprintf("%s discarded %s.", who, c)
	case gin.Knock, gin.BigGin:
		if res == nil {
			return fmt.Sprintf("%s knocked.", who)
		}
		sd := res.Showdown
		switch sd.Result {
		case gin.GinResult:
			return fmt.Sprintf("%s went gin!", who)
		case gin.BigGinResult:
			return fmt.Sprintf("%s went big gin!", who)
		}
		return fmt.Sprintf("%s knocked with %d.", who, sd.KnockerDeadwood)
	}
	return fmt.Sprintf("%s: %s.", who, a)
}

// verdict explains a finished hand's score in one sentence.
func (m Model) verdict(res *gin.Result, dealer gin.Seat) string {
	if res.Kind == gin.DrawResult {
		return fmt.Sprintf("The stock is down to two cards: the hand is a draw. Nobody scores; %s deal%s again.",
			m.object(dealer), map[bool]string{true: "", false: "s"}[dealer == m.seat])
	}
	sd := res.Showdown
	k, d := res.Knocker, res.Knocker.Other()
	w := res.Winner
	var sum string
	switch sd.Result {
	case gin.GinResult:
		sum = fmt.Sprintf("%d gin bonus + %s %d deadwood", sd.Points/doubling(sd)-sd.DefenderDeadwood, m.possessive(d), sd.DefenderDeadwood)
	case gin.BigGinResult:
		sum = fmt.Sprintf("%d big gin bonus + %s %d deadwood", sd.Points/doubling(sd)-sd.DefenderDeadwood, m.possessive(d), sd.DefenderDeadwood)
	case gin.KnockResult:
		sum = fmt.Sprintf("%s %d deadwood %s %s %d", m.possessive(d), sd.DefenderDeadwood, m.th.minus(), m.possessive(k), sd.KnockerDeadwood)
	case gin.UndercutResult:
		bonus := sd.Points/doubling(sd) - (sd.KnockerDeadwood - sd.DefenderDeadwood)
		sum = fmt.Sprintf("undercut: %d bonus + %s %d %s %s %d", bonus, m.possessive(k), sd.KnockerDeadwood, m.th.minus(), m.possessive(d), sd.DefenderDeadwood)
	}
	if sd.Doubled {
		sum += ", doubled for the spade upcard"
	}
	pts := "points"
	if sd.Points == 1 {
		pts = "point"
	}
	verb := "score"
	if w != m.seat {
		verb = "scores"
	}
	return fmt.Sprintf("%s %s %d %s (%s).", m.subject(w), verb, sd.Points, pts, sum)
}

func doubling(sd gin.Showdown) int {
	if sd.Doubled {
		return 2
	}
	return 1
}

// minus is "−", or "-" in ASCII.
func (t theme) minus() string {
	if t.ascii {
		return "-"
	}
	return "−"
}

// resultName is a hand result's name on the score sheet.
func resultName(k gin.ResultKind) string {
	switch k {
	case gin.KnockResult:
		return "knock"
	case gin.GinResult:
		return "gin"
	case gin.BigGinResult:
		return "big gin"
	case gin.UndercutResult:
		return "undercut"
	case gin.DrawResult:
		return "draw"
	}
	return k.String()
}

// capital puts s's first letter in upper case.
func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// PlayerName is how a player, named as in a replay log's header, is called
// on the screen: a built-in level capitalised ("Normal"), an outside
// program (exec:COMMAND) by its program and first argument without their
// directories, "python3 bot.py (outside program)".
func PlayerName(name string) string {
	if short, ok := programName(name); ok {
		return short + " (outside program)"
	}
	return capital(name)
}

// programName is the short name of an outside program named
// exec:COMMAND: its program and first argument without their directories
// ("python3 bot.py"). It reports false for other names.
func programName(name string) (string, bool) {
	cmd, ok := strings.CutPrefix(name, "exec:")
	if !ok {
		return "", false
	}
	var words []string
	for _, f := range strings.Fields(cmd) {
		if len(words) == 2 {
			break
		}
		if i := strings.LastIndexByte(f, '/'); i >= 0 && i < len(f)-1 {
			f = f[i+1:]
		}
		if strings.HasPrefix(f, "-") || strings.Contains(f, "=") || f == "env" || f == "exec" {
			continue // flags, VAR=value settings and env say little
		}
		words = append(words, f)
	}
	short := strings.Join(words, " ")
	if short == "" {
		short = "a program"
	}
	if r := []rune(short); len(r) > 32 {
		short = string(r[:29]) + "..."
	}
	return short, true
}

// seatName is how the screen calls the computer's player in running text:
// a built-in level capitalised, an outside program by its short name.
func seatName(name string) string {
	if short, ok := programName(name); ok {
		return short
	}
	return capital(name)
}
