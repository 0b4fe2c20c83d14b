package tui

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"felt/card"
)

// Look chooses how the screen is drawn.
type Look struct {
	// ASCII draws only ASCII characters (suit letters S H D C, '#' card
	// backs, '-' rules) and no escape codes at all: for terminals that show
	// neither Unicode nor colour.
	ASCII bool
	// NoColor draws without colour (the NO_COLOR convention): suit symbols,
	// bold and reverse video, but no colour escape codes.
	NoColor bool
}

// theme holds the styles of one Look.
type theme struct {
	ascii, color, attrs bool

	red, black     lipgloss.Style // card faces
	bracket        lipgloss.Style // the [ ] of a card
	selected       lipgloss.Style // the selected card
	back           lipgloss.Style // a card's back
	title, heading lipgloss.Style
	dim, strong    lipgloss.Style
	good, bad      lipgloss.Style // points won and lost, errors
	key, keyText   lipgloss.Style // the key bar
	turn           lipgloss.Style // whose turn it is
	laid           lipgloss.Style // a laid-off card
}

func newTheme(l Look) theme {
	t := theme{ascii: l.ASCII, color: !l.ASCII && !l.NoColor, attrs: !l.ASCII}
	s := lipgloss.NewStyle
	switch {
	case t.color:
		face := s().Background(lipgloss.BrightWhite)
		t.red = face.Foreground(lipgloss.Red).Bold(true)
		t.black = face.Foreground(lipgloss.Black).Bold(true)
		t.bracket = face.Foreground(lipgloss.BrightBlack)
		t.selected = s().Background(lipgloss.BrightYellow).Foreground(lipgloss.Black).Bold(true)
		t.back = s().Background(lipgloss.Blue).Foreground(lipgloss.BrightBlue)
		t.title = s().Bold(true).Foreground(lipgloss.BrightWhite).Background(lipgloss.Green)
		t.heading = s().Bold(true).Foreground(lipgloss.BrightGreen)
		t.dim = s().Foreground(lipgloss.BrightBlack)
		t.strong = s().Bold(true)
		t.good = s().Bold(true).Foreground(lipgloss.BrightGreen)
		t.bad = s().Bold(true).Foreground(lipgloss.BrightRed)
		t.key = s().Bold(true).Foreground(lipgloss.Black).Background(lipgloss.White)
		t.keyText = s()
		t.turn = s().Bold(true).Foreground(lipgloss.BrightYellow)
		t.laid = s().Background(lipgloss.BrightCyan).Foreground(lipgloss.Black).Bold(true)
	case t.attrs:
		t.selected = s().Reverse(true).Bold(true)
		t.title = s().Bold(true).Reverse(true)
		t.heading = s().Bold(true)
		t.strong = s().Bold(true)
		t.good = s().Bold(true)
		t.bad = s().Bold(true)
		t.key = s().Bold(true)
		t.turn = s().Bold(true)
		t.laid = s().Reverse(true)
	}
	return t
}

// paint renders s in style st, or leaves it bare when the look has no
// escape codes.
func (t theme) paint(st lipgloss.Style, s string) string {
	if !t.attrs || s == "" {
		return s
	}
	return st.Render(s)
}

// suit returns the suit's symbol, or its letter in ASCII.
func (t theme) suit(s card.Suit) string {
	if t.ascii {
		return s.String()
	}
	return s.Symbol()
}

// name returns a card's rank and suit: "7♥", or "7H" in ASCII.
func (t theme) name(c card.Card) string {
	if !c.IsValid() {
		return "??"
	}
	return c.Rank().String() + t.suit(c.Suit())
}

// names writes cards separated by spaces.
func (t theme) names(cs []card.Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = t.name(c)
	}
	return strings.Join(parts, " ")
}

// cardStyle says how one card is drawn.
type cardStyle uint8

const (
	plainCard cardStyle = iota
	selectedCard
	laidCard // laid off at the showdown
)

// cardWidth is the width of a drawn card: "[7♥]".
const cardWidth = 4

// card draws one card face up: "[7♥]", with red and black suits in colour.
// A selected card is highlighted; without colour it is drawn ">7♥<".
func (t theme) card(c card.Card, st cardStyle) string {
	n := t.name(c)
	if !t.color {
		switch st {
		case selectedCard:
			return t.paint(t.selected, ">"+n+"<")
		case laidCard:
			return t.paint(t.laid, "["+n+"]")
		}
		return "[" + n + "]"
	}
	switch st {
	case selectedCard:
		return t.selected.Render("[" + n + "]")
	case laidCard:
		return t.laid.Render("[" + n + "]")
	}
	face := t.black
	if c.Suit().IsRed() {
		face = t.red
	}
	return t.bracket.Render("[") + face.Render(n) + t.bracket.Render("]")
}

// ink writes a card name in its suit's colour inside running text.
func (t theme) ink(c card.Card) string {
	n := t.name(c)
	if !t.color {
		return n
	}
	if c.Suit().IsRed() {
		return lipgloss.NewStyle().Foreground(lipgloss.BrightRed).Bold(true).Render(n)
	}
	return lipgloss.NewStyle().Bold(true).Render(n)
}

// inks writes cards in running text, separated by spaces.
func (t theme) inks(cs []card.Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = t.ink(c)
	}
	return strings.Join(parts, " ")
}

// cardBack draws a face-down card.
func (t theme) cardBack() string {
	if t.ascii {
		return "[##]"
	}
	if !t.color {
		return "[▒▒]"
	}
	return t.back.Render("[▒▒]")
}

// rule is a horizontal line of width w.
func (t theme) rule(w int) string {
	if w <= 0 {
		return ""
	}
	ch := "─"
	if t.ascii {
		ch = "-"
	}
	return t.paint(t.dim, strings.Repeat(ch, w))
}

// vbar is the vertical separator between the table and the score sheet.
func (t theme) vbar() string {
	if t.ascii {
		return "|"
	}
	return t.paint(t.dim, "│")
}

// arrow is "→", or "->" in ASCII.
func (t theme) arrow() string {
	if t.ascii {
		return "->"
	}
	return "→"
}

// pointer marks the chosen line of a list.
func (t theme) pointer() string {
	if t.ascii {
		return ">"
	}
	return "▸"
}

// keyCap draws a key of the key bar: "[k] knock".
func (t theme) keyCap(k, label string) string {
	if !t.color {
		return "[" + k + "] " + label
	}
	return t.key.Render(" "+k+" ") + " " + label
}

// width is the number of cells s takes, escape codes aside.
func width(s string) int { return ansi.StringWidth(s) }

// ellipsis ends a cut line: "…", or "~" in ASCII.
func (t theme) ellipsis() string {
	if t.ascii {
		return "~"
	}
	return "…"
}

// fit cuts s to at most w cells and pads it with spaces to exactly w.
func (t theme) fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if width(s) > w {
		s = ansi.Truncate(s, w, t.ellipsis())
	}
	if n := w - width(s); n > 0 {
		s += strings.Repeat(" ", n)
	}
	return s
}

// cut cuts s to at most w cells without padding.
func (t theme) cut(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if width(s) > w {
		return ansi.Truncate(s, w, t.ellipsis())
	}
	return s
}
