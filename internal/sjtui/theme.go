package sjtui

import (
	"strings"

	"charm.land/lipgloss/v2"

	"felt/card"
	"felt/shengji"
)

// Look chooses how the screen is drawn.
type Look struct {
	// ASCII draws only ASCII characters (suit letters S H D C) and no
	// escape codes at all.
	ASCII bool
	// NoColor draws without colour (NO_COLOR): suit symbols, bold and
	// reverse video, but no colour escape codes.
	NoColor bool
}

// theme holds the styles of one Look.
type theme struct {
	ascii, color, attrs bool

	red, black, selected, cursor lipgloss.Style
	title, heading, dim, strong  lipgloss.Style
	bad, key, turn               lipgloss.Style
}

func newTheme(l Look) theme {
	t := theme{ascii: l.ASCII, color: !l.ASCII && !l.NoColor, attrs: !l.ASCII}
	s := lipgloss.NewStyle
	switch {
	case t.color:
		t.red = s().Foreground(lipgloss.BrightRed).Bold(true)
		t.black = s().Bold(true)
		t.selected = s().Reverse(true).Bold(true)
		t.cursor = s().Underline(true).Bold(true)
		t.title = s().Bold(true).Foreground(lipgloss.BrightWhite).Background(lipgloss.Green)
		t.heading = s().Bold(true).Foreground(lipgloss.BrightGreen)
		t.dim = s().Foreground(lipgloss.BrightBlack)
		t.strong = s().Bold(true)
		t.bad = s().Bold(true).Foreground(lipgloss.BrightRed)
		t.key = s().Bold(true).Foreground(lipgloss.Black).Background(lipgloss.White)
		t.turn = s().Bold(true).Foreground(lipgloss.BrightYellow)
	case t.attrs:
		t.selected = s().Reverse(true).Bold(true)
		t.cursor = s().Underline(true)
		t.title = s().Bold(true).Reverse(true)
		t.heading = s().Bold(true)
		t.strong = s().Bold(true)
		t.bad = s().Bold(true)
		t.key = s().Bold(true)
		t.turn = s().Bold(true)
	}
	return t
}

// paint renders s in style st, or leaves it bare without escape codes.
func (t theme) paint(st lipgloss.Style, s string) string {
	if !t.attrs || s == "" {
		return s
	}
	return st.Render(s)
}

// face is a card in two cells: "T♥", "SJ"; "TH" in ASCII.
func (t theme) face(c card.Card) string {
	if t.ascii || c.IsJoker() {
		return c.String()
	}
	return c.Pretty()
}

// cardText is a card painted in its colour.
func (t theme) cardText(c card.Card) string {
	f := t.face(c)
	if !t.color {
		return f
	}
	if c == card.BigJoker || c.Suit() == card.Hearts || c.Suit() == card.Diamonds {
		return t.red.Render(f)
	}
	return t.black.Render(f)
}

// multi writes cards from the highest, pairs side by side.
func (t theme) multi(ord *shengji.Order, m card.Multi) string {
	cs := ord.Sorted(m)
	parts := make([]string, len(cs))
	for i := range cs {
		parts[i] = t.cardText(cs[len(cs)-1-i])
	}
	return strings.Join(parts, " ")
}

// plain writes cards without colour, from the highest.
func (t theme) plain(ord *shengji.Order, m card.Multi) string {
	cs := ord.Sorted(m)
	parts := make([]string, len(cs))
	for i := range cs {
		parts[i] = t.face(cs[len(cs)-1-i])
	}
	return strings.Join(parts, " ")
}

// suitSym is a suit's symbol, or its letter in ASCII.
func (t theme) suitSym(s card.Suit) string {
	if t.ascii {
		return s.String()
	}
	return s.Symbol()
}

// suitName is a suit's name with its symbol: "hearts ♥".
func (t theme) suitName(s card.Suit) string {
	names := map[card.Suit]string{card.Spades: "spades", card.Hearts: "hearts", card.Diamonds: "diamonds", card.Clubs: "clubs"}
	return names[s] + " " + t.suitSym(s)
}
